import { apiDayOf } from '@pp/domain';
import { buildApp } from '../apps/server/src/app';
import { apiTiers, partnerApiTiers } from '../apps/server/src/modules/api/tables';
import { type Config, loadConfig } from '../apps/server/src/platform/config';
import { seedDemo } from '../apps/server/src/seed/demo';
import { seedLarge } from '../apps/server/src/seed/large';
import { DEMO_API_CLIENT_ID } from '../apps/server/src/seed/partner-area/api';
import { benchDatabase } from './database';
import { load } from './load';
import type { BenchResult } from './run';

const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const WARMUP_MS = num('BENCH_WARMUP_SECONDS', 1) * 1000;
const DURATION_MS = num('BENCH_SECONDS', 5) * 1000;

function percentile(sorted: number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : Number.NaN;
}

/**
 * The partner REST API v1 over HTTP on a loopback port with the closed-loop load worker: every call is
 * authenticated by its client_id (one indexed read) and counted by the lease-based rate limit (no write per
 * request). Scenarios: `GET /v1/brands` (the whole brand list), `GET /v1/shops` (the cheapest call: what the
 * API itself costs) and the same call past the day's limit (429 from memory).
 */
export async function apiV1Bench(): Promise<BenchResult[]> {
  const base = loadConfig({ LOG_LEVEL: 'silent', REMOTE_LOGIN_SECRET: 'bench-remote-login-secret-0123456789' });
  const { database, url, drop } = await benchDatabase('api-v1', {
    poolSize: base.databasePoolSize,
    statementTimeoutMs: base.statementTimeoutMs,
  });
  const concurrency = num('BENCH_CONCURRENCY', database.kind === 'postgres' ? 50 : 10);
  await seedDemo(database.db, { extraPartners: 0 });
  await seedLarge(database.db, { partners: num('BENCH_API_PARTNERS', 2_000) });
  const [cz] = (await database.executeSql(`select id from partners where sap_id = '100001'`)).rows as { id: number }[];
  // A tier the measured calls never use up, and one whose "other" allowance is already gone.
  const [roomy] = await database.db
    .insert(apiTiers)
    .values({ name: 'Bench', productsLimit: 1e9, availabilityLimit: 1e9, ordersLimit: 1e9, otherLimit: 1e9 })
    .returning();
  await database.db.insert(partnerApiTiers).values({ partnerId: cz!.id, tierId: roomy!.id });

  const config: Config = { ...base, databaseUrl: url, webDist: '/nonexistent', jobsEnabled: false };
  const app = await buildApp({ config, database });
  try {
    await app.app.listen({ port: 0, host: '127.0.0.1' });
    const origin = `http://127.0.0.1:${(app.app.server.address() as { port: number }).port}`;
    const headers = { 'accept-language': 'en', 'x-application-name': 'bench', 'x-application-version': '1' };
    const scenarios = [
      { name: 'v1 brands', path: '/v1/brands', okStatus: 200 },
      { name: 'v1 shops', path: '/v1/shops', okStatus: 200 },
      { name: 'v1 shops past limit', path: '/v1/shops', okStatus: 429, limited: true },
    ];
    console.log(`api-v1 (${database.kind}): ${concurrency} concurrent clients, ${DURATION_MS / 1000} s each`);
    for (const scenario of scenarios) {
      if (scenario.limited) {
        // Hand back what the roomy tier leased, so the spent tier is what the next call meets.
        await app.apiV1.quota.flush(true);
        const [spent] = await database.db
          .insert(apiTiers)
          .values({ name: 'Spent', productsLimit: 0, availabilityLimit: 0, ordersLimit: 0, otherLimit: 0 })
          .returning();
        await database.db.insert(partnerApiTiers).values({ partnerId: cz!.id, tierId: spent!.id });
      }
      const target = `${origin}${scenario.path}?client_id=${DEMO_API_CLIENT_ID}`;
      const check = await fetch(target, { headers });
      if (check.status !== scenario.okStatus)
        throw new Error(`${scenario.name}: ${check.status} ${await check.text()}`);
      const outcome = await load({
        url: target,
        method: 'GET',
        okStatus: scenario.okStatus,
        headers,
        body: '[]',
        concurrency,
        warmupMs: WARMUP_MS,
        durationMs: DURATION_MS,
      });
      if (outcome.failed > 0) throw new Error(`${scenario.name}: ${outcome.failed} failed, ${outcome.firstFailure}`);
      const sorted = outcome.latencies.sort((a, b) => a - b);
      console.log(
        `  ${scenario.name.padEnd(22)} ${(outcome.completed / (outcome.windowMs / 1000)).toFixed(0).padStart(6)} req/s  ` +
          `p50=${percentile(sorted, 50).toFixed(1).padStart(6)} ms  p99=${percentile(sorted, 99).toFixed(1).padStart(6)} ms  n=${outcome.completed}`,
      );
    }
    await app.apiV1.quota.flush();
    const [usage] = (
      await database.executeSql(
        `select used_requests as n from api_usage_daily where partner_id = $1 and domain = 'other' and day = $2::date`,
        [cz!.id, apiDayOf(new Date())],
      )
    ).rows as { n: number }[];
    // The demo seed's own count of today is in it too.
    console.log(`  counted on the limits tab today: ${usage?.n} requests in "other"`);
  } finally {
    await app.close();
    await drop();
  }
  return [];
}
