import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { useFormat } from '../../app/i18n/format';
import { useSession } from '../../app/session/session';
import { DataGrid, type DataGridColumn } from '../../ui/DataGrid/DataGrid';
import { useDocumentTitle } from '../../ui/PageFrame';
import { InvoiceExportSection } from './InvoiceExportSection';
import { INVOICE_CARD, invoiceColumns } from './invoiceColumns';
import { useBillingFormat } from './money';
import { BILLING_KEYS, type InvoiceRow, InvoicesQuery } from './operations';

/** billings (the invoices tab): the partner's invoices, credit notes and debit notes, newest first. */
export function InvoicesPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const money = useBillingFormat();
  const session = useSession();
  useDocumentTitle('billings');

  const columns = useMemo(
    (): DataGridColumn<InvoiceRow>[] =>
      invoiceColumns(t, format, money, (row) => (
        <Anchor
          renderRoot={(props) => <Link {...props} to="/billings/invoice-detail/$id" params={{ id: row.id }} />}
          fw={500}
          size="sm"
          data-testid={`invoice-link-${row.id}`}
        >
          {row.invoiceNumber}
        </Anchor>
      )),
    [t, format, money],
  );

  return (
    <Stack gap="md" data-testid="billing-invoices">
      <Text c="dimmed" size="sm">
        {t('billing.invoices.intro')}
      </Text>
      <InvoiceExportSection />
      <DataGrid
        id="billing-invoices"
        columns={columns}
        queryKey={[...BILLING_KEYS.invoices, session.selectedPartner?.id ?? null]}
        rowKey={(row) => row.id}
        initialSort={{ field: 'createdAt', direction: 'DESCENDING' }}
        card={INVOICE_CARD}
        quickFilters={[
          {
            id: 'unpaid',
            label: 'billing.quick.unsettled',
            filters: [{ field: 'remaining', operator: 'NOT_EQUAL', value: '0' }],
          },
          {
            id: 'invoices',
            label: 'billing.quick.invoices',
            filters: [{ field: 'documentType', operator: 'EQUAL', value: 'invoice' }],
          },
          {
            id: 'notes',
            label: 'billing.quick.notes',
            filters: [{ field: 'documentType', operator: 'IN', values: ['credit-note', 'debit-note'] }],
          },
        ]}
        searchable
        fetch={(grid, signal) => api.request(InvoicesQuery, { grid }, { signal }).then((r) => r.invoices)}
      />
    </Stack>
  );
}
