import { Readable } from 'node:stream';
import type { StreamEvent } from '@pp/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { partnerIdByShop, startTestServer, type TestServer } from '../../test/harness';
import { setImportWorkerHeap } from './import-pipeline';
import { PRODUCT_IMPORT_JOB } from './xml-import';

/**
 * Issue 17: no upload can take the server down. Files built to exhaust the parser's memory are refused at
 * the bounds of the whole document, what still exhausts memory ends only the import worker, and in every
 * case the import fails for good and the partner's next file is taken.
 */
let server: TestServer;
let cz: number;
let token: string;
let events: StreamEvent[] = [];

beforeAll(async () => {
  server = await startTestServer();
  cz = await partnerIdByShop(server.database, '100001');
  token = (await server.login('partner@demo.test')).token;
  const hub = server.app.platform.stream;
  const publish = hub.publish.bind(hub);
  hub.publish = async (audience, event) => {
    if ('partnerId' in audience && audience.partnerId === cz) events.push(event);
    return publish(audience, event);
  };
});
afterAll(async () => server?.close());
beforeEach(() => {
  events = [];
});

const xml = (...items: string[]) => `<?xml version="1.0" encoding="UTF-8"?>\n<ITEMS>\n${items.join('\n')}\n</ITEMS>\n`;
const item = (id: string) => `<ITEM><ID>${id}</ID><PRODUCT_TYPE>Mug</PRODUCT_TYPE><PRICE>99</PRICE></ITEM>`;

function post(body: string | Readable) {
  return server.app.app.inject({
    method: 'POST',
    url: '/portal/import/partner-products',
    headers: {
      authorization: `Bearer ${token}`,
      'x-partner-id': String(cz),
      'accept-language': 'en',
      'content-type': 'application/xml',
    },
    payload: body,
  });
}

interface ImportRow {
  id: string;
  status: string;
  created: number;
  error_code: string | null;
}

/** Uploads a file, works the queued job as a worker would, and answers the import's row. */
async function importFile(body: string | Readable): Promise<ImportRow> {
  const answer = await post(body);
  expect(answer.statusCode, answer.payload).toBe(202);
  const { importId } = answer.json() as { importId: string };
  await server.app.platform.jobs.runQueued(PRODUCT_IMPORT_JOB);
  const { rows } = await server.database.executeSql(
    'select id, status, created, error_code from product_imports where id = $1',
    [importId],
  );
  return rows[0] as ImportRow;
}

async function product(id: string) {
  const { rows } = await server.database.executeSql('select id from products where partner_id = $1 and id = $2', [
    cz,
    id,
  ]);
  return rows[0];
}

const progress = () =>
  events.filter((e) => e.type === 'product_import_progress').map((e) => e.data as Record<string, unknown>);

/** 64 KB pieces of a generated file, so that the test holds no file of its own. */
function* streamed(head: string, piece: string, bytes: number, tail = ''): Generator<Buffer> {
  yield Buffer.from(head);
  const chunk = Buffer.from(piece.repeat(Math.ceil((64 * 1024) / piece.length)));
  for (let sent = 0; sent < bytes; sent += chunk.length) yield chunk;
  if (tail) yield Buffer.from(tail);
}

const jobStateOf = async (importId: string) =>
  (
    await server.database.executeSql(`select state from pgboss.job where name = $1 and data->>'importId' = $2`, [
      PRODUCT_IMPORT_JOB,
      importId,
    ])
  ).rows;

/** The highest resident memory this process has had, in MB (the import worker's thread included). */
const peakMemoryMb = () => process.resourceUsage().maxRSS / 1024;

describe('uploads that would take the server down', () => {
  it('refuses 8 MB of unclosed tags outside ITEM at the depth bound, with the server’s memory unmoved, and takes the partner’s next file', async () => {
    const before = peakMemoryMb();
    const row = await importFile(Readable.from(streamed(`<ITEMS>${item('DEEP-1')}<WRAP>`, '<a>', 8 * 1024 * 1024)));
    expect([row.status, row.error_code]).toEqual(['FAILED', 'XML_TOO_COMPLEX']);
    expect(progress()).toEqual([
      expect.objectContaining({ status: 'ERROR', code: 'XML_TOO_COMPLEX', reason: 'depth' }),
    ]);
    // Read whole, 2.8 million open elements cost the parser about 800 MB.
    expect(peakMemoryMb() - before).toBeLessThan(150);
    expect(await product('DEEP-1')).toBeUndefined();
    expect(await importFile(xml(item('AFTER-DEEP')))).toMatchObject({ status: 'DONE', created: 1 });
  });

  it('refuses a flat million elements outside ITEM, and takes the partner’s next file', async () => {
    const flat = streamed(`<ITEMS>${item('FLAT-1')}`, '<NOTE/>', 7_000_000, '</ITEMS>');
    const row = await importFile(Readable.from(flat));
    expect([row.status, row.error_code]).toEqual(['FAILED', 'XML_TOO_COMPLEX']);
    expect(progress()).toEqual([
      expect.objectContaining({ status: 'ERROR', code: 'XML_TOO_COMPLEX', reason: 'elements' }),
    ]);
    expect(await product('FLAT-1')).toBeUndefined();
    expect(await importFile(xml(item('AFTER-FLAT')))).toMatchObject({ status: 'DONE', created: 1 });
  });

  it('fails an import whose worker its memory limit ended, for good: not retried, and the partner’s next file is taken', async () => {
    // A 48 MB comment within the upload limit and the bounds, against a worker allowed 32 MB of heap.
    setImportWorkerHeap(32);
    let row: ImportRow & { id: string };
    try {
      row = await importFile(
        Readable.from(streamed('<ITEMS><!--', 'x', 48 * 1024 * 1024, `-->${item('OOM-1')}</ITEMS>`)),
      );
    } finally {
      setImportWorkerHeap(null);
    }
    expect([row.status, row.error_code]).toEqual(['FAILED', 'XML_TOO_COMPLEX']);
    expect(progress()).toEqual([
      expect.objectContaining({ status: 'ERROR', code: 'XML_TOO_COMPLEX', reason: 'memory' }),
    ]);
    expect(await jobStateOf(row.id)).toEqual([{ state: 'completed' }]);
    expect(await server.app.platform.jobs.runQueued(PRODUCT_IMPORT_JOB)).toBe(0);
    expect(await product('OOM-1')).toBeUndefined();
    expect(await importFile(xml(item('AFTER-OOM')))).toMatchObject({ status: 'DONE', created: 1 });
  });

  it('closes an import whose earlier attempt ended with its process as IMPORT_INTERRUPTED, never working the file again', async () => {
    const answer = await post(xml(item('INTERRUPTED-1')));
    const { importId } = answer.json() as { importId: string };
    // What an attempt leaves when its process ends mid-way: the import RUNNING, its job due again.
    await server.database.executeSql(`update product_imports set status = 'RUNNING' where id = $1`, [importId]);
    expect(await server.app.platform.jobs.runQueued(PRODUCT_IMPORT_JOB)).toBe(1);
    const { rows } = await server.database.executeSql(
      'select status, error_code, file_id from product_imports where id = $1',
      [importId],
    );
    expect(rows).toEqual([expect.objectContaining({ status: 'FAILED', error_code: 'IMPORT_INTERRUPTED' })]);
    expect(progress()).toEqual([expect.objectContaining({ status: 'ERROR', code: 'IMPORT_INTERRUPTED' })]);
    expect(await product('INTERRUPTED-1')).toBeUndefined();
    const fileId = (rows[0] as { file_id: string }).file_id;
    const stored = await server.database.executeSql('select id from stored_files where id = $1', [fileId]);
    expect(stored.rows).toEqual([]);
    expect(await importFile(xml(item('AFTER-INTERRUPTED')))).toMatchObject({ status: 'DONE', created: 1 });
  });

  it('releases the partner at once from an import whose job the job system gave up', async () => {
    const answer = await post(xml(item('ORPHAN-1')));
    const { importId } = answer.json() as { importId: string };
    // While its job waits or runs, the import holds the partner's one import.
    await server.database.executeSql(`update product_imports set status = 'RUNNING' where id = $1`, [importId]);
    expect((await post(xml(item('TOO-SOON')))).json()).toMatchObject({ code: 'IMPORT_IN_PROGRESS' });
    // Both attempts ended with their processes: pg-boss has failed the job for good, the import is RUNNING.
    await server.database.executeSql(
      `update pgboss.job set state = 'failed' where name = $1 and data->>'importId' = $2`,
      [PRODUCT_IMPORT_JOB, importId],
    );
    expect(await importFile(xml(item('AFTER-ORPHAN')))).toMatchObject({ status: 'DONE', created: 1 });
    const { rows } = await server.database.executeSql('select status, error_code from product_imports where id = $1', [
      importId,
    ]);
    expect(rows).toEqual([{ status: 'FAILED', error_code: 'IMPORT_INTERRUPTED' }]);
  });
});
