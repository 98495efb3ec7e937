import { BRANCH_FILE_COLUMNS } from '@pp/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, startTestServer, type TestServer } from '../../../test/harness';
import { multipartBody } from '../../partner/test-uploads';
import { BRANCH_LOAD_JOB } from './upload';

/**
 * The cockpit's upload of a carrier's branch file (issue 19 point 6): operators only, one load per carrier at a
 * time, stored and loaded by a job, all or nothing, and listed with its outcome.
 */

let server: TestServer;
let admin: string;
let seller: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = (await server.login('admin@demo.test')).token;
  seller = (await server.login('partner@demo.test')).token;
});
afterAll(async () => server?.close());

const HEADER = BRANCH_FILE_COLUMNS.join(';');
const csv = (...rows: string[]) => Buffer.from(`${[HEADER, ...rows].join('\n')}\n`);
const FOX = (code: string, town = 'Eger', zip = '3300') =>
  `FOXPOST;HU;${code};Foxpost ${town} ${code};Fő utca 1;${town};${zip};;;1;1;SMALLBOX;0–24`;

function upload(token: string, carrier: string | null, body: Buffer | null) {
  const form = body
    ? multipartBody(carrier === null ? {} : { carrier }, { body, fileName: 'foxpost.csv', contentType: 'text/csv' })
    : { payload: Buffer.from('--x--\r\n'), contentType: 'multipart/form-data; boundary=x' };
  return server.app.app.inject({
    method: 'POST',
    url: '/api/cockpit/carrier-branches',
    headers: { authorization: `Bearer ${token}`, 'accept-language': 'en', 'content-type': form.contentType },
    payload: form.payload,
  });
}

const LOADS = `{ cockpitBranchLoads { id status carrier fileName accountEmail lines inserted updated deactivated
  errorCode errorCount errors { line field rule } } }`;

interface Load {
  id: string;
  status: string;
  carrier: string | null;
  fileName: string | null;
  accountEmail: string | null;
  lines: number;
  inserted: number;
  updated: number;
  deactivated: number;
  errorCode: string | null;
  errorCount: number;
  errors: { line: number; field: string; rule: string }[];
}

async function loadById(id: number): Promise<Load> {
  const answer = await server.gql<{ cockpitBranchLoads: Load[] }>(LOADS, {}, { token: admin });
  expect(answer.errors).toBeUndefined();
  return answer.data!.cockpitBranchLoads.find((l) => l.id === String(id))!;
}

async function activeFoxpost(): Promise<string[]> {
  const { rows } = await server.database.executeSql(
    "select id from carrier_branches where carrier = 'FOXPOST' and active order by id",
  );
  return (rows as { id: string }[]).map((r) => r.id);
}

async function storedBranchFiles(): Promise<number> {
  const { rows } = await server.database.executeSql(
    "select count(*)::int as n from stored_files where kind = 'carrier-branches'",
  );
  return (rows[0] as { n: number }).n;
}

describe("the cockpit's branch file upload", () => {
  it('is for operators only, and needs a known carrier and a file', async () => {
    const seller403 = await upload(seller, 'FOXPOST', csv(FOX('9501')));
    expect(seller403.json().code).toBe('ACCESS_DENIED');
    expect(codeOf(await server.gql(LOADS, {}, { token: seller }))).toBe('ACCESS_DENIED');
    const noCarrier = await upload(admin, null, csv(FOX('9501')));
    expect(noCarrier.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: [{ field: 'carrier' }] });
    expect((await upload(admin, 'NOPE', csv(FOX('9501')))).json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: [{ field: 'carrier' }],
    });
    expect((await upload(admin, 'FOXPOST', null)).json().code).toBe('IMPORT_FILE_MISSING');
    expect((await upload(admin, 'FOXPOST', Buffer.alloc(0))).json().code).toBe('IMPORT_FILE_MISSING');
    expect(await storedBranchFiles()).toBe(0);
  });

  it('loads the file by a job, refuses a second upload of the carrier meanwhile, and lists the outcome', async () => {
    const before = await activeFoxpost();
    expect(before.length).toBeGreaterThan(100);
    const first = await upload(admin, 'foxpost', csv(FOX('9501', 'Szeged', '6720'), FOX('9502')));
    expect(first.statusCode).toBe(202);
    const { loadId } = first.json() as { loadId: number };
    expect(await loadById(loadId)).toMatchObject({
      status: 'queued',
      carrier: 'FOXPOST',
      fileName: 'foxpost.csv',
      accountEmail: 'admin@demo.test',
    });
    // One load of a carrier at a time; another carrier's file is no business of this one.
    const second = await upload(admin, 'FOXPOST', csv(FOX('9503')));
    expect([second.statusCode, second.json().code]).toEqual([400, 'IMPORT_IN_PROGRESS']);
    expect(await activeFoxpost()).toEqual(before);

    await server.app.platform.jobs.runQueued(BRANCH_LOAD_JOB);
    expect(await loadById(loadId)).toMatchObject({
      status: 'done',
      carrier: 'FOXPOST/HU',
      lines: 2,
      inserted: 2,
      updated: 0,
      deactivated: before.length,
      errorCode: null,
      errors: [],
    });
    expect(await activeFoxpost()).toEqual(['FOXPOST-9501', 'FOXPOST-9502']);
    // The file was only the job's: gone once loaded. The change is in the audit trail.
    expect(await storedBranchFiles()).toBe(0);
    const { rows } = await server.database.executeSql(
      "select data->>'carrier' as carrier from audit_log where action = 'deliveries.branches.upload' and entity_id = $1",
      [String(loadId)],
    );
    expect(rows).toEqual([{ carrier: 'FOXPOST' }]);
    // Done, so the carrier takes a file again.
    expect((await upload(admin, 'FOXPOST', csv(FOX('9501'), FOX('9502')))).statusCode).toBe(202);
    await server.app.platform.jobs.runQueued(BRANCH_LOAD_JOB);
    expect(await activeFoxpost()).toEqual(['FOXPOST-9501', 'FOXPOST-9502']);
  });

  it('refuses a bad file with its lines and changes nothing', async () => {
    const before = await activeFoxpost();
    const bad = await upload(
      admin,
      'FOXPOST',
      csv(
        FOX('9601'),
        FOX('9602', 'Eger', '33'),
        'PACKETA;HU;9603;Packeta Eger;Fő utca 2;Eger;3300;;;1;1;;',
        FOX('9601'),
      ),
    );
    const { loadId } = bad.json() as { loadId: number };
    await server.app.platform.jobs.runQueued(BRANCH_LOAD_JOB);
    expect(await loadById(loadId)).toMatchObject({
      status: 'failed',
      carrier: 'FOXPOST',
      errorCode: 'CARRIER_BRANCH_ERROR',
      errorCount: 3,
      inserted: 0,
      deactivated: 0,
      errors: [
        { line: 3, field: 'zip', rule: 'invalid' },
        { line: 4, field: 'carrier', rule: 'otherCarrier' },
        { line: 5, field: 'code', rule: 'duplicate' },
      ],
    });
    const notUtf8 = await upload(admin, 'FOXPOST', Buffer.concat([csv(FOX('9701')), Buffer.from([0xff, 0x0a])]));
    await server.app.platform.jobs.runQueued(BRANCH_LOAD_JOB);
    expect(await loadById((notUtf8.json() as { loadId: number }).loadId)).toMatchObject({
      status: 'failed',
      errorCode: 'IMPORT_FILE_ENCODING',
      errors: [{ line: 3, field: 'row', rule: 'encoding' }],
    });
    expect(await activeFoxpost()).toEqual(before);
    expect(await storedBranchFiles()).toBe(0);
  });
});
