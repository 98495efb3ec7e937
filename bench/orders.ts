import { encodeGridCursor, GRID_TOTAL_CAP } from '@pp/domain';
import { and, sql } from 'drizzle-orm';
import {
  firstDayNotMissing,
  ORDER_ROW_FIELDS,
  type OrdersView,
  ordersGridQuery,
} from '../apps/server/src/modules/orders/grid';
import { orders } from '../apps/server/src/modules/orders/tables';
import { rowsOf } from '../apps/server/src/platform/db/client';
import { seedDemo } from '../apps/server/src/seed/demo';
import { seedLarge } from '../apps/server/src/seed/large';
import { signedInApp, timed } from './app';
import { type BenchDatabase, benchDatabase, existingBenchDatabase } from './database';
import type { BenchResult } from './run';

const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const SAMPLES = num('BENCH_ORDERS_SAMPLES', 20);
const BULK_SAMPLES = num('BENCH_ORDERS_BULK_SAMPLES', 5);
const PER_PAGE = 50;
/** The far page of every tab: reached by cursor, as the DataGrid does when a person pages on. */
const FAR_PAGE = 1000;

type Grid = {
  filters: { field: string; operator: string; value?: string; values?: string[] }[];
  sort: { field: string; direction: string };
};

/** Every tab with a filter and a sort a seller would use on it. */
const TABS: { view: OrdersView; label: string; grid: Grid }[] = [
  {
    view: 'ALL',
    label: 'payment group IN (COD, online), created desc',
    grid: {
      filters: [{ field: 'paymentGroup', operator: 'IN', values: ['CASH_ON_DELIVERY', 'ONLINE_PAYMENT'] }],
      sort: { field: 'createdAt', direction: 'DESCENDING' },
    },
  },
  {
    view: 'OPEN',
    label: 'pickup point, delivery date asc',
    grid: {
      filters: [{ field: 'deliveryType', operator: 'EQUAL', value: 'PICKUP_POINT' }],
      sort: { field: 'deliveryDate', direction: 'ASCENDING' },
    },
  },
  {
    view: 'SHIPPING',
    label: 'cash on delivery, total desc',
    grid: {
      filters: [{ field: 'cashOnDelivery', operator: 'EQUAL', value: 'true' }],
      sort: { field: 'total', direction: 'DESCENDING' },
    },
  },
  {
    view: 'SHIPPED',
    label: 'not MALL Delivery, shipped desc',
    grid: {
      filters: [{ field: 'isMallDelivery', operator: 'EQUAL', value: 'false' }],
      sort: { field: 'shippedAt', direction: 'DESCENDING' },
    },
  },
  {
    view: 'DELIVERED',
    label: 'address or pickup point, delivered desc',
    grid: {
      filters: [{ field: 'deliveryType', operator: 'IN', values: ['ADDRESS', 'PICKUP_POINT'] }],
      sort: { field: 'deliveredAt', direction: 'DESCENDING' },
    },
  },
  {
    // A name typed without its accents: read by the trigram index on lower(pp_unaccent(customer_name)).
    view: 'ALL',
    label: 'customer name contains "novak", created desc',
    grid: {
      filters: [{ field: 'customerName', operator: 'LIKE', value: 'novak' }],
      sort: { field: 'createdAt', direction: 'DESCENDING' },
    },
  },
  {
    view: 'MISSING',
    label: 'not installments, delivery date asc',
    grid: {
      filters: [{ field: 'paymentGroup', operator: 'NIN', values: ['INSTALLMENT_PAYMENT'] }],
      sort: { field: 'deliveryDate', direction: 'ASCENDING' },
    },
  },
];

/**
 * The database to measure: an already seeded one named by BENCH_ORDERS_DATA (a PGlite folder or a PostgreSQL
 * URL, e.g. what `npm run seed -- --scale large` filled; kept afterwards), or a fresh throw-away one seeded
 * here: BENCH_ORDERS orders (1,000,000 on PostgreSQL, 200,000 on PGlite) over BENCH_ORDERS_PARTNERS partners.
 */
async function ordersDatabase(): Promise<BenchDatabase> {
  const existing = process.env.BENCH_ORDERS_DATA;
  if (existing) return existingBenchDatabase(existing);
  const bench = await benchDatabase('orders');
  const count = num('BENCH_ORDERS', bench.database.kind === 'postgres' ? 1_000_000 : 200_000);
  const started = Date.now();
  await seedDemo(bench.database.db, { extraPartners: 0 });
  await seedLarge(bench.database.db, { partners: num('BENCH_ORDERS_PARTNERS', 10_000), orders: count });
  console.log(
    `orders: seeded ${count} orders in ${((Date.now() - started) / 1000).toFixed(1)} s (${bench.database.kind})`,
  );
  return bench;
}

/**
 * The orders grids over the real server stack (app.inject: GraphQL, session, permission, service, database),
 * each next to the same statements sent straight to the database: first page and page 1,000 (by cursor) of
 * every tab with a filter and a sort, the tab counts (no figures cache), and a bulk status change of 500
 * orders (the SLA and the export have their own benches). Measured for the partner with the most orders (the demo's Czech partner).
 */
export async function ordersBench(): Promise<BenchResult[]> {
  const { database, url, drop } = await ordersDatabase();
  const db = database.db;
  const raw = async (query: { toSQL(): { sql: string; params: unknown[] } }) => {
    const q = query.toSQL();
    return (await database.executeSql(q.sql, q.params)).rows;
  };
  const [partner] = rowsOf<{ id: number; n: number }>(
    await db.execute(sql`select p.id, (select count(*) from orders o where o.partner_id = p.id)::int as n
      from partners p where p.sap_id = '100001'`),
  );
  if (!partner) throw new Error('the demo partner (sap 100001) is missing: seed the demo data first');
  const partnerId = partner.id;
  console.log(`orders bench (${database.kind}): partner ${partnerId} has ${partner.n} orders`);

  // The job system runs (a status change queues its event) but works no jobs here.
  const app = await signedInApp(database, url, partnerId);
  const { gql } = app;

  const results: BenchResult[] = [];
  const benchStarted = new Date();
  const GRID = `query($view: OrdersView!, $grid: GridInput) { orders(view: $view, grid: $grid) {
    total totalExact nextCursor items { id purchaseId externalId status confirmed createdAt deliveryDate shippedAt deliveredAt
      customerName deliveryCity deliveryCountry deliveryType branchId paymentType paymentGroup total cod currency
      trackingNumber parcelCount isTest isMallDelivery readyToReturn chips } } }`;

  /** The grid's statements for one request (rows, seeking range by range, and the capped total), run raw. */
  async function rawGrid(view: OrdersView, grid: Record<string, unknown>) {
    const { q, countWhere } = ordersGridQuery(partnerId, view, grid);
    const limited = db
      .select({ one: sql`1` })
      .from(orders)
      .where(countWhere)
      .limit(GRID_TOTAL_CAP + 1)
      .as('limited');
    const [rows] = await Promise.all([
      q.readRows(
        (seek, limit, offset) =>
          raw(
            db
              .select({ ...ORDER_ROW_FIELDS, ...q.cursorFields })
              .from(orders)
              .where(and(countWhere, seek))
              .orderBy(...q.orderBy)
              .limit(limit)
              .offset(offset),
          ) as never,
      ),
      raw(db.select({ n: sql<number>`count(*)::int` }).from(limited)),
    ]);
    return rows;
  }

  for (const tab of TABS) {
    // The cursor the DataGrid would hold after page 999 (or the page before the tab's last), from SQL:
    // the last row of that page in the grid's order, encoded as the server encodes it.
    const { q, countWhere } = ordersGridQuery(partnerId, tab.view, tab.grid);
    const [{ n: matching } = { n: 0 }] = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from ${orders} where ${countWhere}`),
    );
    const farPage = Math.max(2, Math.min(FAR_PAGE, Math.ceil(matching / PER_PAGE)));
    const [before] = await db
      .select(q.cursorFields)
      .from(orders)
      .where(countWhere)
      .orderBy(...q.orderBy)
      .limit(1)
      .offset((farPage - 1) * PER_PAGE - 1);
    const first = { ...tab.grid, perPage: PER_PAGE };
    const label = `orders ${tab.view} (${tab.label})`;
    results.push({
      name: `${label}: page 1`,
      rows: matching,
      samples: await timed(SAMPLES, 2, () => gql(GRID, { view: tab.view, grid: first })),
    });
    results.push({
      name: `${label}: page 1 raw SQL`,
      rows: matching,
      samples: await timed(SAMPLES, 2, () => rawGrid(tab.view, first)),
    });
    if (!before) continue;
    const after = encodeGridCursor({
      field: tab.grid.sort.field,
      direction: tab.grid.sort.direction as 'ASCENDING' | 'DESCENDING',
      value: before.gridSortKey,
      id: before.gridRowKey,
    });
    const far = { ...first, page: farPage, after };
    const check = await gql(GRID, { view: tab.view, grid: far });
    if (check.orders.items.length === 0) throw new Error(`${label}: page ${farPage} came back empty`);
    results.push({
      name: `${label}: page ${farPage} by cursor`,
      rows: matching,
      samples: await timed(SAMPLES, 2, () => gql(GRID, { view: tab.view, grid: far })),
    });
    results.push({
      name: `${label}: page ${farPage} raw SQL`,
      rows: matching,
      samples: await timed(SAMPLES, 2, () => rawGrid(tab.view, far)),
    });
  }

  // Tab counts, computed on every request (FIGURES_CACHE_TTL_MS=0), and the same two statements raw.
  results.push({
    name: 'orders tab counts (orderStatusCounts)',
    rows: partner.n,
    samples: await timed(SAMPLES, 2, () =>
      gql('{ orderStatusCounts { all open shipping shipped delivered missing } }', {}),
    ),
  });
  results.push({
    name: 'orders tab counts raw SQL',
    rows: partner.n,
    samples: await timed(SAMPLES, 2, () =>
      Promise.all([
        database.executeSql(
          'select status, count(*)::int as n from orders where partner_id = $1 and not is_test group by status',
          [partnerId],
        ),
        database.executeSql(
          `select count(*)::int as n from orders where partner_id = $1 and not is_test
             and status not in ('delivered', 'cancelled', 'returned', 'lost', 'blocked') and delivery_date < $2::date`,
          [partnerId, firstDayNotMissing(new Date())],
        ),
      ]),
    ),
  });

  // A bulk change of 500 shipped orders to delivered. The same 500 are put back to shipped with SQL before
  // each sample (not measured), so every sample changes 500 orders that may change.
  const picked = rowsOf<{ id: string }>(
    await db.execute(sql`select id::text as id from orders where partner_id = ${partnerId} and status = 'delivered'
      and not is_mall_delivery and not is_test and created_at < now() - interval '30 days' order by id desc limit 500`),
  ).map((r) => r.id);
  const reset = () =>
    db.execute(sql`update orders set status = 'shipped', delivered_at = null, first_delivery_attempt_at = null
      where partner_id = ${partnerId} and id = any(${sql.param(picked)}::bigint[])`);
  const BULK = `mutation($ids: [ID!]!, $data: OrderStatusInput!) { ordersStatusUpdate(orderIds: $ids, data: $data) {
    outcome results { orderId ok code } } }`;
  const bulkSamples: number[] = [];
  for (let i = 0; i < BULK_SAMPLES + 1; i++) {
    await reset();
    const started = performance.now();
    const data = await gql(BULK, { ids: picked, data: { status: 'delivered', deliveredAt: new Date().toISOString() } });
    const elapsed = performance.now() - started;
    if (data.ordersStatusUpdate.outcome !== 'statusesUpdate') throw new Error(JSON.stringify(data).slice(0, 500));
    if (i > 0) bulkSamples.push(elapsed);
  }
  results.push({
    name: 'bulk status change, 500 orders (ordersStatusUpdate)',
    rows: picked.length,
    samples: bulkSamples,
  });
  // The same rows written set-based in one transaction (status, dates, history), which the service does
  // order by order so that each order changes whole or not at all and reports its own result.
  const rawSamples: number[] = [];
  for (let i = 0; i < BULK_SAMPLES + 1; i++) {
    await reset();
    const started = performance.now();
    await db.execute(sql`
      with changed as (
        update orders set status = 'delivered', delivered_at = now(), updated_at = now()
        where partner_id = ${partnerId} and id = any(${sql.param(picked)}::bigint[]) and status = 'shipped'
        returning id)
      insert into order_status_history (partner_id, order_id, status, at, source)
      select ${partnerId}::int, id, 'delivered', now(), 'partner' from changed`);
    if (i > 0) rawSamples.push(performance.now() - started);
  }
  results.push({
    name: 'bulk status change, 500 orders raw SQL (one statement)',
    rows: picked.length,
    samples: rawSamples,
  });
  // Leave a kept database (BENCH_ORDERS_DATA) as it was: delivered, without the bench's history rows.
  await db.execute(sql`update orders set delivered_at = coalesce(delivered_at, updated_at), status = 'delivered'
    where partner_id = ${partnerId} and id = any(${sql.param(picked)}::bigint[])`);
  await db.execute(sql`delete from order_status_history where partner_id = ${partnerId}
    and order_id = any(${sql.param(picked)}::bigint[]) and at >= ${benchStarted.toISOString()}::timestamptz`);

  await app.close();
  await drop();
  return results;
}
