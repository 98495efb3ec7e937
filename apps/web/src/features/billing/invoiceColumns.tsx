import { DOCUMENT_KINDS, DOCUMENT_TYPES, INVOICE_TAGS } from '@pp/domain';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import type { useFormat } from '../../app/i18n/format';
import { CellBadge } from '../../ui/DataGrid/CellBadge';
import type { DataGridColumn } from '../../ui/DataGrid/DataGrid';
import type { useBillingFormat } from './money';
import type { InvoiceRow } from './operations';

const TYPE_COLORS: Record<string, string> = { invoice: 'blue', 'credit-note': 'teal', 'debit-note': 'orange' };

/** The label of a document type (invoice, credit-note, debit-note). */
export function documentTypeLabel(t: TFunction, type: string): string {
  return t(`billing.documentType.${type}`, { defaultValue: type });
}

export function DocumentTypeBadge({ type, t }: { type: string; t: TFunction }) {
  return (
    <CellBadge color={TYPE_COLORS[type] ?? 'gray'} state={type}>
      {documentTypeLabel(t, type)}
    </CellBadge>
  );
}

/** A 'YYYY-MM-DD' day read at noon, so no time zone moves it to the day before. */
export const dayOf = (day: string) => new Date(`${day}T12:00:00`);

/** A billed month 'YYYY-MM' as the reader writes a month ("March 2026", "březen 2026"). */
export function formatPeriod(period: string, locale: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(period);
  if (!match) return period;
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric' }).format(
    new Date(Number(match[1]), Number(match[2]) - 1, 15),
  );
}

/**
 * The columns of a list of billing documents: the partner's invoices tab and the operators' look at a
 * partner's documents share them; only the number's cell differs (a link to the detail, or plain text).
 */
export function invoiceColumns(
  t: TFunction,
  format: ReturnType<typeof useFormat>,
  money: ReturnType<typeof useBillingFormat>,
  renderNumber: (row: InvoiceRow) => ReactNode,
): DataGridColumn<InvoiceRow>[] {
  return [
    {
      field: 'invoiceNumber',
      header: 'billing.columns.invoiceNumber',
      filterType: 'TEXT',
      sortable: true,
      render: renderNumber,
    },
    {
      field: 'documentType',
      header: 'billing.columns.documentType',
      filterType: 'ENUMS',
      options: DOCUMENT_TYPES.map((type) => ({ value: type, label: documentTypeLabel(t, type) })),
      render: (row) => <DocumentTypeBadge type={row.documentType} t={t} />,
    },
    {
      field: 'invoiceTypeTag',
      header: 'billing.columns.tag',
      filterType: 'ENUMS',
      options: INVOICE_TAGS.map((tag) => ({ value: tag, label: t(`billing.tag.${tag}`) })),
      render: (row) =>
        row.invoiceTypeTag ? (
          <abbr title={t(`billing.tag.${row.invoiceTypeTag}`, { defaultValue: row.invoiceTypeTag })}>
            {row.invoiceTypeTag}
          </abbr>
        ) : (
          '—'
        ),
    },
    {
      field: 'kind',
      header: 'billing.columns.kind',
      filterType: 'ENUMS',
      options: DOCUMENT_KINDS.map((kind) => ({ value: kind, label: t(`billing.kind.${kind}`) })),
      render: (row) => t(`billing.kind.${row.kind}`, { defaultValue: row.kind }),
    },
    {
      field: 'period',
      header: 'billing.columns.period',
      render: (row) => (row.period ? formatPeriod(row.period, format.locale) : '—'),
    },
    {
      field: 'createdAt',
      header: 'billing.columns.createdAt',
      filterType: 'DATETIME',
      sortable: true,
      render: (row) => format.date(row.createdAt),
    },
    {
      field: 'dueDate',
      header: 'billing.columns.dueDate',
      filterType: 'DATE',
      sortable: true,
      render: (row) => format.date(dayOf(row.dueDate)),
    },
    {
      field: 'total',
      header: 'billing.columns.total',
      filterType: 'NUMBER',
      number: 'decimal',
      sortable: true,
      align: 'right',
      render: (row) => money.amount(row.total, row.currency),
    },
    {
      field: 'remaining',
      header: 'billing.columns.remaining',
      filterType: 'NUMBER',
      number: 'decimal',
      sortable: true,
      align: 'right',
      render: (row) => money.amount(row.remaining, row.currency),
    },
    {
      field: 'variableSymbol',
      header: 'billing.columns.variableSymbol',
      filterType: 'TEXT',
      defaultVisible: false,
      render: (row) => row.variableSymbol,
    },
  ];
}

/** The card of a document on a phone. */
export const INVOICE_CARD = {
  title: 'invoiceNumber',
  subtitle: ['documentType', 'createdAt'],
  fields: ['kind', 'period', 'dueDate', 'total', 'remaining'],
} as const;
