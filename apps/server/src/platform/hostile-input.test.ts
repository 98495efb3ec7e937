import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CsvError, parse as parseCsv } from 'csv-parse';
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
      // Registration's mailed confirm link and the page that sets the first password, as the SPA serves them.
      '/registration-confirm/confirm-secret-0011',
      '/registration-complete/password-secret-0012/login-secret-0013',
      '/registration-complete/password-secret-0014/login-secret-0015?lang=sk',
      '/registration-confirm%2Fconfirm-secret-0016',
      // An invitation is a reset link: the same page, the same redaction.
      '/login/reset-password/invite-secret-0017',
    ];
    for (const url of urls) await logged.app.inject({ method: 'GET', url, headers });
    const text = logText();
    expect(text).toContain('incoming request');
    expect(text).toContain('/remote-login/[redacted]/token/[redacted]/partner/77');
    expect(text).toContain('/login/token/[redacted]?lang=cs');
    expect(text).toContain('/v1/stream-api/[redacted]/ws');
    expect(text).toContain('/registration-confirm/[redacted]');
    expect(text).toContain('/registration-complete/[redacted]/[redacted]?lang=sk');
    expect(text).not.toMatch(/secret-00\d\d/);
  });
});

describe('ids, lone surrogates and export parameters', () => {
  let partner: string;
  let partnerId: number;

  beforeAll(async () => {
    const login = await server.login('partner@demo.test');
    partner = login.token;
    partnerId = Number((login.session.selectedPartner as { id: string }).id);
  });

  /** A GraphQL request to the instance whose log is captured, as the seller. */
  async function loggedGql(query: string, variables: Record<string, unknown>): Promise<Answer> {
    const response = await logged.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: {
        'content-type': 'application/json',
        'accept-language': 'en',
        authorization: `Bearer ${partner}`,
        'x-partner-id': String(partnerId),
      },
      payload: { query, variables },
    });
    const body = response.json();
    return { status: response.statusCode, data: body.data ?? null, errors: body.errors };
  }

  it('refuses ids no row can carry on every id argument with VALIDATION_ERROR, and never logs them', async () => {
    const before = logLines.length;
    const deletes = ['deleteAddress', 'deleteContact', 'deleteDelivery', 'deletePartnerDocument', 'savedViewDelete'];
    for (const id of ['99999999999', '2147483648', '1.5', '1e400', 'Infinity', '-3', 'abc']) {
      for (const op of deletes) {
        const selection = op === 'deletePartnerDocument' ? ' { id }' : '';
        expectRule(await loggedGql(`mutation($id: ID!) { ${op}(id: $id)${selection} }`, { id }), 'id', 'invalid');
      }
      const agree = 'mutation($c: ID!) { agreeToTerms(contentId: $c, names: "Jan Novák") { id } }';
      expectRule(await loggedGql(agree, { c: id }), 'contentId', 'invalid');
    }
    // A literal in the document, not a variable: the same rule.
    expectRule(await loggedGql('mutation { deleteAddress(id: 99999999999) }', {}), 'id', 'invalid');
    const terms = 'query($v: ID) { businessTerms(country: "cz", version: $v) { version } }';
    for (const version of ['1.5', '1e400', 'Infinity', '99999999999']) {
      expectRule(await loggedGql(terms, { v: version }), 'version', 'invalid');
    }
    const text = logLines.slice(before).join('');
    expect(text).toContain('incoming request');
    expect(text).not.toContain('99999999999');
    expect(text).not.toContain('1e400');
    expect(text).not.toContain('unexpected error');
  });

  it('refuses a lone surrogate in a message subject and a saved view name as invalid characters', async () => {
    const before = logLines.length;
    const send =
      'mutation($s: String!) { messageSend(data: { subject: $s, department: "FINANCE", message: "Hello" }) { id } }';
    for (const lone of ['\ud800', '\udfff', 'a\ud83d']) {
      expectRule(await loggedGql(send, { s: `subject-marker-5501${lone}` }), 'subject', 'invalidCharacters');
      expectRule(
        await loggedGql(CREATE_VIEW, { g: 'orders', n: `view-marker-5502${lone}` }),
        'name',
        'invalidCharacters',
      );
    }
    // A whole pair (an emoji) is a character like any other.
    const ok = await loggedGql(CREATE_VIEW, { g: 'orders', n: 'Mine 😀' });
    expect(ok.errors).toBeUndefined();
    const text = logLines.slice(before).join('');
    expect(text).not.toMatch(/marker-550[12]/);
    expect(text).not.toContain('unexpected error');
  });

  it('refuses unknown export parameters and unsafe text in any of them, storing nothing', async () => {
    const start = 'mutation($k: String!, $p: JSON) { exportStart(kind: $k, format: CSV, params: $p) { id } }';
    const runs = async () =>
      (
        await server.database.executeSql(
          'select params from export_runs where account_id = (select id from accounts where email = $1)',
          ['partner@demo.test'],
        )
      ).rows as { params: Record<string, unknown> }[];
    const before = await runs();
    const beforeLog = logLines.length;
    const filters = [
      { field: 'createdAt', operator: 'GREATER_THAN_OR_EQUAL', value: new Date(Date.now() - 86_400_000).toISOString() },
    ];
    const refused: [string, unknown, string, string][] = [
      ['orders', { filters, note: 'param-marker-7001' }, 'note', 'invalid'],
      ['orders', { filters, note: `param-marker-7002${NUL}` }, 'note', 'invalid'],
      ['orders', { filters, [`key-marker-7003${NUL}`]: 1 }, 'params', 'invalid'],
      ['orders-missing', { filters, view: `param-marker-7004${NUL}` }, 'view', 'invalid'],
      ['orders-missing', { filters, view: 'param-marker-7005\ud800' }, 'view', 'invalid'],
      ['orders', { filters, search: 'param-marker-7006\udc00' }, 'search', 'invalidCharacters'],
      ['orders', { filters, after: `param-marker-7007${NUL}` }, 'after', 'invalidCharacters'],
      ['billing-orders', 'param-marker-7008', 'params', 'invalid'],
    ];
    for (const [kind, params, field, rule] of refused) {
      expectRule(await loggedGql(start, { k: kind, p: params }), field, rule);
    }
    expect(await runs()).toEqual(before);
    // A key the grid's filter does not know is dropped, not stored: the run keeps only what was checked.
    // (Through the instance with a job queue: the logged one has none to queue the export on.)
    const accepted = await server.gql(
      start,
      { k: 'orders', p: { filters: [{ ...filters[0], junk: `param-marker-7009${NUL}` }], view: 'OPEN' } },
      { token: partner, partnerId },
    );
    expect(accepted.errors).toBeUndefined();
    const stored = (await runs()).at(-1)!.params;
    expect(stored).toEqual({ filters, view: 'OPEN' });
    const text = logLines.slice(beforeLog).join('');
    expect(text).not.toMatch(/marker-70/);
    expect(text).not.toContain('unexpected error');
  });

  it('keeps the input of a failed JSON or CSV parse out of the log', async () => {
    const before = logLines.length;
    // PostgreSQL quotes the JSON around the fault in `where`; the parameter itself is already cut.
    const json = await logged.platform.database.db
      .execute(sql`select ${'{"name":"json-marker-8101\\ud800"}'}::jsonb`)
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(json).toBeTruthy();
    logged.app.log.error({ err: json }, 'json probe failed');
    // csv-parse quotes the field it was reading, in its message and as a property.
    const csv = await new Promise<unknown>((resolve) => {
      const parser = parseCsv({ delimiter: ';' });
      parser.on('error', resolve);
      parser.on('data', () => undefined);
      parser.end('a;b\n1;csv-"marker-8102\n');
    });
    expect(csv).toBeInstanceOf(CsvError);
    logged.app.log.error({ err: csv }, 'csv probe failed');
    const text = logLines.slice(before).join('');
    expect(text).not.toMatch(/marker-810[12]/);
    expect(text).toContain('JSON data, line 1: [redacted]');
    expect(text).toContain('INVALID_OPENING_QUOTE');
  });
});
