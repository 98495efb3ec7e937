import type { Currency } from '@pp/domain';
import { Card, Group, ScrollArea, SegmentedControl, Select, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { useFormat } from '../../app/i18n/format';
import { graphql, type ResultOf } from '../../graphql/graphql';
import { ErrorAlert } from '../../ui/ErrorAlert';

const PriceHistoryChart = lazy(() => import('./PriceHistoryChart'));

export const ProductPriceHistoryQuery = graphql(`
  query ProductPriceHistory($id: ID!, $days: Int) {
    product(id: $id) {
      id
      priceHistory(days: $days) {
        variantId
        startPrice
        lowestPrice30
        points {
          changedAt
          price
          previousPrice
          source
        }
      }
    }
  }
`);

export type PriceSeries = NonNullable<ResultOf<typeof ProductPriceHistoryQuery>['product']>['priceHistory'][number];

const PERIODS = [30, 90, 365] as const;
type Period = (typeof PERIODS)[number];
/** The newest changes listed under the chart; the chart shows them all. */
const LISTED = 10;
const OWN = '';
const DAY_MS = 86_400_000;

/**
 * The product's price history (issue 22 point 4): the price over the chosen period as a chart, and the lowest
 * price of the last 30 days, the figure the EU price rules ask a shop to show beside a discount. Every writer's
 * change is there (the database records it); `version` (the product's updatedAt) reloads it after a save.
 */
export function PriceHistorySection({
  productId,
  currency,
  variants,
  version,
}: {
  productId: string;
  currency: string;
  variants: readonly { id: string; title: string }[];
  version: string;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const [days, setDays] = useState<Period>(90);
  const query = useQuery({
    queryKey: ['productPriceHistory', productId, days, version],
    queryFn: ({ signal }) =>
      api.request(ProductPriceHistoryQuery, { id: productId, days }, { signal }).then((r) => r.product),
  });

  return (
    <Card
      component="section"
      withBorder
      radius="md"
      padding="md"
      mt="md"
      aria-labelledby={headingId}
      data-testid="price-history"
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={3} size="h4" id={headingId}>
            {t('products.priceHistory.title')}
          </Title>
          <SegmentedControl
            size="xs"
            aria-label={t('products.priceHistory.period')}
            value={String(days)}
            onChange={(value) => setDays(Number(value) as Period)}
            data={PERIODS.map((d) => ({ value: String(d), label: t('products.priceHistory.days', { days: d }) }))}
          />
        </Group>
        <Text size="sm" c="dimmed">
          {t('products.priceHistory.help')}
        </Text>
        {query.isError && <ErrorAlert error={query.error} />}
        {query.isPending && <Skeleton h={200} radius="md" />}
        {query.isSuccess && (
          <PriceHistoryView
            series={query.data?.priceHistory ?? []}
            currency={currency}
            variants={variants}
            days={days}
          />
        )}
      </Stack>
    </Card>
  );
}

/** The figures, the chart and the newest changes of one item (the product's own price or a variant's). */
export function PriceHistoryView({
  series: all,
  currency,
  variants,
  days,
}: {
  series: readonly PriceSeries[];
  currency: string;
  variants: readonly { id: string; title: string }[];
  days: number;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const [picked, setPicked] = useState<string>(OWN);
  const series = all.find((s) => (s.variantId ?? OWN) === picked) ?? all[0];
  if (!series) {
    return (
      <Text size="sm" data-testid="price-history-empty">
        {t('products.priceHistory.none')}
      </Text>
    );
  }
  const money = (value: number) => format.money(value, currency as Currency);
  const titleOf = (variantId: string | null) =>
    variantId === null
      ? t('products.priceHistory.itemProduct')
      : (variants.find((v) => v.id === variantId)?.title ?? variantId);
  const newest = series.points.slice(-LISTED).reverse();

  return (
    <>
      {all.length > 1 && (
        <Select
          label={t('products.priceHistory.item')}
          value={series.variantId ?? OWN}
          onChange={(value) => setPicked(value ?? OWN)}
          allowDeselect={false}
          data={all.map((s) => ({ value: s.variantId ?? OWN, label: titleOf(s.variantId) }))}
          maw={360}
        />
      )}
      <Group gap="xl" wrap="wrap">
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            {t('products.priceHistory.lowest30')}
          </Text>
          <Text fw={600} size="lg" data-testid="price-history-lowest30">
            {series.lowestPrice30 === null ? '—' : money(series.lowestPrice30)}
          </Text>
        </Stack>
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            {t('products.priceHistory.changes')}
          </Text>
          <Text fw={600} size="lg" data-testid="price-history-changes">
            {format.number(series.points.filter((p) => p.previousPrice !== null).length)}
          </Text>
        </Stack>
      </Group>
      <Suspense fallback={<Skeleton h={200} radius="md" />}>
        <PriceHistoryChart
          data={priceSteps(series, days, Date.now()).map((s) => ({ at: format.date(s.at), price: s.price }))}
          label={t('products.priceHistory.price')}
          format={money}
        />
      </Suspense>
      {newest.length > 0 && (
        // Four columns overflow a phone: the region scrolls, and a keyboard can reach it (as the order's items).
        <ScrollArea
          type="auto"
          viewportProps={{
            tabIndex: 0,
            role: 'region',
            'aria-label': t('products.priceHistory.listCaption', { n: LISTED }),
          }}
        >
          <Table striped fz="sm" miw={320} data-testid="price-history-list">
            <Table.Caption>{t('products.priceHistory.listCaption', { n: LISTED })}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('products.priceHistory.changedAt')}</Table.Th>
                <Table.Th ta="right">{t('products.priceHistory.price')}</Table.Th>
                <Table.Th ta="right">{t('products.priceHistory.previous')}</Table.Th>
                <Table.Th>{t('promotions.priceSource.column')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {newest.map((p) => (
                <Table.Tr key={String(p.changedAt)}>
                  <Table.Td>{format.dateTime(String(p.changedAt))}</Table.Td>
                  <Table.Td ta="right">{money(p.price)}</Table.Td>
                  <Table.Td ta="right">{p.previousPrice === null ? '—' : money(p.previousPrice)}</Table.Td>
                  <Table.Td>{sourceText(t, p.source)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
    </>
  );
}

/** Who wrote a price (price_history's source): a known writer's name, else "not recorded". */
function sourceText(t: (key: string) => string, source: string | null | undefined): string {
  return t(`promotions.priceSource.${source && PRICE_SOURCES.has(source) ? source : 'UNKNOWN'}`);
}
const PRICE_SOURCES = new Set(['PORTAL', 'BATCH', 'IMPORT', 'FEED', 'API', 'CAMPAIGN', 'HOLD', 'BASELINE']);

/** The chart's steps: the price when the period began, each change, and the price now at the right edge. */
export function priceSteps(series: PriceSeries, days: number, now: number): { at: Date; price: number }[] {
  const steps: { at: Date; price: number }[] = [];
  if (series.startPrice !== null) steps.push({ at: new Date(now - days * DAY_MS), price: series.startPrice });
  for (const p of series.points) steps.push({ at: new Date(String(p.changedAt)), price: p.price });
  const last = steps.at(-1);
  if (last) steps.push({ at: new Date(now), price: last.price });
  return steps;
}
