import { createReadStream, createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../apps/server/src/app';
import { PRODUCT_IMPORT_JOB } from '../apps/server/src/modules/products/xml-import';
import { loadConfig } from '../apps/server/src/platform/config';
import { DEMO_PASSWORD, seedDemo } from '../apps/server/src/seed/demo';
import { benchDatabase, postgresCpuSeconds } from './database';
import type { BenchResult } from './run';

const PRODUCTS = Number(process.env.BENCH_IMPORT_PRODUCTS ?? 100_000);
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;

/**
 * Writes a product XML of `count` items as it goes (never the whole text in memory): a fifth with two
 * variants, most with parameters, images and a promotion, one in a hundred refused (a wrong barcode).
 */
async function writeFeed(path: string, count: number): Promise<void> {
  const out = createWriteStream(path);
  let failure: Error | null = null;
  out.on('error', (error) => {
    failure = error;
  });
  const write = (text: string) =>
    new Promise<void>((resolve, reject) => {
      if (failure) reject(failure);
      else if (out.write(text)) resolve();
      else out.once('drain', resolve);
    });
  await write('<?xml version="1.0" encoding="UTF-8"?>\n<ITEMS>\n');
  for (let i = 0; i < count; i++) {
    const id = `BENCH-${i}`;
    const price = 100 + (i % 5000);
    const variants =
      i % 5 === 0
        ? `<VARIABLE_PARAMS><PARAM>COLOR</PARAM></VARIABLE_PARAMS><VARIANTS>${['red', 'blue']
            .map(
              (color, n) =>
                `<VARIANT><ID>${id}-${n + 1}</ID><PRICE>${price + n * 10}</PRICE><IN_STOCK>${(i + n) % 20}</IN_STOCK><STATUS>ACTIVE</STATUS><PARAM><NAME>COLOR</NAME><VALUE>${color}</VALUE></PARAM></VARIANT>`,
            )
            .join('')}</VARIANTS>`
        : '';
    await write(
      `<ITEM><ID>${id}</ID><STAGE>${i % 3 === 0 ? 'DRAFT' : 'LIVE'}</STAGE><CATEGORY_ID>900903</CATEGORY_ID><BRAND_ID>BENCHBRAND</BRAND_ID>` +
        `<PRODUCT_TYPE>Bench kettle ${i % 100}</PRODUCT_TYPE><LINE>Line ${i % 7}</LINE><SHORTDESC>A kettle for the bench &amp; more</SHORTDESC>` +
        `<LONGDESC><![CDATA[<p>Boils <strong>fast</strong>.</p><ul><li>1.7 l</li></ul>]]></LONGDESC>` +
        `<BARCODE>${i % 100 === 99 ? '1234567890123' : '4006381333931'}</BARCODE><PRICE>${price}</PRICE><RRP>${price + 50}</RRP><VAT>21</VAT>` +
        `<IN_STOCK>${i % 50}</IN_STOCK><DELIVERY_DELAY>${i % 4}</DELIVERY_DELAY><FREE_DELIVERY>${i % 2 === 0}</FREE_DELIVERY>` +
        `<PACKAGE_SIZE>smallbox</PACKAGE_SIZE><DIMENSIONS><WEIGHT>1.5</WEIGHT><WIDTH>20</WIDTH><LENGTH>25</LENGTH><HEIGHT>30</HEIGHT></DIMENSIONS>` +
        `<STATUS>ACTIVE</STATUS><PARAM><NAME>COLOR</NAME><VALUE>red</VALUE></PARAM><PARAM><NAME>POWER</NAME><VALUE>${1000 + (i % 1200)}</VALUE></PARAM>` +
        `<MEDIA><URL>https://img.example/${id}.jpg</URL><MAIN>true</MAIN></MEDIA><MEDIA><URL>https://img.example/${id}-2.jpg</URL></MEDIA>` +
        `<PROMOTION><PRICE>${price - 10}</PRICE><FROM>2026-12-01</FROM><TO>2026-12-24</TO></PROMOTION>${variants}</ITEM>\n`,
    );
  }
  await write('</ITEMS>\n');
  await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
}

function httpCall(
  port: number,
  options: { method: string; path: string; headers: Record<string, string>; body?: string },
): Promise<{ status: number; bytes: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, method: options.method, path: options.path, headers: options.headers },
      (res) => {
        let bytes = 0;
        let text = '';
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          if (text.length < 2000) text += chunk.toString('utf8');
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes, text }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (options.body) createReadStream(options.body).pipe(req);
    else req.end();
  });
}

/** Samples the process's resident memory while `work` runs; answers the time and the peak. */
async function measured<T>(work: () => Promise<T>): Promise<{ result: T; ms: number; before: number; peak: number }> {
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const t0 = performance.now();
  try {
    const result = await work();
    return { result, ms: performance.now() - t0, before, peak };
  } finally {
    clearInterval(sampler);
  }
}

/**
 * The product XML import of a generated 100,000-product file through the real upload and the real job
 * (pass 1 check, pass 2 in batches of 1,000), then the export of the whole catalogue over HTTP. Prints
 * products per second and the peak RSS during each, next to the RSS before: memory must not grow with the file.
 */
export async function productsImportBench(): Promise<BenchResult[]> {
  const { database, url: databaseUrl, drop } = await benchDatabase('products_import');
  const dataDir = mkdtempSync(join(tmpdir(), 'pp-bench-products-'));
  await seedDemo(database.db, { extraPartners: 0 });
  await database.executeSql(`insert into categories (id, shop_id, parent_id, level, sap_id, names) values
    (900901, 'CZ10MA', null, 1, 'BENCH-1', '{"en":"Bench"}'), (900902, 'CZ10MA', 900901, 2, 'BENCH-2', '{"en":"Bench"}'),
    (900903, 'CZ10MA', 900902, 3, 'BENCH-3', '{"en":"Bench kettles"}')`);
  await database.executeSql(`insert into category_parameters (id, category_id, code, names, class, variant, options) values
    (900911, 900903, 'COLOR', '{"en":"Colour"}', 'ENUM', true, '[{"value":"red","text":{"en":"red"}},{"value":"blue","text":{"en":"blue"}}]'),
    (900912, 900903, 'POWER', '{"en":"Power"}', 'NUMBER', false, '[]')`);
  await database.executeSql(
    `insert into brands (id, name, url_key, tag) values ('BENCHBRAND', 'BenchBrand', 'benchbrand', 'benchbrand')`,
  );
  const { rows } = await database.executeSql("select id from partners where sap_id = '100001'");
  const partnerId = (rows[0] as { id: number }).id;

  const feed = join(dataDir, 'feed.xml');
  const written = await measured(() => writeFeed(feed, PRODUCTS));
  console.log(
    `products import: wrote ${PRODUCTS} items, ${mb(statSync(feed).size)} in ${(written.ms / 1000).toFixed(1)} s`,
  );

  const config = {
    ...loadConfig({ LOG_LEVEL: 'silent', REMOTE_LOGIN_SECRET: 'bench-remote-login-secret-0123456789' }),
    databaseUrl,
    dataDir,
    webDist: '/nonexistent',
    jobsEnabled: false,
  };
  const app = await buildApp({ config, database });
  await app.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.app.server.address() as AddressInfo).port;
  const login = await app.app.inject({
    method: 'POST',
    url: '/graphql',
    payload: { query: `mutation { login(email: "partner@demo.test", password: "${DEMO_PASSWORD}") { token } }` },
  });
  const headers = {
    authorization: `Bearer ${login.json().data.login.token as string}`,
    'x-partner-id': String(partnerId),
  };

  const upload = await measured(() =>
    httpCall(port, {
      method: 'POST',
      path: '/portal/import/partner-products',
      headers: { ...headers, 'content-type': 'application/xml' },
      body: feed,
    }),
  );
  if (upload.result.status !== 202) throw new Error(`upload refused: ${upload.result.text}`);
  const cpuBefore = process.cpuUsage();
  const pgBefore = postgresCpuSeconds();
  const run = await measured(() => app.platform.jobs.runQueued(PRODUCT_IMPORT_JOB));
  const cpu = process.cpuUsage(cpuBefore);
  const pgCpu = postgresCpuSeconds() - pgBefore;
  const { rows: imported } = await database.executeSql(
    'select status, done, created, updated, failed, error_code from product_imports where partner_id = $1 order by created_at desc limit 1',
    [partnerId],
  );
  const outcome = imported[0] as { status: string; done: number; created: number; failed: number; error_code: string };
  const rate = outcome.done / (run.ms / 1000);
  console.log(
    `products import (${database.kind}): upload ${(upload.ms / 1000).toFixed(1)} s; job ${outcome.status} ${outcome.done} items ` +
      `(${outcome.created} created, ${outcome.failed} refused) in ${(run.ms / 1000).toFixed(1)} s = ${rate.toFixed(0)} products/s; ` +
      `RSS ${mb(run.before)} before, peak ${mb(run.peak)} (+${mb(run.peak - run.before)}); ` +
      `CPU: this process ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s (all threads)` +
      (database.kind === 'postgres' ? `, PostgreSQL ${pgCpu.toFixed(1)} s` : ''),
  );

  const exported = await measured(() =>
    httpCall(port, { method: 'GET', path: '/portal/export/partner-products', headers }),
  );
  console.log(
    `products export (${database.kind}): ${mb(exported.result.bytes)} in ${(exported.ms / 1000).toFixed(1)} s; ` +
      `RSS ${mb(exported.before)} before, peak ${mb(exported.peak)} (+${mb(exported.peak - exported.before)})`,
  );

  await app.close();
  await drop();
  rmSync(dataDir, { recursive: true, force: true });
  return [
    { name: `products XML import ${PRODUCTS} (upload + job)`, rows: outcome.done, samples: [upload.ms + run.ms] },
    { name: 'products XML export (HTTP, keyset batches)', rows: outcome.created, samples: [exported.ms] },
  ];
}
