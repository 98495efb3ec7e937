import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { codeOf, partnerIdByShop, startTestServer, type TestServer } from '../../test/harness';
import { registerExport } from './registry';
import { EXPORT_RUN_JOB } from './service';

// A kind of one column: what is raced here is the start, not the writing.
registerExport<{ rows: number }>({
  kind: 'race-lines',
  resource: 'orders',
  action: 'read',
  params: z.strictObject({ rows: z.number().int().min(0).max(10) }),
  parse: (params) => params as { rows: number },
  columns: () => ['n'],
  async *rows(_db, _partnerId, params) {
    yield Array.from({ length: params.rows }, (_, i) => [i + 1]);
  },
  count: async (_db, _partnerId, params) => params.rows,
  fileName: (params) => `race-${params.rows}`,
});

let server: TestServer;
let cz: number;
let partnerToken: string;
let multiToken: string;

beforeAll(async () => {
  server = await startTestServer();
  cz = await partnerIdByShop(server.database, '100001');
  partnerToken = (await server.login('partner@demo.test')).token;
  multiToken = (await server.login('multi@demo.test')).token;
});
afterAll(async () => server?.close());

const START = `mutation($kind: String!, $format: ExportFormat!, $params: JSON) {
  exportStart(kind: $kind, format: $format, params: $params) { id kind status } }`;

const start = (token: string) =>
  server.gql(START, { kind: 'race-lines', format: 'CSV', params: { rows: 1 } }, { token, partnerId: cz });

describe('exports started at once', () => {
  it('lets an account run one export at a time, counted in the database', async () => {
    const attempts = await Promise.all([1, 2, 3].map(() => start(multiToken)));
    expect(attempts.filter((a) => !a.errors)).toHaveLength(1);
    expect(attempts.filter((a) => a.errors).map(codeOf)).toEqual(['EXPORT_IN_PROGRESS', 'EXPORT_IN_PROGRESS']);
    // Another account of the same partner is not held up.
    expect((await start(partnerToken)).errors).toBeUndefined();
    await server.app.platform.jobs.runQueued(EXPORT_RUN_JOB);
    expect((await start(multiToken)).errors).toBeUndefined();
    await server.app.platform.jobs.runQueued(EXPORT_RUN_JOB);
  });
});
