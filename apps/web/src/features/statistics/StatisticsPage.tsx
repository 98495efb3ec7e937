import {
  type Currency,
  campaignDay,
  MARKETS,
  SHOP_IDS,
  STATISTICS_GRANULARITIES,
  STATISTICS_MARKETS,
  STATISTICS_QUICK_RANGES,
  type StatisticsGranularity,
  type StatisticsMarket,
  type StatisticsQuickRange,
  statisticsQuickRange,
  statisticsRequestSchema,
} from '@pp/domain';
import {
  Card,
  Group,
  Loader,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { useFormat } from '../../app/i18n/format';
import { usePhone } from '../../app/layouts/usePhone';
import { useSession } from '../../app/session/session';
import { ExportButton } from '../../ui/DataGrid/ExportButton';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { schemaErrors } from '../../ui/formErrors';
import { PageFrame } from '../../ui/PageFrame';
import {
  pointsOf,
  type StatisticsPoint,
  StatisticsQuery,
  type StatisticsTopRow,
  type StatisticsView,
} from './operations';
import type { ChartPoint } from './StatisticsCharts';

const StatisticsCharts = lazy(() => import('./StatisticsCharts'));

const ALL_MARKETS = 'ALL';
const shopOf = (market: StatisticsMarket) => SHOP_IDS.find((s) => MARKETS[s].shortCode === market)!;

interface Money {
  currency: string;
  amount: string;
}

function useMoney() {
  const format = useFormat();
  return (amount: number | string, currency: string) => format.money(Number(amount), currency as Currency);
}

function MoneyList({ sales }: { sales: readonly Money[] }) {
  const money = useMoney();
  const format = useFormat();
  if (!sales.length) return <>{format.number(0)}</>;
  return (
    <Stack gap={0}>
      {sales.map((s) => (
        <span key={s.currency}>{money(s.amount, s.currency)}</span>
      ))}
    </Stack>
  );
}

function bucketLabel(locale: string, granularity: StatisticsGranularity) {
  const day = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'numeric', timeZone: 'UTC' });
  const month = new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric', timeZone: 'UTC' });
  return (bucket: string) => {
    const date = new Date(`${bucket}T00:00:00Z`);
    return granularity === 'MONTH' ? month.format(date) : day.format(date);
  };
}

function Figure({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <Card withBorder padding="sm" data-testid={testId}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz="lg" component="div">
        {children}
      </Text>
    </Card>
  );
}

function TopTable({
  title,
  nameHeader,
  rows,
  otherLabel,
  emptyLabel,
  months,
  showKey = false,
}: {
  /** Products show their id under the title. */
  showKey?: boolean;
  title: string;
  nameHeader: string;
  rows: readonly StatisticsTopRow[];
  otherLabel: string;
  emptyLabel: string;
  months: string;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Card withBorder component="section" aria-label={title}>
      <Title order={2} fz="md">
        {title}
      </Title>
      <Text size="xs" c="dimmed" mb="sm">
        {months}
      </Text>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {emptyLabel}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={320}>
          <Table striped aria-label={title}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{nameHeader}</Table.Th>
                <Table.Th ta="right">{t('statistics.top.quantity')}</Table.Th>
                <Table.Th ta="right">{t('statistics.top.sales')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.key ?? ''}>
                  <Table.Td>
                    {row.key === null ? otherLabel : (row.name ?? row.key)}
                    {showKey && row.key !== null && row.name !== row.key && (
                      <Text size="xs" c="dimmed">
                        {row.key}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">{format.number(row.quantity)}</Table.Td>
                  <Table.Td ta="right">
                    <MoneyList sales={row.sales} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}

export function chartData(series: readonly StatisticsPoint[], label: (bucket: string) => string) {
  const currencies = new Set<string>();
  const data: ChartPoint[] = series.map((p) => {
    const point: ChartPoint = {
      label: label(p.bucket),
      orders: p.orders,
      delivered: p.delivered,
      cancelled: p.cancelled,
      returned: p.returned,
    };
    for (const s of p.sales) {
      currencies.add(s.currency);
      point[s.currency] = Number(s.amount);
    }
    return point;
  });
  for (const point of data) for (const c of currencies) point[c] ??= 0;
  return { data, currencies: [...currencies].sort() };
}

export function StatisticsResults({ view }: { view: StatisticsView }) {
  const { t } = useTranslation();
  const format = useFormat();
  const money = useMoney();
  const month = new Intl.DateTimeFormat(format.locale, { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const months = t('statistics.top.months', {
    from: month.format(new Date(`${view.topFrom}T00:00:00Z`)),
    to: month.format(new Date(`${view.topTo}T00:00:00Z`)),
  });
  const { data, currencies } = useMemo(
    () => chartData(pointsOf(view.columns), bucketLabel(format.locale, view.granularity)),
    [view, format.locale],
  );
  const totals = view.totals;
  return (
    <Stack gap="md">
      {totals.orders === 0 && (
        <Text c="dimmed" data-testid="statistics-empty">
          {t('statistics.empty')}
        </Text>
      )}
      <SimpleGrid cols={{ base: 2, sm: 4, lg: 7 }} spacing="sm">
        <Figure label={t('statistics.figures.orders')} testId="statistics-orders">
          {format.number(totals.orders)}
        </Figure>
        <Figure label={t('statistics.figures.items')} testId="statistics-items">
          {format.number(totals.items)}
        </Figure>
        <Figure label={t('statistics.figures.sales')} testId="statistics-sales">
          <MoneyList sales={totals.sales} />
        </Figure>
        <Figure label={t('statistics.figures.delivered')} testId="statistics-delivered">
          {format.number(totals.delivered)}
        </Figure>
        <Figure label={t('statistics.figures.returned')} testId="statistics-returned">
          {format.number(totals.returned)}
        </Figure>
        <Figure label={t('statistics.figures.cancelled')} testId="statistics-cancelled">
          {format.number(totals.cancelled)}
        </Figure>
        <Figure label={t('statistics.dispatch.title')} testId="statistics-dispatch">
          {view.averageDispatchHours === null ? (
            <Text size="sm" c="dimmed">
              {t('statistics.dispatch.none')}
            </Text>
          ) : (
            <>
              {t('statistics.dispatch.value', { hours: format.number(view.averageDispatchHours) })}
              <Text size="xs" c="dimmed" fw={400}>
                {t('statistics.dispatch.hint', { count: totals.shipped })}
              </Text>
            </>
          )}
        </Figure>
      </SimpleGrid>
      <Suspense fallback={<Skeleton h={240} />}>
        <StatisticsCharts
          data={data}
          currencies={currencies}
          money={(amount, currency) => money(amount, currency)}
          labels={{
            orders: t('statistics.figures.orders'),
            delivered: t('statistics.figures.delivered'),
            cancelled: t('statistics.figures.cancelled'),
            returned: t('statistics.figures.returned'),
            ordersTitle: t('statistics.charts.orders'),
            returnsTitle: t('statistics.charts.returns'),
            salesTitle: (currency) => t('statistics.charts.sales', { currency }),
            noSales: t('statistics.charts.noSales'),
          }}
        />
      </Suspense>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <TopTable
          title={t('statistics.top.products')}
          nameHeader={t('statistics.top.product')}
          rows={view.topProducts}
          showKey
          otherLabel={t('statistics.top.other')}
          emptyLabel={t('statistics.top.empty')}
          months={months}
        />
        <TopTable
          title={t('statistics.top.categories')}
          nameHeader={t('statistics.top.category')}
          rows={view.topCategories}
          otherLabel={t('statistics.top.other')}
          emptyLabel={t('statistics.top.empty')}
          months={months}
        />
      </SimpleGrid>
    </Stack>
  );
}

/** The partner's statistics (issue 23, point 6): figures and charts of the orders created in a period. */
export function StatisticsPage() {
  const { t } = useTranslation();
  const session = useSession();
  const phone = usePhone();
  const [range, setRange] = useState<StatisticsQuickRange>('last30');
  const [custom, setCustom] = useState(() => statisticsQuickRange('last30'));
  const [granularity, setGranularity] = useState<StatisticsGranularity>('DAY');
  const [market, setMarket] = useState<string>(ALL_MARKETS);

  const dates = range === 'custom' ? custom : statisticsQuickRange(range, campaignDay());
  const input = {
    from: dates.from,
    to: dates.to,
    granularity,
    market: market === ALL_MARKETS ? null : (market as StatisticsMarket),
  };
  const parsed = statisticsRequestSchema.safeParse(input);
  const errors = parsed.success ? {} : schemaErrors<'from' | 'to' | 'granularity' | 'market'>(parsed.error.issues, t);
  const request = parsed.success ? parsed.data : null;

  const query = useQuery<StatisticsView>({
    queryKey: ['statistics', session.selectedPartner?.id, request],
    enabled: request !== null,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      api
        .request(
          StatisticsQuery,
          {
            input: {
              from: request!.from,
              to: request!.to,
              granularity: request!.granularity,
              ...(request!.market ? { market: request!.market } : {}),
            },
          },
          { signal },
        )
        .then((r) => r.statistics),
  });

  const marketOptions = [
    { value: ALL_MARKETS, label: t('statistics.allMarkets') },
    ...STATISTICS_MARKETS.map((m) => ({ value: m, label: t(`markets.${shopOf(m)}`) })),
  ];

  return (
    <PageFrame
      route="statistics"
      description={t('statistics.intro')}
      actions={
        request && (
          <ExportButton
            kind="statistics"
            testId="statistics-export"
            request={{
              filters: [],
              sort: { field: 'bucket', direction: 'ASCENDING' },
              page: 1,
              perPage: 50,
              search: null,
            }}
            params={{ ...request }}
          />
        )
      }
    >
      <Card withBorder component="form" aria-label={t('statistics.filters')} onSubmit={(e) => e.preventDefault()}>
        <Stack gap="sm">
          <Stack gap={4}>
            <Text size="sm" fw={500} id="statistics-period">
              {t('statistics.period')}
            </Text>
            <SegmentedControl
              aria-labelledby="statistics-period"
              orientation={phone ? 'vertical' : 'horizontal'}
              fullWidth={phone}
              value={range}
              onChange={(v) => setRange(v as StatisticsQuickRange)}
              data={STATISTICS_QUICK_RANGES.map((r) => ({ value: r, label: t(`statistics.quick.${r}`) }))}
            />
          </Stack>
          {range === 'custom' && (
            <Group grow wrap="wrap" align="flex-start">
              <TextInput
                type="date"
                label={t('statistics.from')}
                value={custom.from}
                onChange={(e) => setCustom((c) => ({ ...c, from: e.currentTarget.value }))}
                error={errors.from}
                miw={150}
              />
              <TextInput
                type="date"
                label={t('statistics.to')}
                value={custom.to}
                onChange={(e) => setCustom((c) => ({ ...c, to: e.currentTarget.value }))}
                error={errors.to}
                miw={150}
              />
            </Group>
          )}
          <Group wrap="wrap" align="flex-end" gap="md">
            <Stack gap={4}>
              <Text size="sm" fw={500} id="statistics-granularity">
                {t('statistics.granularity')}
              </Text>
              <SegmentedControl
                aria-labelledby="statistics-granularity"
                value={granularity}
                onChange={(v) => setGranularity(v as StatisticsGranularity)}
                data={STATISTICS_GRANULARITIES.map((g) => ({ value: g, label: t(`statistics.granularities.${g}`) }))}
              />
            </Stack>
            <Select
              label={t('statistics.market')}
              data={marketOptions}
              value={market}
              onChange={(v) => setMarket(v ?? ALL_MARKETS)}
              allowDeselect={false}
              w={{ base: '100%', xs: 220 }}
            />
            {query.isFetching && <Loader size="sm" role="status" aria-label={t('statistics.loading')} />}
          </Group>
        </Stack>
      </Card>
      {query.error ? (
        <ErrorAlert error={query.error} />
      ) : query.data ? (
        <StatisticsResults view={query.data} />
      ) : request ? (
        <Skeleton h={320} role="status" aria-label={t('statistics.loading')} />
      ) : null}
    </PageFrame>
  );
}
