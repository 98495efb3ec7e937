import { STATISTICS_GRANULARITIES, STATISTICS_MARKETS } from '@pp/domain';
import { builder } from '../../platform/graphql/builder';
// Registers the 'statistics' export kind with the platform's export job.
import './exports';
import {
  type Money,
  type StatisticsFigures,
  type StatisticsPoint,
  type StatisticsTopRow,
  type StatisticsView,
  statisticsOf,
} from './service';

const GranularityEnum = builder.enumType('StatisticsGranularity', { values: STATISTICS_GRANULARITIES });
const MarketEnum = builder.enumType('StatisticsMarket', {
  values: STATISTICS_MARKETS,
  description: "A market: the orders' delivery country",
});

const MoneyRef = builder.objectRef<Money>('StatisticsMoney').implement({
  description: 'An exact amount in one currency',
  fields: (t) => ({
    currency: t.exposeString('currency'),
    amount: t.exposeString('amount', { description: 'A decimal number with two places, e.g. "1234.50"' }),
  }),
});

const FigureFields = builder.interfaceRef<StatisticsFigures>('StatisticsFigureFields').implement({
  description: 'Figures of the orders created in a period (a status counts where the order was created)',
  fields: (t) => ({
    orders: t.exposeInt('orders', { description: 'Orders created' }),
    items: t.exposeInt('items', { description: 'Pieces ordered, cancelled orders aside' }),
    delivered: t.exposeInt('delivered'),
    cancelled: t.exposeInt('cancelled'),
    returned: t.exposeInt('returned'),
    shipped: t.exposeInt('shipped'),
    sales: t.field({
      type: [MoneyRef],
      description: 'Order totals per currency, cancelled orders aside',
      resolve: (f) => f.sales,
    }),
  }),
});

const FiguresRef = builder.objectRef<StatisticsFigures>('StatisticsFigures').implement({
  interfaces: [FigureFields],
  fields: () => ({}),
});

const PointRef = builder.objectRef<StatisticsPoint>('StatisticsPoint').implement({
  interfaces: [FigureFields],
  fields: (t) => ({
    bucket: t.exposeString('bucket', { description: 'The first day of the day, ISO week or month (YYYY-MM-DD)' }),
  }),
});

const TopRowRef = builder.objectRef<StatisticsTopRow>('StatisticsTopRow').implement({
  fields: (t) => ({
    key: t.exposeString('key', {
      nullable: true,
      description: "The partner's product id, or the category id; null for products of no known category",
    }),
    name: t.exposeString('name', { nullable: true, description: "Title or category name in the caller's language" }),
    quantity: t.exposeInt('quantity'),
    sales: t.field({ type: [MoneyRef], resolve: (r) => r.sales }),
  }),
});

interface SalesColumn {
  currency: string;
  amounts: string[];
}
interface Columns {
  buckets: string[];
  orders: number[];
  items: number[];
  delivered: number[];
  cancelled: number[];
  returned: number[];
  shipped: number[];
  sales: SalesColumn[];
}

/** The series as columns, each a list of scalars in the buckets' order. */
function columnsOf(series: readonly StatisticsPoint[]): Columns {
  const currencies = [...new Set(series.flatMap((p) => p.sales.map((s) => s.currency)))].sort();
  return {
    buckets: series.map((p) => p.bucket),
    orders: series.map((p) => p.orders),
    items: series.map((p) => p.items),
    delivered: series.map((p) => p.delivered),
    cancelled: series.map((p) => p.cancelled),
    returned: series.map((p) => p.returned),
    shipped: series.map((p) => p.shipped),
    sales: currencies.map((currency) => ({
      currency,
      amounts: series.map((p) => p.sales.find((s) => s.currency === currency)?.amount ?? '0.00'),
    })),
  };
}

const SalesColumnRef = builder.objectRef<SalesColumn>('StatisticsSalesColumn').implement({
  fields: (t) => ({
    currency: t.exposeString('currency'),
    amounts: t.exposeStringList('amounts', { description: 'Per bucket, "0.00" where nothing sold in the currency' }),
  }),
});

const ColumnsRef = builder.objectRef<Columns>('StatisticsColumns').implement({
  description:
    'The series as columns aligned with `buckets` — the same figures as `series`, in a shape a year of days ' +
    'travels in without an object per day',
  fields: (t) => ({
    buckets: t.exposeStringList('buckets'),
    orders: t.exposeIntList('orders'),
    items: t.exposeIntList('items'),
    delivered: t.exposeIntList('delivered'),
    cancelled: t.exposeIntList('cancelled'),
    returned: t.exposeIntList('returned'),
    shipped: t.exposeIntList('shipped'),
    sales: t.field({ type: [SalesColumnRef], resolve: (c) => c.sales }),
  }),
});

const StatisticsRef = builder.objectRef<StatisticsView>('Statistics').implement({
  fields: (t) => ({
    from: t.string({ resolve: (s) => s.request.from }),
    to: t.string({ resolve: (s) => s.request.to }),
    granularity: t.field({ type: GranularityEnum, resolve: (s) => s.request.granularity }),
    market: t.field({ type: MarketEnum, nullable: true, resolve: (s) => s.request.market }),
    series: t.field({ type: [PointRef], resolve: (s) => s.series }),
    columns: t.field({ type: ColumnsRef, resolve: (s) => columnsOf(s.series) }),
    totals: t.field({ type: FiguresRef, resolve: (s) => s.totals }),
    averageDispatchHours: t.float({
      nullable: true,
      description: 'Hours from creation to shipping on average, of the shipped orders; null when none shipped',
      resolve: (s) => s.averageDispatchHours,
    }),
    topFrom: t.exposeString('topFrom', { description: 'First month the top lists cover (YYYY-MM-01)' }),
    topTo: t.exposeString('topTo', { description: 'Last month the top lists cover (YYYY-MM-01)' }),
    topProducts: t.field({ type: [TopRowRef], resolve: (s) => s.topProducts }),
    topCategories: t.field({ type: [TopRowRef], resolve: (s) => s.topCategories }),
  }),
});

const StatisticsInput = builder.inputType('StatisticsInput', {
  fields: (t) => ({
    from: t.string({ required: true, description: 'YYYY-MM-DD' }),
    to: t.string({ required: true, description: 'YYYY-MM-DD; at most two years after from' }),
    granularity: t.field({ type: GranularityEnum }),
    market: t.field({ type: MarketEnum }),
  }),
});

builder.queryField('statistics', (t) =>
  t.field({
    type: StatisticsRef,
    description: "The selected partner's order figures over a range of days (statistics page).",
    args: { input: t.arg({ type: StatisticsInput, required: true }) },
    resolve: (_, { input }, ctx) =>
      statisticsOf(ctx, {
        from: input.from,
        to: input.to,
        ...(input.granularity != null ? { granularity: input.granularity } : {}),
        ...(input.market != null ? { market: input.market } : {}),
      }),
  }),
);
