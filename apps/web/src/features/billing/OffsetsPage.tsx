import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { useFormat } from '../../app/i18n/format';
import { useSession } from '../../app/session/session';
import { DataGrid, type DataGridColumn } from '../../ui/DataGrid/DataGrid';
import { useDocumentTitle } from '../../ui/PageFrame';
import { dayOf, formatPeriod } from './invoiceColumns';
import { useBillingFormat } from './money';
import { BILLING_KEYS, type OffsetRow, OffsetsQuery } from './operations';
import { DiffAmount } from './OffsetDiff';

/** billings/offsets: what the partner owed settled against what the marketplace owed, newest first. */
export function OffsetsPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const money = useBillingFormat();
  const session = useSession();
  useDocumentTitle('billingsOffsets');

  const columns = useMemo((): DataGridColumn<OffsetRow>[] => {
    const amount = (field: 'sumPrice' | 'creditPrice' | 'remainingPrice', header: string) => ({
      field,
      header,
      align: 'right' as const,
      render: (row: OffsetRow) => money.amount(row[field], row.currency),
    });
    return [
      {
        field: 'documentNumber',
        header: 'billing.columns.documentNumber',
        filterType: 'TEXT',
        sortable: true,
        render: (row) => (
          <Anchor
            renderRoot={(props) => <Link {...props} to="/billings/offset-detail/$id" params={{ id: row.id }} />}
            fw={500}
            size="sm"
            data-testid={`offset-link-${row.id}`}
          >
            {row.documentNumber}
          </Anchor>
        ),
      },
      {
        field: 'period',
        header: 'billing.columns.period',
        render: (row) => formatPeriod(row.period, format.locale),
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
      amount('sumPrice', 'billing.offset.sumPrice'),
      amount('creditPrice', 'billing.offset.creditPrice'),
      amount('remainingPrice', 'billing.offset.remainingPrice'),
      {
        field: 'diffPrice',
        header: 'billing.offset.diffPrice',
        filterType: 'NUMBER',
        number: 'decimal',
        sortable: true,
        align: 'right',
        render: (row) => <DiffAmount amount={row.diffPrice} currency={row.currency} />,
      },
      {
        field: 'variableSymbol',
        header: 'billing.columns.variableSymbol',
        filterType: 'TEXT',
        defaultVisible: false,
        render: (row) => row.variableSymbol,
      },
    ];
  }, [format, money]);

  return (
    <Stack gap="md" data-testid="billing-offsets">
      <Text c="dimmed" size="sm">
        {t('billing.offsets.intro')}
      </Text>
      <DataGrid
        id="billing-offsets"
        columns={columns}
        queryKey={[...BILLING_KEYS.offsets, session.selectedPartner?.id ?? null]}
        rowKey={(row) => row.id}
        initialSort={{ field: 'createdAt', direction: 'DESCENDING' }}
        card={{
          title: 'documentNumber',
          subtitle: ['period', 'createdAt'],
          fields: ['sumPrice', 'creditPrice', 'diffPrice'],
        }}
        searchable
        fetch={(grid, signal) => api.request(OffsetsQuery, { grid }, { signal }).then((r) => r.offsets)}
      />
    </Stack>
  );
}
