import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { shopDay } from '@pp/domain';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { CAMPAIGN_IMPORT_JOB } from '../apps/server/src/modules/campaigns/import';
import { resolveItems } from '../apps/server/src/modules/campaigns/import-check';
import { pricesChangedWithin } from '../apps/server/src/modules/products/price-history';
import { loadConfig } from '../apps/server/src/platform/config';
import { rowsOf } from '../apps/server/src/platform/db/client';
import { DEMO_PASSWORD, seedDemo } from '../apps/server/src/seed/demo';
import { seedLargeProducts } from '../apps/server/src/seed/large-products';
import { timed } from './app';
import { benchDatabase, postgresCpuSeconds } from './database';
import type { BenchResult } from './run';

const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
/** The catalogue (issue 22 Scale: the large seed) and the file (50,000 lines checked under 10 s on PostgreSQL). */
const PRODUCTS = num('BENCH_CAMPAIGN_PRODUCTS', 200_000);
const LINES = num('BENCH_CAMPAIGN_LINES', 50_000);
const SAMPLES = num('BENCH_CAMPAIGN_SAMPLES', 20);
/** One line in this many of the first file names no product, so that the check writes errors too. */
const BAD_EVERY = 50;
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;

/**
 * BENCH_LIVE_HEAP=1: every 250 ms a full collection, then the heap in use — what the work keeps alive, not the
 * high-water mark the process's RSS shows (slower runs: the times of such a run are not the figures).
 */
const LIVE_HEAP = process.env.BENCH_LIVE_HEAP === '1';
const collect: (() => void) | null = LIVE_HEAP
  ? (() => {
      v8.setFlagsFromString('--expose-gc');
      return runInNewContext('gc') as () => void;
    })()
  : null;

async function measured<T>(
  work: () => Promise<T>,
): Promise<{ result: T; ms: number; before: number; peak: number; liveBefore: number; livePeak: number }> {
  const before = process.memoryUsage().rss;
  let peak = before;
  collect?.();
  const liveBefore = process.memoryUsage().heapUsed;
  let livePeak = liveBefore;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const liveSampler = collect
    ? setInterval(() => {
        collect();
        livePeak = Math.max(livePeak, process.memoryUsage().heapUsed);
      }, 250)
    : null;
  const t0 = performance.now();
  try {
    return { result: await work(), ms: performance.now() - t0, before, peak, liveBefore, livePeak };
  } finally {
    clearInterval(sampler);
    if (liveSampler) clearInterval(liveSampler);
  }
}

/**
 * The campaign import at the large catalogue through the real upload and the real job: a 50,000-line file with
 * one bad line in 50 (checked, its errors written: ERROR), then the fixed file (checked and applied in one
 * transaction: ACCEPTED). Prints each run's time, PostgreSQL CPU and the peak RSS next to the RSS before (memory
 * must not grow with the file), then the per-batch look-ups (1,000 ids) through the import's own code beside the
 * same statement sent raw, and fails when a look-up plans a sequential scan of the catalogue.
 */
export async function campaignImportBench(): Promise<BenchResult[]> {
  const bench = await benchDatabase('campaign_import');
  const { database } = bench;
  const db = database.db;
  const dataDir = mkdtempSync(join(tmpdir(), 'pp-bench-campaign-'));
  const seeded = Date.now();
  await seedDemo(db, { extraPartners: 0, orders: false });
  await seedLargeProducts(db, { products: PRODUCTS });
  console.log(
    `campaign import: seeded ${PRODUCTS} products in ${((Date.now() - seeded) / 1000).toFixed(1)} s (${database.kind})`,
  );
  const [{ id: partnerId } = { id: 0 }] = rowsOf<{ id: number }>(
    await db.execute(sql`select id from partners where sap_id = '100001'`),
  );
  // Items a partner would put in a campaign: live, active, in stock, without variants (setup, not measured).
  const items = rowsOf<{ id: string; price: number }>(
    await db.execute(sql`select id, price::float8 as price from products
      where partner_id = ${partnerId} and stage = 'LIVE' and status = 'ACTIVE' and not blocked and in_stock > 0
        and variant_count = 0 and price >= 10 order by id limit ${LINES}`),
  );
  if (items.length < LINES) console.log(`campaign import: only ${items.length} eligible products for ${LINES} lines`);
  const promo = (price: number) => Math.floor(price * 0.85);
  const fixed = items.map((p) => `${p.id};${promo(p.price)}`).join('\n');
  const mixed = items.map((p, i) => (i % BAD_EVERY === 7 ? `NOPE-${i};100` : `${p.id};${promo(p.price)}`)).join('\n');
  const from = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
  const to = new Date(Date.now() + 50 * 86_400_000).toISOString().slice(0, 10);
  const [{ id: campaignId } = { id: 0 }] = rowsOf<{ id: number }>(
    await db.execute(sql`insert into campaigns (name, status, min_discount, min_discount_rrp, article_count_min,
        article_count_max, shops, date_from, date_to)
      values ('Bench campaign', 'PUBLISHED', 10, 0, 1, 200000, '{CZ10MA}', ${from}, ${to}) returning id`),
  );
  if (shopDay(new Date(), 'CZ10MA') >= from) throw new Error('campaign import bench: the campaign must start later');

  const config = {
    ...loadConfig({ LOG_LEVEL: 'silent', REMOTE_LOGIN_SECRET: 'bench-remote-login-secret-0123456789' }),
    databaseUrl: bench.url,
    dataDir,
    webDist: '/nonexistent',
    jobsEnabled: false,
    rateLimitPerMinute: 0,
  };
  const app = await buildApp({ config, database });
  const login = await app.app.inject({
    method: 'POST',
    url: '/graphql',
    payload: { query: `mutation { login(email: "partner@demo.test", password: "${DEMO_PASSWORD}") { token } }` },
  });
  const token = login.json().data.login.token as string;

  const results: BenchResult[] = [];
  for (const [label, text] of [
    ['mixed file', mixed],
    ['fixed file', fixed],
  ] as const) {
    const boundary = '----campaign-bench';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="campaignId"\r\n\r\n${campaignId}\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="campaign.csv"\r\nContent-Type: text/csv\r\n\r\n`,
      ),
      Buffer.from(`${text}\n`),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const upload = await measured(() =>
      app.app.inject({
        method: 'POST',
        url: '/portal/campaign-import',
        headers: {
          authorization: `Bearer ${token}`,
          'x-partner-id': String(partnerId),
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
        payload,
      }),
    );
    if (upload.result.statusCode !== 202) throw new Error(`campaign upload refused: ${upload.result.payload}`);
    const { importId } = upload.result.json() as { importId: string };
    const pgBefore = postgresCpuSeconds();
    const run = await measured(() => app.platform.jobs.runQueued(CAMPAIGN_IMPORT_JOB));
    const pgCpu = postgresCpuSeconds() - pgBefore;
    const [outcome] = rowsOf<{
      status: string;
      products_count: number;
      errors_count: number;
      file_error: string | null;
    }>(
      await db.execute(sql`select status, products_count, errors_count, file_error from campaign_imports
        where partner_id = ${partnerId} and id = ${importId}`),
    );
    console.log(
      `campaign import ${label} (${database.kind}): ${mb(payload.length)} upload ${(upload.ms / 1000).toFixed(1)} s; ` +
        `job ${outcome?.status}${outcome?.file_error ? ` ${outcome.file_error}` : ''} ${outcome?.products_count} lines, ` +
        `${outcome?.errors_count} errors in ${(run.ms / 1000).toFixed(1)} s; RSS ${mb(run.before)} before, ` +
        `peak ${mb(run.peak)} (+${mb(run.peak - run.before)})` +
        (LIVE_HEAP ? `; live heap ${mb(run.liveBefore)} before, peak ${mb(run.livePeak)}` : '') +
        (database.kind === 'postgres' ? `; PostgreSQL CPU ${pgCpu.toFixed(1)} s` : ''),
    );
    results.push({
      name: `campaign import ${LINES} lines, ${label} (upload + job)`,
      rows: LINES,
      samples: [upload.ms + run.ms],
    });
  }

  // One batch's look-ups (1,000 ids) through the import's code, next to the product statement sent raw.
  const ids = items.slice(0, 1000).map((p) => p.id);
  const lockTo = new Date(`${from}T00:00:00Z`);
  const lockFrom = new Date(lockTo.getTime() - 30 * 86_400_000);
  const raw = sql`select id, stage, status, blocked, in_stock, price, rrp, category_id, variant_count
    from products where partner_id = ${partnerId} and id = any(${sql.param(ids)}::text[])`;
  const plan = rowsOf<{ 'QUERY PLAN': string }>(await db.execute(sql`explain ${raw}`)).map((r) => r['QUERY PLAN']);
  const scans = plan.filter((l) => /Scan/.test(l)).map((l) => l.trim().replace(/\s+\(cost=.*$/, ''));
  console.log(`campaign import look-up plan: ${scans.join(' | ')}`);
  if (plan.some((l) => /Seq Scan on products/.test(l)))
    throw new Error('campaign import: the look-up scans the catalogue');
  results.push(
    {
      name: 'campaign import: look up 1,000 ids (import code)',
      rows: PRODUCTS,
      samples: await timed(SAMPLES, 2, () => resolveItems(db, partnerId, ids)),
    },
    {
      name: 'campaign import: look up 1,000 ids (raw SQL)',
      rows: PRODUCTS,
      samples: await timed(SAMPLES, 2, () => db.execute(raw)),
    },
    {
      name: 'campaign import: 30-day lock of 1,000 items (one statement)',
      rows: PRODUCTS,
      samples: await timed(SAMPLES, 2, () =>
        pricesChangedWithin(
          db,
          partnerId,
          ids.map((productId) => ({ productId, variantId: null })),
          lockFrom,
          lockTo,
        ),
      ),
    },
  );
  await app.close();
  await bench.drop();
  rmSync(dataDir, { recursive: true, force: true });
  return results;
}
