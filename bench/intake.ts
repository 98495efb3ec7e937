import { createHash } from 'node:crypto';
import { and, sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { demoOrderInput } from '../apps/server/src/modules/deliveries/intake-demo';
import { ORDER_ROW_FIELDS, ordersGridQuery } from '../apps/server/src/modules/orders/grid';
import { orders } from '../apps/server/src/modules/orders/tables';
import { type Config, loadConfig } from '../apps/server/src/platform/config';
import { rowsOf } from '../apps/server/src/platform/db/client';
import { DEMO_PASSWORD, seedDemo } from '../apps/server/src/seed/demo';
import { type BenchDatabase, benchDatabase, existingBenchDatabase } from './database';
import type { BenchResult } from './run';

const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
/** How long intake runs. */
const SECONDS = num('BENCH_INTAKE_SECONDS', 60);
/** Orders offered per second, one per POST, paced evenly (the aim: 200); 0 offers as fast as answered. */
const RATE = num('BENCH_INTAKE_RATE', 200);
/** The most posts open at once (the marketplace's senders); an offered order waits for a free one. */
const IN_FLIGHT = num('BENCH_INTAKE_IN_FLIGHT', 64);
const TOKEN = 'bench-marketplace-intake-credential-0123456789';
/** The bench's own order ids, above the seeds' and the demo generator's, below test orders. */
const FIRST_ID = 8_500_000_000_000;

const GRID = `query($view: OrdersView!, $grid: GridInput) { orders(view: $view, grid: $grid) {
  total nextCursor items { id purchaseId status confirmed createdAt deliveryDate customerName deliveryCity
    deliveryType paymentType total cod currency isMallDelivery readyToReturn chips } } }`;
const FIRST_PAGE = { page: 1, perPage: 50, filters: [], sort: { field: 'id', direction: 'DESCENDING' } };

/**
 * The database to measure: an already seeded one named by BENCH_ORDERS_DATA (e.g. the large seed's
 * 1,000,000 orders; kept, and the bench's orders taken out again afterwards), or a fresh one with the demo
 * data and a book of BENCH_INTAKE_BOOK orders for the Czech shop (1,000,000 on PostgreSQL, 20,000 on PGlite).
 */
async function intakeDatabase(): Promise<BenchDatabase & { kept: boolean }> {
  const existing = process.env.BENCH_ORDERS_DATA;
  if (existing) return { ...(await existingBenchDatabase(existing)), kept: true };
  const bench = await benchDatabase('intake', { poolSize: 20 });
  const db = bench.database.db;
  // The Czech shop's book before intake starts: the million on PostgreSQL, a smaller one in process.
  const book = num('BENCH_INTAKE_BOOK', bench.database.kind === 'postgres' ? 1_000_000 : 20_000);
  await seedDemo(db, { extraPartners: 1 });
  const seeded = Date.now();
  await db.execute(sql`
    insert into orders (partner_id, id, status, confirmed, payment_type, currency, customer_name, total,
                        delivery_type, created_at, delivery_date)
    select p.id, 1000000000 + g, (array['open','shipping','shipped','delivered','delivered','cancelled'])[1 + g % 6],
           true, (array['A','B','C'])[1 + g % 3], 'CZK', 'Zákazník ' || g, 100 + g % 5000, 'ADDRESS',
           now() - make_interval(mins => g % 500000), (now() - make_interval(mins => g % 500000) + interval '3 days')::date
    from generate_series(1, ${book}) as g, partners p where p.sap_id = '100001'`);
  await db.execute(sql`analyze orders`);
  console.log(`intake: book of ${book} orders in ${((Date.now() - seeded) / 1000).toFixed(1)} s`);
  return { ...bench, kept: false };
}

/** Takes the bench's orders and everything they brought out of a kept database again. */
async function removeBenchOrders(bench: BenchDatabase, partnerId: number, last: number) {
  const db = bench.database.db;
  const range = sql`between ${FIRST_ID} and ${last}`;
  await db.execute(sql`delete from order_items where partner_id = ${partnerId} and order_id ${range}`);
  await db.execute(sql`delete from order_status_history where partner_id = ${partnerId} and order_id ${range}`);
  await db.execute(sql`delete from orders where partner_id = ${partnerId} and id ${range}`);
  await db.execute(sql`delete from marketplace_order_intake where order_id ${range}`);
  await db.execute(sql`delete from audit_log where partner_id = ${partnerId} and action = 'order.create'
    and entity = 'order' and entity_id ~ '^[0-9]+$' and entity_id::bigint ${range}`);
  await db.execute(sql`delete from pgboss.job where name = 'order.created' and (data->>'orderId')::bigint ${range}`);
}

/**
 * Issue 19 "Scale": the intake's sustained rate and, while it runs, the open orders grid's first page as the
 * seller sees it (GraphQL, session, permission) beside the same statements as raw SQL — the page new orders
 * land on. Orders are offered at RATE a second for SECONDS, each as its own POST with the marketplace's
 * credential (at most IN_FLIGHT open), the way the shop sends them; the figures are the orders taken per
 * second, each post's time to its answer, and the grid's times.
 */
export async function intakeBench(): Promise<BenchResult[]> {
  const bench = await intakeDatabase();
  const { database, url } = bench;
  const [cz] = rowsOf<{ id: number; n: number }>(
    await database.db.execute(sql`select p.id, (select count(*) from orders o where o.partner_id = p.id)::int as n
      from partners p where p.sap_id = '100001'`),
  );
  if (!cz) throw new Error('the demo partner (sap 100001) is missing: seed the demo data first');
  const partnerId = cz.id;
  const book = cz.n;

  const base = loadConfig({ LOG_LEVEL: 'silent', REMOTE_LOGIN_SECRET: 'bench-remote-login-secret-0123456789' });
  const config: Config = {
    ...base,
    databaseUrl: url,
    webDist: '/nonexistent',
    jobsEnabled: false,
    rateLimitPerMinute: 0,
    figuresCacheTtlMs: 0,
    marketplace: {
      ...base.marketplace,
      demoOrders: false,
      intakeTokenHash: createHash('sha256').update(TOKEN).digest(),
    },
  };
  const app = await buildApp({ config, database });
  const login = await app.app.inject({
    method: 'POST',
    url: '/graphql',
    payload: { query: `mutation { login(email: "partner@demo.test", password: "${DEMO_PASSWORD}") { token } }` },
  });
  const token = login.json().data.login.token as string;

  const grid = async () => {
    const response = await app.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: {
        authorization: `Bearer ${token}`,
        'x-partner-id': String(partnerId),
        'content-type': 'application/json',
      },
      payload: { query: GRID, variables: { view: 'OPEN', grid: FIRST_PAGE } },
    });
    if (response.json().errors) throw new Error(response.body);
  };
  const rawGrid = async () => {
    const { q, countWhere } = ordersGridQuery(partnerId, 'OPEN', FIRST_PAGE);
    await q.readRows(
      (seek, limit, offset) =>
        database.db
          .select({ ...ORDER_ROW_FIELDS, ...q.cursorFields })
          .from(orders)
          .where(and(countWhere, seek))
          .orderBy(...q.orderBy)
          .limit(limit)
          .offset(offset) as never,
    );
  };

  let nextId = FIRST_ID;
  let created = 0;
  let refused = 0;
  const postSamples: number[] = [];
  const send = async () => {
    const body = demoOrderInput({ id: partnerId, shopId: 'CZ10MA' }, nextId++);
    const started = performance.now();
    const answer = await app.app.inject({
      method: 'POST',
      url: '/internal/marketplace/orders',
      headers: { authorization: `Bearer ${TOKEN}` },
      payload: body as object,
    });
    postSamples.push(performance.now() - started);
    if (answer.statusCode === 201) created++;
    else refused++;
  };
  const deadline = Date.now() + SECONDS * 1000;
  const started = performance.now();
  /** Offers an order every 1/RATE s on schedule; one waits while IN_FLIGHT posts are open (the intake is behind). */
  const offer = async () => {
    const running = new Set<Promise<void>>();
    let offered = 0;
    while (Date.now() < deadline) {
      const due = RATE > 0 ? Math.floor(((performance.now() - started) / 1000) * RATE) : Number.POSITIVE_INFINITY;
      while (offered < due && running.size < IN_FLIGHT) {
        offered++;
        const post: Promise<void> = send().finally(() => running.delete(post));
        running.add(post);
      }
      if (running.size >= IN_FLIGHT || RATE === 0) await Promise.race(running);
      else await new Promise((resolve) => setTimeout(resolve, 2));
    }
    await Promise.all(running);
    return offered;
  };
  const gridSamples: number[] = [];
  const rawSamples: number[] = [];
  const reader = async () => {
    while (Date.now() < deadline) {
      let t = performance.now();
      await grid();
      gridSamples.push(performance.now() - t);
      t = performance.now();
      await rawGrid();
      rawSamples.push(performance.now() - t);
    }
  };
  const [offered] = await Promise.all([offer(), reader()]);
  const elapsed = (performance.now() - started) / 1000;
  const pace = RATE > 0 ? `${RATE}/s offered` : 'as fast as answered';
  console.log(
    `intake: ${created} orders in ${elapsed.toFixed(1)} s = ${(created / elapsed).toFixed(0)} orders/s ` +
      `(${pace}, ${offered} offered, at most ${IN_FLIGHT} open, ${refused} refused, ` +
      `book ${book}, ${database.kind})`,
  );
  await app.close();
  if (bench.kept) await removeBenchOrders(bench, partnerId, nextId);
  await bench.drop();
  return [
    { name: `intake POST of one order, ${pace}, book ${book}`, rows: book, samples: postSamples },
    { name: `open orders grid page 1 (GraphQL) while intake runs, book ${book}`, rows: book, samples: gridSamples },
    { name: 'open orders grid page 1 (raw SQL) while intake runs', rows: book, samples: rawSamples },
  ];
}
