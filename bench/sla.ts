import { slaPeriods } from '@pp/domain';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { countSla, slaCountSql } from '../apps/server/src/modules/sla/service';
import { countSlaSummarized } from '../apps/server/src/modules/sla/summary';
import { loadConfig } from '../apps/server/src/platform/config';
import { rowsOf } from '../apps/server/src/platform/db/client';
import { DEMO_PASSWORD, seedDemo } from '../apps/server/src/seed/demo';
import { benchDatabase } from './database';
import type { BenchResult } from './run';

const ORDERS = Number(process.env.BENCH_SLA_ORDERS ?? 200_000);
const SAMPLES = 20;

/**
 * Orders of one partner over two years in one set-based statement: statuses, shipping, tracking and delivery
 * dates spread so that every indicator has broken and good orders.
 */
function ordersSql(partnerId: number, count: number, firstId: number) {
  return sql`
    insert into orders (partner_id, id, status, confirmed, payment_type, currency, customer_name, total,
                        tracking_number, delivery_type, is_test, created_at, delivery_date, shipped_at, delivered_at)
    select ${partnerId}, ${firstId} + g,
           (array['open','shipping','shipped','delivered','delivered','delivered','delivered','cancelled','returned'])[1 + g % 9],
           g % 17 <> 0, (array['A','B','U'])[1 + g % 3], 'CZK', 'Zákazník ' || g, 100 + g % 5000,
           case when g % 13 = 0 then null else 'DR-' || g end,
           (array['ADDRESS','PICKUP_POINT','PERSONAL_PICKUP'])[1 + g % 3], g % 97 = 0,
           created, (created + interval '3 days')::date,
           case when g % 9 between 2 and 8 then created + interval '1 day' end,
           case when g % 9 between 3 and 6 then created + make_interval(days => 2 + g % 3) end
    from generate_series(1, ${count}) as g,
         lateral (select now() - make_interval(mins => (g * 526) % (730 * 24 * 60)) as created) as c`;
}

/** The SLA computation and the home dashboard's order figures for a partner with 200,000 orders. */
export async function slaBench(): Promise<BenchResult[]> {
  const { database, url: databaseUrl, drop } = await benchDatabase('sla');
  await seedDemo(database.db, { extraPartners: 1 });
  const [cz] = rowsOf<{ id: number }>(await database.db.execute(sql`select id from partners where sap_id = '100001'`));
  const [other] = rowsOf<{ id: number }>(
    await database.db.execute(sql`select id from partners where sap_id = '100002'`),
  );
  const seeded = Date.now();
  await database.db.execute(ordersSql(cz!.id, ORDERS, 1_000_000_000));
  // Another partner as big: the partner's range of the index, not the whole table, must be what is read.
  await database.db.execute(ordersSql(other!.id, ORDERS, 2_000_000_000));
  await database.db.execute(sql`analyze orders`);
  console.log(`seeded 2 × ${ORDERS} orders in ${((Date.now() - seeded) / 1000).toFixed(1)} s (${database.kind})`);

  const plan = await database.db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    await tx.execute(sql`set local work_mem = '32MB'`);
    const explained = await tx.execute(sql`explain ${slaCountSql(cz!.id, slaPeriods(new Date(), 6))}`);
    return rowsOf<{ 'QUERY PLAN': string }>(explained).map((r) => r['QUERY PLAN']);
  });
  console.log(
    `SLA plan reads orders by: ${plan
      .filter((l) => /Scan.*orders/.test(l))
      .map((l) => l.trim())
      .join(' | ')}`,
  );

  // The first read of a partner counts its twelve completed months into the summary (once; migrations and later
  // reads keep them current).
  const firstStarted = performance.now();
  await countSlaSummarized(database.db, cz!.id, slaPeriods(new Date(), 12));
  const firstRead = performance.now() - firstStarted;
  console.log(`SLA summary: first read of 12 months (counts them) ${firstRead.toFixed(0)} ms`);

  const config = {
    ...loadConfig({ LOG_LEVEL: 'silent', REMOTE_LOGIN_SECRET: 'bench-remote-login-secret-0123456789' }),
    databaseUrl,
    webDist: '/nonexistent',
    // Every request computes: the bench measures the figures, not the cache.
    figuresCacheTtlMs: 0,
  };
  const app = await buildApp({ config, database, jobs: false });
  const login = await app.app.inject({
    method: 'POST',
    url: '/graphql',
    payload: { query: `mutation { login(email: "partner@demo.test", password: "${DEMO_PASSWORD}") { token } }` },
  });
  const token = login.json().data.login.token as string;

  async function time(name: string, query: string): Promise<BenchResult> {
    const samples: number[] = [];
    for (let i = 0; i < SAMPLES + 2; i++) {
      const started = performance.now();
      const response = await app.app.inject({
        method: 'POST',
        url: '/graphql',
        headers: { authorization: `Bearer ${token}`, 'x-partner-id': String(cz!.id) },
        payload: { query },
      });
      const elapsed = performance.now() - started;
      const body = response.json();
      if (body.errors) throw new Error(JSON.stringify(body.errors));
      if (i >= 2) samples.push(elapsed);
    }
    return { name, rows: ORDERS, samples };
  }

  const results = [
    await time(
      'sla: statistics, 6 months, 4 indicators',
      '{ slaStatistics(numberOfMonths: 6) { indicators { status currentMonth { ratio } } } }',
    ),
    await time(
      'sla: statistics, 12 months, 4 indicators',
      '{ slaStatistics(numberOfMonths: 12) { indicators { status currentMonth { ratio } } } }',
    ),
    await time(
      'home: orders to ship, missing, days to delivery, sales',
      '{ dashboardOrders { toShipToday overdue missingStatuses sales { total } } }',
    ),
  ];
  async function direct(name: string, run: () => Promise<unknown>, samples = SAMPLES): Promise<BenchResult> {
    const times: number[] = [];
    for (let i = 0; i < samples; i++) {
      const started = performance.now();
      await run();
      times.push(performance.now() - started);
    }
    return { name, rows: ORDERS, samples: times };
  }
  const periods = (months: number) => slaPeriods(new Date(), months);
  results.push(
    await direct('sla: the 6-month direct count alone (no summary, no GraphQL)', () =>
      countSla(database.db, cz!.id, periods(6)),
    ),
    await direct('sla: the 12-month direct count alone (no summary, no GraphQL)', () =>
      countSla(database.db, cz!.id, periods(12)),
    ),
    await direct('sla: the 12-month summary read alone (months counted, no GraphQL)', () =>
      countSlaSummarized(database.db, cz!.id, periods(12)),
    ),
  );
  // A change to an order of two months ago marks that month: the next read counts it again from the orders.
  const recount: number[] = [];
  for (let i = 0; i < 5; i++) {
    await database.db.execute(sql`
      update orders set tracking_number = case when tracking_number is null then 'DR-bench' else null end
      where partner_id = ${cz!.id} and id = (
        select id from orders where partner_id = ${cz!.id}
          and shipped_at >= date_trunc('month', now()) - interval '2 months'
          and shipped_at < date_trunc('month', now()) - interval '1 month'
        order by id limit 1)`);
    const started = performance.now();
    await countSlaSummarized(database.db, cz!.id, periods(12));
    recount.push(performance.now() - started);
  }
  results.push({
    name: 'sla: 12 months right after a change of one past month (recounts it)',
    rows: ORDERS,
    samples: recount,
  });
  await app.close();
  await drop();
  return results;
}
