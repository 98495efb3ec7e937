import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../app';
import { codeOf, startTestServer, type TestServer, testConfig } from '../test/harness';

/**
 * What an attacker sent to a running server: each answer is a catalogue error naming the rule, never
 * INTERNAL; static paths outside the build are not found; and the log keeps no SQL parameter values nor
 * secret URL tokens.
 */

let server: TestServer;
let admin: string;
let web: string;
/** A second instance on the same database whose log is captured. */
let logged: App;
const logLines: string[] = [];

beforeAll(async () => {
  // The web build is absent in tests: a stand-in with an index.html lets the static files be served.
  const root = mkdtempSync(join(tmpdir(), 'pp-hostile-'));
  web = join(root, 'web');
  writeFileSync(join(root, 'package.json'), '{"name":"outside-the-build"}');
  mkdirSync(web);
  writeFileSync(join(web, 'index.html'), '<!doctype html><title>portal</title>');
  writeFileSync(join(web, 'app.js'), 'console.log(1)');
  server = await startTestServer({ listen: true, config: { webDist: web } });
  admin = (await server.login('admin@demo.test')).token;
  logged = await buildApp({
    config: testConfig({ logLevel: 'info', webDist: web, databaseUrl: server.url }),
    database: server.database,
    jobs: false,
    logStream: { write: (line: string) => void logLines.push(line) },
  });
});

afterAll(async () => {
  await logged?.close();
  await server?.close();
  if (web) rmSync(join(web, '..'), { recursive: true, force: true });
});

type Answer = Awaited<ReturnType<TestServer['gql']>>;

function fieldsOf(answer: Answer): { field: string; rule: string }[] {
  return (answer.errors?.[0]?.extensions.fields ?? []) as { field: string; rule: string }[];
}

function expectRule(answer: Answer, field: string, rule: string) {
  expect(codeOf(answer), JSON.stringify(answer.errors)).toBe('VALIDATION_ERROR');
  expect(fieldsOf(answer)).toContainEqual(expect.objectContaining({ field, rule }));
}

const NUL = '\u0000';
const LOGIN = 'mutation($e: String!, $p: String!) { login(email: $e, password: $p) { token } }';
const GRID = 'query($g: GridInput) { cockpitPartners(grid: $g) { total items { id } } }';
const CREATE_VIEW =
  'mutation($g: String!, $n: String!, $f: [GridFilterInput!], $q: String) { savedViewCreate(gridId: $g, name: $n, filters: $f, search: $q) { id } }';

const grid = (g: Record<string, unknown>) => server.gql(GRID, { g }, { token: admin });
const filter = (field: string, operator: string, value: string | string[]) =>
  grid({ filters: [Array.isArray(value) ? { field, operator, values: value } : { field, operator, value }] });

describe('hostile input', () => {
  it('refuses a NUL byte in the login e-mail as invalid characters', async () => {
    const answer = await server.gql(LOGIN, { e: `admin@demo.test${NUL}`, p: 'whatever' });
    expectRule(answer, 'email', 'invalidCharacters');
    expectRule(await server.gql(LOGIN, { e: `${NUL}`, p: 'x' }), 'email', 'invalidCharacters');
  });

  it('refuses a NUL byte in a saved view name, search and filter value', async () => {
    const view = (n: string, f: unknown[] = [], q?: string) =>
      server.gql(CREATE_VIEW, { g: 'cockpit-partners', n, f, q }, { token: admin });
    expectRule(await view(`Mine${NUL}`), 'name', 'invalidCharacters');
    expectRule(await view('ok', [], `a${NUL}`), 'state.search', 'invalidCharacters');
    expectRule(
      await view('ok', [{ field: 'partnerName', operator: 'LIKE', value: `x${NUL}` }]),
      'state.filters.0.value',
      'invalidCharacters',
    );
    expectRule(
      await view('ok', [{ field: 'shopId', operator: 'IN', values: ['CZ10MA', NUL] }]),
      'state.filters.0.values.1',
      'invalidCharacters',
    );
  });

  it('refuses a NUL byte in a grid search, filter value, filter field and sort field', async () => {
    expectRule(await grid({ search: `demo${NUL}` }), 'search', 'invalidCharacters');
    expectRule(await filter('partnerName', 'LIKE', `demo${NUL}`), 'filters.0.value', 'invalidCharacters');
    expectRule(await filter('sapId', 'EQUAL', NUL), 'filters.0.value', 'invalidCharacters');
    expectRule(await filter('shopId', 'IN', ['CZ10MA', `SK${NUL}`]), 'filters.0.values.1', 'invalidCharacters');
    expectRule(await filter(`partner${NUL}Name`, 'EMPTY', []), 'filters.0.field', 'invalidCharacters');
    expectRule(await grid({ sort: { field: `id${NUL}`, direction: 'ASCENDING' } }), 'sort.field', 'invalidCharacters');
  });

  it('refuses numbers the column cannot hold: non-finite, fractions of integers, beyond int4', async () => {
    for (const value of ['Infinity', '-Infinity', '1e400', '-1e400']) {
      expectRule(await filter('rating', 'GREATER_THAN', value), 'filter.rating.value', 'numberOutOfRange');
      expectRule(await filter('id', 'EQUAL', value), 'filter.id.value', 'numberOutOfRange');
    }
    expectRule(await filter('id', 'EQUAL', '1.5'), 'filter.id.value', 'numberOutOfRange');
    expectRule(await filter('id', 'EQUAL', '99999999999'), 'filter.id.value', 'numberOutOfRange');
    expectRule(await filter('id', 'GREATER_THAN', '2147483648'), 'filter.id.value', 'numberOutOfRange');
    expectRule(await filter('id', 'IN', ['1', '99999999999']), 'filter.id.value', 'numberOutOfRange');
    expectRule(await filter('rating', 'BETWEEN', ['1', '1e39']), 'filter.rating.value', 'numberOutOfRange');
    expectRule(await filter('rating', 'EQUAL', 'abc'), 'filter.rating.value', 'invalid');
  });

  it('still answers numbers at the edges of the column types', async () => {
    for (const answer of [
      await filter('id', 'EQUAL', '2147483647'),
      await filter('id', 'GREATER_THAN', '-2147483648'),
      await filter('id', 'IN', ['1', '2']),
      await filter('rating', 'BETWEEN', ['1.5', '3.4e38']),
      await filter('rating', 'GREATER_THAN', '-3.4e38'),
    ]) {
      expect(answer.errors, JSON.stringify(answer.errors)).toBeUndefined();
    }
  });

  it('refuses dates outside 1900–9999 and days the calendar does not have', async () => {
    const created = (values: string[]) => filter('created', 'BETWEEN', values);
    expectRule(await created(['2024-01-01', '+275760-09-13T00:00:00.000Z']), 'filter.created.value', 'dateOutOfRange');
    expectRule(await created(['2024-01-01', '275760-09-13']), 'filter.created.value', 'dateOutOfRange');
    expectRule(await created(['1899-12-31', '2024-01-01']), 'filter.created.value', 'dateOutOfRange');
    expectRule(await created(['2024-02-30', '2024-03-01']), 'filter.created.value', 'dateOutOfRange');
    expectRule(await created(['yesterday', '2024-03-01']), 'filter.created.value', 'dateOutOfRange');
    const edges = await created(['1900-01-01', '9999-12-31T23:59:59Z']);
    expect(edges.errors, JSON.stringify(edges.errors)).toBeUndefined();
    expect((edges.data as { cockpitPartners: { total: number } }).cockpitPartners.total).toBeGreaterThan(0);
  });

  it('answers 404 for paths that leave the web build, encoded or not', async () => {
    const address = server.app.app.server.address() as { port: number };
    // Raw HTTP: inject() would normalise the dot segments before the router saw them.
    const get = (path: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = httpRequest({ host: '127.0.0.1', port: address.port, path, method: 'GET' }, (res) => {
          let body = '';
          res.on('data', (chunk) => {
            body += chunk;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        });
        req.on('error', reject);
        req.end();
      });
    for (const path of [
      '/v2/../../package.json',
      '/v2/../package.json',
      '/v2/%2e%2e/%2e%2e/package.json',
      '/v2/..%2f..%2fpackage.json',
      '/v2/%2e%2e%2f%2e%2e%2fpackage.json',
      '/v2/.%2e/.%2e/package.json',
      '/v2/..%5c..%5cpackage.json',
      '/v2/%00',
      '/v2/./app.js',
    ]) {
      const answer = await get(path);
      expect(answer.status, path).toBe(404);
      expect(answer.body, path).not.toContain('outside-the-build');
    }
    expect((await get('/v2/app.js')).status).toBe(200);
    expect((await get('/v2/missing.js')).status).toBe(404);
    expect((await get('/cockpit/partners')).body).toContain('portal');
  });
});

describe('the log', () => {
  const logText = () => logLines.join('');

  it('never carries the parameter values of failed SQL, but keeps the SQL text and the error code', async () => {
    const secret = 'hostile-secret-4711';
    logged.app.get('/test-only/failing-sql', async () => {
      await logged.platform.database.db.execute(sql`select ${secret}::int as n`);
      return 'unreachable';
    });
    const answer = await logged.app.inject({ method: 'GET', url: '/test-only/failing-sql' });
    expect(answer.statusCode).toBe(500);
    expect(answer.json()).toMatchObject({ code: 'INTERNAL' });

    // A unique violation: the driver's detail quotes the duplicate value.
    const duplicate = 'duplicate-secret@demo.test';
    const { db } = logged.platform.database;
    await db.execute(sql`create table hostile_input_probe (email text primary key)`);
    await db.execute(sql`insert into hostile_input_probe (email) values (${duplicate})`);
    const error = await db.execute(sql`insert into hostile_input_probe (email) values (${duplicate})`).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeTruthy();
    logged.app.log.error({ err: error }, 'probe failed');
    // Raw SQL for libraries (pg-boss) goes straight to the driver; PGlite's errors carry `params` themselves.
    const raw = await logged.platform.database.executeSql('select $1::int as n', [secret]).then(
      () => null,
      (e: unknown) => e,
    );
    expect(raw).toBeTruthy();
    logged.app.log.error(raw as Error, 'raw probe failed');
    await db.execute(sql`drop table hostile_input_probe`);

    const text = logText();
    expect(text).not.toContain(secret);
    expect(text).not.toContain(duplicate);
    expect(text).not.toContain('params:');
    expect(text).toContain('unexpected error');
    expect(text).toContain('select $1::int as n');
    expect(text).toContain('22P02');
    expect(text).toContain('23505');
    expect(text).toContain('hostile_input_probe_pkey');
  });

  it('redacts secret tokens in request addresses and never logs authorization or cookies', async () => {
    const headers = { authorization: 'Bearer bearer-secret-0042', cookie: 'session=cookie-secret-0042' };
    const urls = [
      '/login/reset-password/reset-secret-0001',
      '/remote-login/hash-secret-0002/token/token-secret-0003/partner/77',
      '/login/token/token-secret-0004',
      '/login/token/token-secret-0005?lang=cs',
      '/v1/stream-api/stream-secret-0006/ws',
      '/v2/login/token/token-secret-0007',
      '/login?next=%2Flogin%2Ftoken%2Ftoken-secret-0008&token=token-secret-0009',
      '/login%2Ftoken%2Ftoken-secret-0010',
    ];
    for (const url of urls) await logged.app.inject({ method: 'GET', url, headers });
    const text = logText();
    expect(text).toContain('incoming request');
    expect(text).toContain('/remote-login/[redacted]/token/[redacted]/partner/77');
    expect(text).toContain('/login/token/[redacted]?lang=cs');
    expect(text).toContain('/v1/stream-api/[redacted]/ws');
    expect(text).not.toMatch(/secret-00\d\d/);
  });
});
