import { apiDayOf, GRID_TOTAL_CAP } from '@pp/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { apiTiers, partnerApiTiers } from '../apps/server/src/modules/api/tables';
import { basicOrderJsonSql } from '../apps/server/src/modules/api/rest/orders-wire';
import { ordersGridQuery } from '../apps/server/src/modules/orders/grid';
import { orders } from '../apps/server/src/modules/orders/tables';
import { availabilityStatement, checkedChanges } from '../apps/server/src/modules/products/availability';
import { type Config, loadConfig } from '../apps/server/src/platform/config';
import type { Database } from '../apps/server/src/platform/db/client';
import { seedDemo } from '../apps/server/src/seed/demo';
import { seedLarge } from '../apps/server/src/seed/large';
import { LARGE_PRODUCT_PREFIX } from '../apps/server/src/seed/large-products';
import { DEMO_API_CLIENT_ID } from '../apps/server/src/seed/partner-area/api';
import { benchDatabase } from './database';
import { type LoadJob, load } from './load';
import type { BenchResult } from './run';

const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const WARMUP_MS = num('BENCH_WARMUP_SECONDS', 1) * 1000;
const DURATION_MS = num('BENCH_SECONDS', 5) * 1000;
/** Distinct products the single updates and the batches spread over (each request really changes its rows). */
const SPREAD = 5_000;
const BATCH = 1_000;
const ORDER_PAGE = 100;

function percentile(sorted: number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : Number.NaN;
}

function report(name: string, completed: number, windowMs: number, latencies: number[]) {
  const sorted = [...latencies].sort((a, b) => a - b);
  console.log(
    `  ${name.padEnd(52)} ${(completed / (windowMs / 1000)).toFixed(0).padStart(6)} req/s  ` +
      `p50=${percentile(sorted, 50).toFixed(1).padStart(6)} ms  p99=${percentile(sorted, 99).toFixed(1).padStart(6)} ms  n=${completed}`,
  );
}

/**
 * The same closed loop as load-worker.mjs, in process, for statements sent straight to the database: what the
 * API adds on top of its statements is the difference between the two lines of a scenario.
 */
async function rawLoop(concurrency: number, run: (k: number) => Promise<unknown>) {
  const windowStart = performance.now() + WARMUP_MS;
  const windowEnd = windowStart + DURATION_MS;
  const latencies: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < windowEnd) {
        const t0 = performance.now();
        await run(next++);
        const t1 = performance.now();
        if (t1 >= windowStart && t1 <= windowEnd) latencies.push(t1 - t0);
      }
    }),
  );
  return { completed: latencies.length, latencies, windowMs: DURATION_MS };
}

/**
 * The statements of one order list page (`GET /v1/orders?filter=basic`) as the first page of a listing costs
 * them: the page's basic orders as one JSON text written by the database, and the capped total (the API counts
 * once per listing and keeps the total a few seconds, so its later pages run the first statement only).
 */
function rawOrderPage(database: Database, partnerId: number, page: number) {
  const db = database.db;
  const raw = async (query: { toSQL(): { sql: string; params: unknown[] } }) => {
    const q = query.toSQL();
    return (await database.executeSql(q.sql, q.params)).rows;
  };
  const { q, countWhere } = ordersGridQuery(partnerId, 'ALL', { page, perPage: ORDER_PAGE, filters: [] });
  const limited = db
    .select({ one: sql`1` })
    .from(orders)
    .where(countWhere)
    .limit(GRID_TOTAL_CAP + 1)
    .as('limited');
  return Promise.all([
    raw(
      db
        .select({
          json: sql<string>`string_agg((${basicOrderJsonSql})::text, ',' order by ${sql.join(q.orderBy, sql`, `)})`,
          size: sql<number>`count(*)::int`,
        })
        .from(orders)
        .where(
          and(
            eq(orders.partnerId, partnerId),
            inArray(
              orders.id,
              db
                .select({ id: orders.id })
                .from(orders)
                .where(countWhere)
                .orderBy(...q.orderBy)
                .limit(q.limit)
                .offset(q.offset),
            ),
          ),
        ),
    ),
    raw(db.select({ n: sql<number>`count(*)::int` }).from(limited)),
  ]);
}

/**
 * The partner REST API v1 over HTTP on a loopback port with the closed-loop load worker, on the large seed
 * (demo, `BENCH_API_PARTNERS` partners, `BENCH_API_PRODUCTS` more products and `BENCH_API_ORDERS` orders for
 * the demo's Czech partner). Every call is authenticated by its client_id (one indexed read) and counted by
 * the lease-based rate limit (on, with a tier the run never uses up; no write per request). Scenarios:
 * `GET /v1/shops` (what the API itself costs), the same past the day's limit (429 from memory), single
 * availability updates `PUT /v1/products/{id}/availability` spread over 5,000 products (each request really
 * changes its row), 1,000-item batches `POST /v1/availability` and order list pages
 * `GET /v1/orders?filter=basic&page_size=100`; each write and list scenario beside its own statements sent
 * raw from the same number of clients.
 */
export async function apiV1Bench(): Promise<BenchResult[]> {
  const base = loadConfig({ LOG_LEVEL: 'silent', REMOTE_LOGIN_SECRET: 'bench-remote-login-secret-0123456789' });
  // No statement timeout: the seed's bulk inserts (200,000 orders through the SLA and webhook triggers) take
  // longer than a request may, and the pool is the seed's before it is the server's.
  const { database, url, drop } = await benchDatabase('api-v1', { poolSize: base.databasePoolSize });
  const postgres = database.kind === 'postgres';
  const concurrency = num('BENCH_CONCURRENCY', postgres ? 50 : 10);
  const listClients = num('BENCH_API_LIST_CONCURRENCY', 10);
  const seedStarted = Date.now();
  await seedDemo(database.db, { extraPartners: 0 });
  await seedLarge(database.db, {
    partners: num('BENCH_API_PARTNERS', 2_000),
    products: num('BENCH_API_PRODUCTS', postgres ? 100_000 : 10_000),
    orders: num('BENCH_API_ORDERS', postgres ? 200_000 : 20_000),
  });
  if (postgres) await database.executeSql('vacuum analyze');
  const [cz] = (await database.executeSql(`select id from partners where sap_id = '100001'`)).rows as { id: number }[];
  const partnerId = cz!.id;
  const productIds = (
    (
      await database.executeSql(
        `select id from products where partner_id = $1 and id like $2 || '%' and variant_count = 0 order by id limit $3`,
        // The batches spread over one chunk per client where the seed has that many: batches of different
        // clients then wait for no one's row locks, as different integrations' would not.
        [partnerId, LARGE_PRODUCT_PREFIX, Math.max(SPREAD, BATCH * concurrency)],
      )
    ).rows as { id: string }[]
  ).map((r) => r.id);
  const [counts] = (
    await database.executeSql(
      `select (select count(*) from products where partner_id = $1)::int as products,
        (select count(*) from orders where partner_id = $1)::int as orders`,
      [partnerId],
    )
  ).rows as { products: number; orders: number }[];
  console.log(
    `api-v1 (${database.kind}): seeded in ${((Date.now() - seedStarted) / 1000).toFixed(0)} s; the Czech partner has ` +
      `${counts!.products} products and ${counts!.orders} orders; ${DURATION_MS / 1000} s each`,
  );

  // A tier the measured calls never use up: the limit is counted on every call all the same.
  const [roomy] = await database.db
    .insert(apiTiers)
    .values({ name: 'Bench', productsLimit: 1e9, availabilityLimit: 1e9, ordersLimit: 1e9, otherLimit: 1e9 })
    .returning();
  await database.db.insert(partnerApiTiers).values({ partnerId, tierId: roomy!.id });

  const config: Config = { ...base, databaseUrl: url, webDist: '/nonexistent', jobsEnabled: false };
  const app = await buildApp({ config, database });
  try {
    await app.app.listen({ port: 0, host: '127.0.0.1' });
    const origin = `http://127.0.0.1:${(app.app.server.address() as { port: number }).port}`;
    const headers = { 'accept-language': 'en', 'x-application-name': 'bench', 'x-application-version': '1' };
    const key = `client_id=${DEMO_API_CLIENT_ID}`;
    // Product k of the spread gets stock 1, 2, 3 … on its turns: every request changes its row.
    const spread = productIds.slice(0, SPREAD);
    const singles = Array.from({ length: SPREAD * 6 }, (_, j) => ({
      path: `/v1/products/${spread[j % spread.length]}/availability?${key}`,
      body: JSON.stringify({ in_stock: 1 + Math.floor(j / spread.length), status: 'A' }),
    }));
    const chunks = Math.max(1, Math.floor(productIds.length / BATCH));
    const batches = Array.from({ length: chunks * 4 }, (_, j) => ({
      path: `/v1/availability?${key}`,
      body: JSON.stringify(
        productIds
          .slice((j % chunks) * BATCH, (j % chunks) * BATCH + BATCH)
          .map((id) => ({ id, in_stock: 100 + Math.floor(j / chunks), status: 'A' })),
      ),
    }));
    const pages = Math.max(1, Math.min(10, Math.floor(counts!.orders / ORDER_PAGE)));
    const orderPages = Array.from({ length: pages }, (_, p) => ({
      path: `/v1/orders?filter=basic&page_size=${ORDER_PAGE}&page=${p + 1}&${key}`,
      body: '[]',
    }));

    type Scenario = {
      name: string;
      method: NonNullable<LoadJob['method']>;
      okStatus: number;
      targets: { path: string; body: string }[];
      raw?: (k: number) => Promise<unknown>;
      limited?: boolean;
      /** Clients of this scenario when not BENCH_CONCURRENCY. */
      clients?: number;
    };
    const actor = { accountId: null, adminAccountId: null, partnerId, requestId: 'bench' };
    const scenarios: Scenario[] = [
      { name: 'v1 shops', method: 'GET', okStatus: 200, targets: [{ path: `/v1/shops?${key}`, body: '[]' }] },
      { name: 'v1 brands', method: 'GET', okStatus: 200, targets: [{ path: `/v1/brands?${key}`, body: '[]' }] },
      {
        name: 'v1 availability, single PUT',
        method: 'PUT',
        okStatus: 200,
        targets: singles,
        // Stock values of their own (1,000 and up), so the raw statements change the rows too.
        raw: (k) =>
          database.db.execute(
            availabilityStatement(
              partnerId,
              'PRODUCT',
              checkedChanges('PRODUCT', [
                { id: spread[k % spread.length]!, inStock: 1000 + Math.floor(k / spread.length) },
              ]),
              actor,
            ),
          ),
      },
      {
        name: `v1 availability, batch of ${BATCH}`,
        method: 'POST',
        // A connector sends its batches one after another; a few integrations at once, not fifty.
        clients: num('BENCH_API_BATCH_CONCURRENCY', 4),
        okStatus: 204,
        targets: batches,
        raw: (k) =>
          database.db.execute(
            availabilityStatement(
              partnerId,
              'ITEM',
              checkedChanges(
                'ITEM',
                productIds
                  .slice((k % chunks) * BATCH, (k % chunks) * BATCH + BATCH)
                  .map((id) => ({ id, inStock: 2000 + Math.floor(k / chunks) })),
              ),
              actor,
            ),
          ),
      },
      {
        name: `v1 orders, basic pages of ${ORDER_PAGE}`,
        method: 'GET',
        // The list's latency is the aim (p99 ≤ 50 ms): as many readers as a partner's connectors and people
        // have open at once, not the write scenarios' crowd (whose latency would be the queue's).
        clients: listClients,
        okStatus: 200,
        targets: orderPages,
        raw: (k) => rawOrderPage(database, partnerId, (k % pages) + 1),
      },
      {
        name: 'v1 shops past limit',
        method: 'GET',
        okStatus: 429,
        targets: [{ path: `/v1/shops?${key}`, body: '[]' }],
        limited: true,
      },
    ];
    const only = process.env.BENCH_API_SCENARIOS;
    for (const scenario of scenarios) {
      if (only && !only.split(',').some((s) => scenario.name.includes(s.trim()))) continue;
      if (scenario.limited) {
        // Hand back what the roomy tier leased, so the spent tier is what the next call meets.
        await app.apiV1.quota.flush(true);
        const [spent] = await database.db
          .insert(apiTiers)
          .values({ name: 'Spent', productsLimit: 0, availabilityLimit: 0, ordersLimit: 0, otherLimit: 0 })
          .returning();
        await database.db.insert(partnerApiTiers).values({ partnerId, tierId: spent!.id });
      }
      const first = scenario.targets[0]!;
      const check = await fetch(`${origin}${first.path}`, {
        method: scenario.method,
        headers: { ...headers, 'content-type': 'application/json' },
        body: scenario.method === 'GET' ? undefined : first.body,
      });
      if (check.status !== scenario.okStatus)
        throw new Error(`${scenario.name}: ${check.status} ${await check.text()}`);
      const outcome = await load({
        url: `${origin}${first.path}`,
        method: scenario.method,
        okStatus: scenario.okStatus,
        headers,
        body: first.body,
        targets: scenario.targets.slice(1).concat(first),
        concurrency: scenario.clients ?? concurrency,
        warmupMs: WARMUP_MS,
        durationMs: DURATION_MS,
      });
      if (outcome.failed > 0) throw new Error(`${scenario.name}: ${outcome.failed} failed, ${outcome.firstFailure}`);
      const clients = scenario.clients ?? concurrency;
      report(`${scenario.name} (${clients} clients)`, outcome.completed, outcome.windowMs, outcome.latencies);
      if (scenario.raw) {
        const raw = await rawLoop(clients, scenario.raw);
        report(`  the same statements, raw SQL`, raw.completed, raw.windowMs, raw.latencies);
      }
    }
    await app.apiV1.quota.flush();
    const usage = (
      await database.executeSql(
        `select domain, used_requests as n from api_usage_daily where partner_id = $1 and day = $2::date order by domain`,
        [partnerId, apiDayOf(new Date())],
      )
    ).rows as { domain: string; n: number }[];
    // The demo seed's own count of today is in it too.
    console.log(`  counted on the limits tab today: ${usage.map((u) => `${u.domain} ${u.n}`).join(', ')}`);
  } finally {
    await app.close();
    await drop();
  }
  return [];
}
