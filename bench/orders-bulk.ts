import { sql } from 'drizzle-orm';
import { rowsOf } from '../apps/server/src/platform/db/client';
import { seedDemo } from '../apps/server/src/seed/demo';
import { seedLarge } from '../apps/server/src/seed/large';
import { signedInApp } from './app';
import { type BenchDatabase, benchDatabase, existingBenchDatabase } from './database';
import type { BenchResult } from './run';

const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const SAMPLES = num('BENCH_BULK_SAMPLES', 5);
const SIZE = 500;

/**
 * The database to measure: an already seeded one named by BENCH_ORDERS_DATA (kept, and put back as it was),
 * or a throw-away one seeded here with BENCH_BULK_ORDERS orders (100,000 by default: a bulk change reads and
 * writes its 500 orders by primary key, so the size of the book matters little; the orders-grid bench seeds
 * the full 1,000,000).
 */
async function bulkDatabase(): Promise<BenchDatabase> {
  const existing = process.env.BENCH_ORDERS_DATA;
  if (existing) return existingBenchDatabase(existing);
  const bench = await benchDatabase('orders_bulk');
  const count = num('BENCH_BULK_ORDERS', 100_000);
  const started = Date.now();
  await seedDemo(bench.database.db, { extraPartners: 0 });
  await seedLarge(bench.database.db, { partners: num('BENCH_ORDERS_PARTNERS', 2_000), orders: count });
  console.log(
    `orders-bulk: seeded ${count} orders in ${((Date.now() - started) / 1000).toFixed(1)} s (${bench.database.kind})`,
  );
  return bench;
}

/** Runs `reset` (not measured), then `run` (measured), one warm-up and SAMPLES times. */
async function sampled(reset: () => Promise<unknown>, run: () => Promise<unknown>): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < SAMPLES + 1; i++) {
    await reset();
    const started = performance.now();
    await run();
    if (i > 0) samples.push(performance.now() - started);
  }
  return samples;
}

/**
 * A bulk change of 500 orders through the real server (GraphQL, session, permission, rules per order,
 * history, audit, events, stream), next to the same change as one raw statement (status, dates, tracking
 * and history rows of all 500, no rules, audit or events): the bulk status change (shipped → delivered) and
 * the bulk shipment with a tracking number per order (open → shipped). The same 500 orders are put back
 * with SQL before each sample, so every sample changes 500 orders that may change.
 */
export async function ordersBulkBench(): Promise<BenchResult[]> {
  const { database, url, drop } = await bulkDatabase();
  const db = database.db;
  const [partner] = rowsOf<{ id: number; n: number }>(
    await db.execute(sql`select p.id, (select count(*) from orders o where o.partner_id = p.id)::int as n
      from partners p where p.sap_id = '100001'`),
  );
  if (!partner) throw new Error('the demo partner (sap 100001) is missing: seed the demo data first');
  const partnerId = partner.id;
  console.log(`orders-bulk bench (${database.kind}): partner ${partnerId} has ${partner.n} orders`);
  const app = await signedInApp(database, url, partnerId);
  const benchStarted = new Date();
  const results: BenchResult[] = [];

  const picked = rowsOf<{
    id: string;
    status: string;
    tracking: string | null;
    shipped: string | null;
    delivered: string | null;
    attempt: string | null;
  }>(
    await db.execute(sql`select id::text as id, status, tracking_number as tracking, shipped_at::text as shipped,
        delivered_at::text as delivered, first_delivery_attempt_at::text as attempt
      from orders where partner_id = ${partnerId} and status = 'delivered' and not is_mall_delivery and not is_test
        and created_at < now() - interval '30 days' order by id desc limit ${SIZE}`),
  );
  if (picked.length < SIZE) throw new Error(`only ${picked.length} delivered orders to change: seed more orders`);
  const ids = picked.map((r) => r.id);
  const idsParam = () => sql.param(ids);
  const tracking = ids.map((id) => `BENCH-${id}`);

  // Bulk status change: shipped → delivered.
  const toShipped = () =>
    db.execute(sql`update orders set status = 'shipped', delivered_at = null, first_delivery_attempt_at = null
      where partner_id = ${partnerId} and id = any(${idsParam()}::bigint[])`);
  const BULK = `mutation($ids: [ID!]!, $data: OrderStatusInput!) { ordersStatusUpdate(orderIds: $ids, data: $data) {
    outcome results { orderId ok code } } }`;
  results.push({
    name: 'bulk status change, 500 orders (ordersStatusUpdate)',
    rows: SIZE,
    samples: await sampled(toShipped, async () => {
      const data = await app.gql(BULK, { ids, data: { status: 'delivered', deliveredAt: new Date().toISOString() } });
      if (data.ordersStatusUpdate.outcome !== 'statusesUpdate') throw new Error(JSON.stringify(data).slice(0, 500));
    }),
  });
  results.push({
    name: 'bulk status change, 500 orders raw SQL (one statement)',
    rows: SIZE,
    samples: await sampled(toShipped, () =>
      db.execute(sql`
        with changed as (
          update orders set status = 'delivered', delivered_at = now(), updated_at = now()
          where partner_id = ${partnerId} and id = any(${idsParam()}::bigint[]) and status = 'shipped'
          returning id)
        insert into order_status_history (partner_id, order_id, status, at, source)
        select ${partnerId}::int, id, 'delivered', now(), 'partner' from changed`),
    ),
  });

  // Bulk shipment with a tracking number per order: open → shipped.
  const toOpen = () =>
    db.execute(sql`update orders set status = 'open', confirmed = true, shipped_at = null, tracking_number = null,
      tracking_url = null where partner_id = ${partnerId} and id = any(${idsParam()}::bigint[])`);
  const SHIP = `mutation($items: [OrderShipInput!]!) { ordersShip(items: $items) { outcome results { orderId ok code } } }`;
  const items = ids.map((orderId, i) => ({ orderId, trackingNumber: tracking[i] }));
  results.push({
    name: 'bulk shipment with tracking, 500 orders (ordersShip)',
    rows: SIZE,
    samples: await sampled(toOpen, async () => {
      const data = await app.gql(SHIP, { items });
      if (data.ordersShip.outcome !== 'statusesUpdate') throw new Error(JSON.stringify(data).slice(0, 500));
    }),
  });
  results.push({
    name: 'bulk shipment with tracking, 500 orders raw SQL (one statement)',
    rows: SIZE,
    samples: await sampled(toOpen, () =>
      db.execute(sql`
        with changed as (
          update orders o set status = 'shipped', shipped_at = now(), updated_at = now(), tracking_number = v.t
          from unnest(${idsParam()}::bigint[], ${sql.param(tracking)}::text[]) as v(id, t)
          where o.partner_id = ${partnerId} and o.id = v.id and o.status in ('open', 'shipping')
          returning o.id, v.t)
        insert into order_status_history (partner_id, order_id, status, at, source, tracking_number)
        select ${partnerId}::int, id, 'shipped', now(), 'partner', t from changed`),
    ),
  });

  // Leave a kept database (BENCH_ORDERS_DATA) as it was: the orders as picked, without the bench's rows.
  const back = <K extends keyof (typeof picked)[number]>(key: K) => sql.param(picked.map((r) => r[key]));
  await db.execute(sql`update orders o set status = p.status, tracking_number = p.tracking, tracking_url = null,
      shipped_at = p.shipped::timestamptz, delivered_at = p.delivered::timestamptz,
      first_delivery_attempt_at = p.attempt::timestamptz
    from unnest(${idsParam()}::bigint[], ${back('status')}::text[], ${back('tracking')}::text[],
      ${back('shipped')}::text[], ${back('delivered')}::text[], ${back('attempt')}::text[])
      as p(id, status, tracking, shipped, delivered, attempt)
    where o.partner_id = ${partnerId} and o.id = p.id`);
  await db.execute(sql`delete from order_status_history where partner_id = ${partnerId}
    and order_id = any(${idsParam()}::bigint[]) and at >= ${benchStarted.toISOString()}::timestamptz`);

  await app.close();
  await drop();
  return results;
}
