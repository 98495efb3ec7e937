import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { setFlagsFromString } from 'node:v8';
import { DomainError } from '@pp/domain';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { type App, buildApp } from '../../app';
import { seedDemo } from '../../seed/demo';
import {
  codeOf,
  DEMO_PASSWORD,
  partnerIdByShop,
  startTestServer,
  type TestServer,
  testConfig,
  testDatabase,
} from '../../test/harness';
import { eventually } from '../../test/waits';
import { type ExportCell, registerExport } from './registry';
import { FILE_LIFETIME_MS } from '../files/index';
import { EXPORT_RUN_JOB, type ExportProgress, purgeOldExportRuns } from './service';

setFlagsFromString('--expose_gc');
const gc = runInNewContext('gc') as () => void;

/**
 * What the test kind does: how many rows, whether to fail midway, where the clock jumps past the export's
 * progress interval, whether to measure the heap.
 */
interface LineParams {
  rows: number;
  failAt?: number;
  jumpAt?: number;
  wide?: boolean;
}

/** Past the export's progress interval (500 ms): the clock is moved on by this instead of waiting it out. */
const CLOCK_JUMP_MS = 1_000;
const realNow = Date.now.bind(Date);

const heapSamples: number[] = [];
const TRICKY: ExportCell[] = [
  '=1+2',
  '+cmd|calc',
  '-5+1',
  '@SUM(A1)',
  '\tlead',
  '\rcr',
  'plain; "quoted"',
  '+420 777 000',
];

registerExport<LineParams>({
  kind: 'test-lines',
  resource: 'orders',
  action: 'read',
  params: z.strictObject({
    rows: z.number(),
    failAt: z.number().optional(),
    jumpAt: z.number().optional(),
    wide: z.boolean().optional(),
  }),
  parse(params) {
    const p = params as Partial<LineParams>;
    if (typeof p.rows !== 'number' || p.rows < 0 || p.rows > 100_000) {
      throw new DomainError('VALIDATION_ERROR', {}, [{ field: 'rows', rule: 'invalid' }]);
    }
    return p as LineParams;
  },
  columns: (t) => [t('exports.columns.id'), t('exports.columns.customerName'), 'amount', 'at', 'flag'],
  async *rows(_db, _partnerId, params) {
    const filler = params.wide ? 'x'.repeat(1000) : '';
    for (let start = 0; start < params.rows; start += 1000) {
      if (params.failAt !== undefined && start >= params.failAt) throw new Error('the database went away');
      if (params.jumpAt !== undefined && start === params.jumpAt) {
        vi.spyOn(Date, 'now').mockImplementation(() => realNow() + CLOCK_JUMP_MS);
      }
      if (params.wide) {
        gc();
        heapSamples.push(process.memoryUsage().heapUsed);
      }
      const batch: ExportCell[][] = [];
      for (let i = start; i < Math.min(params.rows, start + 1000); i++) {
        batch.push([
          i + 1,
          `${TRICKY[i % TRICKY.length]}${filler}`,
          -(i + 1) / 4,
          new Date(Date.UTC(2026, 0, 1, 12, 0, i % 60)),
          i % 2 === 0,
        ]);
      }
      yield batch;
    }
  },
  count: async (_db, _partnerId, params) => params.rows,
  fileName: (params) => `lines-${params.rows}`,
});

let server: TestServer;
let dataDir: string;
let cz: number;
let partnerToken: string;
let multiToken: string;
const events: ExportProgress[] = [];

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'pp-exports-'));
  server = await startTestServer({ config: { dataDir } });
  cz = await partnerIdByShop(server.database, '100001');
  partnerToken = (await server.login('partner@demo.test')).token;
  multiToken = (await server.login('multi@demo.test')).token;
  await server.database.listen('pp_stream', (payload) => {
    const { event } = JSON.parse(payload) as { event?: { type: string; data: ExportProgress } };
    if (event?.type === 'export_progress') events.push(event.data);
  });
});
afterAll(async () => {
  await server?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const START = `mutation($kind: String!, $format: ExportFormat!, $params: JSON) {
  exportStart(kind: $kind, format: $format, params: $params) { id kind status } }`;

function start(params: unknown, format = 'CSV', options: { token?: string; lang?: string; kind?: string } = {}) {
  return server.gql<{ exportStart: { id: string; kind: string; status: string } }>(
    START,
    { kind: options.kind ?? 'test-lines', format, params },
    { token: options.token ?? partnerToken, partnerId: cz, lang: options.lang ?? 'en' },
  );
}

/** Starts an export, works its job as a worker would, and returns the stream's last word on it. */
async function exported(params: unknown, format = 'CSV', options: { token?: string; lang?: string } = {}) {
  const started = await start(params, format, options);
  expect(started.errors).toBeUndefined();
  const id = started.data!.exportStart.id;
  await server.app.platform.jobs.runQueued(EXPORT_RUN_JOB);
  const last = await eventually(`the END or ERROR of export ${id} on the stream`, () =>
    events.find((e) => e.id === id && (e.status === 'END' || e.status === 'ERROR')),
  );
  return { id, events: events.filter((e) => e.id === id), last };
}

async function fetchFile(path: string, token = partnerToken) {
  const response = await server.app.app.inject({
    method: 'GET',
    url: path,
    headers: { authorization: `Bearer ${token}`, 'x-partner-id': String(cz) },
  });
  return response;
}

describe('exports as jobs', () => {
  it('writes a CSV a spreadsheet opens safely: BOM, translated header, formulas neutralised', async () => {
    const { last, events: mine } = await exported({ rows: 8 }, 'CSV', { lang: 'cs' });
    expect(mine[0]).toMatchObject({ status: 'BEGIN', done: 0, total: 8, kind: 'test-lines' });
    expect(last).toMatchObject({ status: 'END', done: 8, fileName: 'lines-8.csv' });
    const response = await fetchFile(last.downloadPath!);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const rows = parse(response.rawPayload, { bom: true, delimiter: ';', relax_column_count: false }) as string[][];
    expect(rows[0]).toEqual(['Číslo objednávky', 'Zákazník', 'amount', 'at', 'flag']);
    expect(rows.slice(1).map((r) => r[1])).toEqual([
      "'=1+2",
      "'+cmd|calc",
      "'-5+1",
      "'@SUM(A1)",
      "'\tlead",
      "'\rcr",
      'plain; "quoted"',
      // A phone number is not a formula: carriers' importers need it as it is.
      '+420 777 000',
    ]);
    // Numbers stay numbers (a negative amount is not a formula), moments are ISO 8601 in UTC.
    expect(rows[2]).toEqual(['2', "'+cmd|calc", '-0.5', '2026-01-01T12:00:01Z', 'false']);
  });

  it('writes an XLSX with real numbers, dates and neutralised text', async () => {
    const { last } = await exported({ rows: 8 }, 'XLSX');
    expect(last).toMatchObject({ status: 'END', done: 8, fileName: 'lines-8.xlsx' });
    const response = await fetchFile(last.downloadPath!);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'Order number', 'Customer', 'amount', 'at', 'flag']);
    expect(sheet.rowCount).toBe(9);
    const second = sheet.getRow(2);
    expect(second.getCell(1).value).toBe(1);
    expect(second.getCell(2).value).toBe("'=1+2");
    expect(second.getCell(2).formula).toBeUndefined();
    expect(second.getCell(3).value).toBe(-0.25);
    expect(second.getCell(4).value).toEqual(new Date(Date.UTC(2026, 0, 1, 12, 0, 0)));
    expect(second.getCell(5).value).toBe(true);
  });

  it('reports progress while it runs', async () => {
    let exportId: string;
    try {
      ({ id: exportId } = await exported({ rows: 3000, jumpAt: 2000 }));
    } finally {
      vi.restoreAllMocks();
    }
    // Progress is published without holding the rows up, so it may come after the end: wait for it too.
    await eventually('a PROGRESS of the export on the stream', () =>
      events.some((e) => e.id === exportId && e.status === 'PROGRESS'),
    );
    const mine = events.filter((e) => e.id === exportId);
    expect(mine.map((e) => e.status)).toEqual(expect.arrayContaining(['BEGIN', 'PROGRESS', 'END']));
    const progress = mine.find((e) => e.status === 'PROGRESS')!;
    expect(progress.done).toBeGreaterThan(0);
    expect(progress.total).toBe(3000);
  });

  it('ends with a translated catalogue code when the rows cannot be read, and keeps no half file', async () => {
    const { id, last } = await exported({ rows: 5000, failAt: 2000 });
    expect(last).toMatchObject({ status: 'ERROR', code: 'EXPORT_FAILED', done: 2000 });
    const job = await server.gql<{ exportJob: { status: string; errorCode: string; downloadPath: null } }>(
      'query($id: ID!) { exportJob(id: $id) { status errorCode downloadPath } }',
      { id },
      { token: partnerToken, partnerId: cz },
    );
    expect(job.data?.exportJob).toEqual({ status: 'ERROR', errorCode: 'EXPORT_FAILED', downloadPath: null });
    expect(await readdir(join(dataDir, 'spool'))).toEqual([]);
  });

  it('refuses a caller without the permission, an unknown kind and bad parameters, leaving nothing queued', async () => {
    const limited = (await server.login('limited@demo.test')).token;
    const before = await server.database.executeSql('select count(*)::int as n from export_runs');
    expect(codeOf(await start({ rows: 1 }, 'CSV', { token: limited }))).toBe('ACCESS_DENIED');
    expect(codeOf(await start({ rows: 1 }, 'CSV', { kind: 'nothing-like-this' }))).toBe('NOT_FOUND');
    const bad = await start({ rows: -1 }, 'CSV', { lang: 'cs' });
    expect(bad.errors?.[0]?.extensions).toMatchObject({ code: 'VALIDATION_ERROR', fields: [{ field: 'rows' }] });
    // A key the kind does not declare is refused, never stored with the run.
    const unknown = await start({ rows: 1, note: 'kept?' });
    expect(unknown.errors?.[0]?.extensions).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: [{ field: 'note', rule: 'invalid' }],
    });
    expect(codeOf(await start('not an object'))).toBe('VALIDATION_ERROR');
    expect(codeOf(await start({ rows: 1 }, 'PDF'))).toBeDefined();
    const after = await server.database.executeSql('select count(*)::int as n from export_runs');
    expect(after.rows).toEqual(before.rows);
  });

  it('frees an account whose export died with its process, and forgets finished runs after a week', async () => {
    const started = await start({ rows: 1 }, 'CSV', { token: multiToken });
    expect(codeOf(await start({ rows: 1 }, 'CSV', { token: multiToken }))).toBe('EXPORT_IN_PROGRESS');
    const id = started.data!.exportStart.id;
    await server.database.executeSql(
      "update export_runs set status = 'RUNNING', created_at = now() - interval '2 hours' where id = $1",
      [id],
    );
    const next = await start({ rows: 1 }, 'CSV', { token: multiToken });
    expect(next.errors).toBeUndefined();
    const { rows } = await server.database.executeSql('select status, error_code from export_runs where id = $1', [id]);
    expect(rows).toEqual([{ status: 'ERROR', error_code: 'EXPORT_FAILED' }]);
    await server.app.platform.jobs.runQueued(EXPORT_RUN_JOB);

    await server.database.executeSql("update export_runs set created_at = now() - interval '8 days' where id = $1", [
      id,
    ]);
    await purgeOldExportRuns(server.app.platform, FILE_LIFETIME_MS);
    const left = await server.database.executeSql('select id from export_runs where id = any($1::uuid[])', [
      [id, next.data!.exportStart.id],
    ]);
    expect(left.rows).toEqual([{ id: next.data!.exportStart.id }]);
  });

  it('does not let another account or partner see the job or the file', async () => {
    const { id, last } = await exported({ rows: 2 });
    expect((await fetchFile(last.downloadPath!, multiToken)).statusCode).toBe(404);
    const other = await server.gql(
      'query($id: ID!) { exportJob(id: $id) { status } }',
      { id },
      { token: multiToken, partnerId: cz },
    );
    expect(codeOf(other)).toBe('NOT_FOUND');
  });

  it.each(['CSV', 'XLSX'])(
    'keeps memory flat however many rows a %s export has',
    async (format) => {
      heapSamples.length = 0;
      const { last } = await exported({ rows: 20_000, wide: true }, format);
      expect(last.status).toBe('END');
      expect(last.done).toBe(20_000);
      const response = await fetchFile(last.downloadPath!);
      // About 20 MB of text went through; what stays in the heap after each batch does not grow with it.
      expect(response.rawPayload.length).toBeGreaterThan(format === 'CSV' ? 20_000_000 : 100_000);
      const early = Math.max(...heapSamples.slice(1, 4));
      const late = Math.max(...heapSamples.slice(-4));
      expect(late - early).toBeLessThan(4_000_000);
    },
    120_000,
  );
});

describe('an export queued before a restart', () => {
  it('is worked by the next server process on the same database', async () => {
    const { database, url, drop } = await testDatabase();
    await seedDemo(database.db, { extraPartners: 0 });
    const config = (jobsEnabled: boolean) => testConfig({ databaseUrl: url, dataDir, jobsEnabled });
    let first: App | null = await buildApp({ config: config(false), database });
    let second: App | null = null;
    try {
      const login = await first.app.inject({
        method: 'POST',
        url: '/graphql',
        payload: { query: `mutation { login(email: "partner@demo.test", password: "${DEMO_PASSWORD}") { token } }` },
      });
      const token = login.json().data.login.token as string;
      const started = await first.app.inject({
        method: 'POST',
        url: '/graphql',
        headers: { authorization: `Bearer ${token}` },
        payload: { query: START, variables: { kind: 'test-lines', format: 'CSV', params: { rows: 3 } } },
      });
      const id = started.json().data.exportStart.id as string;
      await first.close();
      first = null;

      second = await buildApp({ config: config(true), database });
      // The worker polls its queue (every second): nothing announces the finish to wait for but the row.
      const status = await eventually(
        `export ${id} to be finished by the next process`,
        async () => {
          const { rows } = await database.executeSql('select status from export_runs where id = $1', [id]);
          const { status } = rows[0] as { status: string };
          return (status === 'END' || status === 'ERROR') && status;
        },
        { timeoutMs: 30_000 },
      );
      expect(status).toBe('END');
    } finally {
      await first?.close();
      await second?.close();
      await drop();
    }
  }, 60_000);
});
