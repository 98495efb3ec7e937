import { buildApp } from '../apps/server/src/app';
import { type Config, loadConfig } from '../apps/server/src/platform/config';
import { DEMO_PASSWORD, seedDemo } from '../apps/server/src/seed/demo';
import { seedLarge } from '../apps/server/src/seed/large';
import { benchDatabase } from './database';
import { load } from './load';
import type { BenchResult } from './run';
import { type DashboardVolume, seedDashboardVolume } from './seed-volume';

const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

/** Other partners around the demo partner, each with one account (seedLarge). */
const OTHER_PARTNERS = num('BENCH_THROUGHPUT_PARTNERS', 10_000);
const VOLUME: DashboardVolume = {
  members: num('BENCH_MEMBERS', 200),
  partnerSessions: num('BENCH_PARTNER_SESSIONS', 2_000),
  otherSessions: num('BENCH_OTHER_SESSIONS', 50_000),
  auditRows: num('BENCH_AUDIT_ROWS', 200_000),
};
const WARMUP_MS = num('BENCH_WARMUP_SECONDS', 1) * 1000;
const DURATION_MS = num('BENCH_SECONDS', 5) * 1000;
/** Repeats the three measurements in turn; on a machine shared with other work, 3 evens out bursts. */
const ROUNDS = Math.max(1, num('BENCH_ROUNDS', 1));

const SCENARIOS = [
  {
    name: 'anonymous',
    label: '{ featureFlags { croatiaEnabled } }',
    signedIn: false,
    query: '{ featureFlags { croatiaEnabled } }',
  },
  { name: 'signed-in', label: '{ session { isAdmin } }', signedIn: true, query: '{ session { isAdmin } }' },
  {
    name: 'dashboard',
    label: "query Dashboard (the web's)",
    signedIn: true,
    // The web's DashboardQuery (apps/web/src/features/home/operations.ts) with its partner fragment.
    query: `query Dashboard { dashboard {
      partner { id partnerName mallName sapId shopId currency provider mdpStatus workflowStatus billingStatus rating isDefault }
      accountsCount activeSessionsCount lastLoginAt
      recentActivity { id action at actorEmail adminEmail } } }`,
  },
] as const;

function percentile(sorted: number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : Number.NaN;
}

/**
 * Requests per second the real server answers over HTTP on a loopback port, side by side: a public
 * trivial query, a signed-in trivial query (session resolution and partner access), and the home
 * dashboard of a partner with many accounts, sessions and audit rows. Closed loop, fixed concurrency.
 */
export async function throughputBench(): Promise<BenchResult[]> {
  const base = loadConfig({ LOG_LEVEL: 'silent', REMOTE_LOGIN_SECRET: 'bench-remote-login-secret-0123456789' });
  const { database, url, drop } = await benchDatabase('throughput', {
    poolSize: base.databasePoolSize,
    statementTimeoutMs: base.statementTimeoutMs,
  });
  const concurrency = num('BENCH_CONCURRENCY', database.kind === 'postgres' ? 50 : 10);

  const seeding = Date.now();
  await seedDemo(database.db, { extraPartners: 0 });
  await seedLarge(database.db, { partners: OTHER_PARTNERS });
  const { partnerId } = await seedDashboardVolume(database.db, VOLUME);
  console.log(
    `throughput (${database.kind}${url ? `, pool ${base.databasePoolSize}` : ''}): seeded ${OTHER_PARTNERS} partners, ` +
      `demo partner with ${VOLUME.members} more accounts and ${VOLUME.partnerSessions} sessions, ` +
      `${VOLUME.otherSessions} other sessions, ${VOLUME.auditRows} audit rows in ${((Date.now() - seeding) / 1000).toFixed(1)} s`,
  );

  // Jobs stay off in this process and the per-client request limit is switched off (0).
  const config: Config = {
    ...base,
    databaseUrl: url,
    webDist: '/nonexistent',
    jobsEnabled: false,
    rateLimitPerMinute: 0,
  };
  const app = await buildApp({ config, database });
  try {
    await app.app.listen({ port: 0, host: '127.0.0.1' });
    const endpoint = `http://127.0.0.1:${(app.app.server.address() as { port: number }).port}/graphql`;

    const post = async (body: unknown, headers: Record<string, string> = {}) => {
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
      const json = (await response.json()) as { data?: Record<string, unknown>; errors?: unknown };
      if (response.status !== 200 || json.errors) throw new Error(`${response.status} ${JSON.stringify(json)}`);
      return json.data!;
    };
    const login = await post({
      query: 'mutation($e: String!, $p: String!) { login(email: $e, password: $p) { token } }',
      variables: { e: 'partner@demo.test', p: DEMO_PASSWORD },
    });
    const token = (login.login as { token: string }).token;
    const signedIn = { authorization: `Bearer ${token}`, 'x-partner-id': String(partnerId) };
    const headersOf = (scenario: (typeof SCENARIOS)[number]): Record<string, string> => ({
      'accept-language': 'en',
      ...(scenario.signedIn ? signedIn : {}),
    });

    console.log(
      `  ${concurrency} concurrent clients, ${WARMUP_MS / 1000} s warm-up then ${DURATION_MS / 1000} s measured each` +
        (ROUNDS > 1 ? `, ${ROUNDS} rounds interleaved` : ''),
    );
    const measured = SCENARIOS.map(() => ({
      completed: 0,
      windowMs: 0,
      latencies: [] as number[],
      rates: [] as number[],
    }));
    for (const scenario of SCENARIOS) {
      const sample = await post({ query: scenario.query }, headersOf(scenario)); // one checked answer first
      if (scenario.name === 'dashboard') {
        const d = sample.dashboard as { accountsCount: number; recentActivity: unknown[] };
        if (d.recentActivity.length === 0 || d.accountsCount <= VOLUME.members)
          throw new Error('dashboard looks empty');
      }
    }
    // Rounds take the scenarios in turn, so that load from elsewhere on the machine falls on all of them.
    for (let round = 0; round < ROUNDS; round++) {
      for (const [i, scenario] of SCENARIOS.entries()) {
        const outcome = await load({
          url: endpoint,
          headers: headersOf(scenario),
          body: JSON.stringify({ query: scenario.query }),
          concurrency,
          warmupMs: WARMUP_MS,
          durationMs: DURATION_MS,
        });
        if (outcome.failed > 0) {
          throw new Error(`${scenario.name}: ${outcome.failed} failed answers, first: ${outcome.firstFailure}`);
        }
        const m = measured[i]!;
        m.completed += outcome.completed;
        m.windowMs += outcome.windowMs;
        m.rates.push(outcome.completed / (outcome.windowMs / 1000));
        for (const l of outcome.latencies) m.latencies.push(l);
      }
    }
    const rows = SCENARIOS.map((scenario, i) => {
      const m = measured[i]!;
      const sorted = m.latencies.sort((a, b) => a - b);
      const row = {
        name: scenario.name,
        rps: m.completed / (m.windowMs / 1000),
        p50: percentile(sorted, 50),
        p95: percentile(sorted, 95),
      };
      const spread = ROUNDS > 1 ? `  rounds ${m.rates.map((r) => r.toFixed(0)).join('/')}` : '';
      console.log(
        `  ${row.name.padEnd(10)} ${scenario.label.padEnd(36)} ${row.rps.toFixed(0).padStart(6)} req/s  ` +
          `p50=${row.p50.toFixed(1).padStart(6)} ms  p95=${row.p95.toFixed(1).padStart(6)} ms  n=${m.completed}${spread}`,
      );
      return row;
    });
    const [anonymous, session, dashboard] = rows as [(typeof rows)[0], (typeof rows)[0], (typeof rows)[0]];
    console.log(
      `  ratios: signed-in/anonymous = ${(session.rps / anonymous.rps).toFixed(2)}, ` +
        `dashboard/anonymous = ${(dashboard.rps / anonymous.rps).toFixed(2)}`,
    );
  } finally {
    await app.close();
    await drop();
  }
  return []; // printed above: its figures are rates, not latency samples
}
