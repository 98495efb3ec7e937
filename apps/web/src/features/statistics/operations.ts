import { graphql, type ResultOf } from '../../graphql/graphql';

export const StatisticsQuery = graphql(`
  query Statistics($input: StatisticsInput!) {
    statistics(input: $input) {
      from
      to
      granularity
      market
      averageDispatchHours
      topFrom
      topTo
      columns { buckets orders items delivered cancelled returned shipped sales { currency amounts } }
      totals { orders items delivered cancelled returned shipped sales { currency amount } }
      topProducts { key name quantity sales { currency amount } }
      topCategories { key name quantity sales { currency amount } }
    }
  }
`);

export type StatisticsView = ResultOf<typeof StatisticsQuery>['statistics'];
export type StatisticsColumns = StatisticsView['columns'];

/** A bucket's figures, as the charts take them. */
export interface StatisticsPoint {
  bucket: string;
  orders: number;
  items: number;
  delivered: number;
  cancelled: number;
  returned: number;
  shipped: number;
  sales: { currency: string; amount: string }[];
}

/**
 * The series comes as columns (a year of days would be hundreds of objects to execute on the server); the page
 * turns it back into a point per bucket. A currency's "0.00" in a bucket is no sale there.
 */
export function pointsOf(columns: StatisticsColumns): StatisticsPoint[] {
  return columns.buckets.map((bucket, i) => ({
    bucket,
    orders: columns.orders[i] ?? 0,
    items: columns.items[i] ?? 0,
    delivered: columns.delivered[i] ?? 0,
    cancelled: columns.cancelled[i] ?? 0,
    returned: columns.returned[i] ?? 0,
    shipped: columns.shipped[i] ?? 0,
    sales: columns.sales
      .map((c) => ({ currency: c.currency, amount: c.amounts[i] ?? '0.00' }))
      .filter((s) => !/^0(\.0+)?$/.test(s.amount)),
  }));
}
export type StatisticsTopRow = StatisticsView['topProducts'][number];
