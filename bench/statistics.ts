import { addDays, campaignDay, type StatisticsRequest, statisticsMonths } from '@pp/domain';
import { buildApp } from '../apps/server/src/app';
import { statisticsFrom } from '../apps/server/src/modules/statistics/service';
import { directSources } from '../apps/server/src/modules/statistics/summary';
import { loadConfig } from '../apps/server/src/platform/config';
import { DEMO_PASSWORD, seedDemo } from '../apps/server/src/seed/demo';
import { seedLargeOrders } from '../apps/server/src/seed/large-orders';
import { benchDatabase, existingBenchDatabase } from './database';
import type { BenchResult } from './run';

const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
/** Enough reads that one pause of the machine is not the p95. */
const SAMPLES = num('BENCH_STATISTICS_SAMPLES', 60);

/**
 * The statistics page (issue 23, point 6) on the large seed: `BENCH_STATISTICS_ORDERS` orders (1,000,000 on
 * PostgreSQL, 20,000 on the embedded database) over two years and every partner, a fifth of them the demo's Czech
 * partner, who signs in. The seed ends by counting the summary. Each read — 30 days by day, 12 months by week, two
 * years by month, a market — through GraphQL, beside the same figures counted straight from the orders (the
 * direct count the summary replaces, no GraphQL), and a read right after a change of one past month (counts it
 * again). Target: p95 ≤ 50 ms at 1M orders.
 */
export async function statisticsBench(): Promise<BenchResult[]> {
  // BENCH_STATISTICS_DATA: an already seeded database (`npm run seed -- --scale large`), left as it was found.
  const existing = process.env.BENCH_STATISTICS_DATA;
  const { database, url, drop } = existing ? await existingBenchDatabase(existing) : await benchDatabase('statistics');
  const postgres = database.kind === 'postgres';
  const orders = num('BENCH_STATISTICS_ORDERS', postgres ? 1_000_000 : 20_000);
  const seeded = Date.now();
  if (!existing) {
    await seedDemo(database.db, { extraPartners: num('BENCH_STATISTICS_PARTNERS', 50) });
    await seedLargeOrders(database.db, { orders });
  }
  const [cz] = (await database.executeSql(`select id from partners where sap_id = '100001'`)).rows as { id: number }[];
  const partnerId = cz!.id;
  const [counts] = (
    await database.executeSql(
      `select (select count(*) from orders where partner_id = $1)::int as orders,
        (select count(*) from order_stats_days where partner_id = $1)::int as days,
        (select count(*) from order_stats_products where partner_id = $1)::int as products`,
      [partnerId],
    )
  ).rows as { orders: number; days: number; products: number }[];
  console.log(
    `statistics (${database.kind}): seeded ${orders} orders in ${((Date.now() - seeded) / 1000).toFixed(0)} s; ` +
      `the Czech partner has ${counts!.orders} orders, ${counts!.days} day rows, ${counts!.products} product rows`,
  );

  const config = {
    ...loadConfig({ LOG_LEVEL: 'silent', REMOTE_LOGIN_SECRET: 'bench-remote-login-secret-0123456789' }),
    databaseUrl: url,
    webDist: '/nonexistent',
  };
  const app = await buildApp({ config, database, jobs: false });
  const login = await app.app.inject({
    method: 'POST',
    url: '/graphql',
    payload: { query: `mutation { login(email: "partner@demo.test", password: "${DEMO_PASSWORD}") { token } }` },
  });
  const token = login.json().data.login.token as string;
  const today = campaignDay();
  const requests: [string, StatisticsRequest][] = [
    ['30 days by day', { from: addDays(today, -29), to: today, granularity: 'DAY', market: null }],
    ['12 months by week', { from: addDays(today, -364), to: today, granularity: 'WEEK', market: null }],
    ['2 years by month', { from: addDays(today, -729), to: today, granularity: 'MONTH', market: null }],
    ['12 months by day, market CZ', { from: addDays(today, -364), to: today, granularity: 'DAY', market: 'CZ' }],
  ];
  const QUERY = `query($i: StatisticsInput!) { statistics(input: $i) {
    averageDispatchHours columns { buckets orders items cancelled returned sales { currency amounts } }
    totals { orders sales { currency amount } } topProducts { key quantity } topCategories { key name quantity } } }`;

  async function samples(run: () => Promise<unknown>, n = SAMPLES, warm = 3) {
    const times: number[] = [];
    for (let i = 0; i < n + warm; i++) {
      const started = performance.now();
      await run();
      if (i >= warm) times.push(performance.now() - started);
    }
    return times;
  }
  const graphql = async (request: StatisticsRequest) => {
    const { market, ...rest } = request;
    const response = await app.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { authorization: `Bearer ${token}`, 'x-partner-id': String(partnerId) },
      payload: { query: QUERY, variables: { i: { ...rest, ...(market ? { market } : {}) } } },
    });
    const body = response.json();
    if (body.errors) throw new Error(JSON.stringify(body.errors));
  };

  const results: BenchResult[] = [];
  for (const [name, request] of requests) {
    results.push({ name: `statistics: ${name}`, rows: counts!.orders, samples: await samples(() => graphql(request)) });
    results.push({
      name: `statistics: ${name}, counted from the orders (raw SQL)`,
      rows: counts!.orders,
      samples: await samples(
        () =>
          database.db.transaction((tx) =>
            statisticsFrom(
              tx,
              partnerId,
              request,
              directSources(partnerId, statisticsMonths(request.from, request.to)),
              'en',
            ),
          ),
        3,
        1,
      ),
    });
  }
  // A change to an order of two months ago marks that month: the next read counts it again from the orders.
  const [year] = requests[1]!.slice(1) as [StatisticsRequest];
  results.push({
    name: 'statistics: 12 months right after a change of one past month',
    rows: counts!.orders,
    samples: await samples(
      async () => {
        await database.executeSql(
          `update orders set status = case when status = 'returned' then 'delivered' else 'returned' end
           where partner_id = $1 and id = (select id from orders where partner_id = $1 and status in ('delivered', 'returned')
             and created_at >= date_trunc('month', now()) - interval '2 months'
             and created_at < date_trunc('month', now()) - interval '1 month' order by id limit 1)`,
          [partnerId],
        );
        await graphql(year);
      },
      // An even number of changes: the order ends as it was.
      6,
      0,
    ),
  });
  await app.close();
  await drop();
  return results;
}
