import { Alert, Badge, Card, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import type { Currency } from '@pp/domain';
import { IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { useFormat } from '../../app/i18n/format';
import { useSession } from '../../app/session/session';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { useDocumentTitle } from '../../ui/PageFrame';
import { type PriceListData, PriceListQuery } from './operations';
import { PriceListTree } from './PriceListTree';

const STATE_COLORS: Record<string, string> = { ACTIVE: 'teal', PLANNED: 'blue', EXPIRED: 'gray' };

/** A 'YYYY-MM-DD' day read at noon, so no time zone moves it to the day before. */
const dayOf = (day: string) => new Date(`${day}T12:00:00`);

/** validTo is the first day out of force: people read the last day in force. */
function lastDay(validTo: string): Date {
  const d = dayOf(validTo);
  d.setDate(d.getDate() - 1);
  return d;
}

/**
 * The partner's standard price list (brands and prices area): validity and state, the default commission,
 * the three-level category tree with commissions and brand exceptions (divisions expand), and the fees.
 */
export function PriceListPage() {
  const { t } = useTranslation();
  useDocumentTitle('brands');
  const session = useSession();
  const query = useQuery({
    queryKey: ['priceList', session.selectedPartner?.id ?? null],
    queryFn: ({ signal }) => api.request(PriceListQuery, {}, { signal }),
  });
  if (query.error) return <ErrorAlert error={query.error} />;
  if (!query.data) return <Loader aria-label={t('common.loading')} />;
  const { priceList, fees } = query.data.priceList;
  return (
    <Stack gap="lg" data-testid="price-list-page">
      {priceList ? (
        <PriceListCard list={priceList} />
      ) : (
        <Alert color="gray" icon={<IconInfoCircle size={18} />} data-testid="price-list-none">
          {t('priceLists.none')}
        </Alert>
      )}
      <FeesCard fees={fees} />
    </Stack>
  );
}

export function PriceListCard({ list }: { list: PriceListData }) {
  const { t } = useTranslation();
  const format = useFormat();
  const percent = (value: number) => `${format.number(value)} %`;
  const { version } = list;
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Stack gap={2}>
            <Title order={3} fz="lg">
              {t('priceLists.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {version.name}
            </Text>
          </Stack>
          <Badge color={STATE_COLORS[version.state] ?? 'gray'} variant="light" data-testid="price-list-state">
            {t(`priceLists.state.${version.state}`)}
          </Badge>
        </Group>
        <Text size="sm" data-testid="price-list-validity">
          {version.validTo
            ? t('priceLists.validRange', {
                from: format.date(dayOf(version.validFrom)),
                to: format.date(lastDay(version.validTo)),
              })
            : t('priceLists.validFrom', { from: format.date(dayOf(version.validFrom)) })}
        </Text>
        {list.next && (
          <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />} data-testid="price-list-next">
            {t('priceLists.nextVersion', { date: format.date(dayOf(list.next.validFrom)) })}
          </Alert>
        )}
        <Group gap="xs" wrap="nowrap" justify="space-between">
          <Stack gap={0}>
            <Text size="sm" fw={600}>
              {t('priceLists.defaultCommission')}
            </Text>
            <Text size="xs" c="dimmed">
              {t('priceLists.defaultHint')}
            </Text>
          </Stack>
          <Text fw={700} data-testid="price-list-default" style={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
            {percent(version.commission)}
          </Text>
        </Group>
        <Stack gap={2} mt="sm">
          <Title order={4} fz="md">
            {t('priceLists.treeTitle')}
          </Title>
          <Text size="xs" c="dimmed">
            {t('priceLists.treeHint')}
          </Text>
        </Stack>
        <PriceListTree tree={list.tree} />
      </Stack>
    </Card>
  );
}

function FeesCard({
  fees,
}: {
  fees: { type: string; amount: number; currency: string; per: string; freeMonths: number }[];
}) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Card withBorder padding="lg">
      <Title order={3} fz="lg" mb="sm">
        {t('priceLists.feesTitle')}
      </Title>
      <Table verticalSpacing="xs" data-testid="price-list-fees">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('fees.fee')}</Table.Th>
            <Table.Th ta="right">{t('fees.amount')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {fees.map((fee) => (
            <Table.Tr key={fee.type}>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {t(`fees.types.${fee.type}`)}
                </Text>
                <Text size="xs" c="dimmed">
                  {t(`fees.hints.${fee.type}`)}
                </Text>
              </Table.Td>
              <Table.Td ta="right">
                <Text size="sm">
                  {t(`fees.per.${fee.per}`, { amount: format.money(fee.amount, fee.currency as Currency) })}
                </Text>
                {fee.freeMonths > 0 && (
                  <Text size="xs" c="teal">
                    {t('fees.freeMonths', { months: fee.freeMonths })}
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}
