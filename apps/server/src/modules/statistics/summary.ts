import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../platform/db/client';

/**
 * The statistics summary (tables.ts): months are counted from the orders into `order_stats_days` and
 * `order_stats_products`, and counted again when the triggers of migration 0051 marked them. This is the SLA
 * summary's pattern (sla/summary.ts, docs/decisions.md "Statistics summary"): what is read equals the direct count
 * of the orders by construction, which statistics-summary.test.ts holds it to.
 */

/** Partners share an advisory lock per bucket (as migration 0051's triggers take it). */
const LOCK_BUCKETS = 1024;
const ZONE = 'Europe/Prague';

export const dateArray = (days: readonly string[]) => sql`${`{${days.join(',')}}`}::date[]`;

function nextMonth(first: string): string {
  const [y, m] = first.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 10);
}

/** The orders of a partner (all partners when null) created in the given months (first days), test orders aside. */
function ordersOfMonths(partnerId: number | null, months: readonly string[]): SQL {
  const sorted = [...months].sort();
  const partner = partnerId === null ? sql`true` : sql`o.partner_id = ${partnerId}`;
  return sql`${partner} and not o.is_test
    and o.created_at >= (${sorted[0]!}::date::timestamp at time zone ${ZONE})
    and o.created_at < (${nextMonth(sorted.at(-1)!)}::date::timestamp at time zone ${ZONE})
    and order_stats_month(o.created_at) = any(${dateArray(sorted)})`;
}
const allMonths = sql`true and not o.is_test`;

/** The day rows of the given months counted straight from the orders: the direct count the summary must equal. */
export function daysFromOrdersSql(partnerId: number | null, months: readonly string[] | 'all'): SQL {
  return sql`
    select o.partner_id, (o.created_at at time zone ${ZONE})::date as day,
           coalesce(o.delivery_country, '') as country, o.currency,
           count(*)::int as orders,
           coalesce(sum(i.quantity) filter (where o.status <> 'cancelled'), 0)::int as items,
           coalesce(sum(o.total) filter (where o.status <> 'cancelled'), 0)::numeric(16, 2) as sales,
           (count(*) filter (where o.status = 'delivered'))::int as delivered,
           (count(*) filter (where o.status = 'cancelled'))::int as cancelled,
           (count(*) filter (where o.status = 'returned'))::int as returned,
           count(o.shipped_at)::int as shipped,
           coalesce(sum(greatest(0, floor(extract(epoch from o.shipped_at - o.created_at)))), 0)::bigint
             as dispatch_seconds
    from orders o
    left join lateral (
      select sum(x.quantity) as quantity from order_items x where x.partner_id = o.partner_id and x.order_id = o.id
    ) i on true
    where ${months === 'all' ? allMonths : ordersOfMonths(partnerId, months)}
    group by 1, 2, 3, 4`;
}

/** The product rows of the given months counted straight from the orders (cancelled orders aside). */
export function productsFromOrdersSql(partnerId: number | null, months: readonly string[] | 'all'): SQL {
  return sql`
    select o.partner_id, order_stats_month(o.created_at) as month,
           coalesce(o.delivery_country, '') as country, o.currency,
           coalesce(i.partner_article_id, i.article_id, i.title) as product, max(i.title) as title,
           sum(i.quantity)::int as quantity,
           sum(i.quantity * i.unit_price - i.total_discount)::numeric(16, 2) as sales
    from orders o
    join order_items i on i.partner_id = o.partner_id and i.order_id = o.id
    where ${months === 'all' ? allMonths : ordersOfMonths(partnerId, months)} and o.status <> 'cancelled'
    group by 1, 2, 3, 4, 5`;
}

const DAY_COLUMNS = sql.raw(
  'partner_id, day, country, currency, orders, items, sales, delivered, cancelled, returned, shipped, dispatch_seconds',
);
const PRODUCT_COLUMNS = sql.raw('partner_id, month, country, currency, product, title, quantity, sales');

/**
 * Takes the partner's marks and counts again the months they name and any wanted month never counted. Runs under
 * the exclusive lock of the partner's bucket (writers take it shared while they mark), so no mark of a change this
 * count does not see can be taken. Returns false when a writer holds the lock.
 */
async function refreshMonths(tx: DbOrTx, partnerId: number, wanted: readonly string[]): Promise<boolean> {
  const [lock] = rowsOf<{ locked: boolean }>(
    await tx.execute(
      sql`select pg_try_advisory_xact_lock(hashtext('order-stats-months'), ${partnerId % LOCK_BUCKETS}) as locked`,
    ),
  );
  if (!lock?.locked) return false;
  // A statement of its own after the lock: its snapshot sees every mark of every writer that held the lock.
  // The months the marks name are no longer counted; `counted` is read before that delete, so they are taken out.
  const [state] = rowsOf<{ marked: string[]; counted: string[] }>(
    await tx.execute(sql`
      with marked as (
        delete from order_stats_month_changes where partner_id = ${partnerId} returning month
      ),
      uncounted as (
        delete from order_stats_months where partner_id = ${partnerId} and month in (select month from marked)
      )
      select array(select distinct month::text from marked) as marked,
             array(select month::text from order_stats_months
                   where partner_id = ${partnerId} and month = any(${dateArray(wanted)})) as counted`),
  );
  const marked = new Set(state?.marked ?? []);
  const counted = new Set((state?.counted ?? []).filter((m) => !marked.has(m)));
  const missing = wanted.filter((m) => !counted.has(m));
  if (missing.length) {
    await tx.execute(sql`set local jit = off`);
    const months = dateArray(missing);
    await tx.execute(sql`delete from order_stats_days where partner_id = ${partnerId}
      and date_trunc('month', day)::date = any(${months})
      and day >= ${[...missing].sort()[0]!}::date and day < ${nextMonth([...missing].sort().at(-1)!)}::date`);
    await tx.execute(sql`delete from order_stats_products where partner_id = ${partnerId} and month = any(${months})`);
    await tx.execute(
      sql`insert into order_stats_days (${DAY_COLUMNS}) select * from (${daysFromOrdersSql(partnerId, missing)}) d`,
    );
    await tx.execute(
      sql`insert into order_stats_products (${PRODUCT_COLUMNS}) select * from (${productsFromOrdersSql(partnerId, missing)}) p`,
    );
    await tx.execute(sql`
      insert into order_stats_months (partner_id, month)
      select ${partnerId}, m from unnest(${months}) as m
      on conflict (partner_id, month) do update set counted_at = now()`);
  }
  return true;
}

/** The months that cannot be read from the summary without the lock: marked, or never counted. */
async function staleMonths(tx: DbOrTx, partnerId: number, wanted: readonly string[]): Promise<string[]> {
  const rows = rowsOf<{ month: string; fresh: boolean }>(
    await tx.execute(sql`
      select w::text as month,
             exists (select 1 from order_stats_months s where s.partner_id = ${partnerId} and s.month = w)
             and not exists (select 1 from order_stats_month_changes c where c.partner_id = ${partnerId} and c.month = w)
               as fresh
      from unnest(${dateArray(wanted)}) as w`),
  );
  return rows.filter((r) => !r.fresh).map((r) => r.month);
}

/** Where the day and product rows of a read come from: the summary, and the orders for months it cannot give. */
export interface StatisticsSources {
  days: SQL;
  products: SQL;
}

function sourcesOf(partnerId: number, stale: readonly string[]): StatisticsSources {
  const notStale = (column: SQL) =>
    stale.length ? sql`and date_trunc('month', ${column})::date <> all(${dateArray(stale)})` : sql``;
  const days = sql`select ${DAY_COLUMNS} from order_stats_days where partner_id = ${partnerId} ${notStale(sql`day`)}`;
  const products = sql`select ${PRODUCT_COLUMNS} from order_stats_products
    where partner_id = ${partnerId} ${notStale(sql`month`)}`;
  if (!stale.length) return { days, products };
  return {
    days: sql`${days} union all ${daysFromOrdersSql(partnerId, stale)}`,
    products: sql`${products} union all ${productsFromOrdersSql(partnerId, stale)}`,
  };
}

/**
 * Runs `read` in one transaction over sources holding the partner's figures of the wanted months (first days),
 * counted into the summary first when marked or never counted. While a writer of the partner is in flight the
 * summary is left as it is and its stale months are read straight from the orders.
 */
export async function withStatisticsSources<T>(
  db: DbOrTx,
  partnerId: number,
  wanted: readonly string[],
  read: (tx: DbOrTx, sources: StatisticsSources) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    // No JIT: compiling these small statements costs more than running them (tens of ms on PostgreSQL 15).
    await tx.execute(sql`set local jit = off`);
    const stale = (await refreshMonths(tx, partnerId, wanted)) ? [] : await staleMonths(tx, partnerId, wanted);
    return read(tx, sourcesOf(partnerId, stale));
  });
}

/** The direct count as sources, for the tests and the bench: the orders themselves, no summary. */
export function directSources(partnerId: number, months: readonly string[]): StatisticsSources {
  return { days: daysFromOrdersSql(partnerId, months), products: productsFromOrdersSql(partnerId, months) };
}

/**
 * Counts every partner's every month into the summary at once (the large seed ends with it): one statement per
 * table instead of a first read per partner and month. Meant for a database nobody writes orders to meanwhile.
 */
export async function recountAllStatistics(db: DbOrTx): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    await tx.execute(sql`delete from order_stats_month_changes`);
    await tx.execute(sql`delete from order_stats_months`);
    await tx.execute(sql`delete from order_stats_days`);
    await tx.execute(sql`delete from order_stats_products`);
    await tx.execute(
      sql`insert into order_stats_days (${DAY_COLUMNS}) select * from (${daysFromOrdersSql(null, 'all')}) d`,
    );
    await tx.execute(
      sql`insert into order_stats_products (${PRODUCT_COLUMNS}) select * from (${productsFromOrdersSql(null, 'all')}) p`,
    );
    await tx.execute(sql`insert into order_stats_months (partner_id, month)
      select distinct partner_id, date_trunc('month', day)::date from order_stats_days`);
  });
  await db.execute(sql`analyze order_stats_days, order_stats_products, order_stats_months`);
}
