import { Anchor, Card, Group, Loader, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { useFormat } from '../../app/i18n/format';
import { useSession } from '../../app/session/session';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { useDocumentTitle } from '../../ui/PageFrame';
import { BackLink, DownloadButton, PartyCard, ScrollTable, Term } from './BillingParts';
import { billingFilePaths, fileBaseName } from './downloads';
import { dayOf, formatPeriod } from './invoiceColumns';
import { useBillingFormat } from './money';
import { BILLING_KEYS, type OffsetDetail, type OffsetLineData, OffsetQuery } from './operations';
import { DiffAmount } from './OffsetDiff';

/** billings/offset-detail/{id}: one offset with what it settled, and its PDF. */
export function OffsetDetailPage() {
  const { t } = useTranslation();
  useDocumentTitle('offsetDetail');
  const session = useSession();
  const { id = '' } = useParams({ strict: false }) as { id?: string };
  const query = useQuery({
    queryKey: [...BILLING_KEYS.offset, id, session.selectedPartner?.id ?? null],
    queryFn: ({ signal }) => api.request(OffsetQuery, { id }, { signal }).then((r) => r.offset),
  });
  const back = <BackLink to="/billings/offsets" label={t('billing.detail.backToOffsets')} />;
  if (query.error) {
    return (
      <Stack gap="md">
        {back}
        <ErrorAlert error={query.error} />
      </Stack>
    );
  }
  if (!query.data) return <Loader aria-label={t('common.loading')} />;
  return (
    <Stack gap="lg" data-testid="offset-detail">
      {back}
      <OffsetView offset={query.data} />
    </Stack>
  );
}

export function OffsetView({ offset }: { offset: OffsetDetail }) {
  const { t } = useTranslation();
  const format = useFormat();
  const money = useBillingFormat();
  const amount = (value: string) => money.amount(value, offset.currency);
  return (
    <>
      <Card withBorder padding="lg">
        <Stack gap="md">
          <Group justify="space-between" align="flex-start" gap="sm">
            <Title order={2} fz={{ base: 20, sm: 24 }} style={{ overflowWrap: 'anywhere' }}>
              {t('billing.offset.heading', { number: offset.documentNumber })}
            </Title>
            <DownloadButton
              path={billingFilePaths.offset(offset.documentNumber)}
              fileName={`${fileBaseName(offset.documentNumber)}.pdf`}
              label={t('billing.detail.downloadPdf')}
              testId="offset-download-pdf"
            />
          </Group>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md" verticalSpacing="md">
            <Term label={t('billing.columns.period')}>{formatPeriod(offset.period, format.locale)}</Term>
            <Term label={t('billing.columns.createdAt')}>{format.dateTime(offset.createdAt)}</Term>
            <Term label={t('billing.columns.dueDate')}>{format.date(dayOf(offset.dueDate))}</Term>
            <Term label={t('billing.columns.variableSymbol')}>{offset.variableSymbol}</Term>
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md" verticalSpacing="md" data-testid="offset-sums">
            <Term label={t('billing.offset.sumPrice')} testId="offset-sum">
              {amount(offset.sumPrice)}
            </Term>
            <Term label={t('billing.offset.creditPrice')} testId="offset-credit">
              {amount(offset.creditPrice)}
            </Term>
            <Term label={t('billing.offset.remainingPrice')} testId="offset-remaining">
              {amount(offset.remainingPrice)}
            </Term>
            <Term label={t('billing.offset.diffPrice')} testId="offset-diff">
              <DiffAmount amount={offset.diffPrice} currency={offset.currency} />
            </Term>
          </SimpleGrid>
          <Text size="sm" c="dimmed">
            {t('billing.offset.explain')}
          </Text>
        </Stack>
      </Card>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <PartyCard title={t('billing.detail.supplier')} party={offset.supplier} testId="offset-supplier" />
        <PartyCard title={t('billing.detail.customer')} party={offset.customer} testId="offset-customer" />
      </SimpleGrid>

      <Card withBorder padding="md">
        <OffsetLines label={t('billing.offset.invoices')} lines={offset.invoices} testId="offset-invoices" />
      </Card>
      <Card withBorder padding="md">
        <OffsetLines label={t('billing.offset.orders')} lines={offset.orders} testId="offset-orders" />
      </Card>
    </>
  );
}

/** The documents or orders an offset settled: each with its sum, what the offset took and what remains. */
function OffsetLines({ label, lines, testId }: { label: string; lines: OffsetLineData[]; testId: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const money = useBillingFormat();
  if (lines.length === 0) {
    return (
      <Stack gap={4} data-testid={testId}>
        <Text fw={600} size="sm">
          {label}
        </Text>
        <Text size="sm" c="dimmed">
          {t('billing.offset.noLines')}
        </Text>
      </Stack>
    );
  }
  return (
    <ScrollTable label={label} minWidth={720} testId={testId}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('billing.offset.lineKind')}</Table.Th>
          <Table.Th>{t('billing.offset.reference')}</Table.Th>
          <Table.Th>{t('billing.columns.createdAt')}</Table.Th>
          <Table.Th>{t('billing.columns.dueDate')}</Table.Th>
          <Table.Th ta="right">{t('billing.offset.lineSum')}</Table.Th>
          <Table.Th ta="right">{t('billing.offset.lineOffset')}</Table.Th>
          <Table.Th ta="right">{t('billing.offset.lineRemain')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {lines.map((line) => (
          <Table.Tr key={line.id}>
            <Table.Td>{t(`billing.lineKind.${line.lineKind}`, { defaultValue: line.lineKind })}</Table.Td>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>
              {line.documentId ? (
                <Anchor
                  renderRoot={(props) => (
                    <Link {...props} to="/billings/invoice-detail/$id" params={{ id: String(line.documentId) }} />
                  )}
                  size="sm"
                >
                  {line.reference}
                </Anchor>
              ) : (
                line.reference
              )}
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{format.date(line.created)}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              {line.dueDate ? format.date(dayOf(line.dueDate)) : '—'}
            </Table.Td>
            <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
              {money.amount(line.sumPrice, line.currency)}
            </Table.Td>
            <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
              {money.amount(line.offsetPrice, line.currency)}
            </Table.Td>
            <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
              {money.amount(line.remainPrice, line.currency)}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </ScrollTable>
  );
}
