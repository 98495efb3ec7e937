import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partnerIdByShop, startTestServer, type TestServer } from '../../test/harness';
import { contentDisposition, purgeExpiredFiles, storeFile } from './index';
import { localStorage, s3Storage, storageKey } from './storage';
import { storedFiles } from './tables';

let server: TestServer;
let dataDir: string;
let cz: number;
let sk: number;
let partner: { token: string; accountId: number };
let multi: { token: string; accountId: number };

async function accountId(email: string): Promise<number> {
  const { rows } = await server.database.executeSql('select id from accounts where email = $1', [email]);
  return (rows[0] as { id: number }).id;
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'pp-files-'));
  server = await startTestServer({ config: { dataDir } });
  cz = await partnerIdByShop(server.database, '100001');
  sk = await partnerIdByShop(server.database, '100002');
  partner = { token: (await server.login('partner@demo.test')).token, accountId: await accountId('partner@demo.test') };
  multi = { token: (await server.login('multi@demo.test')).token, accountId: await accountId('multi@demo.test') };
});
afterAll(async () => {
  await server?.close();
  await rm(dataDir, { recursive: true, force: true });
});

function download(path: string, token: string | null, partnerId: number | null) {
  const headers: Record<string, string> = { 'accept-language': 'en' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (partnerId !== null) headers['x-partner-id'] = String(partnerId);
  return server.app.app.inject({ method: 'GET', url: path, headers });
}

function store(input: Partial<Parameters<typeof storeFile>[1]> = {}) {
  return storeFile(server.app.platform, {
    partnerId: cz,
    accountId: partner.accountId,
    // A kind every member with the orders resource may read (a status import's result report).
    kind: 'order-status-import-result',
    fileName: 'Objednávky září.csv',
    contentType: 'text/csv; charset=utf-8',
    body: new TextEncoder().encode('id;name\r\n1;Jana\r\n'),
    ...input,
  });
}

describe('stored files (local folder)', () => {
  it('streams a stored file back to its account with its name for every browser', async () => {
    const file = await store();
    expect(file).toMatchObject({ fileName: 'Objednávky září.csv', size: 17, downloadPath: `/api/files/${file.id}` });
    const response = await download(file.downloadPath, partner.token, cz);
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('id;name\r\n1;Jana\r\n');
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Objednavky zari.csv"; filename*=UTF-8''Objedn%C3%A1vky%20z%C3%A1%C5%99%C3%AD.csv`,
    );
    expect(response.headers['cache-control']).toBe('private, no-store');
    // Kept under DATA_DIR by partner, and nothing is left in the spool folder.
    expect(await readdir(join(dataDir, 'files', String(cz)))).toContain(file.id);
    expect(await readdir(join(dataDir, 'spool'))).toEqual([]);
  });

  it('stores a stream as it comes, of any size', async () => {
    const chunk = Buffer.alloc(64 * 1024, 'x');
    const file = await store({ body: Readable.from(Array.from({ length: 40 }, () => chunk)), fileName: 'big.txt' });
    expect(file.size).toBe(40 * 64 * 1024);
    const response = await download(file.downloadPath, partner.token, cz);
    expect(response.rawPayload.length).toBe(file.size);
  });

  it('is not found for another partner, another account, a stranger or an id that is not one', async () => {
    const file = await store();
    // multi@ belongs to the Czech partner too, but the file was made for partner@.
    const cases: [string | null, number | null, string, number][] = [
      [multi.token, sk, file.downloadPath, 404],
      [multi.token, cz, file.downloadPath, 404],
      [partner.token, sk, file.downloadPath, 403],
      [null, null, file.downloadPath, 401],
      [partner.token, cz, '/api/files/..%2F..%2Fetc%2Fpasswd', 404],
      [partner.token, cz, '/api/files/not-a-uuid', 404],
    ];
    for (const [token, partnerId, path, status] of cases) {
      const response = await download(path, token, partnerId);
      expect([path, partnerId, response.statusCode]).toEqual([path, partnerId, status]);
      expect(response.body).not.toContain('Jana');
    }
    const notFound = await download(file.downloadPath, multi.token, sk);
    expect(notFound.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Not found.' });
  });

  it('lets every member of the partner download a file made for the whole partner', async () => {
    const file = await store({ accountId: null });
    expect((await download(file.downloadPath, multi.token, cz)).statusCode).toBe(200);
    expect((await download(file.downloadPath, multi.token, sk)).statusCode).toBe(404);
  });

  it('removes expired files from the storage and the list; until then they are no longer served', async () => {
    const file = await store();
    await server.database.db
      .update(storedFiles)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(storedFiles.partnerId, cz), eq(storedFiles.id, file.id)));
    expect((await download(file.downloadPath, partner.token, cz)).statusCode).toBe(404);
    expect(existsSync(join(dataDir, 'files', String(cz), file.id))).toBe(true);
    expect(await purgeExpiredFiles(server.app.platform)).toBeGreaterThanOrEqual(1);
    expect(existsSync(join(dataDir, 'files', String(cz), file.id))).toBe(false);
    const { rows } = await server.database.executeSql('select 1 from stored_files where id = $1', [file.id]);
    expect(rows).toEqual([]);
  });

  it('never takes a storage key from outside', async () => {
    expect(() => storageKey(1, '../../etc/passwd')).toThrow();
    const local = localStorage(join(dataDir, 'files'));
    await expect(local.get('1/../../secret')).rejects.toThrow();
    await expect(local.delete('../x')).rejects.toThrow();
  });

  it('serves a file only to whom holds the right of its kind, and stops at once when the right or the membership goes', async () => {
    const limited = {
      token: (await server.login('limited@demo.test')).token,
      accountId: await accountId('limited@demo.test'),
    };
    const contract = await store({
      accountId: null,
      kind: 'partner-document',
      fileName: 'Smlouva.pdf',
      contentType: 'application/pdf',
      body: new TextEncoder().encode('%PDF-1.4 contract of the Czech shop\n%%EOF\n'),
    });
    const note = await store({ accountId: null, kind: 'delivery-note', fileName: 'Dodací list.pdf' });
    const unnamed = await store({ accountId: null, kind: 'nobody-named-this-kind' });
    const status = async (file: { downloadPath: string }, who: { token: string }) =>
      (await download(file.downloadPath, who.token, cz)).statusCode;

    // limited@ has no orders resource: the partner's delivery note is not there for it; the master sees both.
    expect(await status(contract, limited)).toBe(200);
    expect(await status(note, limited)).toBe(404);
    expect(await status(note, partner)).toBe(200);
    // A kind nobody said the right of is served to nobody, not to every member.
    expect(await status(unnamed, partner)).toBe(404);

    // The master takes the partner tab away: the contract's next download is refused, no waiting.
    const everything = await server.gql<{ accessControl: { policies: { subject: string; action: string }[] } }>(
      'query($id: ID!) { accessControl(accountId: $id) { policies { subject action } } }',
      { id: limited.accountId },
      { token: partner.token, partnerId: cz },
    );
    const kept = everything.data?.accessControl.policies.filter((p) => p.subject !== 'partner');
    expect(kept?.length).toBeGreaterThan(0);
    const update =
      'mutation($id: ID!, $p: [PermissionPairInput!]!) { updateAccessControl(accountId: $id, policies: $p) { accountId } }';
    const revoked = await server.gql(
      update,
      { id: limited.accountId, p: kept },
      { token: partner.token, partnerId: cz },
    );
    expect(revoked.errors).toBeUndefined();
    const refused = await download(contract.downloadPath, limited.token, cz);
    expect(refused.statusCode).toBe(404);
    expect(refused.body).not.toContain('contract of the Czech shop');

    // Given back, then the account leaves the partner: refused again on the next request.
    await server.gql(
      update,
      { id: limited.accountId, p: everything.data?.accessControl.policies },
      { token: partner.token, partnerId: cz },
    );
    expect(await status(contract, limited)).toBe(200);
    const unlinked = await server.gql(
      'mutation($id: ID!) { unlinkPartnerAccount(accountId: $id) }',
      { id: limited.accountId },
      { token: partner.token, partnerId: cz },
    );
    expect(unlinked.data).toEqual({ unlinkPartnerAccount: true });
    const gone = await download(contract.downloadPath, limited.token, cz);
    // Its only partner gone, its session ends with it (401); with partners left it would be 403 for this one.
    expect([401, 403, 404]).toContain(gone.statusCode);
    expect(gone.body).not.toContain('contract of the Czech shop');
  });

  it('names the file in the header without letting its name break the header', () => {
    expect(contentDisposition('a"b\\c.csv')).toBe(`attachment; filename="a_b_c.csv"; filename*=UTF-8''a%22b%5Cc.csv`);
  });
});

/** A few lines of an S3-compatible server: the bucket is the outside world, so here it is a fake. */
function fakeS3() {
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  const requests: { method: string; url: string; authorization: string; contentLength: string | undefined }[] = [];
  const httpServer = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      requests.push({
        method: req.method!,
        url: req.url!,
        authorization: String(req.headers.authorization ?? ''),
        contentLength: req.headers['content-length'],
      });
      if (!String(req.headers.authorization ?? '').startsWith('AWS4-HMAC-SHA256 Credential=test-key/')) {
        res.writeHead(403).end('<Error><Code>AccessDenied</Code></Error>');
        return;
      }
      const key = req.url!;
      if (req.method === 'PUT') {
        objects.set(key, { body: Buffer.concat(chunks), contentType: String(req.headers['content-type']) });
        res.writeHead(200, { etag: '"x"' }).end();
      } else if (req.method === 'GET') {
        const object = objects.get(key);
        if (!object) res.writeHead(404).end('<Error><Code>NoSuchKey</Code></Error>');
        else res.writeHead(200, { 'content-type': object.contentType }).end(object.body);
      } else if (req.method === 'DELETE') {
        objects.delete(key);
        res.writeHead(204).end();
      } else res.writeHead(405).end();
    });
  });
  return {
    objects,
    requests,
    async start() {
      await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(httpServer.address() as { port: number }).port}`;
    },
    stop: () => new Promise<void>((resolve) => httpServer.close(() => resolve())),
  };
}

describe('stored files (S3-compatible bucket)', () => {
  const s3 = fakeS3();
  let endpoint: string;
  let s3Server: TestServer;
  const settings = () => ({
    kind: 's3' as const,
    endpoint,
    bucket: 'pp-files',
    region: 'eu-central-1',
    accessKeyId: 'test-key',
    secretAccessKey: 'test-secret',
  });

  beforeAll(async () => {
    endpoint = await s3.start();
    s3Server = await startTestServer({ config: { dataDir, fileStorage: settings() } });
  });
  afterAll(async () => {
    await s3Server?.close();
    await s3.stop();
  });

  it('uploads with a signature and the length, reads back and deletes', async () => {
    const storage = s3Storage(settings());
    const key = storageKey(7, '0b6f1c1e-8d0c-4c2e-9a51-2f7c3c1d9e10');
    const spool = join(dataDir, 'one.part');
    const body = Buffer.from('ahoj světe');
    await writeFile(spool, body);
    await storage.putFile(key, spool, body.length, 'text/plain');
    expect(existsSync(spool)).toBe(false);
    const put = s3.requests.at(-1)!;
    expect(put).toMatchObject({ method: 'PUT', url: `/pp-files/${key}`, contentLength: String(body.length) });
    expect(put.authorization).toContain('/eu-central-1/s3/aws4_request');

    const chunks: Buffer[] = [];
    for await (const c of await storage.get(key)) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('ahoj světe');
    await storage.delete(key);
    await expect(storage.get(key)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('reports a refusing bucket as an error, never as an empty file', async () => {
    const storage = s3Storage({ ...settings(), accessKeyId: 'wrong' });
    const spool = join(dataDir, 'two.part');
    await writeFile(spool, 'x');
    await expect(
      storage.putFile(storageKey(7, '1b6f1c1e-8d0c-4c2e-9a51-2f7c3c1d9e10'), spool, 1, 'text/plain'),
    ).rejects.toThrow(/403/);
  });

  it('serves a file stored in the bucket through the same download path', async () => {
    const content = Buffer.alloc(300_000, 'ž');
    const file = await storeFile(s3Server.app.platform, {
      partnerId: cz,
      accountId: partner.accountId,
      kind: 'order-status-import-result',
      fileName: 'v bucketu.txt',
      contentType: 'text/plain; charset=utf-8',
      body: Readable.from([content]),
    });
    expect(s3.objects.has(`/pp-files/${cz}/${file.id}`)).toBe(true);
    const response = await s3Server.app.app.inject({
      method: 'GET',
      url: file.downloadPath,
      headers: {
        authorization: `Bearer ${(await s3Server.login('partner@demo.test')).token}`,
        'x-partner-id': String(cz),
      },
    });
    expect(response.statusCode).toBe(200);
    expect(createHash('sha256').update(response.rawPayload).digest('hex')).toBe(
      createHash('sha256').update(content).digest('hex'),
    );
    await purgeExpiredFiles(s3Server.app.platform, new Date(Date.now() + 8 * 24 * 60 * 60_000));
    expect(s3.objects.has(`/pp-files/${cz}/${file.id}`)).toBe(false);
  });
});
