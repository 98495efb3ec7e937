import type http from 'node:http';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { partnerIdByShop, startTestServer, type TestServer } from '../../test/harness';
import { type LocalReceiver, startLocalReceiver } from '../../test/receiver';
import { webhookDns } from '../../platform/net/url-check';
import { REMOTE_MEDIA_JOB } from './remote-media';
import { fetchDueRemoteMedia, REMOTE_MEDIA_PARTNER_CONCURRENCY, remoteMediaSettings } from './remote-media-fetcher';
import { PRODUCT_IMPORT_JOB } from './xml-import';

/**
 * Images at a seller's URL (issue 18, point 9): an XML import names pictures on the seller's own server, a
 * job fetches them through the webhook allow-list, judges them like uploads and serves copies at /media/{id};
 * a URL that gives no picture is a media error on the product. The seller's server is a local HTTP server
 * (the outside world); private addresses are allowed here as the webhook tests allow them, except where a
 * test switches the production setting back on.
 */

let pictures: Record<string, { type: string; body: Buffer }> = {};

/** The seller's image server: /slow/<partner>-… is held until the test releases it. */
function startImageServer(): Promise<LocalReceiver> {
  const good = (res: http.ServerResponse) =>
    res.writeHead(200, { 'content-type': 'image/png' }).end(pictures['/good-1.png']!.body);
  return startLocalReceiver({
    hold: (path) => path.startsWith('/slow/'),
    groupOf: (path) => path.slice('/slow/'.length).split('-')[0]!,
    answer: (path, res) => {
      if (path.startsWith('/slow/')) {
        good(res);
      } else if (path === '/redirect') {
        res.writeHead(302, { location: '/good-1.png?via=redirect' }).end();
      } else if (path === '/unavailable.png') {
        res.writeHead(503).end('busy');
      } else if (path === '/hang.png') {
        // Never answers: the fetch's deadline ends it.
      } else if (path === '/huge.png') {
        // No length declared: the body is counted while it streams and cut off.
        res.writeHead(200, { 'content-type': 'image/png' });
        const chunk = Buffer.alloc(64 * 1024, 1);
        let sent = 0;
        const more = () => {
          while (sent < 8 * 1024 * 1024) {
            sent += chunk.length;
            if (!res.write(chunk)) return void res.once('drain', more);
          }
          res.end();
        };
        res.on('error', () => undefined);
        more();
      } else if (pictures[path]) {
        res.writeHead(200, { 'content-type': pictures[path]!.type }).end(pictures[path]!.body);
      } else {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('not here');
      }
    },
  });
}

let server: TestServer;
let images: LocalReceiver;
let cz: number;
let sk: number;
let token: string;
let multiToken: string;
const realResolve = webhookDns.resolve;
const defaults = { ...remoteMediaSettings, retryDelaysMs: [...remoteMediaSettings.retryDelaysMs] };

beforeAll(async () => {
  const picture = (format: 'png' | 'jpeg', width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } } })
      .toFormat(format)
      .toBuffer();
  pictures = {
    '/good-1.png': { type: 'image/png', body: await picture('png', 400, 300) },
    '/good-2.jpg': { type: 'image/jpeg', body: await picture('jpeg', 640, 480) },
    // Named and declared as a picture, but a web page: judged by what it is.
    '/not-image.png': { type: 'image/png', body: Buffer.from('<html><body>Not a picture</body></html>') },
  };
  images = await startImageServer();
  server = await startTestServer({ config: { webhooks: { allowPrivateUrls: true } } });
  cz = await partnerIdByShop(server.database, '100001');
  sk = await partnerIdByShop(server.database, '100002');
  token = (await server.login('partner@demo.test')).token;
  multiToken = (await server.login('multi@demo.test')).token;
});
afterAll(async () => {
  images?.release();
  await server?.close();
  await images?.close();
});
afterEach(() => {
  Object.assign(remoteMediaSettings, defaults, { retryDelaysMs: [...defaults.retryDelaysMs] });
  webhookDns.resolve = realResolve;
  server.app.platform.config.webhooks.allowPrivateUrls = true;
});

const media = (urls: string[]) =>
  urls.map((url, i) => `<MEDIA><URL>${url}</URL><MAIN>${i === 0 ? 'true' : 'false'}</MAIN></MEDIA>`).join('');

function feed(items: { id: string; urls: string[] }[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<ITEMS>${items
    .map(
      (item) =>
        `<ITEM><ID>${item.id}</ID><PRODUCT_TYPE>Kettle</PRODUCT_TYPE><PRICE>499</PRICE>${media(item.urls)}</ITEM>`,
    )
    .join('')}</ITEMS>\n`;
}

/** Uploads the feed as the seller does and works the import job as a worker would. */
async function importFeed(items: { id: string; urls: string[] }[], as: { token: string; partnerId: number }) {
  const answer = await server.app.app.inject({
    method: 'POST',
    url: '/portal/import/partner-products',
    headers: {
      authorization: `Bearer ${as.token}`,
      'x-partner-id': String(as.partnerId),
      'accept-language': 'en',
      'content-type': 'application/xml',
    },
    payload: feed(items),
  });
  expect(answer.statusCode, answer.payload).toBe(202);
  await server.app.platform.jobs.runQueued(PRODUCT_IMPORT_JOB);
}

interface MediaView {
  url: string;
  thumbUrl: string | null;
  fetchStatus: string | null;
  fetchError: string | null;
  width: number | null;
  height: number | null;
  main: boolean;
}

async function detail(id: string, as: { token: string; partnerId: number } = { token, partnerId: cz }) {
  const result = await server.gql<{ product: { hasErrors: boolean; media: MediaView[] } | null }>(
    `query($id: ID!) { product(id: $id) { hasErrors media { url thumbUrl fetchStatus fetchError width height main } } }`,
    { id },
    { ...as, lang: 'en' },
  );
  expect(result.errors).toBeUndefined();
  return result.data!.product;
}

async function mediaErrors(productId: string, as: { token: string; partnerId: number } = { token, partnerId: cz }) {
  const result = await server.gql<{
    productErrors: { items: { productId: string; source: string; issues: { field: string; rule: string }[] }[] };
  }>(
    `query($grid: GridInput) { productErrors(grid: $grid) { items { productId source issues { field rule } } } }`,
    { grid: { filters: [{ field: 'productId', operator: 'EQUAL', value: productId }] } },
    as,
  );
  expect(result.errors).toBeUndefined();
  return result.data!.productErrors.items.filter((row) => row.source === 'MEDIA');
}

async function fileIdsOf(productId: string, partnerId = cz) {
  const { rows } = await server.database.executeSql(
    'select url, file_id from product_media where partner_id = $1 and product_id = $2 order by position',
    [partnerId, productId],
  );
  return rows as { url: string; file_id: string | null }[];
}

const fetches = (path: string) => images.seen.filter((p) => p === path).length;

describe('images at a seller URL', () => {
  it('stores the good pictures of an import and serves them at /media, and shows the bad URLs as media errors', async () => {
    const urls = [
      `${images.base}/good-1.png`,
      `${images.base}/good-2.jpg`,
      `${images.base}/missing.png`,
      `${images.base}/not-image.png`,
    ];
    await importFeed([{ id: 'RM-1', urls }], { token, partnerId: cz });
    // Before the job: nothing fetched yet, and the grid shows no picture from another origin.
    const waiting = await detail('RM-1');
    expect(waiting!.media.map((m) => m.fetchStatus)).toEqual(['PENDING', 'PENDING', 'PENDING', 'PENDING']);
    expect(waiting!.media.every((m) => m.thumbUrl === null)).toBe(true);

    expect(await server.app.platform.jobs.runQueued(REMOTE_MEDIA_JOB)).toBeGreaterThan(0);

    const product = await detail('RM-1');
    expect(product!.media.map((m) => [m.url, m.fetchStatus, m.fetchError])).toEqual([
      [urls[0], 'STORED', null],
      [urls[1], 'STORED', null],
      [urls[2], 'FAILED', 'REMOTE_IMAGE_NOT_FOUND'],
      [urls[3], 'FAILED', 'IMAGE_TYPE_NOT_ALLOWED'],
    ]);
    expect(product!.media.slice(0, 2).map((m) => [m.width, m.height])).toEqual([
      [400, 300],
      [640, 480],
    ]);
    expect(product!.hasErrors).toBe(true);

    // The copies and their thumbnails are the portal's own public files, served with an image type.
    const files = await fileIdsOf('RM-1');
    for (const [i, type] of [
      [0, 'image/png'],
      [1, 'image/jpeg'],
    ] as const) {
      const image = await server.app.app.inject({ method: 'GET', url: `/media/${files[i]!.file_id}` });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe(type);
      expect(image.rawPayload.equals(pictures[i === 0 ? '/good-1.png' : '/good-2.jpg']!.body)).toBe(true);
      const thumb = await server.app.app.inject({ method: 'GET', url: product!.media[i]!.thumbUrl! });
      expect(thumb.statusCode).toBe(200);
      expect(thumb.headers['content-type']).toBe('image/webp');
    }
    expect(product!.media[0]!.thumbUrl).toMatch(/^\/media\/[0-9a-f-]{36}$/);
    expect(files.slice(2).map((f) => f.file_id)).toEqual([null, null]);

    // The grid's picture is the main image's copy, never the seller's URL.
    const grid = await server.gql<{ products: { items: { id: string; thumbUrl: string | null }[] } }>(
      'query($grid: GridInput) { products(view: ALL, grid: $grid) { items { id thumbUrl } } }',
      { grid: { filters: [{ field: 'id', operator: 'EQUAL', value: 'RM-1' }] } },
      { token, partnerId: cz },
    );
    expect(grid.errors).toBeUndefined();
    expect(grid.data!.products.items[0]!.thumbUrl).toBe(product!.media[0]!.thumbUrl);

    // The errors tab names each image that gave no picture, and why.
    const errors = await mediaErrors('RM-1');
    expect(errors).toHaveLength(1);
    expect(errors[0]!.issues).toEqual([
      { field: 'media.2.url', rule: 'REMOTE_IMAGE_NOT_FOUND' },
      { field: 'media.3.url', rule: 'IMAGE_TYPE_NOT_ALLOWED' },
    ]);
  });

  it('does not fetch a stored URL again when the same feed is imported again, and tries a failed one again', async () => {
    const urls = [`${images.base}/good-1.png`, `${images.base}/missing.png`];
    await importFeed([{ id: 'RM-2', urls }], { token, partnerId: cz });
    await server.app.platform.jobs.runQueued(REMOTE_MEDIA_JOB);
    const before = await fileIdsOf('RM-2');
    const good = fetches('/good-1.png');
    const missing = fetches('/missing.png');

    await importFeed([{ id: 'RM-2', urls }], { token, partnerId: cz });
    // The stored copy is on the re-written media rows at once, before any job runs.
    expect((await fileIdsOf('RM-2'))[0]!.file_id).toBe(before[0]!.file_id);
    await server.app.platform.jobs.runQueued(REMOTE_MEDIA_JOB);

    expect(fetches('/good-1.png')).toBe(good);
    expect(fetches('/missing.png')).toBe(missing + 1);
    const product = await detail('RM-2');
    expect(product!.media.map((m) => m.fetchStatus)).toEqual(['STORED', 'FAILED']);
    expect(await mediaErrors('RM-2')).toHaveLength(1);
  });

  it('forgets a URL the product no longer has, with its media error', async () => {
    await importFeed([{ id: 'RM-3', urls: [`${images.base}/good-2.jpg`, `${images.base}/gone.png`] }], {
      token,
      partnerId: cz,
    });
    await server.app.platform.jobs.runQueued(REMOTE_MEDIA_JOB);
    expect((await detail('RM-3'))!.hasErrors).toBe(true);

    await importFeed([{ id: 'RM-3', urls: [`${images.base}/good-2.jpg`] }], { token, partnerId: cz });
    const product = await detail('RM-3');
    expect(product!.media.map((m) => m.fetchStatus)).toEqual(['STORED']);
    expect(product!.hasErrors).toBe(false);
    expect(await mediaErrors('RM-3')).toEqual([]);
  });

  it('refuses loopback and private addresses with the production setting, without connecting', async () => {
    server.app.platform.config.webhooks.allowPrivateUrls = false;
    // A name that resolves to the server's own network is refused for its address, not its spelling.
    webhookDns.resolve = async () => [{ address: '127.0.0.1', family: 4 }];
    const port = new URL(images.base).port;
    const urls = [`${images.base}/good-1.png?private`, `http://images.example.test:${port}/good-2.jpg`];
    const seen = images.seen.length;
    await importFeed([{ id: 'RM-4', urls }], { token, partnerId: cz });
    await server.app.platform.jobs.runQueued(REMOTE_MEDIA_JOB);

    const product = await detail('RM-4');
    expect(product!.media.map((m) => [m.fetchStatus, m.fetchError])).toEqual([
      ['FAILED', 'REMOTE_IMAGE_NOT_ALLOWED'],
      ['FAILED', 'REMOTE_IMAGE_NOT_ALLOWED'],
    ]);
    expect(images.seen.length).toBe(seen);
  });

  it("shows a product's media errors only to its own partner", async () => {
    await importFeed([{ id: 'RM-5', urls: [`${images.base}/missing-5.png`] }], { token, partnerId: cz });
    await server.app.platform.jobs.runQueued(REMOTE_MEDIA_JOB);
    expect(await mediaErrors('RM-5')).toHaveLength(1);

    // A member of another partner, acting for it, finds neither the product nor its errors.
    expect(await detail('RM-5', { token: multiToken, partnerId: sk })).toBeNull();
    expect(await mediaErrors('RM-5', { token: multiToken, partnerId: sk })).toEqual([]);
    // Asking for the partner one does not belong to is refused outright.
    const foreign = await server.gql(
      'query($id: ID!) { product(id: $id) { media { fetchError } } }',
      { id: 'RM-5' },
      { token, partnerId: sk },
    );
    expect(foreign.errors?.[0]?.extensions.code).toBeDefined();
    expect(foreign.data?.product ?? null).toBeNull();
  });

  it('follows a redirect, cuts off a body past the size bound and gives up on a server that never answers', async () => {
    remoteMediaSettings.timeoutMs = 400;
    remoteMediaSettings.retryDelaysMs = [];
    await importFeed(
      [{ id: 'RM-6', urls: [`${images.base}/redirect`, `${images.base}/huge.png`, `${images.base}/hang.png`] }],
      { token, partnerId: cz },
    );
    await server.app.platform.jobs.runQueued(REMOTE_MEDIA_JOB);
    const product = await detail('RM-6');
    expect(product!.media.map((m) => [m.fetchStatus, m.fetchError])).toEqual([
      ['STORED', null],
      ['FAILED', 'IMAGE_TOO_LARGE'],
      ['FAILED', 'REMOTE_IMAGE_TIMEOUT'],
    ]);
  });

  it('tries a server error again a bounded number of times, then shows it as unreachable', async () => {
    // No wait between attempts: each retry is due at once, within the same run of the job.
    remoteMediaSettings.retryDelaysMs = [0, 0];
    await importFeed([{ id: 'RM-7', urls: [`${images.base}/unavailable.png`] }], { token, partnerId: cz });
    await server.app.platform.jobs.runQueued(REMOTE_MEDIA_JOB);
    expect(fetches('/unavailable.png')).toBe(3);
    const product = await detail('RM-7');
    expect(product!.media.map((m) => [m.fetchStatus, m.fetchError])).toEqual([['FAILED', 'REMOTE_IMAGE_UNREACHABLE']]);
  });

  it("goes on after a restart with the URLs a dead process held, and takes another partner's turn before the rest of a big one", async () => {
    // Partner CZ sends many pictures whose server is slow; partner SK one picture on the same slow server.
    const many = Array.from({ length: 10 }, (_, i) => `${images.base}/slow/cz-${i}.png`);
    await importFeed([{ id: 'RM-8', urls: many }], { token, partnerId: cz });
    await importFeed([{ id: 'RM-8', urls: [`${images.base}/slow/sk-1.png`] }], { token: multiToken, partnerId: sk });

    const working = fetchDueRemoteMedia(server.app.platform);
    // SK's picture is asked for while CZ's are still hanging: CZ holds only its own share of the slots.
    await images.until(() => images.seen.includes('/slow/sk-1.png'));
    await images.until(() => images.open.filter((o) => o.path.startsWith('/slow/cz-')).length === 2);
    expect(images.maxOpenByGroup.get('cz')).toBe(REMOTE_MEDIA_PARTNER_CONCURRENCY);
    images.release();
    await working;

    expect(images.maxOpenByGroup.get('cz')).toBe(REMOTE_MEDIA_PARTNER_CONCURRENCY);
    const cz8 = await detail('RM-8');
    expect(cz8!.media.every((m) => m.fetchStatus === 'STORED')).toBe(true);
    const sk8 = await detail('RM-8', { token: multiToken, partnerId: sk });
    expect(sk8!.media.map((m) => m.fetchStatus)).toEqual(['STORED']);
  });

  it('takes up a URL whose process died while fetching it, once its lease ends', async () => {
    await importFeed([{ id: 'RM-9', urls: [`${images.base}/good-2.jpg?lease`] }], { token, partnerId: cz });
    // As a process leaves a claimed URL when it dies: one attempt spent, leased until a moment ago.
    await server.database.executeSql(
      `update product_remote_media set attempts = 1, leased_until = now() - interval '1 second',
         next_attempt_at = now() - interval '1 second' where partner_id = $1 and product_id = 'RM-9'`,
      [cz],
    );
    await server.app.platform.jobs.runQueued(REMOTE_MEDIA_JOB);
    expect((await detail('RM-9'))!.media.map((m) => m.fetchStatus)).toEqual(['STORED']);
  });
});
