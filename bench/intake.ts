import { and, sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { demoOrderInput } from '../apps/server/src/modules/deliveries/intake-demo';
import { ORDER_ROW_FIELDS, ordersGridQuery } from '../apps/server/src/modules/orders/grid';
import { orders } from '../apps/server/src/modules/orders/tables';
import { type Config, loadConfig } from '../apps/server/src/platform/config';
import { rowsOf } from '../apps/server/src/platform/db/client';
import { DEMO_PASSWORD, seedDemo } from '../apps/server/src/seed/demo';
import { benchDatabase } from './database';
import type { BenchResult } from './run';

const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
/** Orders already in the Czech shop's book before intake starts (the figure is 1,000,000). */
const BOOK = num('BENCH_INTAKE_BOOK', 100_000);
/** How long intake runs, and how many posts are in flight at once (the marketplace's senders). */
const SECONDS = num('BENCH_INTAKE_SECONDS', 60);
const IN_FLIGHT = num('BENCH_INTAKE_IN_FLIGHT', 16);
const TOKEN = 'bench-marketplace-intake-credential-0123456789';

const GRID = `query($view: OrdersView!, $grid: GridInput) { orders(view: $view, grid: $grid) {
  total nextCursor items { id purchaseId status confirmed createdAt deliveryDate customerName deliveryCity
    deliveryType paymentType total cod currency isMallDelivery readyToReturn chips } } }`;
const FIRST_PAGE = { page: 1, perPage: 50, filters: [], sort: { field: 'id', direction: 'DESCENDING' } };

/**
 * Issue 19 "Scale": the intake's sustained rate (orders posted over HTTP with the marketplace's credential,
 * IN_FLIGHT at a time, for SECONDS) and, while it runs, the open orders grid's first page as the seller sees
 * it (GraphQL, session, permission) beside the same statements as raw SQL — the page new orders land on.
 */
export async function intakeBench(): Promise<BenchResult[]> {
  const { database, url, drop } = await benchDatabase('intake', { poolSize: IN_FLIGHT + 4 });
  await seedDemo(database.db, { extraPartners: 1 });
  const [cz] = rowsOf<{ id: number }>(await database.db.execute(sql`select id from partners where sap_id = '100001'`));
  const partnerId = cz!.id;
  const seeded = Date.now();
  await database.db.execute(sql`
    insert into orders (partner_id, id, status, confirmed, payment_type, currency, customer_name, total,
                        delivery_type, created_at, delivery_date)
    select ${partnerId}, 1000000000 + g, (array['open','shipping','shipped','delivered','delivered','cancelled'])[1 + g % 6],
           true, (array['A','B','C'])[1 + g % 3], 'CZK', 'Zákazník ' || g, 100 + g % 5000, 'ADDRESS',
           now() - make_interval(mins => g % 500000), (now() - make_interval(mins => g % 500000) + interval '3 days')::date
    from generate_series(1, ${BOOK}) as g`);
  await database.db.execute(sql`analyze orders`);
  console.log(`intake: book of ${BOOK} orders in ${((Date.now() - seeded) / 1000).toFixed(1)} s (${database.kind})`);

  const base = loadConfig({ LOG_LEVEL: 'silent', REMOTE_LOGIN_SECRET: 'bench-remote-login-secret-0123456789' });
  const config: Config = {
    ...base,
    databaseUrl: url,
    webDist: '/nonexistent',
    jobsEnabled: false,
    rateLimitPerMinute: 0,
    figuresCacheTtlMs: 0,
    marketplace: { ...base.marketplace, demoOrders: false, intakeTokenHash: null },
  };
  const app = await buildApp({ config, database });
  const { createHash } = await import('node:crypto');
  app.platform.config.marketplace.intakeTokenHash = createHash('sha256').update(TOKEN).digest();
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

  let nextId = 5_000_000_000_000;
  let created = 0;
  let refused = 0;
  const deadline = Date.now() + SECONDS * 1000;
  const started = performance.now();
  const sender = async () => {
    while (Date.now() < deadline) {
      const body = demoOrderInput({ id: partnerId, shopId: 'CZ10MA' }, nextId++);
      const answer = await app.app.inject({
        method: 'POST',
        url: '/internal/marketplace/orders',
        headers: { authorization: `Bearer ${TOKEN}` },
        payload: body as object,
      });
      if (answer.statusCode === 201) created++;
      else refused++;
    }
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
  await Promise.all([...Array.from({ length: IN_FLIGHT }, sender), reader()]);
  const elapsed = (performance.now() - started) / 1000;
  console.log(
    `intake: ${created} orders in ${elapsed.toFixed(1)} s = ${(created / elapsed).toFixed(0)} orders/s ` +
      `(${IN_FLIGHT} in flight, ${refused} refused, ${database.kind})`,
  );
  await app.close();
  await drop();
  return [
    { name: `open orders grid page 1 (GraphQL) while intake runs, book ${BOOK}`, rows: BOOK, samples: gridSamples },
    { name: 'open orders grid page 1 (raw SQL) while intake runs', rows: BOOK, samples: rawSamples },
  ];
}
