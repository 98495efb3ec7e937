import { sql } from 'drizzle-orm';
import {
  lowestPrice30,
  lowestPrice30Sql,
  priceChangedWithinSql,
  pricesChangedWithin,
} from '../apps/server/src/modules/products/price-history';
import { rowsOf } from '../apps/server/src/platform/db/client';
import { timed } from './app';
import type { BenchDatabase } from './database';
import type { BenchResult } from './run';

const DAY_MS = 86_400_000;
/** The items a campaign file of this size names, checked for the 30-day lock in one statement. */
const LOCK_ITEMS = 1000;

/**
 * Issue 22 Scale: the price-history lookups over the partner's 200,000 products stay index ranges. On a
 * database seeded here (not BENCH_PRODUCTS_DATA, only read), every tenth product's price is changed first, so
 * that the history holds more than the first prices. Prints each lookup's plan and fails on a sequential scan.
 */
export async function priceHistoryCases(
  database: BenchDatabase['database'],
  partnerId: number,
  samples: number,
  writable: boolean,
): Promise<BenchResult[]> {
  const db = database.db;
  if (writable) {
    // One statement, as a batch writes: the price trigger records each changed row once.
    const started = performance.now();
    await db.execute(sql`update products set price = price + 1
      where partner_id = ${partnerId} and price is not null and abs(hashtext(id)) % 10 = 0`);
    console.log(`price history: every tenth price changed in ${(performance.now() - started).toFixed(0)} ms`);
  }
  const ids = rowsOf<{ id: string }>(
    await db.execute(
      sql`select id from products where partner_id = ${partnerId} order by random() limit ${LOCK_ITEMS}`,
    ),
  ).map((r) => r.id);
  const [{ n: historyRows } = { n: 0 }] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from price_history where partner_id = ${partnerId}`),
  );
  const sample = ids[0];
  if (!sample) throw new Error('price history bench: the partner has no products');

  const start = new Date(Date.now() + 7 * DAY_MS);
  const lockFrom = new Date(start.getTime() - 30 * DAY_MS);
  for (const [name, statement] of [
    ['lowest price of 30 days', lowestPrice30Sql(partnerId, sample, null)],
    ['30-day lock', priceChangedWithinSql(partnerId, sample, null, lockFrom, start)],
  ] as const) {
    const plan = rowsOf<{ 'QUERY PLAN': string }>(await db.execute(sql`explain ${statement}`)).map(
      (r) => r['QUERY PLAN'],
    );
    const scans = plan.filter((l) => /Scan/.test(l)).map((l) => l.trim());
    console.log(`price history ${name} plan: ${scans.join(' | ')}`);
    if (scans.some((l) => /Seq Scan on price_history/.test(l)) || !scans.some((l) => /Index/.test(l))) {
      throw new Error(`price history ${name}: not an index range:\n${plan.join('\n')}`);
    }
  }

  let next = 0;
  const nextId = () => ids[next++ % ids.length] as string;
  const items = ids.map((productId) => ({ productId, variantId: null }));
  return [
    {
      name: 'price history: lowest price of 30 days (one product)',
      rows: historyRows,
      samples: await timed(samples, 2, () => lowestPrice30(db, partnerId, nextId(), null)),
    },
    {
      name: `price history: 30-day lock of ${LOCK_ITEMS} products (one statement)`,
      rows: historyRows,
      samples: await timed(samples, 2, () => pricesChangedWithin(db, partnerId, items, lockFrom, start)),
    },
  ];
}
