import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../apps/server/src/app';
import { EXPORT_RUN_JOB } from '../apps/server/src/platform/exports/index';
import { loadConfig } from '../apps/server/src/platform/config';
import { DEMO_PASSWORD, seedDemo } from '../apps/server/src/seed/demo';
import { benchDatabase } from './database';
import type { BenchResult } from './run';

const ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 100_000);

/**
 * A 100,000-row orders export (CSV and XLSX) through the real job: rows read by keyset from the database,
 * written as they come, stored in the local file storage. Prints the time and the peak RSS of the process
 * during each export, next to the RSS before it: the aim is under 5 s and memory that does not grow with rows.
 */
export async function ordersExportBench(): Promise<BenchResult[]> {
  const { database, url: databaseUrl, drop } = await benchDatabase('orders_export');
  const dataDir = mkdtempSync(join(tmpdir(), 'pp-bench-export-'));
  await seedDemo(database.db, { extraPartners: 0 });
  const { rows } = await database.executeSql("select id from partners where sap_id = '100001'");
  const partnerId = (rows[0] as { id: number }).id;
  const seeded = Date.now();
  // Set-based: one statement, spread over the last 80 days so one 3-month interval holds them all.
  await database.executeSql(
    `insert into orders (partner_id, id, status, payment_type, currency, customer_name, delivery_city,
       delivery_type, branch_id, total, cod, created_at, delivery_date, tracking_number)
     select $1, 9000000000000 + g, (array['open','shipping','shipped','delivered','cancelled'])[1 + g % 5],
       (array['A','B','U','D'])[1 + g % 4], 'CZK', 'Zákazník ' || g, 'Brno',
       (array['ADDRESS','PICKUP_POINT'])[1 + g % 2], case when g % 2 = 1 then 'Z' || g end,
       100 + g % 5000, case when g % 4 = 0 then 100 + g % 5000 else 0 end,
       now() - (g % 80) * interval '1 day' - interval '1 hour', (now() - (g % 80 - 3) * interval '1 day')::date,
       'TRK' || g
     from generate_series(1, $2::int) g`,
    [partnerId, ROWS],
  );
  // A served database has planner statistics (autovacuum); a freshly filled bench database must be told.
  await database.executeSql('analyze orders');
  console.log(`seeded ${ROWS} orders in ${((Date.now() - seeded) / 1000).toFixed(1)} s (${database.kind})`);

  const config = {
    ...loadConfig({ LOG_LEVEL: 'silent', REMOTE_LOGIN_SECRET: 'bench-remote-login-secret-0123456789' }),
    databaseUrl,
    dataDir,
    webDist: '/nonexistent',
    jobsEnabled: false,
  };
  const app = await buildApp({ config, database });
  const login = await app.app.inject({
    method: 'POST',
    url: '/graphql',
    payload: { query: `mutation { login(email: "partner@demo.test", password: "${DEMO_PASSWORD}") { token } }` },
  });
  const token = login.json().data.login.token as string;
  const params = {
    filters: [
      {
        field: 'createdAt',
        operator: 'GREATER_THAN_OR_EQUAL',
        value: new Date(Date.now() - 85 * 86_400_000).toISOString(),
      },
    ],
  };

  const results: BenchResult[] = [];
  for (const format of ['CSV', 'XLSX'] as const) {
    const started = await app.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { authorization: `Bearer ${token}`, 'x-partner-id': String(partnerId) },
      payload: {
        query: 'mutation($f: ExportFormat!, $p: JSON) { exportStart(kind: "orders", format: $f, params: $p) { id } }',
        variables: { f: format, p: params },
      },
    });
    const id = started.json().data?.exportStart.id as string;
    if (!id) throw new Error(JSON.stringify(started.json()));
    const rssBefore = process.memoryUsage().rss;
    let peak = rssBefore;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    const t0 = performance.now();
    await app.platform.jobs.runQueued(EXPORT_RUN_JOB);
    const elapsed = performance.now() - t0;
    clearInterval(sampler);
    const { rows: run } = await database.executeSql(
      'select r.status, r.rows, f.size from export_runs r left join stored_files f on f.id = r.file_id where r.id = $1',
      [id],
    );
    const { status, rows: exported, size } = run[0] as { status: string; rows: number; size: number };
    const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;
    console.log(
      `orders export ${format}: ${status} ${exported} rows, ${mb(Number(size))} file in ${(elapsed / 1000).toFixed(2)} s; ` +
        `RSS ${mb(rssBefore)} before, peak ${mb(peak)} (+${mb(peak - rssBefore)})`,
    );
    results.push({ name: `orders export ${format} (job, keyset read, stored)`, rows: exported, samples: [elapsed] });
  }
  await app.close();
  await drop();
  rmSync(dataDir, { recursive: true, force: true });
  return results;
}
