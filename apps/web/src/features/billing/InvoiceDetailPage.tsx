import { Alert, Anchor, Badge, Card, Group, Loader, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
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
import { dayOf, DocumentTypeBadge, documentTypeLabel, formatPeriod } from './invoiceColumns';
import { useBillingFormat } from './money';
import { BILLING_KEYS, type InvoiceDetail, InvoiceQuery } from './operations';

/** billings/invoice-detail/{id}: an invoice, credit note or debit note as issued, with its files. */
export function InvoiceDetailPage() {
  const { t } = useTranslation();
  useDocumentTitle('invoiceDetail');
  const session = useSession();
  const { id = '' } = useParams({ strict: false }) as { id?: string };
  const query = useQuery({
    queryKey: [...BILLING_KEYS.invoice, id, session.selectedPartner?.id ?? null],
    queryFn: ({ signal }) => api.request(InvoiceQuery, { id }, { signal }).then((r) => r.invoice),
  });
  const back = <BackLink to="/billings" label={t('billing.detail.backToInvoices')} />;
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
    <Stack gap="lg" data-testid="invoice-detail">
      {back}
      <InvoiceView invoice={query.data} />
    </Stack>
  );
}

export function InvoiceView({ invoice }: { invoice: InvoiceDetail }) {
  const { t } = useTranslation();
  const format = useFormat();
  const money = useBillingFormat();
  const amount = (value: string) => money.amount(value, invoice.currency);
  const heading = `${documentTypeLabel(t, invoice.documentType)} ${invoice.invoiceNumber}`;
  const base = fileBaseName(invoice.invoiceNumber);
  return (
    <>
      <Card withBorder padding="lg">
        <Stack gap="md">
          <Group justify="space-between" align="flex-start" gap="sm">
            <Stack gap={6}>
              <Title order={2} fz={{ base: 20, sm: 24 }} style={{ overflowWrap: 'anywhere' }}>
                {heading}
              </Title>
              <Group gap={6}>
                <DocumentTypeBadge type={invoice.documentType} t={t} />
                {invoice.invoiceTypeTag && (
                  <Badge variant="outline" tt="none" data-testid="invoice-tag">
                    {invoice.invoiceTypeTag} · {t(`billing.tag.${invoice.invoiceTypeTag}`)}
                  </Badge>
                )}
                <Badge variant="light" color="gray" tt="none">
                  {t(`billing.kind.${invoice.kind}`, { defaultValue: invoice.kind })}
                </Badge>
              </Group>
            </Stack>
            <Group gap="xs" role="group" aria-label={t('billing.detail.downloads')}>
              <DownloadButton
                path={billingFilePaths.invoice(invoice.id, 'pdf')}
                fileName={`${base}.pdf`}
                label={t('billing.detail.downloadPdf')}
                testId="invoice-download-pdf"
              />
              <DownloadButton
                path={billingFilePaths.invoice(invoice.id, 'xlsx')}
                fileName={`${base}.xlsx`}
                label={t('billing.detail.downloadXlsx')}
                testId="invoice-download-xlsx"
              />
              {invoice.hasOverview && (
                <>
                  <DownloadButton
                    path={billingFilePaths.overview(invoice.id, 'pdf', invoice.invoiceNumber)}
                    fileName={`${base}-overview.pdf`}
                    label={t('billing.detail.overviewPdf')}
                    testId="invoice-overview-pdf"
                  />
                  <DownloadButton
                    path={billingFilePaths.overview(invoice.id, 'xlsx', invoice.invoiceNumber)}
                    fileName={`${base}-overview.xlsx`}
                    label={t('billing.detail.overviewXlsx')}
                    testId="invoice-overview-xlsx"
                  />
                </>
              )}
            </Group>
          </Group>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md" verticalSpacing="md">
            <Term label={t('billing.columns.createdAt')} testId="invoice-created">
              {format.dateTime(invoice.createdAt)}
            </Term>
            <Term label={t('billing.detail.deliveryAt')} testId="invoice-delivery">
              {format.date(dayOf(invoice.deliveryAt))}
            </Term>
            <Term label={t('billing.columns.dueDate')} testId="invoice-due">
              {format.date(dayOf(invoice.dueDate))}
            </Term>
            <Term label={t('billing.columns.variableSymbol')} testId="invoice-variable-symbol">
              {invoice.variableSymbol}
            </Term>
            {invoice.period && (
              <Term label={t('billing.columns.period')}>{formatPeriod(invoice.period, format.locale)}</Term>
            )}
            <Term label={t('billing.detail.currency')}>{invoice.currency}</Term>
            {invoice.originDocumentId && (
              <Term label={t('billing.detail.origin')} testId="invoice-origin">
                <Anchor
                  renderRoot={(props) => (
                    <Link
                      {...props}
                      to="/billings/invoice-detail/$id"
                      params={{ id: String(invoice.originDocumentId) }}
                    />
                  )}
                  size="sm"
                >
                  {invoice.originInvoiceNumber ?? invoice.originDocumentId}
                </Anchor>
              </Term>
            )}
            {invoice.purchNoC && <Term label={t('billing.detail.purchNoC')}>{invoice.purchNoC}</Term>}
            {invoice.referenceId && <Term label={t('billing.detail.referenceId')}>{invoice.referenceId}</Term>}
          </SimpleGrid>
          {invoice.reverseCharge && (
            <Alert
              color="blue"
              variant="light"
              icon={<IconInfoCircle size={18} />}
              data-testid="invoice-reverse-charge"
            >
              {t('billing.detail.reverseCharge')}
            </Alert>
          )}
          {invoice.note && (
            <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
              <Text span c="dimmed">
                {t('billing.detail.note')}:
              </Text>{' '}
              {invoice.note}
            </Text>
          )}
        </Stack>
      </Card>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <PartyCard title={t('billing.detail.supplier')} party={invoice.supplier} testId="invoice-supplier" />
        <PartyCard title={t('billing.detail.customer')} party={invoice.customer} testId="invoice-customer" />
      </SimpleGrid>

      <Card withBorder padding="md">
        <ScrollTable label={t('billing.detail.items')} minWidth={720} testId="invoice-items">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('billing.item.title')}</Table.Th>
              <Table.Th ta="right">{t('billing.item.quantity')}</Table.Th>
              <Table.Th ta="right">{t('billing.item.unitPrice')}</Table.Th>
              <Table.Th ta="right">{t('billing.item.vatRate')}</Table.Th>
              <Table.Th ta="right">{t('billing.item.priceWithoutVat')}</Table.Th>
              <Table.Th ta="right">{t('billing.item.priceWithVat')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {invoice.items.map((item) => (
              <Table.Tr key={item.id}>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  {item.title}
                  {item.orderId && (
                    <Text size="xs" c="dimmed">
                      {t('billing.item.order', { id: item.orderId })}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {money.decimal(item.quantity)} {t(`billing.unit.${item.unit}`, { defaultValue: item.unit })}
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {money.unitPrice(item.unitPrice, invoice.currency)}
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {money.rate(item.vatRate)}
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {amount(item.priceWithoutVat)}
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {amount(item.priceWithVat)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ScrollTable>
      </Card>

      <Card withBorder padding="md">
        <Stack gap="md">
          <ScrollTable label={t('billing.detail.recap')} minWidth={480} testId="invoice-recap">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('billing.recap.vatRate')}</Table.Th>
                <Table.Th ta="right">{t('billing.recap.base')}</Table.Th>
                <Table.Th ta="right">{t('billing.recap.vat')}</Table.Th>
                <Table.Th ta="right">{t('billing.recap.total')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {invoice.taxRecap.map((row) => (
                <Table.Tr key={row.vatRate}>
                  <Table.Td>{money.rate(row.vatRate)}</Table.Td>
                  <Table.Td ta="right">{amount(row.base)}</Table.Td>
                  <Table.Td ta="right">{amount(row.vat)}</Table.Td>
                  <Table.Td ta="right">{amount(row.total)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th scope="row">{t('billing.recap.sum')}</Table.Th>
                <Table.Td ta="right" fw={600}>
                  {amount(invoice.totalWithoutVat)}
                </Table.Td>
                <Table.Td ta="right" fw={600}>
                  {amount(invoice.totalVat)}
                </Table.Td>
                <Table.Td ta="right" fw={600} data-testid="invoice-total">
                  {amount(invoice.total)}
                </Table.Td>
              </Table.Tr>
            </Table.Tfoot>
          </ScrollTable>
          <Group justify="flex-end" gap="xl" wrap="wrap">
            <Term label={t(invoice.documentType === 'credit-note' ? 'billing.detail.credit' : 'billing.detail.total')}>
              <Text fw={700} size="lg" component="span">
                {amount(invoice.total)}
              </Text>
            </Term>
            <Term label={t('billing.columns.remaining')} testId="invoice-remaining">
              {amount(invoice.remaining)}
            </Term>
          </Group>
        </Stack>
      </Card>

      <Card withBorder padding="md" component="section" aria-labelledby="invoice-offsets-heading">
        <Stack gap="sm">
          <Title order={3} fz="md" id="invoice-offsets-heading">
            {t('billing.detail.offsets')}
          </Title>
          {invoice.offsets.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('billing.detail.noOffsets')}
            </Text>
          ) : (
            <ScrollTable label={t('billing.detail.offsets')} minWidth={420} testId="invoice-offsets">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('billing.columns.documentNumber')}</Table.Th>
                  <Table.Th>{t('billing.columns.createdAt')}</Table.Th>
                  <Table.Th ta="right">{t('billing.detail.settled')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {invoice.offsets.map((offset) => (
                  <Table.Tr key={offset.offsetId}>
                    <Table.Td>
                      <Anchor
                        renderRoot={(props) => (
                          <Link {...props} to="/billings/offset-detail/$id" params={{ id: String(offset.offsetId) }} />
                        )}
                        size="sm"
                      >
                        {offset.documentNumber}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{format.date(offset.createdAt)}</Table.Td>
                    <Table.Td ta="right">{amount(offset.diffPrice)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </ScrollTable>
          )}
        </Stack>
      </Card>
    </>
  );
}
