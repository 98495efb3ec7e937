import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_RUN_JOB, type ExportProgress } from '../../platform/exports/index';
import { codeOf, partnerIdByShop, startTestServer, type TestServer } from '../../test/harness';
import { eventually } from '../../test/waits';
import { parseSlaExportParams } from './exports';
import { insertOrder, memberWith } from './test-helpers';

let server: TestServer;
let dataDir: string;
let cz: number;
let token: string;
const events: ExportProgress[] = [];

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'pp-sla-export-'));
  server = await startTestServer({ config: { dataDir } });
  cz = await partnerIdByShop(server.database, '100001');
  token = (await server.login('partner@demo.test')).token;
  await server.database.listen('pp_stream', (payload) => {
    const { event } = JSON.parse(payload) as { event?: { type: string; data: ExportProgress } };
    if (event?.type === 'export_progress') events.push(event.data);
  });
});
afterAll(async () => {
  await server?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const START = `mutation($params: JSON) { exportStart(kind: "sla", format: CSV, params: $params) { id kind status } }`;

async function finished(id: string): Promise<ExportProgress> {
  await server.app.platform.jobs.runQueued(EXPORT_RUN_JOB);
  return eventually(`the END or ERROR of export ${id} on the stream`, () =>
    events.find((e) => e.id === id && (e.status === 'END' || e.status === 'ERROR')),
  );
}

describe('SLA export', () => {
  it('writes one row per indicator and period, with the same figures as the page, in the caller’s language', async () => {
    await insertOrder(server, cz, { status: 'cancelled', createdAt: new Date(Date.now() - 60_000) });
    const page = await server.gql<{
      slaStatistics: { indicators: { currentMonth: { month: string; broken: number; total: number } }[] };
    }>(
      '{ slaStatistics(numberOfMonths: 2, slaTypes: [CANCEL_RATE]) { indicators { currentMonth { month broken total } } } }',
      {},
      {
        token,
        partnerId: cz,
      },
    );
    const started = await server.gql<{ exportStart: { id: string } }>(
      START,
      { params: { numberOfMonths: 2, slaTypes: ['cancel-rate'] } },
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
    expect(rows[0]).toEqual(['Ukazatel', 'Období', 'Chybné', 'Objednávky', 'Podíl (%)', 'Stav', 'Cíl (%)']);
    expect(rows).toHaveLength(1 + 4); // last 7 days, current month, two previous months
    const current = page.data!.slaStatistics.indicators[0]!.currentMonth;
    expect(rows[2]!.slice(0, 4)).toEqual(['cancel-rate', current.month, String(current.broken), String(current.total)]);
    expect(rows[2]![6]).toBe('1.5');
  });

  it('takes the filters of the grids’ export button too, and refuses what does not fit', () => {
    expect(
      parseSlaExportParams({
        filters: [
          { field: 'numberOfMonths', operator: 'EQUAL', value: '3' },
          { field: 'slaType', operator: 'IN', values: ['delivery'] },
        ],
      }),
    ).toEqual({ numberOfMonths: 3, slaTypes: ['delivery'] });
    expect(parseSlaExportParams({})).toEqual({
      numberOfMonths: 6,
      slaTypes: ['cancel-rate', 'tracking', 'status-error', 'delivery'],
    });
    expect(() => parseSlaExportParams({ numberOfMonths: 40 })).toThrow();
  });

  it('needs the sla permission and answers a bad request with a validation error', async () => {
    const ordersOnly = await memberWith(server, 'orders-export@demo.test', cz, [['orders', 'read']]);
    expect(codeOf(await server.gql(START, { params: {} }, { token: ordersOnly, partnerId: cz }))).toBe('ACCESS_DENIED');
    expect(codeOf(await server.gql(START, { params: { slaTypes: ['speed'] } }, { token, partnerId: cz }))).toBe(
      'VALIDATION_ERROR',
    );
  });
});
