import { apiDayOf } from '@pp/domain';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/platform/config';
import { rowsOf } from '../apps/server/src/platform/db/client';
import { DEMO_PASSWORD, seedDemo } from '../apps/server/src/seed/demo';
import { seedLarge } from '../apps/server/src/seed/large';
import { benchDatabase } from './database';
import type { BenchResult } from './run';

const PARTNERS = Number(process.env.BENCH_PARTNERS ?? 10_000);
const SAMPLES = 20;
const RECORDS = 1_000;

/**
 * The cockpit's API limits grid at a fixed number of partners (a third with a tier history of two rows,
 * 40 % with today's usage in every domain), and the rate limit's cost per request.
 */
export async function apiLimitsBench(): Promise<BenchResult[]> {
  const { database, url: databaseUrl, drop } = await benchDatabase('api_limits');
  await seedDemo(database.db, { extraPartners: 0 });
  const seeded = Date.now();
  await seedLarge(database.db, { partners: PARTNERS });
  const day = apiDayOf(new Date());
  await database.db.execute(sql`
    insert into partner_api_tiers (partner_id, tier_id, since)
    select p.id, t.id, now() - (n || ' days')::interval
    from partners p
    cross join generate_series(1, 2) n
    join api_tiers t on t.name = (case when n = 2 then 'Basic' when p.id % 2 = 0 then 'Premium' else 'Standard' end)
    where p.id % 3 = 0`);
  await database.db.execute(sql`
    insert into api_usage_daily (partner_id, day, domain, used_requests)
    select p.id, ${day}::date, d, (p.id * 37) % 9000
    from partners p cross join unnest(array['products', 'availability', 'orders', 'other']) d
    where p.id % 5 < 2
    on conflict do nothing`);
  await database.db.execute(sql`analyze`);
  console.log(`seeded ${PARTNERS} partners with tiers and usage in ${((Date.now() - seeded) / 1000).toFixed(1)} s`);

  const config = {
    ...loadConfig({ LOG_LEVEL: 'silent', REMOTE_LOGIN_SECRET: 'bench-remote-login-secret-0123456789' }),
    databaseUrl,
    webDist: '/nonexistent',
  };
  const app = await buildApp({ config, database, jobs: false });
  const login = await app.app.inject({
    method: 'POST',
    url: '/graphql',
    payload: { query: `mutation { login(email: "admin@demo.test", password: "${DEMO_PASSWORD}") { token } }` },
  });
  const token = login.json().data.login.token as string;
  const query = `query($g: GridInput) { cockpitApiLimits(grid: $g) { total nextCursor items {
    id partnerName tierName products { used max } availability { used max } orders { used max } other { used max } } } }`;

  async function time(name: string, grid: Record<string, unknown>): Promise<BenchResult> {
    const samples: number[] = [];
    let rows = 0;
    for (let i = 0; i < SAMPLES + 2; i++) {
      const started = performance.now();
      const response = await app.app.inject({
        method: 'POST',
        url: '/graphql',
        headers: { authorization: `Bearer ${token}` },
        payload: { query, variables: { g: grid } },
      });
      const elapsed = performance.now() - started;
      const body = response.json();
      if (body.errors) throw new Error(JSON.stringify(body.errors));
      rows = body.data.cockpitApiLimits.total;
      if (i >= 2) samples.push(elapsed);
    }
    return { name, rows, samples };
  }

  const results = [
    await time('api limits: first page, id desc', {}),
    await time('api limits: page 20 by offset', { page: 20 }),
    await time('api limits: shop = SK10MA, sort by name', {
      filters: [{ field: 'shopId', operator: 'EQUAL', value: 'SK10MA' }],
      sort: { field: 'partnerName', direction: 'ASCENDING' },
    }),
    await time('api limits: tier = Premium', { filters: [{ field: 'tierName', operator: 'EQUAL', value: 'Premium' }] }),
    await time('api limits: sort by tier', { sort: { field: 'tierName', direction: 'DESCENDING' } }),
    await time('api limits: name LIKE', { filters: [{ field: 'partnerName', operator: 'LIKE', value: 'garden' }] }),
  ];

  // The same statements straight to the database, written by hand: the page of rows and its count.
  const [basic] = rowsOf<{ id: number }>(await database.db.execute(sql`select id from api_tiers where name = 'Basic'`));
  const shops = ['CZ10MA', 'SK10MA', 'PL20MA', 'SI10SI', 'HU20MA', 'HR10MA'];
  const usage = (domain: string) =>
    `(select u.used_requests from api_usage_daily u where u.partner_id = p.id and u.day = $2::date and u.domain = '${domain}') as ${domain}`;
  const columnsSql = `p.id, p.sap_id, p.shop_id, p.partner_name, p.workflow_status, p.kam, p.farmer, p.onboarding,
    p.provider, p.plugin_provider, ${['products', 'availability', 'orders', 'other'].map(usage).join(', ')}`;
  const firstPageSql = `select ${columnsSql},
      coalesce((select t.tier_id from partner_api_tiers t where t.partner_id = p.id and t.since <= now()
        order by t.since desc, t.id desc limit 1), $3::int) as tier_id
    from partners p where p.shop_id = any($1::text[]) order by p.id desc limit 50`;
  const byTierSql = `with current_tier as (select distinct on (partner_id) partner_id, tier_id from partner_api_tiers
      where since <= now() order by partner_id, since desc, id desc)
    select ${columnsSql}, t.name as tier_name
    from partners p left join current_tier c on c.partner_id = p.id join api_tiers t on t.id = coalesce(c.tier_id, $3::int)
    where p.shop_id = any($1::text[]) and t.name = 'Premium' order by p.id desc limit 50`;
  const byTierCountSql = `with current_tier as (select distinct on (partner_id) partner_id, tier_id from partner_api_tiers
      where since <= now() order by partner_id, since desc, id desc)
    select count(*) from partners p left join current_tier c on c.partner_id = p.id
      join api_tiers t on t.id = coalesce(c.tier_id, $2::int)
    where p.shop_id = any($1::text[]) and t.name = 'Premium'`;
  async function rawTime(name: string, run: () => Promise<unknown>): Promise<BenchResult> {
    const samples: number[] = [];
    for (let i = 0; i < SAMPLES + 2; i++) {
      const started = performance.now();
      await run();
      if (i >= 2) samples.push(performance.now() - started);
    }
    return { name, rows: 50, samples };
  }
  results.splice(
    1,
    0,
    await rawTime('api limits: first page raw SQL', () =>
      Promise.all([
        database.executeSql(firstPageSql, [shops, day, basic!.id]),
        database.executeSql('select count(*) from partners where shop_id = any($1::text[])', [shops]),
      ]),
    ),
  );
  results.splice(
    5,
    0,
    await rawTime('api limits: tier = Premium raw SQL', () =>
      Promise.all([
        database.executeSql(byTierSql, [shops, day, basic!.id]),
        database.executeSql(byTierCountSql, [shops, basic!.id]),
      ]),
    ),
  );

  const [first] = rowsOf<{ id: number }>(await database.db.execute(sql`select min(id)::int as id from partners`));
  const samples: number[] = [];
  for (let i = 0; i < RECORDS; i++) {
    const started = performance.now();
    await app.apiV1.quota.take(first!.id, i % 2 ? 'orders' : 'products');
    samples.push(performance.now() - started);
  }
  // Most requests are admitted from the process's lease in memory; one in about fifty waits for a lease round.
  results.push({ name: 'rate limit: one request (quota lease)', rows: RECORDS, samples });

  await app.close();
  await drop();
  return results;
}
