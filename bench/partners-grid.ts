import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/platform/config';
import { DEMO_PASSWORD, seedDemo } from '../apps/server/src/seed/demo';
import { seedLarge } from '../apps/server/src/seed/large';
import { benchDatabase } from './database';
import type { BenchResult } from './run';

const PARTNERS = Number(process.env.BENCH_PARTNERS ?? 100_000);
const SAMPLES = 20;

/** The cockpit's partner grid over the real server stack, at a fixed number of partners. */
export async function partnersGridBench(): Promise<BenchResult[]> {
  const { database, url: databaseUrl, drop } = await benchDatabase('partners_grid');
  await seedDemo(database.db, { extraPartners: 0 });
  const seeded = Date.now();
  await seedLarge(database.db, { partners: PARTNERS });
  console.log(`seeded ${PARTNERS} partners in ${((Date.now() - seeded) / 1000).toFixed(1)} s (${database.kind})`);

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
  const query =
    'query($g: GridInput) { cockpitPartners(grid: $g) { total items { id partnerName shopId workflowStatus } } }';

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
      rows = body.data.cockpitPartners.total;
      if (i >= 2) samples.push(elapsed); // the first two warm caches up
    }
    return { name, rows, samples };
  }

  const results = [
    await time('cockpit partners: first page, id desc', {}),
    await time('cockpit partners: page 100', { page: 100 }),
    await time('cockpit partners: shop = SK10MA, sort by name', {
      filters: [{ field: 'shopId', operator: 'EQUAL', value: 'SK10MA' }],
      sort: { field: 'partnerName', direction: 'ASCENDING' },
    }),
    await time('cockpit partners: workflow IN (2), sort created', {
      filters: [{ field: 'workflowStatus', operator: 'IN', values: ['TESTING', 'REGISTERED'] }],
      sort: { field: 'created', direction: 'DESCENDING' },
    }),
    await time('cockpit partners: name LIKE', {
      filters: [{ field: 'partnerName', operator: 'LIKE', value: 'garden toys' }],
    }),
  ];
  await app.close();
  await drop();
  return results;
}
