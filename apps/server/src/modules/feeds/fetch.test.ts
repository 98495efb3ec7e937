import { gzipSync } from 'node:zlib';
import { DomainError } from '@pp/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookDns } from '../../platform/net/url-check';
import { testConfig } from '../../test/harness';
import { FEED_FETCH_LIMITS, type FeedFetchLimits, type FeedSource, openFeed } from './fetch';
import { type FeedServer, startFeedServer } from './test-feeds';

let seller: FeedServer;
const platform = { config: testConfig({ webhooks: { allowPrivateUrls: true } }) };
const realResolve = webhookDns.resolve;

beforeAll(async () => {
  seller = await startFeedServer();
});
afterAll(async () => {
  webhookDns.resolve = realResolve;
  await seller?.close();
});

/** Downloads a feed whole as the processors read it, chunk by chunk. */
async function download(source: FeedSource, limits?: Partial<FeedFetchLimits>) {
  const feed = await openFeed(platform, source, { ...FEED_FETCH_LIMITS, ...limits });
  const chunks: Buffer[] = [];
  for await (const chunk of feed.body) chunks.push(Buffer.from(chunk));
  return { ...feed, text: Buffer.concat(chunks).toString('utf8') };
}

/** The code of the DomainError a download fails with. */
async function failure(run: Promise<unknown>) {
  const error = await run.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  return { code: (error as DomainError).code, params: (error as DomainError).params };
}

const XML = '<?xml version="1.0" encoding="UTF-8"?>\n<ITEMS><ITEM><ID>A</ID></ITEM></ITEMS>\n';

describe('downloading a feed', () => {
  it('reads the body as it streams, with its type and final URL, and decodes gzip and deflate', async () => {
    seller.file('/plain.xml', XML);
    seller.route('/gzip.xml', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/xml', 'content-encoding': 'gzip' }).end(gzipSync(XML));
    });
    const plain = await download({ url: `${seller.base}/plain.xml` });
    expect(plain).toMatchObject({ text: XML, contentType: 'application/xml', finalUrl: `${seller.base}/plain.xml` });
    expect((await download({ url: `${seller.base}/gzip.xml` })).text).toBe(XML);
  });

  it('sends basic auth to the feed, never to another origin a redirect points at', async () => {
    const expected = `Basic ${Buffer.from('shop:s3cret:x').toString('base64')}`;
    seller.route('/private.xml', (req, res) => {
      if (req.headers.authorization !== expected) res.writeHead(401).end();
      else res.writeHead(200).end(XML);
    });
    const port = new URL(seller.base).port;
    seller.route('/elsewhere', (_req, res) => {
      res.writeHead(302, { location: `http://localhost:${port}/plain.xml` }).end();
    });
    seller.file('/plain.xml', XML);
    const basicAuth = { name: 'shop', password: 's3cret:x' };
    expect((await download({ url: `${seller.base}/private.xml`, basicAuth })).text).toBe(XML);
    expect(await failure(download({ url: `${seller.base}/private.xml` }))).toEqual({
      code: 'FEED_HTTP_ERROR',
      params: { status: 401 },
    });

    webhookDns.resolve = async () => [{ address: '127.0.0.1', family: 4 }];
    const before = seller.seen.length;
    const moved = await download({ url: `${seller.base}/elsewhere`, basicAuth });
    expect(moved.finalUrl).toBe(`http://localhost:${port}/plain.xml`);
    expect(seller.seen.slice(before).map((s) => [s.path, s.authorization !== undefined])).toEqual([
      ['/elsewhere', true],
      ['/plain.xml', false],
    ]);
    webhookDns.resolve = realResolve;
  });

  it('follows at most five redirects, each checked again: no other scheme, no credentials in the URL', async () => {
    for (let n = 0; n < 5; n++) {
      seller.route(`/hop-${n}`, (_req, res) => res.writeHead(301, { location: `/hop-${n + 1}` }).end());
    }
    seller.file('/hop-6', XML);
    seller.route('/to-file', (_req, res) => res.writeHead(302, { location: 'file:///etc/passwd' }).end());
    seller.route('/to-credentials', (_req, res) => {
      res.writeHead(302, { location: `http://user:pw@127.0.0.1:${new URL(seller.base).port}/plain.xml` }).end();
    });
    // Five redirects are followed (hop-0 … hop-5), a sixth is not.
    seller.route('/hop-5', (_req, res) => res.writeHead(200).end(XML));
    expect((await download({ url: `${seller.base}/hop-0` })).text).toBe(XML);
    seller.route('/hop-5', (_req, res) => res.writeHead(302, { location: '/hop-6' }).end());
    expect(await failure(download({ url: `${seller.base}/hop-0` }))).toEqual({
      code: 'FEED_UNREACHABLE',
      params: { reason: 'redirects' },
    });
    expect((await failure(download({ url: `${seller.base}/to-file` }))).code).toBe('FEED_URL_NOT_ALLOWED');
    expect((await failure(download({ url: `${seller.base}/to-credentials` }))).code).toBe('FEED_URL_NOT_ALLOWED');
    expect((await failure(download({ url: 'ftp://127.0.0.1/feed.xml' }))).code).toBe('FEED_URL_NOT_ALLOWED');
  });

  it('refuses loopback, private and metadata addresses with the production setting, without connecting', async () => {
    const production = { config: testConfig({ webhooks: { allowPrivateUrls: false } }) };
    const port = new URL(seller.base).port;
    const before = seller.seen.length;
    webhookDns.resolve = async () => [{ address: '127.0.0.1', family: 4 }];
    for (const url of [
      `${seller.base}/plain.xml`,
      `http://[::1]:${port}/plain.xml`,
      `http://[::ffff:127.0.0.1]:${port}/plain.xml`,
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.8/feed.xml',
      `http://feed.example.test:${port}/plain.xml`,
    ]) {
      const refused = await failure(openFeed(production, { url }));
      expect(refused.code, url).toBe('FEED_URL_NOT_ALLOWED');
    }
    webhookDns.resolve = realResolve;
    expect(seller.seen.length).toBe(before);
  });

  it('cuts a body off at the byte limit as it streams, whatever the server declares', async () => {
    // A server that never stops sending: only a limit counted while streaming can end the download.
    let closed = false;
    seller.route('/endless.xml', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/xml' });
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      const pump = () => {
        while (!res.destroyed && res.write(chunk));
        if (!res.destroyed) res.once('drain', pump);
      };
      res.on('close', () => {
        closed = true;
      });
      pump();
    });
    let read = 0;
    const feed = await openFeed(
      platform,
      { url: `${seller.base}/endless.xml` },
      { ...FEED_FETCH_LIMITS, maxBytes: 4 * 1024 * 1024 },
    );
    const reading = (async () => {
      for await (const chunk of feed.body) read += chunk.length;
    })();
    expect(await failure(reading)).toEqual({ code: 'FEED_TOO_LARGE', params: { 0: 4 } });
    expect(read).toBeLessThanOrEqual(4 * 1024 * 1024);
    await new Promise((resolve) => setImmediate(resolve));
    await expect.poll(() => closed).toBe(true);

    // A declared length over the limit is refused before the body is read; so is a gzip body decoding past it.
    seller.route('/declared.xml', (_req, res) => {
      res.writeHead(200, { 'content-length': String(5 * 1024 * 1024) }).end(Buffer.alloc(5 * 1024 * 1024));
    });
    seller.route('/bomb.xml', (_req, res) => {
      res.writeHead(200, { 'content-encoding': 'gzip' }).end(gzipSync(Buffer.alloc(8 * 1024 * 1024, 0x20)));
    });
    const small = { maxBytes: 4 * 1024 * 1024 };
    expect((await failure(download({ url: `${seller.base}/declared.xml` }, small))).code).toBe('FEED_TOO_LARGE');
    expect((await failure(download({ url: `${seller.base}/bomb.xml` }, small))).code).toBe('FEED_TOO_LARGE');
  });

  it('answers HTTP errors with their status, a silent server with a timeout, a closed port as unreachable', async () => {
    expect(await failure(download({ url: `${seller.base}/missing.xml` }))).toEqual({
      code: 'FEED_HTTP_ERROR',
      params: { status: 404 },
    });
    seller.route('/silent.xml', () => undefined);
    expect((await failure(download({ url: `${seller.base}/silent.xml` }, { connectTimeoutMs: 200 }))).code).toBe(
      'FEED_TIMEOUT',
    );
    // The head arrives, the body stalls: the deadline over the whole download ends it.
    seller.route('/stalled.xml', (_req, res) => {
      res.writeHead(200);
      res.write('<ITEMS>');
    });
    expect((await failure(download({ url: `${seller.base}/stalled.xml` }, { totalTimeoutMs: 300 }))).code).toBe(
      'FEED_TIMEOUT',
    );
    const closed = await startFeedServer();
    const url = `${closed.base}/feed.xml`;
    await closed.close();
    expect((await failure(download({ url }))).code).toBe('FEED_UNREACHABLE');
  });
});
