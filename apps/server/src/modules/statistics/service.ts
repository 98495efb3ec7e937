import {
  averageDispatchHours,
  type Language,
  STATISTICS_TOP,
  type StatisticsGranularity,
  type StatisticsRequest,
  statisticsBuckets,
  statisticsMonths,
  statisticsRequestSchema,
} from '@pp/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { RequestContext } from '../../platform/context';
import { type DbOrTx, rowsOf } from '../../platform/db/client';
import { validationError } from '../../platform/errors';
import { type StatisticsSources, withStatisticsSources } from './summary';

/** An exact amount in one currency (a decimal string: money is never a float here). */
export interface Money {
  currency: string;
  amount: string;
}

export interface StatisticsFigures {
  orders: number;
  items: number;
  delivered: number;
  cancelled: number;
  returned: number;
  shipped: number;
  dispatchSeconds: number;
  sales: Money[];
}

export interface StatisticsPoint extends StatisticsFigures {
  /** The first day of the day, ISO week or month. */
  bucket: string;
}

export interface StatisticsTopRow {
  key: string | null;
  name: string | null;
  quantity: number;
  sales: Money[];
}

export interface StatisticsView {
  request: StatisticsRequest;
  series: StatisticsPoint[];
  totals: StatisticsFigures;
  averageDispatchHours: number | null;
  /** The months the top products and categories cover (they are kept per month): first days. */
  topFrom: string;
  topTo: string;
  topProducts: StatisticsTopRow[];
  topCategories: StatisticsTopRow[];
}

const TRUNC: Record<StatisticsGranularity, string> = { DAY: 'day', WEEK: 'week', MONTH: 'month' };

interface FigureRow {
  bucket: string;
  currency: string;
  orders: number;
  items: number;
  delivered: number;
  cancelled: number;
  returned: number;
  shipped: number;
  dispatchSeconds: string;
  sales: string;
}

const empty = (): StatisticsFigures => ({
  orders: 0,
  items: 0,
  delivered: 0,
  cancelled: 0,
  returned: 0,
  shipped: 0,
  dispatchSeconds: 0,
  sales: [],
});

function add(target: StatisticsFigures, row: FigureRow) {
  target.orders += row.orders;
  target.items += row.items;
  target.delivered += row.delivered;
  target.cancelled += row.cancelled;
  target.returned += row.returned;
  target.shipped += row.shipped;
  target.dispatchSeconds += Number(row.dispatchSeconds);
}

/** Figures per bucket and currency of the rows in the range and market. */
async function figures(tx: DbOrTx, days: SQL, request: StatisticsRequest, bucket: SQL): Promise<FigureRow[]> {
  const market = request.market ? sql`and d.country = ${request.market}` : sql``;
  return rowsOf<FigureRow>(
    await tx.execute(sql`
      select ${bucket} as bucket, d.currency,
             sum(d.orders)::int as orders, sum(d.items)::int as items, sum(d.delivered)::int as delivered,
             sum(d.cancelled)::int as cancelled, sum(d.returned)::int as returned, sum(d.shipped)::int as shipped,
             sum(d.dispatch_seconds)::text as "dispatchSeconds", sum(d.sales)::text as sales
      from (${days}) d
      where d.day >= ${request.from}::date and d.day <= ${request.to}::date ${market}
      group by 1, 2
      order by 1, 2`),
  );
}

interface TopRow {
  key: string | null;
  name: string | null;
  quantity: number;
  currency: string;
  amount: string;
}

function topRows(rows: TopRow[]): StatisticsTopRow[] {
  const byKey = new Map<string, StatisticsTopRow>();
  for (const r of rows) {
    const id = r.key ?? '\u0000other';
    const entry = byKey.get(id) ?? { key: r.key, name: r.name, quantity: r.quantity, sales: [] };
    entry.sales.push({ currency: r.currency, amount: r.amount });
    byKey.set(id, entry);
  }
  return [...byKey.values()];
}

/**
 * The most sold products and categories of the months (by pieces), with their sales per currency, in one statement.
 * A product counts in the category its catalogue entry has now (the partner's product with the item's id); items of
 * products not in the catalogue, or without a category, are "other" (key null).
 */
async function tops(
  tx: DbOrTx,
  partnerId: number,
  products: SQL,
  months: string[],
  market: string | null,
  lang: Language,
): Promise<{ topProducts: StatisticsTopRow[]; topCategories: StatisticsTopRow[] }> {
  const inMarket = market ? sql`and p.country = ${market}` : sql``;
  const rows = rowsOf<TopRow & { kind: 'p' | 'c' }>(
    await tx.execute(sql`
      with pp as (
        select p.product, p.currency, max(p.title) as title, sum(p.quantity) as quantity, sum(p.sales) as sales
        from (${products}) p
        where p.month >= ${months[0]!}::date and p.month <= ${months.at(-1)!}::date ${inMarket}
        group by 1, 2
      ),
      ptop as (
        select product, quantity, row_number() over (order by quantity desc, product) as rank
        from (select product, sum(quantity) as quantity from pp group by 1) x
        order by rank limit ${STATISTICS_TOP}
      ),
      cc as (
        select pr.category_id, pp.currency, sum(pp.quantity) as quantity, sum(pp.sales) as sales
        from pp left join products pr on pr.partner_id = ${partnerId} and pr.id = pp.product
        group by 1, 2
      ),
      ctop as (
        select category_id, quantity, row_number() over (order by quantity desc, category_id nulls last) as rank
        from (select category_id, sum(quantity) as quantity from cc group by 1) x
        order by rank limit ${STATISTICS_TOP}
      )
      select 'p' as kind, ptop.rank, ptop.product as key,
             (select max(x.title) from pp x where x.product = ptop.product) as name,
             ptop.quantity::int as quantity, pp.currency, pp.sales::text as amount
      from ptop join pp on pp.product = ptop.product
      union all
      select 'c', ctop.rank, ctop.category_id::text, coalesce(c.names ->> ${lang}, c.names ->> 'en'),
             ctop.quantity::int, cc.currency, cc.sales::text
      from ctop
      join cc on cc.category_id is not distinct from ctop.category_id
      left join categories c on c.id = ctop.category_id
      order by 1, 2, 6`),
  );
  return {
    topProducts: topRows(rows.filter((r) => r.kind === 'p')),
    topCategories: topRows(rows.filter((r) => r.kind === 'c')),
  };
}

/** Adds exact decimal amounts with two places (as PostgreSQL prints numeric(16, 2)) in whole cents. */
function cents(amount: string): bigint {
  const negative = amount.startsWith('-');
  const [whole = '0', fraction = ''] = amount.replace('-', '').split('.');
  const value = BigInt(whole) * 100n + BigInt(`${fraction}00`.slice(0, 2));
  return negative ? -value : value;
}
function decimal(value: bigint): string {
  const abs = value < 0n ? -value : value;
  return `${value < 0n ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

/** The figures of a partner for a validated request, read from the given sources (summary or orders). */
export async function statisticsFrom(
  tx: DbOrTx,
  partnerId: number,
  request: StatisticsRequest,
  sources: StatisticsSources,
  lang: Language,
): Promise<StatisticsView> {
  const months = statisticsMonths(request.from, request.to);
  const perBucket = await figures(
    tx,
    sources.days,
    request,
    sql`to_char(date_trunc(${TRUNC[request.granularity]}, d.day::timestamp), 'YYYY-MM-DD')`,
  );
  const points = new Map(
    statisticsBuckets(request.from, request.to, request.granularity).map((bucket) => [
      bucket,
      { bucket, ...empty() } as StatisticsPoint,
    ]),
  );
  const totals = empty();
  const salesTotals = new Map<string, bigint>();
  for (const row of perBucket) {
    add(totals, row);
    salesTotals.set(row.currency, (salesTotals.get(row.currency) ?? 0n) + cents(row.sales));
    const point = points.get(row.bucket);
    if (!point) continue;
    add(point, row);
    point.sales.push({ currency: row.currency, amount: row.sales });
  }
  totals.sales = [...salesTotals.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([currency, value]) => ({ currency, amount: decimal(value) }));
  return {
    request,
    series: [...points.values()],
    totals,
    averageDispatchHours: averageDispatchHours(totals.dispatchSeconds, totals.shipped),
    topFrom: months[0]!,
    topTo: months.at(-1)!,
    ...(await tops(tx, partnerId, sources.products, months, request.market, lang)),
  };
}

export function parseStatisticsRequest(input: unknown): StatisticsRequest {
  const parsed = statisticsRequestSchema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

/** The partner's statistics (issue 23, point 6), read from the summary. */
export async function partnerStatistics(
  db: DbOrTx,
  partnerId: number,
  request: StatisticsRequest,
  lang: Language,
): Promise<StatisticsView> {
  const months = statisticsMonths(request.from, request.to);
  return withStatisticsSources(db, partnerId, months, (tx, sources) =>
    statisticsFrom(tx, partnerId, request, sources, lang),
  );
}

export async function statisticsOf(ctx: RequestContext, input: unknown): Promise<StatisticsView> {
  const { partnerId } = await ctx.require('statistics', 'read');
  return partnerStatistics(ctx.db, partnerId, parseStatisticsRequest(input), ctx.lang);
}
