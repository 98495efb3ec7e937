import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { type App, buildApp } from '../app';
import { type Config, loadConfig } from '../platform/config';
import { type Database, openDatabase } from '../platform/db/client';
import { throwawayPostgres } from '../platform/db/throwaway';
import { setFeatureFlag } from '../platform/flags/service';
import { deliverPendingMail } from '../platform/mail/jobs';
import { captureTransport, type OutgoingMail } from '../platform/mail/transport';
import { mailRendererOf } from '../jobs';
import { PASSWORD_RESET_JOB } from '../modules/auth/service';
import { hashToken } from '../modules/auth/tokens';
import { DEMO_TOTP_SECRET } from '../modules/auth/two-factor-seed';
import { totpCode, totpStep } from '../modules/auth/two-factor-totp';
import { secretBox } from '../platform/secrets';
import { DEMO_PASSWORD, seedDemo } from '../seed/demo';
import { demoMediaOf } from '../seed/products';
import { TEMPLATE_PGLITE_ENV, TEMPLATE_POSTGRES_ENV } from './template';

export { DEMO_PASSWORD, DEMO_TOTP_SECRET };

/**
 * A throw-away database for one test file: an in-memory PGlite, or, when TEST_DATABASE_URL names a
 * PostgreSQL server (CI runs the suite once that way), a fresh database created on it and dropped after.
 * Empty but migrated; `seeded` gives a copy of the run's template (template.ts) with the demo data instead.
 */
export async function testDatabase(
  options: { seeded?: boolean } = {},
): Promise<{ database: Database; url?: string; drop(): Promise<void>; seeded: boolean }> {
  const server = process.env.TEST_DATABASE_URL;
  if (!server) {
    const tarball = options.seeded ? process.env[TEMPLATE_PGLITE_ENV] : undefined;
    if (tarball) {
      const database = await openDatabase({ dataDir: 'memory://', loadDataDir: new Blob([readFileSync(tarball)]) });
      return { database, drop: () => database.close(), seeded: true };
    }
    const database = await openDatabase({ dataDir: 'memory://' });
    await database.migrate();
    return { database, drop: () => database.close(), seeded: false };
  }
  const template = options.seeded ? process.env[TEMPLATE_POSTGRES_ENV] : undefined;
  const made = await throwawayPostgres(server, `pp_test_${randomBytes(6).toString('hex')}`, {
    poolSize: 4,
    ...(template ? { template } : {}),
  });
  return { ...made, seeded: Boolean(template) };
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({
      LOG_LEVEL: 'silent',
      PORT: '0',
      HOST: '127.0.0.1',
      REMOTE_LOGIN_SECRET: 'test-remote-login-secret-0123456789',
      // CI runs the suite once as a deployment runs: TEST_NODE_ENV=production (npm run test:production).
      NODE_ENV: process.env.TEST_NODE_ENV,
      // The demo generator would add orders under tests that count them; a test turns it on itself.
      DEMO_ORDERS: 'false',
    }),
    webDist: '/nonexistent',
    // Tests read what they just wrote: counts are computed on every request.
    figuresCacheTtlMs: 0,
    ...overrides,
  };
}

export interface TestServer {
  app: App;
  database: Database;
  /** The PostgreSQL URL of this file's database when running on a real server. */
  url?: string;
  gql<T = Record<string, unknown>>(
    query: string,
    variables?: Record<string, unknown>,
    options?: { token?: string | null; partnerId?: number | string | null; lang?: string; ip?: string },
  ): Promise<{
    status: number;
    data: T | null;
    errors?: { message: string; extensions: { code: string; fields?: unknown[] } }[];
  }>;
  login(email: string, password?: string): Promise<{ token: string; session: Record<string, unknown> }>;
  /** What the mail relay received (the relay is the outside world; here it is a capture). */
  mailbox: OutgoingMail[];
  /** Runs the queued jobs of the given names, then delivers the outbox as the mail.send job would. */
  deliverMail(...jobNames: string[]): Promise<OutgoingMail[]>;
  close(): Promise<void>;
}

/** The real server stack (Fastify, GraphQL, services, database) with the demo data, for one test file. */
export async function startTestServer(
  options: { jobs?: boolean; listen?: boolean; config?: Partial<Config> } = {},
): Promise<TestServer> {
  // Demo pictures only where a test keeps its own data folder (the others never fetch them): that seed is its own.
  const media = options.config?.dataDir ? demoMediaOf(testConfig(options.config)) : undefined;
  const { database, url, drop, seeded } = await testDatabase({ seeded: !media });
  if (!seeded) {
    await seedDemo(database.db, { extraPartners: 8, media, secrets: secretBox(testConfig(options.config)) });
    await setFeatureFlag(database.db, 'croatiaEnabled', false);
  }
  const transport = captureTransport();
  // The job system always runs (commands queue jobs); its workers only when the test asks for them.
  const app = await buildApp({
    config: testConfig({ databaseUrl: url, jobsEnabled: options.jobs ?? false, ...options.config }),
    database,
    mailTransport: transport,
  });
  if (options.listen) await app.app.listen({ port: 0, host: '127.0.0.1' });
  const server: TestServer = {
    app,
    database,
    url,
    async gql(query, variables = {}, opts = {}) {
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        'accept-language': opts.lang ?? 'en',
      };
      if (opts.token) headers.authorization = `Bearer ${opts.token}`;
      if (opts.partnerId != null) headers['x-partner-id'] = String(opts.partnerId);
      const response = await app.app.inject({
        method: 'POST',
        url: '/graphql',
        headers,
        ...(opts.ip ? { remoteAddress: opts.ip } : {}),
        payload: { query, variables },
      });
      const body = response.json();
      return { status: response.statusCode, data: body.data ?? null, errors: body.errors };
    },
    async login(email, password = DEMO_PASSWORD) {
      const result = await server.gql<{ login: SignInAnswer }>(
        `mutation($e: String!, $p: String!) { login(email: $e, password: $p) { ${SIGN_IN_FIELDS} } }`,
        { e: email, p: password },
      );
      if (!result.data) throw new Error(`login of ${email} failed: ${JSON.stringify(result.errors)}`);
      return completeSignIn(server, email, result.data.login);
    },
    mailbox: transport.sent,
    async deliverMail(...jobNames) {
      for (const name of jobNames) await app.platform.jobs.runQueued(name);
      const before = transport.sent.length;
      await deliverPendingMail(app.platform, mailRendererOf(app.platform));
      return transport.sent.slice(before);
    },
    async close() {
      await app.close();
      await drop();
    },
  };
  return server;
}

const SESSION_FIELDS = 'token session { selectedPartner { id } twoFactorRequired }';
const SIGN_IN_FIELDS = `${SESSION_FIELDS} twoFactor { ticket }`;

interface SignInAnswer {
  token: string | null;
  session: Record<string, unknown> | null;
  twoFactor: { ticket: string } | null;
}

/**
 * Takes a sign-in through two-factor sign-in the way a person would (issue 24), so that every test signs in as
 * before: an account with a second factor answers the pending step with a recovery code (put in place here,
 * as if it were one of the ten the person kept: a TOTP code could be used only once per 30 s), and an account
 * that must enrol (an operator made by a test) sets up an authenticator with a code computed from its secret.
 */
async function completeSignIn(
  server: TestServer,
  email: string,
  answer: SignInAnswer,
): Promise<{ token: string; session: Record<string, unknown> }> {
  let signedIn = answer;
  if (answer.twoFactor) {
    const code = randomBytes(8).toString('hex').slice(0, 10).replace(/[01]/g, 'x');
    await server.database.executeSql(
      'insert into two_factor_recovery_codes (account_id, code_hash) select id, $2 from accounts where lower(email) = lower($1)',
      [email, hashToken(code)],
    );
    const second = await server.gql<{ loginSecondFactor: SignInAnswer }>(
      `mutation($t: String!, $r: String) { loginSecondFactor(ticket: $t, recoveryCode: $r) { ${SESSION_FIELDS} } }`,
      { t: answer.twoFactor.ticket, r: code },
    );
    if (!second.data) throw new Error(`second factor of ${email} failed: ${JSON.stringify(second.errors)}`);
    signedIn = { ...second.data.loginSecondFactor, twoFactor: null };
  }
  const token = signedIn.token!;
  const { twoFactorRequired, ...session } = signedIn.session!;
  if (twoFactorRequired) await enrolTotp(server, token);
  return { token, session };
}

/** Sets up an authenticator for the signed-in account, with a code computed from the secret it was shown. */
export async function enrolTotp(
  server: TestServer,
  token: string,
): Promise<{ secret: string; recoveryCodes: string[] }> {
  const start = await server.gql<{ twoFactorTotpStart: { secret: string } }>(
    'mutation { twoFactorTotpStart { secret } }',
    {},
    { token },
  );
  if (!start.data) throw new Error(`two-factor set-up failed: ${JSON.stringify(start.errors)}`);
  const secret = start.data.twoFactorTotpStart.secret;
  const confirm = await server.gql<{ twoFactorTotpConfirm: string[] | null }>(
    'mutation($c: String!) { twoFactorTotpConfirm(code: $c) }',
    { c: totpCode(secret, totpStep()) },
    { token },
  );
  if (!confirm.data) throw new Error(`two-factor set-up failed: ${JSON.stringify(confirm.errors)}`);
  return { secret, recoveryCodes: confirm.data.twoFactorTotpConfirm ?? [] };
}

/**
 * A second server process on the same database (no job workers), as a deployment with two servers has: what one
 * process announces, the other must learn. `config` overrides its settings (a long cache, a stricter rule).
 */
export function anotherProcess(server: TestServer, config: Partial<Config> = {}): Promise<App> {
  return buildApp({
    config: testConfig({ databaseUrl: server.url, ...config }),
    database: server.database,
    jobs: false,
  });
}

/**
 * Signs an operator in as the partner the way the cockpit does: the remote-login link, then `loginAsAdmin` with
 * its parts. Answers the impersonation session's token.
 */
export async function signInAsPartner(server: TestServer, adminToken: string, partnerId: number): Promise<string> {
  const link = await server.gql<{ cockpitRemoteLoginLink: string }>(
    'mutation($p: ID!) { cockpitRemoteLoginLink(partnerId: $p) }',
    { p: partnerId },
    { token: adminToken },
  );
  const [, h, t, p] = /^\/remote-login\/([^/]+)\/token\/([^/]+)\/partner\/(\d+)$/.exec(
    link.data!.cockpitRemoteLoginLink,
  )!;
  const result = await server.gql<{ loginAsAdmin: { token: string } }>(
    'mutation($h: String!, $t: String!, $p: ID!) { loginAsAdmin(hash: $h, token: $t, partnerId: $p) { token } }',
    { h, t, p },
  );
  return result.data!.loginAsAdmin.token;
}

/** The first error code of a GraphQL answer. */
export function codeOf(result: { errors?: { extensions: { code: string } }[] }): string | undefined {
  return result.errors?.[0]?.extensions.code;
}

export async function partnerIdByShop(database: Database, sapId: string): Promise<number> {
  const { rows } = await database.executeSql('select id from partners where sap_id = $1', [sapId]);
  return (rows[0] as { id: number }).id;
}

/** Works the queued reset-request job, sends the outbox, and reads the token from the newest reset link mailed to `email`. */
export async function mailedResetToken(server: TestServer, email: string): Promise<string> {
  await server.deliverMail(PASSWORD_RESET_JOB);
  const mail = server.mailbox.filter((m) => m.to === email).at(-1);
  const link = /\/login\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail?.text ?? '');
  if (!link) throw new Error(`no reset link was mailed to ${email}`);
  return link[1]!;
}
