import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness';

/**
 * How the web build is served: precompressed files by Accept-Encoding, fingerprinted files cached for a year
 * and the rest revalidated, source maps not public, HEAD like GET, and the status of a page path told by the
 * web's route list (routes.json): a path no page has is 404 with the same document, whose router shows the
 * not-found page.
 */

let server: TestServer;
let web: string;

const INDEX = `<!doctype html><html><head><title>portal</title><script type="module" src="/v2/assets/app-abc123.js"></script></head><body><div id="root"></div>${'<!-- padding -->'.repeat(40)}</body></html>`;
const SCRIPT = `export const app = ${JSON.stringify('x'.repeat(2000))};\n//# the real build has no sourceMappingURL\n`;
const ROUTES = ['/', '/login', '/login/token/$token', '/business-terms/$country/{-$lang}', '/user/', '/cockpit/'];

beforeAll(async () => {
  web = mkdtempSync(join(tmpdir(), 'pp-web-serving-'));
  mkdirSync(join(web, 'assets'));
  mkdirSync(join(web, '.vite'));
  const withSiblings = (path: string, text: string) => {
    writeFileSync(path, text);
    writeFileSync(`${path}.gz`, gzipSync(text));
    writeFileSync(`${path}.br`, brotliCompressSync(text));
  };
  withSiblings(join(web, 'index.html'), INDEX);
  withSiblings(join(web, 'assets', 'app-abc123.js'), SCRIPT);
  writeFileSync(join(web, 'assets', 'app-abc123.js.map'), '{"version":3,"sources":["secret/source.ts"]}');
  writeFileSync(join(web, 'version.json'), '{"version":"test+1"}');
  writeFileSync(join(web, 'routes.json'), JSON.stringify({ routes: ROUTES }));
  writeFileSync(join(web, '.vite', 'manifest.json'), '{}');
  server = await startTestServer({ config: { webDist: web } });
});

afterAll(async () => {
  await server?.close();
  if (web) rmSync(web, { recursive: true, force: true });
});

function get(url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') {
  return server.app.app.inject({ method, url, headers });
}

function varyOf(headers: Record<string, unknown>): string[] {
  return String(headers.vary ?? '')
    .toLowerCase()
    .split(',')
    .map((part) => part.trim());
}

describe('compression', () => {
  it('sends brotli, then gzip, by Accept-Encoding, and says that the answer varies on it', async () => {
    const br = await get('/v2/assets/app-abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
    expect(varyOf(br.headers)).toContain('accept-encoding');

    const gz = await get('/v2/assets/app-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);
    expect(varyOf(gz.headers)).toContain('accept-encoding');

    const plain = await get('/v2/assets/app-abc123.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    expect(varyOf(plain.headers)).toContain('accept-encoding');
  });

  it('compresses the page document too', async () => {
    const page = await get('/login', { 'accept-encoding': 'br' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(brotliDecompressSync(page.rawPayload).toString()).toBe(INDEX);
    expect(varyOf(page.headers)).toContain('accept-encoding');
  });
});

describe('caching', () => {
  it('keeps fingerprinted files for a year and revalidates the rest', async () => {
    expect((await get('/v2/assets/app-abc123.js')).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
    expect((await get('/v2/assets/app-abc123.js', { 'accept-encoding': 'br' })).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
    expect((await get('/v2/version.json')).headers['cache-control']).toBe('no-cache');
    expect((await get('/')).headers['cache-control']).toBe('no-cache');
    expect((await get('/login', { 'accept-encoding': 'gzip' })).headers['cache-control']).toBe('no-cache');
    expect((await get('/no-such-page')).headers['cache-control']).toBe('no-cache');
  });
});

describe('private files', () => {
  it('does not serve source maps or the build manifest', async () => {
    for (const url of ['/v2/assets/app-abc123.js.map', '/v2/assets/APP-abc123.js.map', '/v2/.vite/manifest.json']) {
      const answer = await get(url);
      expect(answer.statusCode, url).toBe(404);
      expect(answer.body, url).not.toContain('secret/source.ts');
      expect(answer.json().code, url).toBe('NOT_FOUND');
    }
  });
});

describe('page status', () => {
  it('answers 200 for the paths of the route list', async () => {
    for (const url of [
      '/',
      '/login',
      '/login/',
      '/LOGIN',
      '/login?next=%2Forders',
      '/login/token/abc123',
      '/business-terms/cz',
      '/business-terms/cz/en',
      '/user',
      '/user/',
      '/cockpit',
    ]) {
      const answer = await get(url);
      expect(answer.statusCode, url).toBe(200);
      expect(answer.headers['content-type'], url).toMatch(/text\/html/);
      expect(answer.body, url).toBe(INDEX);
    }
  });

  it('answers 404 with the same document for a path no page has', async () => {
    for (const url of [
      '/no-such-page',
      '/login/token',
      '/login/token/a/b',
      '/business-terms/cz/en/more',
      '/index.html',
    ]) {
      const answer = await get(url);
      expect(answer.statusCode, url).toBe(404);
      expect(answer.headers['content-type'], url).toMatch(/text\/html/);
      expect(answer.body, url).toBe(INDEX);
    }
  });

  it('keeps answering JSON NOT_FOUND on API paths', async () => {
    for (const url of ['/v1/nothing', '/v2/assets/missing-abc.js', '/translations/nothing', '/graphql/x']) {
      const answer = await get(url);
      expect(answer.statusCode, url).toBe(404);
      expect(answer.headers['content-type'], url).toMatch(/application\/json/);
      expect(answer.json().code, url).toBe('NOT_FOUND');
    }
  });
});

describe('HEAD', () => {
  it('answers like GET without a body for pages, static files and /healthz', async () => {
    const cases: [string, Record<string, string>][] = [
      ['/', {}],
      ['/login', { 'accept-encoding': 'br' }],
      ['/no-such-page', {}],
      ['/v2/assets/app-abc123.js', {}],
      ['/v2/assets/app-abc123.js', { 'accept-encoding': 'gzip' }],
      ['/v2/version.json', {}],
      ['/v2/assets/app-abc123.js.map', {}],
      ['/healthz', {}],
    ];
    for (const [url, headers] of cases) {
      const [got, head] = [await get(url, headers), await get(url, headers, 'HEAD')];
      const label = `HEAD ${url} ${JSON.stringify(headers)}`;
      expect(head.statusCode, label).toBe(got.statusCode);
      expect(head.rawPayload.length, label).toBe(0);
      for (const name of ['content-type', 'content-encoding', 'cache-control', 'vary']) {
        expect(head.headers[name], `${label} ${name}`).toBe(got.headers[name]);
      }
      if (got.headers['content-length'] !== undefined) {
        expect(head.headers['content-length'], `${label} content-length`).toBe(got.headers['content-length']);
      }
    }
  });
});
