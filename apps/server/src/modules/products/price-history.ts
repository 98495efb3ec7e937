import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../platform/db/client';

/**
 * Reads of `price_history`, which the database's triggers fill on every price write (migration 0047). The
 * figures the EU price rules and the campaign lock ask for: the lowest price of the 30 days before a moment,
 * and whether an item's price changed in a period.
 */

export const PRICE_LOOKBACK_DAYS = 30;
/** The longest history the detail page asks for. */
export const PRICE_HISTORY_MAX_DAYS = 365;

/** Who wrote a price, when the writer says so; the history keeps null for a writer that does not. */
export const PRICE_SOURCES = ['PORTAL', 'BATCH', 'IMPORT', 'FEED', 'API', 'CAMPAIGN', 'HOLD'] as const;
export type PriceSource = (typeof PRICE_SOURCES)[number];

/** Names the writer of the prices the rest of this transaction writes (the triggers read `pp.price_source`). */
export async function setPriceSource(tx: DbOrTx, source: PriceSource): Promise<void> {
  await tx.execute(sql`select set_config('pp.price_source', ${source}, true)`);
}

export interface PricePoint {
  changedAt: Date;
  price: number;
  previousPrice: number | null;
  source: string | null;
}

/** One item's prices over the period: the price in effect when it began, then each change, oldest first. */
export interface PriceSeries {
  /** Null for the product's own price. */
  variantId: string | null;
  startPrice: number | null;
  points: PricePoint[];
}

/** The item's rows: the product's own price (variantId null) or one variant's; each an index range. */
/** A moment as a parameter both drivers send alike. */
const ts = (moment: Date): SQL => sql`${moment.toISOString()}::timestamptz`;

/**
 * The period of `days` before `at` as SQL; without `at`, up to the database's own clock, so that a change just
 * written is never in the future of a clock elsewhere.
 */
function windowOf(at: Date | undefined, days: number): { at: SQL; from: SQL } {
  const end = at ? ts(at) : sql`statement_timestamp()`;
  return { at: end, from: sql`(${end} - make_interval(days => ${days}::int))` };
}

const itemOf = (partnerId: number, productId: string, variantId: string | null | undefined): SQL =>
  variantId == null
    ? sql`partner_id = ${partnerId} and product_id = ${productId} and variant_id is null`
    : sql`partner_id = ${partnerId} and product_id = ${productId} and variant_id = ${variantId}`;

/**
 * The price history of a product over the last `days` days (before `at`): one series for its own price and
 * one per variant that has a recorded price, the product's own first, variants by id.
 */
export async function priceHistory(
  db: DbOrTx,
  partnerId: number,
  productId: string,
  options: { days: number; at?: Date },
): Promise<PriceSeries[]> {
  const days = Math.min(Math.max(Math.trunc(options.days), 1), PRICE_HISTORY_MAX_DAYS);
  const { at, from } = windowOf(options.at, days);
  const [starts, changes] = await Promise.all([
    db.execute(sql`
      select distinct on (variant_id) variant_id as "variantId", price::float8 as price
      from price_history
      where partner_id = ${partnerId} and product_id = ${productId} and changed_at <= ${from}
      order by variant_id, changed_at desc`),
    db.execute(sql`
      select variant_id as "variantId", changed_at as "changedAt", price::float8 as price,
        previous_price::float8 as "previousPrice", source
      from price_history
      where partner_id = ${partnerId} and product_id = ${productId} and changed_at > ${from} and changed_at < ${at}
      order by changed_at, id`),
  ]);
  const series = new Map<string | null, PriceSeries>();
  const seriesOf = (variantId: string | null) => {
    let found = series.get(variantId);
    if (!found) {
      found = { variantId, startPrice: null, points: [] };
      series.set(variantId, found);
    }
    return found;
  };
  for (const row of rowsOf<{ variantId: string | null; price: number }>(starts)) {
    seriesOf(row.variantId).startPrice = row.price;
  }
  for (const row of rowsOf<PricePoint & { variantId: string | null; changedAt: Date | string }>(changes)) {
    seriesOf(row.variantId).points.push({
      changedAt: new Date(row.changedAt),
      price: row.price,
      previousPrice: row.previousPrice,
      source: row.source,
    });
  }
  // The product's own ('' sorts before every variant id) first, then the variants by id.
  const keyOf = (s: PriceSeries) => s.variantId ?? '';
  return [...series.values()].sort((x, y) => (keyOf(x) < keyOf(y) ? -1 : keyOf(x) > keyOf(y) ? 1 : 0));
}

/**
 * The lowest price the item had in the 30 days before `at` (the figure shown beside a discount): the price in
 * effect when the 30 days began counts, as does every change inside them; null when it had no price then.
 */
export async function lowestPrice30(
  db: DbOrTx,
  partnerId: number,
  productId: string,
  variantId: string | null | undefined,
  at?: Date,
): Promise<number | null> {
  const result = await db.execute(lowestPrice30Sql(partnerId, productId, variantId, at));
  return rowsOf<{ lowest: number | null }>(result)[0]?.lowest ?? null;
}

/** The statement of `lowestPrice30` (the bench explains it: two index ranges of one item). */
export function lowestPrice30Sql(
  partnerId: number,
  productId: string,
  variantId: string | null | undefined,
  at?: Date,
): SQL {
  const window = windowOf(at, PRICE_LOOKBACK_DAYS);
  const item = itemOf(partnerId, productId, variantId);
  // variant_id leads the order (a constant here) so that the index gives it: `is null` alone would sort.
  return sql`
    select least(
      (select min(price) from price_history where ${item} and changed_at > ${window.from} and changed_at < ${window.at}),
      (select price from price_history where ${item} and changed_at <= ${window.from}
        order by variant_id, changed_at desc limit 1)
    )::float8 as lowest`;
}

/**
 * A row that changed the retail price: not a campaign's start or end. A filter on the item's index range (an
 * item has a few campaign rows at most), so each item stays one range.
 */
const retailChange = sql`source is distinct from 'CAMPAIGN'`;

/**
 * Whether the item's price changed in [from, to): the campaign import's retail price lock (the 30 days before
 * the campaign starts). An item's first price (and the BASELINE of migration 0047) is not a change, nor is a
 * campaign's price starting or ending (source CAMPAIGN: the marketplace's event, not the seller's retail
 * price; the lowest price of 30 days still counts those rows).
 */
export async function priceChangedWithin(
  db: DbOrTx,
  partnerId: number,
  productId: string,
  variantId: string | null | undefined,
  from: Date,
  to: Date,
): Promise<boolean> {
  const result = await db.execute(priceChangedWithinSql(partnerId, productId, variantId, from, to));
  return rowsOf<{ changed: boolean }>(result)[0]?.changed === true;
}

/** The statement of `priceChangedWithin` (the bench explains it: one index range). */
export function priceChangedWithinSql(
  partnerId: number,
  productId: string,
  variantId: string | null | undefined,
  from: Date,
  to: Date,
): SQL {
  return sql`
    select exists (
      select 1 from price_history
      where ${itemOf(partnerId, productId, variantId)} and changed_at >= ${ts(from)} and changed_at < ${ts(to)}
        and previous_price is not null and ${retailChange}
    ) as changed`;
}

/**
 * The items of `items` whose price changed in [from, to), in one statement (a campaign file names up to
 * 50,000): keys `productId` or `productId\u0000variantId`. Each item is one index range.
 */
export async function pricesChangedWithin(
  db: DbOrTx,
  partnerId: number,
  items: readonly { productId: string; variantId: string | null }[],
  from: Date,
  to: Date,
): Promise<Set<string>> {
  if (!items.length) return new Set();
  // Each item is an index range of its own (\`offset 0\` keeps each test a look-up per item): one test with
  // \`variant_id = … or both null\` was planned as a join over the partner's whole history (1.8 s for 1,000
  // items at 200,000 products).
  const result = await db.execute(sql`
    select i.product_id as "productId", i.variant_id as "variantId"
    from unnest(${sql.param(items.map((i) => i.productId))}::text[], ${sql.param(items.map((i) => i.variantId))}::text[])
      as i(product_id, variant_id)
    where case when i.variant_id is null
      then exists (select 1 from price_history h where h.partner_id = ${partnerId} and h.product_id = i.product_id
        and h.variant_id is null and h.changed_at >= ${ts(from)} and h.changed_at < ${ts(to)}
        and h.previous_price is not null and ${retailChange} offset 0)
      else exists (select 1 from price_history h where h.partner_id = ${partnerId} and h.product_id = i.product_id
        and h.variant_id = i.variant_id and h.changed_at >= ${ts(from)} and h.changed_at < ${ts(to)}
        and h.previous_price is not null and ${retailChange} offset 0)
      end`);
  return new Set(
    rowsOf<{ productId: string; variantId: string | null }>(result).map((r) =>
      r.variantId === null ? r.productId : `${r.productId}\u0000${r.variantId}`,
    ),
  );
}

/** An item's retail price range over the last 30 days (`priceRanges30`). */
export interface PriceRange {
  low: number;
  high: number;
}

/**
 * The lowest and highest retail price of each item over the 30 days before now, in one statement (an import
 * batch names 1,000 items): the price in effect when the 30 days began and every change inside them, a
 * campaign's own prices left out (they are not the seller's price). The 30 % price-change warning judges a
 * new price against these as well as against the current one (domain `priceChangesOverBound`). Keys as
 * `pricesChangedWithin`'s; an item without history is absent. Each item reads two index ranges of its own.
 */
export async function priceRanges30(
  db: DbOrTx,
  partnerId: number,
  items: readonly { productId: string; variantId: string | null }[],
): Promise<Map<string, PriceRange>> {
  if (!items.length) return new Map();
  const { at, from } = windowOf(undefined, PRICE_LOOKBACK_DAYS);
  // Written out for the product's own price and for a variant's, as in pricesChangedWithin: one item's rows
  // are an index range only when the test names its variant_id (or `is null`) directly.
  const rangeOf = (variantTest: SQL) => sql`(
    select min(x.price) as low, max(x.price) as high from (
      (select h.price from price_history h where h.partner_id = ${partnerId} and h.product_id = i.product_id
        and ${variantTest} and h.changed_at > ${from} and h.changed_at < ${at} and ${retailChange} offset 0)
      union all
      (select h.price from price_history h where h.partner_id = ${partnerId} and h.product_id = i.product_id
        and ${variantTest} and h.changed_at <= ${from} and ${retailChange}
        order by h.variant_id, h.changed_at desc limit 1)
    ) x)`;
  const result = await db.execute(sql`
    select i.product_id as "productId", i.variant_id as "variantId", r.low::float8 as low, r.high::float8 as high
    from unnest(${sql.param(items.map((i) => i.productId))}::text[], ${sql.param(items.map((i) => i.variantId))}::text[])
      as i(product_id, variant_id)
    cross join lateral (
      select * from ${rangeOf(sql`h.variant_id is null`)} own where i.variant_id is null
      union all
      select * from ${rangeOf(sql`h.variant_id = i.variant_id`)} one where i.variant_id is not null
    ) r
    where r.low is not null`);
  const ranges = new Map<string, PriceRange>();
  for (const r of rowsOf<{ productId: string; variantId: string | null; low: number; high: number }>(result)) {
    ranges.set(r.variantId === null ? r.productId : `${r.productId}\u0000${r.variantId}`, { low: r.low, high: r.high });
  }
  return ranges;
}
