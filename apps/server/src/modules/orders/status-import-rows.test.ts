import { STATUS_IMPORT_COLUMNS } from '@pp/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../app';
import { partnerIdByShop, startTestServer, type TestServer, testConfig } from '../../test/harness';
import { orders } from './tables';

/**
 * Status files that are not well-formed CSV: a stray or unclosed quote, a quote inside a bare field. Each
 * is refused with a catalogue code (the whole file, before any order changes), never HTTP 500, and the log
 * of the request never quotes the file.
 */

let server: TestServer;
/** A second instance on the same database whose log is captured. */
let logged: App;
const logLines: string[] = [];
let cz: number;
let token: string;
let nextId = 2_100_000_000_000;

beforeAll(async () => {
  server = await startTestServer();
  cz = await partnerIdByShop(server.database, '100001');
  token = (await server.login('partner@demo.test')).token;
  logged = await buildApp({
    config: testConfig({ logLevel: 'info', databaseUrl: server.url }),
    database: server.database,
    jobs: false,
    logStream: { write: (line: string) => void logLines.push(line) },
  });
});
afterAll(async () => {
  await logged?.close();
  await server?.close();
});

async function order(): Promise<number> {
  const id = nextId++;
  await server.database.db.insert(orders).values({
    partnerId: cz,
    id,
    status: 'open',
    paymentType: 'B',
    currency: 'CZK',
    customerName: 'Jana Nováková',
    deliveryType: 'ADDRESS',
    deliveryStreet: 'Dlouhá 5',
    deliveryCity: 'Plzeň',
    deliveryZip: '301 00',
    deliveryCountry: 'CZ',
    createdAt: new Date(Date.now() - 5 * 24 * 60 * 60_000),
  });
  return id;
}

async function statusOf(id: number): Promise<string> {
  const { rows } = await server.database.executeSql('select status from orders where id = $1', [id]);
  return (rows[0] as { status: string }).status;
}

function csv(lines: string[]): string {
  return [STATUS_IMPORT_COLUMNS.join(';'), ...lines].join('\n');
}

function upload(content: string) {
  const boundary = `----pp${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="statuses.csv"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return logged.app.inject({
    method: 'POST',
    url: '/api/orders/import-statuses',
    headers: {
      authorization: `Bearer ${token}`,
      'x-partner-id': String(cz),
      'accept-language': 'en',
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload,
  });
}

describe('a status file that is not well-formed CSV', () => {
  it('is refused whole with a catalogue code, never 500, and changes no order', async () => {
    const cases = [
      (id: number) => `${id};shipped;DR-1"marker-a;;;`,
      (id: number) => `${id};"shipped;marker-b;;;`,
      (id: number) => `${id};"shipped"x;marker-c;;;`,
      (id: number) => `"${id}";shipped;;;;\n${id};sh"ipped;marker-d;;`,
    ];
    for (const row of cases) {
      const first = await order();
      const broken = await order();
      const answer = await upload(csv([`${first};shipped;;;;`, row(broken)]));
      expect([answer.statusCode, answer.json().code], answer.body).toEqual([400, 'ErrorReadingFile']);
      expect(answer.json().message).toBe('The file could not be read.');
      expect(await statusOf(first)).toBe('open');
      expect(await statusOf(broken)).toBe('open');
    }
    const text = logLines.join('');
    expect(text).toContain('/api/orders/import-statuses');
    expect(text).not.toMatch(/marker-/);
    expect(text).not.toContain('INTERNAL');
  });
});
