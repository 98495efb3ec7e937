import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../app';
import { codeOf, DEMO_PASSWORD, partnerIdByShop, startTestServer, type TestServer, testConfig } from '../test/harness';
import { type Config, loadConfig, parseTrustProxy } from './config';
import { databaseRefusal } from './errors';

let server: TestServer;
let adminToken: string;
let partnerToken: string;
const extra: App[] = [];

beforeAll(async () => {
  server = await startTestServer();
  adminToken = (await server.login('admin@demo.test')).token;
  partnerToken = (await server.login('partner@demo.test')).token;
});
afterAll(async () => {
  for (const app of extra) await app.close();
  await server?.close();
});

/** A second server process on the same database, with other settings. */
async function appWith(overrides: Partial<Config>): Promise<App> {
  const app = await buildApp({
    config: testConfig({ databaseUrl: server.url, ...overrides }),
    database: server.database,
    jobs: false,
  });
  extra.push(app);
  return app;
}

function post(app: App, query: string, headers: Record<string, string> = {}, remoteAddress?: string) {
  return app.app.inject({
    method: 'POST',
    url: '/graphql',
    headers: { 'content-type': 'application/json', 'accept-language': 'en', ...headers },
    payload: { query },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

describe('limits on one GraphQL document', () => {
  it('refuses a thousand aliases of the dashboard before running any, in the caller’s language', async () => {
    const fields = Array.from({ length: 1000 }, (_, i) => `d${i}: dashboard { accountsCount }`).join(' ');
    const answer = await server.gql(`{ ${fields} }`, {}, { token: partnerToken, lang: 'cs' });
    expect(codeOf(answer)).toBe('QUERY_TOO_COMPLEX');
    expect(answer.errors?.[0]?.message).toBe('Požadavek je příliš velký nebo složitý, nelze na něj odpovědět.');
    expect(answer.data).toBeNull();
  });

  it('refuses a document that repeats a mail-sending mutation, and queues nothing', async () => {
    const answer = await server.gql(
      'mutation { a: passwordResetRequest(email: "multi@demo.test") b: passwordResetRequest(email: "multi@demo.test") }',
    );
    expect(codeOf(answer)).toBe('QUERY_TOO_COMPLEX');
    const { rows } = await server.database.executeSql(
      "select count(*)::int as n from pgboss.job where name like 'auth.%'",
    );
    expect((rows[0] as { n: number }).n).toBe(0);
    const logins = await server.gql(
      `mutation { a: login(email: "x@demo.test", password: "a") { token } b: login(email: "y@demo.test", password: "b") { token } }`,
    );
    expect(codeOf(logins)).toBe('QUERY_TOO_COMPLEX');
  });

  // Each pair differs by one step across one limit and stays well inside all the others, so the refusal is
  // that limit's. The numbers are docs/security.md's (packages/domain GRAPHQL_LIMITS), written out here.
  // Introspection documents go as an operator: production shows the schema to operators only (the suite runs once
  // in production mode), and the limits hold for operators as for everyone.
  const refusal = async (document: string) =>
    codeOf(await server.gql(document, {}, { token: document.includes('__type') ? adminToken : partnerToken }));
  /** `__type { fields { type { ofType … } } }`: valid in every schema, one level deeper per ofType. */
  const chain = (ofTypes: number, leaves = 'name') =>
    `{ __type(name: "Query") { fields { type { ${'ofType { '.repeat(ofTypes)}${leaves} ${'} '.repeat(ofTypes)}} } } }`;

  it('refuses a document deeper than 10 fields, even a short one, and answers one of 10', async () => {
    // __type, fields, type, 6 × ofType, name: 10 levels in 40 tokens.
    expect(await refusal(chain(6))).toBeUndefined();
    expect(await refusal(chain(7))).toBe('QUERY_TOO_COMPLEX');
  });

  it('refuses a document with more than 10 directives, and answers one with 10', async () => {
    const directives = (n: number) => `{ ${'__typename @include(if: true) '.repeat(n)}}`;
    expect(await refusal(directives(10))).toBeUndefined();
    expect(await refusal(directives(11))).toBe('QUERY_TOO_COMPLEX');
  });

  it('refuses a document costing more than 5000, short and shallow enough, and answers one just under', async () => {
    // Cost as the limit counts it: a field 2 plus 1.5 × its children, a leaf 1. The chain of 10 levels with
    // 126 leaves costs 4993.6, with 127 leaves 5032.1 — in about 150 tokens and within the depth limit.
    expect(await refusal(chain(6, 'name '.repeat(126)))).toBeUndefined();
    expect(await refusal(chain(6, 'name '.repeat(127)))).toBe('QUERY_TOO_COMPLEX');
  });

  it('refuses a document of more than 2000 tokens, and answers one of 2000', async () => {
    // 12 tokens around the list, one per id (commas are not tokens). A list, not repeated fields: graphql-js
    // gives up validating a thousand fields of one name on its own.
    const ids = (n: number) => `{ productOptions(ids: [${'"P-1", '.repeat(n)}]) { id } }`;
    expect(await refusal(ids(1988))).toBeUndefined();
    expect(await refusal(ids(1989))).toBe('QUERY_TOO_COMPLEX');
  });

  it('refuses a document with more than 15 aliases, and answers one with 15', async () => {
    const aliases = (n: number) => `{ ${Array.from({ length: n }, (_, i) => `a${i}: __typename`).join(' ')} }`;
    expect(await refusal(aliases(15))).toBeUndefined();
    expect(await refusal(aliases(16))).toBe('QUERY_TOO_COMPLEX');
  });

  it('answers a document that does not parse with INVALID_REQUEST, not a raw GraphQL error', async () => {
    const answer = await server.gql('{ session { ', {}, { token: partnerToken, lang: 'sk' });
    expect(codeOf(answer)).toBe('INVALID_REQUEST');
  });

  it('lets the portal’s ordinary documents through', async () => {
    const answer = await server.gql(
      '{ session { account { id email } partners { id partnerName } selectedPartner { id } acl { subject action } } }',
      {},
      { token: partnerToken },
    );
    expect(answer.errors).toBeUndefined();
  });
});

describe('per-client request rate', () => {
  it('allows 600 requests a minute by default, as docs/security.md promises', async () => {
    const answer = await server.app.app.inject({ method: 'GET', url: '/fefl', remoteAddress: '192.0.2.49' });
    expect(answer.headers['ratelimit-limit']).toBe('600');
  });

  it('answers 429 TOO_MANY_REQUESTS with the standard headers once a client used its minute, others go on', async () => {
    const app = await appWith({ rateLimitPerMinute: 5 });
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await post(app, '{ featureFlags { croatiaEnabled } }', {}, '192.0.2.50'));
    expect(answers.slice(0, 5).map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(answers[0]!.headers['ratelimit-limit']).toBe('5');
    expect(answers[4]!.headers['ratelimit-remaining']).toBe('0');
    const refused = answers[5]!;
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another client is not affected.
    expect((await post(app, '{ featureFlags { croatiaEnabled } }', {}, '192.0.2.51')).statusCode).toBe(200);
  });
});

describe('cross-origin calls', () => {
  it('gives a foreign origin no CORS permission, and an allowed one credentials', async () => {
    const app = await appWith({ corsOrigins: ['https://partners.example.com'] });
    const foreign = await post(app, '{ featureFlags { croatiaEnabled } }', { origin: 'https://evil.example' });
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    expect(foreign.headers['access-control-allow-credentials']).toBeUndefined();
    const preflight = await app.app.inject({
      method: 'OPTIONS',
      url: '/graphql',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    const allowed = await post(app, '{ featureFlags { croatiaEnabled } }', { origin: 'https://partners.example.com' });
    expect(allowed.headers['access-control-allow-origin']).toBe('https://partners.example.com');
    expect(allowed.headers['access-control-allow-credentials']).toBe('true');
    // The default: same origin only.
    const same = await server.app.app.inject({
      method: 'GET',
      url: '/fefl',
      headers: { origin: 'https://partners.example.com' },
    });
    expect(same.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('client addresses behind proxies', () => {
  it('refuses to trust every X-Forwarded-For, and takes lists and hop counts', () => {
    expect(() => parseTrustProxy('true')).toThrow(/TRUST_PROXY/);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('10.0.0.1, 10.1.0.0/16')).toEqual(['10.0.0.1', '10.1.0.0/16']);
    expect(() => parseTrustProxy('evil.example')).toThrow(/TRUST_PROXY/);
  });

  it('believes X-Forwarded-For only from a trusted proxy', async () => {
    const app = await appWith({ trustProxy: ['127.0.0.1'] });
    const login = `mutation { login(email: "multi@demo.test", password: "${DEMO_PASSWORD}") { token } }`;
    await post(app, login, { 'x-forwarded-for': '203.0.113.77' }, '127.0.0.1');
    await post(app, login, { 'x-forwarded-for': '203.0.113.78' }, '10.20.30.40');
    const { rows } = await server.database.executeSql(
      "select ip from sessions where account_id = (select id from accounts where email = 'multi@demo.test') order by id desc limit 2",
    );
    expect(rows.map((r) => (r as { ip: string }).ip)).toEqual(['10.20.30.40', '203.0.113.77']);
  });
});

describe('secrets and modes', () => {
  it('refuses to start in production without a remote-login secret, or with a short or published one', () => {
    const base = { NODE_ENV: 'production', DATA_DIR: mkdtempSync(join(tmpdir(), 'pp-')) };
    expect(() => loadConfig(base)).toThrow(/REMOTE_LOGIN_SECRET/);
    expect(() => loadConfig({ ...base, REMOTE_LOGIN_SECRET: 'short' })).toThrow(/REMOTE_LOGIN_SECRET/);
    expect(() => loadConfig({ ...base, REMOTE_LOGIN_SECRET: 'demo-remote-login-secret-change-me' })).toThrow();
    const config = loadConfig({ ...base, REMOTE_LOGIN_SECRET: 'x'.repeat(40) });
    expect(config.seedDemo).toBe(false);
  });

  it('makes one random secret for the demo, keeps it under DATA_DIR and reuses it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pp-'));
    const first = loadConfig({ DATA_DIR: dir }).remoteLoginSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(dir, 'remote-login.secret'), 'utf8')).toBe(first);
    expect(loadConfig({ DATA_DIR: dir }).remoteLoginSecret).toBe(first);
    expect(loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'pp-')) }).remoteLoginSecret).not.toBe(first);
  });
});

describe('smaller points', () => {
  it('shows the schema in production only to operators, and hides “did you mean”', async () => {
    const app = await appWith({ production: true });
    const introspect = '{ __schema { queryType { name } } }';
    expect((await post(app, introspect)).json().errors[0].extensions.code).toBe('ACCESS_DENIED');
    expect(
      (await post(app, introspect, { authorization: `Bearer ${partnerToken}` })).json().errors[0].extensions.code,
    ).toBe('ACCESS_DENIED');
    expect((await post(app, introspect, { authorization: `Bearer ${adminToken}` })).json().data).toEqual({
      __schema: { queryType: { name: 'Query' } },
    });
    const typo = (await post(app, '{ sesion { isAdmin } }')).json();
    expect(typo.errors[0].extensions.code).toBe('INVALID_REQUEST');
    expect(JSON.stringify(typo)).not.toMatch(/session|Did you mean/);
    // The demo keeps both, for developers.
    const demo = await appWith({ production: false });
    expect((await post(demo, introspect)).json().data).toEqual({ __schema: { queryType: { name: 'Query' } } });
  });

  it('serves metrics only with the configured token', async () => {
    const app = await appWith({ metricsToken: 'metrics-token-0123456789' });
    expect((await app.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    const ok = await app.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer metrics-token-0123456789' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('pp_process_cpu_seconds_total');
  });

  it('sends HSTS only when the portal is served over https', async () => {
    const https = await appWith({ publicUrl: 'https://partners.example.com' });
    expect((await https.app.inject({ method: 'GET', url: '/healthz' })).headers['strict-transport-security']).toContain(
      'max-age=31536000',
    );
    expect(
      (await server.app.app.inject({ method: 'GET', url: '/healthz' })).headers['strict-transport-security'],
    ).toBeUndefined();
  });

  it('refuses a malformed x-partner-id instead of choosing the default partner', async () => {
    for (const bad of ['-1', '2,1', '0x2', '1.0', ' 1', '99999999999', '']) {
      const answer = await server.gql(
        '{ session { selectedPartner { id } } }',
        {},
        { token: partnerToken, partnerId: bad },
      );
      expect([bad, codeOf(answer)]).toEqual([bad, 'INVALID_PARTNER_ID']);
    }
    const cz = await partnerIdByShop(server.database, '100001');
    const good = await server.gql<{ session: { selectedPartner: { id: string } } }>(
      '{ session { selectedPartner { id } } }',
      {},
      { token: partnerToken, partnerId: cz },
    );
    expect(good.data?.session.selectedPartner.id).toBe(String(cz));
  });

  it('names the number in “at least N characters” of the password rule', async () => {
    const answer = await server.gql(
      'mutation { passwordReset(token: "x", password: "short", passwordRepeat: "short") }',
    );
    const fields = answer.errors?.[0]?.extensions.fields as { rule: string; message: string }[];
    expect(fields.find((f) => f.rule === 'passwordMinLength')?.message).toBe(
      'The password must have at least 12 characters.',
    );
  });
});

describe('production mode', () => {
  // NODE_ENV=production switches on code the demo never runs (the schema guard, hidden hints): the
  // portal's everyday documents must work there too, not only the refusals.
  it('answers ordinary sign-ins, queries and mutations', async () => {
    const app = await appWith({ production: true });
    type Answer<T> = { status: number; data?: T; errors?: { message: string; extensions: { code: string } }[] };
    const call = async <T = Record<string, unknown>>(
      query: string,
      variables: Record<string, unknown> = {},
      token?: string,
    ): Promise<Answer<T>> => {
      const response = await app.app.inject({
        method: 'POST',
        url: '/graphql',
        headers: {
          'content-type': 'application/json',
          'accept-language': 'en',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        payload: { query, variables },
      });
      return { status: response.statusCode, ...(response.json() as Omit<Answer<T>, 'status'>) };
    };
    const login = await call<{ login: { token: string } }>(
      'mutation SignIn($e: String!, $p: String!) { login(email: $e, password: $p) { token session { isAdmin } } }',
      { e: 'multi@demo.test', p: DEMO_PASSWORD },
    );
    expect([login.status, login.errors]).toEqual([200, undefined]);
    const token = login.data!.login.token;
    const read = await call<{ session: { account: { email: string } }; orders: { total: number } }>(
      `query Home { session { ...Who } dashboard { accountsCount partner { id } } orders(view: ALL) { total items { id status } } }
       fragment Who on Session { account { email } selectedPartner { id } acl { subject action } }`,
      {},
      token,
    );
    expect([read.status, read.errors]).toEqual([200, undefined]);
    expect(read.data?.session.account.email).toBe('multi@demo.test');
    expect(read.data?.orders.total).toBeGreaterThan(0);
    const created = await call<{ savedViewCreate: { id: string; name: string } }>(
      'mutation Save($g: String!, $n: String!) { savedViewCreate(gridId: $g, name: $n, filters: []) { id name } }',
      { g: 'orders', n: 'Production view' },
      token,
    );
    expect([created.status, created.errors, created.data?.savedViewCreate.name]).toEqual([
      200,
      undefined,
      'Production view',
    ]);
    const removed = await call(
      'mutation($id: ID!) { savedViewDelete(id: $id) }',
      { id: created.data?.savedViewCreate.id },
      token,
    );
    expect([removed.status, removed.errors, removed.data]).toEqual([200, undefined, { savedViewDelete: true }]);
    // A refusal keeps its catalogue code and translated message.
    const missing = await call('{ order(orderId: "999999999") { id } }', {}, token);
    expect([missing.errors?.[0]?.extensions.code, missing.errors?.[0]?.message]).toEqual([
      'ORDER_NOT_FOUND',
      'The order was not found.',
    ]);
  });

  it('refuses the schema, by __schema or __type, to a seller and shows it to an operator', async () => {
    const app = await appWith({ production: true });
    for (const introspect of ['{ __schema { queryType { name } } }', '{ __type(name: "Query") { name } }']) {
      const seller = (await post(app, introspect, { authorization: `Bearer ${partnerToken}` })).json();
      expect([introspect, seller.errors?.[0]?.extensions.code, seller.data ?? null]).toEqual([
        introspect,
        'ACCESS_DENIED',
        null,
      ]);
      const operator = (await post(app, introspect, { authorization: `Bearer ${adminToken}` })).json();
      expect([introspect, operator.errors]).toEqual([introspect, undefined]);
    }
  });
});

describe('statement timeout', () => {
  it('stops a request statement after 10 s by default', () => {
    expect(testConfig().statementTimeoutMs).toBe(10_000);
  });

  it('maps a statement stopped by the timeout to QUERY_TIMEOUT', () => {
    expect(databaseRefusal({ message: 'Failed query', cause: { code: '57014' } })?.code).toBe('QUERY_TIMEOUT');
    expect(databaseRefusal(new Error('other'))).toBeNull();
  });

  // PGlite runs one statement at a time in this process and has no statement timer: on PostgreSQL only (CI runs both).
  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'stops a request statement that runs too long on PostgreSQL',
    async () => {
      const { openDatabase } = await import('./db/client');
      const database = await openDatabase({
        databaseUrl: server.url,
        dataDir: '',
        poolSize: 1,
        statementTimeoutMs: 200,
      });
      try {
        const error = await database.db.execute(sql`select pg_sleep(2)`).then(
          () => null,
          (e: unknown) => e,
        );
        expect(databaseRefusal(error)?.code).toBe('QUERY_TIMEOUT');
      } finally {
        await database.close();
      }
    },
  );
});
