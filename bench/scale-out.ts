import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_TOTP_SECRET } from '../apps/server/src/modules/auth/two-factor-seed';
import { totpCode, totpStep } from '../apps/server/src/modules/auth/two-factor-totp';
import { apiTiers, partnerApiTiers } from '../apps/server/src/modules/api/tables';
import { secretBox } from '../apps/server/src/platform/secrets';
import { DEMO_PASSWORD, seedDemo } from '../apps/server/src/seed/demo';
import { seedLarge } from '../apps/server/src/seed/large';
import { LARGE_PRODUCT_PREFIX } from '../apps/server/src/seed/large-products';
import { DEMO_API_CLIENT_ID } from '../apps/server/src/seed/partner-area/api';
import { benchDatabase } from './database';
import { type LoadJob, load } from './load';
import type { BenchResult } from './run';
import {
  billingNumbersOnce,
  feedRunsOnce,
  installWorkLedger,
  mailsOnce,
  schedulesOnce,
  type Verdict,
  webhooksOnce,
} from './scale-out-checks';
import { CPU_CAP, type ServerProcess, startBalancer, startServerProcess } from './scale-out-processes';
import { seedDashboardVolume } from './seed-volume';

const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const WARMUP_MS = num('BENCH_WARMUP_SECONDS', 1) * 1000;
const DURATION_MS = num('BENCH_SECONDS', 5) * 1000;
const CONCURRENCY = num('BENCH_CONCURRENCY', 50);
const SECRET = 'bench-remote-login-secret-0123456789';
const ORDER_PAGE = 100;

interface Scenario {
  name: string;
  method: NonNullable<LoadJob['method']>;
  okStatus: number;
  headers: Record<string, string>;
  targets: { path: string; body: string }[];
  clients: number;
}

interface Row {
  rps: number;
  p50: number;
  p95: number;
  n: number;
}

function percentile(sorted: number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : Number.NaN;
}

/** One signed-in GraphQL call (through `origin`); GraphQL errors end the bench. */
async function gql<T>(origin: string, query: string, variables: Record<string, unknown> = {}, token?: string) {
  const response = await fetch(`${origin}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: T; errors?: unknown };
  if (!body.data || body.errors) throw new Error(`${response.status} ${JSON.stringify(body.errors)}`);
  return body.data;
}

/** The operator's sign-in as a person makes it: password, then a code of the demo authenticator. */
async function operatorToken(origin: string, email: string): Promise<string> {
  type Answer = { token: string | null; twoFactor: { ticket: string } | null };
  const first = await gql<{ login: Answer }>(
    origin,
    'mutation($e: String!, $p: String!) { login(email: $e, password: $p) { token twoFactor { ticket } } }',
    { e: email, p: DEMO_PASSWORD },
  );
  if (first.login.token) return first.login.token;
  const second = await gql<{ loginSecondFactor: Answer }>(
    origin,
    'mutation($t: String!, $c: String) { loginSecondFactor(ticket: $t, code: $c) { token } }',
    { t: first.login.twoFactor!.ticket, c: totpCode(DEMO_TOTP_SECRET, totpStep()) },
  );
  return second.loginSecondFactor.token!;
}

/** Each scenario's closed loop through `origin`; a failed answer ends the bench (a miscount would hide it). */
async function measure(origin: string, scenarios: Scenario[], durationMs = DURATION_MS): Promise<Row[]> {
  const out: Row[] = [];
  for (const s of scenarios) {
    const first = s.targets[0]!;
    const outcome = await load({
      url: `${origin}${first.path}`,
      method: s.method,
      okStatus: s.okStatus,
      headers: s.headers,
      body: first.body,
      targets: s.targets,
      concurrency: s.clients,
      warmupMs: durationMs === DURATION_MS ? WARMUP_MS : 0,
      durationMs,
    });
    if (outcome.failed > 0) throw new Error(`${s.name}: ${outcome.failed} failed, ${outcome.firstFailure}`);
    const sorted = outcome.latencies.sort((a, b) => a - b);
    out.push({
      rps: outcome.completed / (outcome.windowMs / 1000),
      p50: percentile(sorted, 50),
      p95: percentile(sorted, 95),
      n: outcome.completed,
    });
  }
  return out;
}

/**
 * Issue 24, scale-out: the server as two real OS processes (both working jobs) behind a round-robin balancer
 * on one PostgreSQL. The throughput mix (the GraphQL scenarios of throughput.ts) and the partner API mix (the
 * read, write and list calls of api-v1.ts) run first through the balancer to ONE process, then to TWO, side by
 * side; then work both processes compete for is made and counted: nothing may be done twice.
 */
export async function scaleOutBench(): Promise<BenchResult[]> {
  if (!process.env.BENCH_DATABASE_URL) {
    console.log('scale-out: PostgreSQL only (several processes on one database): set BENCH_DATABASE_URL; skipped');
    return [];
  }
  const { database, url, drop } = await benchDatabase('scale-out');
  const dataDir = mkdtempSync(join(tmpdir(), 'pp-scale-out-'));
  const balancer = await startBalancer([]);
  const servers: ServerProcess[] = [];
  try {
    const seeding = Date.now();
    await seedDemo(database.db, {
      extraPartners: 0,
      feedsUrl: balancer.origin,
      secrets: secretBox({ remoteLoginSecret: SECRET }),
    });
    await seedLarge(database.db, {
      partners: num('BENCH_SCALE_PARTNERS', 2_000),
      products: num('BENCH_SCALE_PRODUCTS', 20_000),
      orders: num('BENCH_SCALE_ORDERS', 20_000),
    });
    const { partnerId } = await seedDashboardVolume(database.db, {
      members: 200,
      partnerSessions: 2_000,
      otherSessions: 10_000,
      auditRows: 50_000,
    });
    await database.executeSql('vacuum analyze');
    // A tier the measured calls never use up (the limit is counted on every call all the same), as api-v1.ts.
    const [roomy] = await database.db
      .insert(apiTiers)
      .values({ name: 'Bench', productsLimit: 1e9, availabilityLimit: 1e9, ordersLimit: 1e9, otherLimit: 1e9 })
      .returning();
    await database.db.insert(partnerApiTiers).values({ partnerId, tierId: roomy!.id });
    const productIds = (
      (
        await database.executeSql(
          `select id from products where partner_id = $1 and id like $2 || '%' and variant_count = 0 order by id limit 5000`,
          [partnerId, LARGE_PRODUCT_PREFIX],
        )
      ).rows as { id: string }[]
    ).map((r) => r.id);
    console.log(
      `scale-out (postgres): seeded the demo, 2,000 partners, ${productIds.length} spread products and the dashboard ` +
        `volume in ${((Date.now() - seeding) / 1000).toFixed(0)} s`,
    );

    // Settings per process as a host sets them: the same database, files folder and secret; jobs on in both.
    const env: Record<string, string> = {
      DATABASE_URL: url!,
      DATA_DIR: dataDir,
      JOBS_ENABLED: 'true',
      SEED_DEMO: 'true', // the demo's feed files and mailbox; the database is seeded already, so no seeding
      DEMO_ORDERS: 'false',
      REMOTE_LOGIN_SECRET: SECRET,
      PUBLIC_URL: balancer.origin,
      TRUST_PROXY: '1',
      RATE_LIMIT_PER_MINUTE: '0',
      WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
      WEB_DIST: '/nonexistent',
      LOG_LEVEL: 'error',
      NODE_ENV: 'development',
    };
    // Each process connects under its own application_name: the ledger's triggers note who did what.
    const named = (who: string) => {
      const own = new URL(url!);
      own.searchParams.set('application_name', who);
      return { ...env, DATABASE_URL: own.toString() };
    };
    servers.push(await startServerProcess('A', named('A')));
    await installWorkLedger(database); // after the first start: pg-boss makes its schema then
    balancer.upstreams = [servers[0]!.origin];

    const login = await gql<{ login: { token: string } }>(
      balancer.origin,
      'mutation($e: String!, $p: String!) { login(email: $e, password: $p) { token } }',
      { e: 'partner@demo.test', p: DEMO_PASSWORD },
    );
    const graphql = (signedIn: boolean) => ({
      'accept-language': 'en',
      ...(signedIn ? { authorization: `Bearer ${login.login.token}`, 'x-partner-id': String(partnerId) } : {}),
    });
    const apiHeaders = { 'accept-language': 'en', 'x-application-name': 'bench', 'x-application-version': '1' };
    const key = `client_id=${DEMO_API_CLIENT_ID}`;
    const body = (query: string) => [{ path: '/graphql', body: JSON.stringify({ query }) }];
    const scenarios: Scenario[] = [
      {
        name: 'graphql anonymous { featureFlags }',
        method: 'POST',
        okStatus: 200,
        headers: graphql(false),
        targets: body('{ featureFlags { croatiaEnabled } }'),
        clients: CONCURRENCY,
      },
      {
        name: 'graphql signed-in { session }',
        method: 'POST',
        okStatus: 200,
        headers: graphql(true),
        targets: body('{ session { isAdmin } }'),
        clients: CONCURRENCY,
      },
      {
        name: 'graphql dashboard',
        method: 'POST',
        okStatus: 200,
        headers: graphql(true),
        targets: body(`query Dashboard { dashboard {
          partner { id partnerName mallName sapId shopId currency provider mdpStatus workflowStatus billingStatus rating isDefault }
          accountsCount activeSessionsCount lastLoginAt recentActivity { id action at actorEmail adminEmail } } }`),
        clients: CONCURRENCY,
      },
      {
        name: 'v1 shops',
        method: 'GET',
        okStatus: 200,
        headers: apiHeaders,
        targets: [{ path: `/v1/shops?${key}`, body: '[]' }],
        clients: CONCURRENCY,
      },
      {
        name: 'v1 availability, single PUT',
        method: 'PUT',
        okStatus: 200,
        headers: apiHeaders,
        targets: Array.from({ length: productIds.length * 4 }, (_, j) => ({
          path: `/v1/products/${productIds[j % productIds.length]}/availability?${key}`,
          body: JSON.stringify({ in_stock: 1 + Math.floor(j / productIds.length), status: 'A' }),
        })),
        clients: CONCURRENCY,
      },
      {
        name: `v1 orders, basic pages of ${ORDER_PAGE}`,
        method: 'GET',
        okStatus: 200,
        headers: apiHeaders,
        targets: Array.from({ length: 10 }, (_, p) => ({
          path: `/v1/orders?filter=basic&page_size=${ORDER_PAGE}&page=${p + 1}&${key}`,
          body: '[]',
        })),
        clients: 10,
      },
    ];

    console.log(
      `  through the balancer; ${WARMUP_MS / 1000} s warm-up then ${DURATION_MS / 1000} s measured per scenario; ` +
        `both processes work jobs` +
        (CPU_CAP ? `; each server process capped at ${CPU_CAP} CPU (SCALE_OUT_CPU)` : ''),
    );
    // A short unmeasured pass first on each side: a fresh process compiles its modules on its first requests.
    const warmUp = () => measure(balancer.origin, scenarios, 1_000);
    await warmUp();
    const one = await measure(balancer.origin, scenarios);
    servers.push(await startServerProcess('B', named('B')));
    const bothSince = new Date();
    balancer.upstreams = servers.map((s) => s.origin);
    await warmUp();
    const passedBefore = new Map(balancer.passed);
    const two = await measure(balancer.origin, scenarios);
    const share = servers.map((s) => (balancer.passed.get(s.origin) ?? 0) - (passedBefore.get(s.origin) ?? 0));
    console.log(`  ${'scenario'.padEnd(42)} ${'ONE process'.padEnd(34)} ${'TWO processes'.padEnd(34)} ratio`);
    for (const [i, s] of scenarios.entries()) {
      const a = one[i]!;
      const b = two[i]!;
      const cell = (r: Row) =>
        `${r.rps.toFixed(0).padStart(6)} req/s p50 ${r.p50.toFixed(1).padStart(6)} p95 ${r.p95.toFixed(1).padStart(6)}`;
      console.log(
        `  ${`${s.name} (${s.clients})`.padEnd(42)} ${cell(a)}   ${cell(b)}   ${(b.rps / a.rps).toFixed(2)}×`,
      );
    }
    console.log(`  requests passed to A / B while two: ${share.join(' / ')}`);

    // Nothing done twice: work both processes compete for, counted where it lands.
    const admin = await operatorToken(balancer.origin, 'admin@demo.test');
    const verdicts: Verdict[] = [];
    verdicts.push(await mailsOnce(database, num('BENCH_SCALE_MAILS', 200)));
    const hookPartners = (
      (await database.executeSql(`select id from partners where sap_id in ('100001', '100002', '100003', '100004')`))
        .rows as { id: number }[]
    ).map((r) => r.id);
    verdicts.push(await webhooksOnce(database, hookPartners, num('BENCH_SCALE_WEBHOOKS', 100)));
    verdicts.push(
      await billingNumbersOnce(database, balancer.origin, admin, partnerId, num('BENCH_SCALE_PENALTIES', 40)),
    );
    verdicts.push(await feedRunsOnce(database));
    // At least one whole minute with both processes up, so that each every-minute schedule had its chance twice.
    const wholeMinuteEnds = (Math.floor(bothSince.getTime() / 60_000) + 2) * 60_000 + 2_000;
    if (Date.now() < wholeMinuteEnds) await new Promise((r) => setTimeout(r, wholeMinuteEnds - Date.now()));
    verdicts.push(await schedulesOnce(database, bothSince, ['mail.send', 'feeds.schedule', 'webhooks.deliver']));
    console.log('  nothing done twice (two processes working jobs):');
    for (const v of verdicts) console.log(`    ${(v.ok ? 'OK' : 'FAILED').padEnd(6)} ${v.name.padEnd(16)} ${v.detail}`);
    if (verdicts.some((v) => !v.ok)) process.exitCode = 1;
  } finally {
    for (const s of servers) await s.stop();
    await balancer.close();
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return [];
}
