import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_RUN_JOB, type ExportProgress } from '../../platform/exports/index';
import { codeOf, partnerIdByShop, startTestServer, type TestServer } from '../../test/harness';
import { eventually } from '../../test/waits';
import { orders } from '../orders/tables';
import { memberWith } from '../sla/test-helpers';

/** The statistics page's export (CSV/XLSX through the export job): the page's figures, per day and currency. */

let server: TestServer;
let dataDir: string;
let cz: number;
let token: string;
const events: ExportProgress[] = [];

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'pp-statistics-export-'));
  server = await startTestServer({ config: { dataDir } });
  cz = await partnerIdByShop(server.database, '100001');
  token = (await server.login('partner@demo.test')).token;
  await server.database.listen('pp_stream', (payload) => {
    const { event } = JSON.parse(payload) as { event?: { type: string; data: ExportProgress } };
    if (event?.type === 'export_progress') events.push(event.data);
  });
  // May 2020, where the demo has no orders: two in crowns on the 4th, one in euros on the 5th.
  const base = { partnerId: cz, paymentType: 'B', deliveryCountry: 'CZ' };
  await server.database.db.insert(orders).values([
    {
      ...base,
      id: 8_400_000_000_001,
      status: 'delivered',
      currency: 'CZK',
      total: 100.25,
      createdAt: new Date('2020-05-04T08:00:00Z'),
    },
    {
      ...base,
      id: 8_400_000_000_002,
      status: 'cancelled',
      currency: 'CZK',
      total: 50,
      createdAt: new Date('2020-05-04T09:00:00Z'),
    },
    {
      ...base,
      id: 8_400_000_000_003,
      status: 'open',
      currency: 'EUR',
      deliveryCountry: 'SK',
      total: 9.9,
      createdAt: new Date('2020-05-05T09:00:00Z'),
    },
  ]);
});
afterAll(async () => {
  await server?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const START = `mutation($params: JSON) { exportStart(kind: "statistics", format: CSV, params: $params) { id kind status } }`;
/** What the page's export button sends: the grid part it always has, and the page's request. */
const params = (request: Record<string, unknown>) => ({
  filters: [],
  sort: { field: 'bucket', direction: 'ASCENDING' },
  search: null,
  ...request,
});

async function finished(id: string): Promise<ExportProgress> {
  await server.app.platform.jobs.runQueued(EXPORT_RUN_JOB);
  return eventually(`the END or ERROR of export ${id} on the stream`, () =>
    events.find((e) => e.id === id && (e.status === 'END' || e.status === 'ERROR')),
  );
}

describe('statistics export', () => {
  it('writes one row per day and currency and the totals, in the caller’s language', async () => {
    const started = await server.gql<{ exportStart: { id: string } }>(
      START,
      { params: params({ from: '2020-05-04', to: '2020-05-06', granularity: 'DAY', market: null }) },
      { token, partnerId: cz, lang: 'cs' },
    );
    expect(started.errors).toBeUndefined();
    const last = await finished(started.data!.exportStart.id);
    expect(last.status).toBe('END');
    const response = await server.app.app.inject({
      method: 'GET',
      url: last.downloadPath!,
      headers: { authorization: `Bearer ${token}`, 'x-partner-id': String(cz) },
    });
    expect(response.statusCode).toBe(200);
    const rows = parse(response.rawPayload, { bom: true, delimiter: ';' }) as string[][];
    expect(rows[0]).toEqual([
      'Období',
      'Objednávky',
      'Kusy',
      'Doručené',
      'Stornované',
      'Vrácené',
      'Odeslané',
      'Průměrná doba expedice (hodiny)',
      'Měna',
      'Tržby',
    ]);
    expect(rows.slice(1).map((r) => [r[0], r[1], r[3], r[4], r[8], r[9]])).toEqual([
      ['2020-05-04', '2', '1', '1', 'CZK', '100.25'],
      ['2020-05-05', '1', '0', '0', 'EUR', '9.9'],
      ['2020-05-06', '0', '0', '0', '', ''],
      ['2020-05-04/2020-05-06', '3', '1', '1', 'CZK', '100.25'],
      ['2020-05-04/2020-05-06', '', '', '', 'EUR', '9.9'],
    ]);
  });

  it('refuses a range past two years, and an account without the statistics permission', async () => {
    const long = await server.gql(
      START,
      { params: params({ from: '2017-01-01', to: '2020-01-01' }) },
      { token, partnerId: cz },
    );
    expect(codeOf(long)).toBe('VALIDATION_ERROR');
    const limited = await memberWith(server, 'stats-export-limited@demo.test', cz, [['orders', 'read']]);
    const refused = await server.gql(
      START,
      { params: params({ from: '2020-05-04', to: '2020-05-06' }) },
      { token: limited, partnerId: cz },
    );
    expect(codeOf(refused)).toBe('ACCESS_DENIED');
  });
});
