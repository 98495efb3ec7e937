import { Agent, request } from 'node:http';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeFile } from '../../platform/files';
import { partnerIdByShop, startTestServer, type TestServer } from '../../test/harness';
import { insertTestCatalog } from './test-catalog';

let server: TestServer;
let cz: number;
let sk: number;
let token: string;
let multiToken: string;

beforeAll(async () => {
  // Listening: the transport's answer to an oversized body is measured on a real socket.
  server = await startTestServer({ listen: true });
  cz = await partnerIdByShop(server.database, '100001');
  sk = await partnerIdByShop(server.database, '100002');
  token = (await server.login('partner@demo.test')).token;
  multiToken = (await server.login('multi@demo.test')).token;
  await insertTestCatalog(server.database);
});
afterAll(async () => server?.close());

function image(width: number, height: number, format: 'png' | 'jpeg' | 'gif' = 'png'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .toFormat(format)
    .toBuffer();
}

/** A picture of random pixels: it does not compress, so its size is about width × height × 3 bytes. */
function noise(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 2654435761) >>> 24;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

function multipart(body: Buffer, fileName: string, contentType = 'image/png') {
  const boundary = '----pp-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    body,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

async function upload(body: Buffer, fileName: string, opts: { token?: string; partnerId?: number } = {}) {
  const form = multipart(body, fileName);
  const response = await server.app.app.inject({
    method: 'POST',
    url: '/media/upload',
    headers: {
      'content-type': form.contentType,
      authorization: `Bearer ${opts.token ?? token}`,
      'x-partner-id': String(opts.partnerId ?? cz),
      'accept-language': 'en',
    },
    payload: form.payload,
  });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> };
}

const BIG = 20 * 1024 * 1024;

/**
 * Streams a 20 MB body over a keep-alive connection as a browser would, and resolves once the server's
 * answer is read and the connection is gone. A server that answers but leaves the rest of the body unread
 * on an open socket never lets it go (the test then runs into its timeout, as a browser waits for minutes).
 */
function sendOverSocket(
  path: string,
  headers: Record<string, string>,
  options: { anonymous?: boolean } = {},
): Promise<{ status: number; code?: string; connection?: string }> {
  const port = (server.app.app.server.address() as { port: number }).port;
  const agent = new Agent({ keepAlive: true });
  return new Promise((resolve, reject) => {
    let answer: { status: number; code?: string; connection?: string } | undefined;
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path,
        agent,
        headers: {
          ...headers,
          ...(options.anonymous ? {} : { authorization: `Bearer ${token}`, 'x-partner-id': String(cz) }),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () => {
          answer = { status: res.statusCode!, code: JSON.parse(text).code, connection: res.headers.connection };
        });
      },
    );
    req.on('socket', (socket) =>
      socket.once('close', () => {
        agent.destroy();
        if (answer) resolve(answer);
        else reject(new Error('the connection closed without an answer'));
      }),
    );
    // Writing into a connection the server has closed fails; the answer is what counts.
    req.on('error', () => {});
    const chunk = Buffer.alloc(64 * 1024, 7);
    let sent = 0;
    const pump = () => {
      while (sent < BIG) {
        sent += chunk.length;
        if (!req.write(chunk)) {
          req.once('drain', pump);
          return;
        }
      }
      req.end();
    };
    pump();
  });
}

describe('image uploads', () => {
  it('stores a PNG with a 300 px thumbnail, both served publicly with long cache headers', async () => {
    const answer = await upload(await image(1280, 1024), 'shirt front.png');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ width: 1280, height: 1024, fileName: 'shirt front.png' });
    expect(answer.body.url).toMatch(/^\/media\/[0-9a-f-]{36}$/);

    const original = await server.app.app.inject({ method: 'GET', url: String(answer.body.url) });
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('image/png');
    expect(original.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(original.headers['x-content-type-options']).toBe('nosniff');
    const thumb = await server.app.app.inject({ method: 'GET', url: String(answer.body.thumbUrl) });
    expect(thumb.headers['content-type']).toBe('image/webp');
    const meta = await sharp(thumb.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([300, 240]);

    const { rows } = await server.database.executeSql(
      "select kind, expires_at from stored_files where partner_id = $1 and kind like 'product-%' order by kind",
      [cz],
    );
    // An upload no product uses yet expires like any file, so the portal never hosts pictures for nobody.
    expect((rows as { kind: string; expires_at: Date | null }[]).map((r) => [r.kind, r.expires_at !== null])).toEqual([
      ['product-image', true],
      ['product-thumb', true],
    ]);
  });

  it('refuses each rule with its message, by decoding rather than trusting the name', async () => {
    const cases: [Buffer, string, string][] = [
      [await image(2001, 100), 'wide.png', 'IMAGE_TOO_WIDE'],
      [await image(100, 2001), 'high.png', 'IMAGE_TOO_HIGH'],
      [await noise(760, 760), 'heavy.png', 'IMAGE_TOO_LARGE'],
      [await image(100, 100, 'jpeg').then((b) => sharp(b).webp().toBuffer()), 'fake.jpg', 'IMAGE_TYPE_NOT_ALLOWED'],
      [Buffer.from('just some text, not a picture\n'.repeat(20)), 'notes.jpg', 'IMAGE_TYPE_NOT_ALLOWED'],
      [(await image(400, 400, 'jpeg')).subarray(0, 300), 'cut.jpg', 'IMAGE_UNREADABLE'],
    ];
    for (const [body, name, code] of cases) {
      const answer = await upload(body, name);
      expect(answer.status, name).toBe(400);
      expect(answer.body.code, name).toBe(code);
    }
    const heavy = await upload(await noise(760, 760), 'heavy.png');
    expect(heavy.body.message).toBe('The image failed to upload because it is larger than 1,5 MB');
  });

  it('cuts off a body past the transport limit on both routes, storing nothing', async () => {
    const huge = Buffer.alloc(3.5 * 1024 * 1024, 7);
    const before = await server.database.executeSql('select count(*)::int as n from stored_files');
    expect((await upload(huge, 'huge.png')).body.code).toBe('IMAGE_TOO_LARGE');
    const raw = await server.app.app.inject({
      method: 'POST',
      url: '/upload',
      headers: {
        'content-type': 'image/png',
        'content-disposition': 'attachment; filename="huge.png"',
        authorization: `Bearer ${token}`,
        'x-partner-id': String(cz),
      },
      payload: huge,
    });
    expect([raw.statusCode, raw.json().code]).toEqual([413, 'REQUEST_BODY_SIZE_EXCEEDED']);
    const after = await server.database.executeSql('select count(*)::int as n from stored_files');
    expect(after.rows).toEqual(before.rows);
  });

  it('answers a 20 MB raw body at once with REQUEST_BODY_SIZE_EXCEEDED and closes the connection', async () => {
    const before = await server.database.executeSql('select count(*)::int as n from stored_files');
    const declared = await sendOverSocket('/upload', { 'content-type': 'image/png', 'content-length': String(BIG) });
    expect(declared).toMatchObject({ status: 413, code: 'REQUEST_BODY_SIZE_EXCEEDED', connection: 'close' });
    // Without a declared length the body is counted and cut off at the same limit.
    const chunked = await sendOverSocket('/upload', { 'content-type': 'image/png', 'transfer-encoding': 'chunked' });
    expect(chunked).toMatchObject({ status: 413, code: 'REQUEST_BODY_SIZE_EXCEEDED', connection: 'close' });
    // Refused before a byte is read (no session): the unread body does not hold the connection either.
    const anonymous = await sendOverSocket(
      '/media/upload',
      { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(BIG) },
      { anonymous: true },
    );
    expect(anonymous).toMatchObject({ status: 401, connection: 'close' });
    const after = await server.database.executeSql('select count(*)::int as n from stored_files');
    expect(after.rows).toEqual(before.rows);
  });

  it('accepts a GIF named .png as the GIF it is', async () => {
    const answer = await upload(await image(50, 40, 'gif'), 'actually-a-gif.png');
    expect(answer.status).toBe(200);
    const served = await server.app.app.inject({ method: 'GET', url: String(answer.body.url) });
    expect(served.headers['content-type']).toBe('image/gif');
  });

  it('takes a raw body named by Content-Disposition', async () => {
    const response = await server.app.app.inject({
      method: 'POST',
      url: '/upload',
      headers: {
        'content-type': 'application/octet-stream',
        'content-disposition': `attachment; filename*=UTF-8''%C4%8Derven%C3%A1.jpg`,
        authorization: `Bearer ${token}`,
        'x-partner-id': String(cz),
      },
      payload: await image(64, 64, 'jpeg'),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ fileName: 'červená.jpg', width: 64, height: 64 });
  });

  it('refuses an upload without a session or without the permission', async () => {
    const form = multipart(await image(10, 10), 'x.png');
    const anonymous = await server.app.app.inject({
      method: 'POST',
      url: '/media/upload',
      headers: { 'content-type': form.contentType },
      payload: form.payload,
    });
    expect(anonymous.statusCode).toBe(401);
    await server.database.executeSql(
      `update access_policies set is_active = false where subject = 'products'
       and account_id = (select id from accounts where email = 'limited@demo.test')`,
    );
    await server.app.platform.authCache.changed({ all: true });
    const limited = (await server.login('limited@demo.test')).token;
    const refused = await upload(await image(10, 10), 'x.png', { token: limited });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('ACCESS_DENIED');
  });
});

describe('the public media route', () => {
  it('serves only public kinds, and 404 for an export, an unknown id or a non-uuid', async () => {
    const exportFile = await storeFile(server.app.platform, {
      partnerId: cz,
      accountId: null,
      kind: 'orders-export',
      fileName: 'orders.csv',
      contentType: 'text/csv',
      body: Buffer.from('a;b\n'),
    });
    for (const url of [
      `/media/${exportFile.id}`,
      '/media/00000000-0000-4000-8000-000000000000',
      '/media/..%2F..%2Fetc%2Fpasswd',
      '/media/abc',
    ]) {
      const response = await server.app.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
    }
  });
});

describe('media on a saved product', () => {
  it("keeps the partner's uploads with thumbnails and sizes, and refuses another partner's file", async () => {
    const own = await upload(await image(800, 600), 'a.png');
    const foreign = await upload(await image(800, 600), 'b.png', { token: multiToken, partnerId: sk });
    const save = (media: unknown[]) =>
      server.gql<{ productCreate: { media: unknown[] } }>(
        'mutation($data: ProductInput!) { productCreate(data: $data) { media { url thumbUrl main width height } } }',
        { data: { id: `MEDIA-${media.length}`, productType: 'Mug', media } },
        { token, partnerId: cz },
      );
    const refused = await save([{ url: own.body.url, main: true }, { url: foreign.body.url }]);
    expect(refused.errors?.[0]?.extensions.fields).toContainEqual(
      expect.objectContaining({ field: 'media.1.url', rule: 'invalid' }),
    );
    const saved = await save([{ url: own.body.url, main: true }]);
    expect(saved.data?.productCreate.media).toEqual([
      { url: own.body.url, thumbUrl: own.body.thumbUrl, main: true, width: 800, height: 600 },
    ]);
    const { rows } = await server.database.executeSql(
      "select main_thumb_url from products where partner_id = $1 and id = 'MEDIA-1'",
      [cz],
    );
    expect(rows).toEqual([{ main_thumb_url: own.body.thumbUrl }]);
    // Used by a saved product, the picture and its thumbnail are kept for good; the refused foreign one is not.
    const idOf = (url: unknown) => String(url).slice('/media/'.length);
    const kept = await server.database.executeSql(
      'select id::text as id, expires_at from stored_files where id = any($1::uuid[])',
      [[own.body.url, own.body.thumbUrl, foreign.body.url].map(idOf)],
    );
    const keptRows = kept.rows as { id: string; expires_at: Date | null }[];
    const keptFor = (url: unknown) => keptRows.find((r) => r.id === idOf(url))?.expires_at === null;
    expect([keptFor(own.body.url), keptFor(own.body.thumbUrl), keptFor(foreign.body.url)]).toEqual([true, true, false]);
  });
});
