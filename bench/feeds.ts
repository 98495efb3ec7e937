import { createServer } from 'node:http';
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../apps/server/src/app';
import { openFeed } from '../apps/server/src/modules/feeds/fetch';
import { processMallAvailability } from '../apps/server/src/modules/feeds/mall-availability';
import { processMallProducts } from '../apps/server/src/modules/feeds/mall-products';
import { processHeurekaProducts } from '../apps/server/src/modules/feeds/heureka-products';
import type {
  FeedFormat,
  FeedProcessor,
  FeedRunContext,
  FeedRunTotals,
  FeedType,
} from '../apps/server/src/modules/feeds/run-types';
import { feeds } from '../apps/server/src/modules/feeds/tables';
import { loadConfig } from '../apps/server/src/platform/config';
import type { Platform } from '../apps/server/src/platform/context';
import { seedDemo } from '../apps/server/src/seed/demo';
import { seedLarge } from '../apps/server/src/seed/large';
import { benchDatabase, postgresCpuSeconds } from './database';
import { availabilityFeed, heurekaFeed, productFeed } from './feed-files';
import type { BenchResult } from './run';

const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const ITEMS = num('BENCH_FEED_ITEMS', 100_000);
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;

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
 * The marketplace's feeds as a run reads them: a generated 100,000-item product feed (flat variants grouped by
 * ITEMGROUP_ID) served over HTTP on loopback, downloaded as a stream and applied into the large seed through the
 * product import's pipeline, then the same feed again (unchanged: every item skipped by its hash), then the
 * availability feed of the same items twice. Prints items per second, peak RSS and the unchanged re-run's time.
 */
export async function feedsBench(): Promise<BenchResult[]> {
  const { database, url: databaseUrl, drop } = await benchDatabase('feeds');
  const postgres = database.kind === 'postgres';
  await seedDemo(database.db, { extraPartners: 0 });
  await seedLarge(database.db, {
    partners: num('BENCH_FEED_PARTNERS', 200),
    products: num('BENCH_FEED_SEED_PRODUCTS', postgres ? 100_000 : 10_000),
    orders: 0,
  });
  await database.executeSql(`insert into categories (id, shop_id, parent_id, level, sap_id, names) values
    (900901, 'CZ10MA', null, 1, 'BENCH-1', '{"en":"Bench"}'), (900902, 'CZ10MA', 900901, 2, 'BENCH-2', '{"en":"Bench"}'),
    (900903, 'CZ10MA', 900902, 3, 'BENCH-3', '{"en":"Bench kettles"}')`);
  await database.executeSql(`insert into category_parameters (id, category_id, code, names, class, variant, options) values
    (900911, 900903, 'COLOR', '{"en":"Colour"}', 'ENUM', true, '[{"value":"red","text":{"en":"red"}},{"value":"blue","text":{"en":"blue"}}]'),
    (900912, 900903, 'POWER', '{"en":"Power"}', 'NUMBER', false, '[]')`);
  await database.executeSql(
    `insert into brands (id, name, url_key, tag) values ('BENCHBRAND', 'BenchBrand', 'benchbrand', 'benchbrand')`,
  );
  if (postgres) await database.executeSql('vacuum analyze');
  const [cz] = (await database.executeSql(`select id from partners where sap_id = '100001'`)).rows as { id: number }[];
  const partnerId = cz!.id;

  // The Heureka shop's one category, paired by a person with the bench's category.
  const HEUREKA_CATEGORY = 'Heureka.cz | Bench | Rychlovarné konvice';
  await database.executeSql(
    `insert into heureka_categories (partner_id, category_text, category_id, paired_by) values ($1, $2, 900903, 'PERSON')`,
    [partnerId, HEUREKA_CATEGORY],
  );

  const seller = createServer((req, res) => {
    // `?layout=1`: the same items laid out otherwise (a new line and indent in every item).
    const relaid = req.url?.endsWith('?layout=1') ? 1 : 0;
    const path = req.url?.replace(/\?.*$/, '');
    if (path === '/heureka.xml') heurekaFeed(res, ITEMS, relaid, HEUREKA_CATEGORY);
    else if (path === '/products.xml') productFeed(res, ITEMS, relaid);
    else if (req.url === '/availability.xml') availabilityFeed(res, ITEMS);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => seller.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(seller.address() as AddressInfo).port}`;

  const config = {
    ...loadConfig({ LOG_LEVEL: 'silent', REMOTE_LOGIN_SECRET: 'bench-remote-login-secret-0123456789' }),
    databaseUrl,
    webDist: '/nonexistent',
    jobsEnabled: false,
  };
  config.webhooks = { ...config.webhooks, allowPrivateUrls: true };
  const app = await buildApp({ config, database });
  const results: BenchResult[] = [];
  try {
    const feedOf = async (type: FeedType, format: FeedFormat = 'MALL') => {
      const [row] = await database.db.insert(feeds).values({ partnerId, format, type }).returning({ id: feeds.id });
      return row!.id;
    };
    const productsFeed = await feedOf('PRODUCTS');
    const availabilityFeedId = await feedOf('AVAILABILITY');
    let runId = 0;
    const runOnce = async (
      label: string,
      processor: FeedProcessor,
      feedId: number,
      type: FeedType,
      path: string,
      format: FeedFormat = 'MALL',
    ) => {
      let errors = 0;
      /** Why items were refused, counted by code, field and rule: a bench file must be refused only as meant. */
      const reasons = new Map<string, number>();
      const ctx: FeedRunContext = {
        platform: app.platform as Platform,
        partnerId,
        feedId,
        runId: ++runId,
        format,
        type,
        actor: { accountId: null, adminAccountId: null, partnerId, requestId: `bench-feed:${runId}` },
        progress: async () => undefined,
        errors: async (items) => {
          errors += items.length;
          for (const e of items) {
            const key = [e.errorCode, e.field, e.params?.rule].filter(Boolean).join(' ');
            reasons.set(key, (reasons.get(key) ?? 0) + 1);
          }
        },
      };
      // BENCH_PROFILE=<label start>: a CPU profile of that run alone, written beside the working directory.
      const profiled = process.env.BENCH_PROFILE && label.startsWith(process.env.BENCH_PROFILE);
      const session = profiled ? new Session() : null;
      if (session) {
        session.connect();
        await session.post('Profiler.enable');
        await session.post('Profiler.start');
      }
      // BENCH_PGSS=1 (PostgreSQL with pg_stat_statements preloaded): the run's statements, most costly first.
      const pgss = postgres && process.env.BENCH_PGSS === '1';
      if (pgss) {
        await database.executeSql('create extension if not exists pg_stat_statements');
        await database.executeSql('select pg_stat_statements_reset()');
      }
      const cpuBefore = process.cpuUsage();
      const pgBefore = postgres ? postgresCpuSeconds() : 0;
      const run = await measured(async () => {
        const opened = await openFeed(app.platform, { url: `${base}${path}` });
        return processor(ctx, opened.body);
      });
      const cpu = process.cpuUsage(cpuBefore);
      const pgCpu = postgres ? postgresCpuSeconds() - pgBefore : 0;
      if (session) {
        const { profile } = await session.post('Profiler.stop');
        const file = `feeds-${format}-${label.replace(/\W+/g, '-')}.cpuprofile`;
        writeFileSync(file, JSON.stringify(profile));
        session.disconnect();
        console.log(`  CPU profile: ${file}`);
      }
      const totals: FeedRunTotals = run.result;
      console.log(
        `feeds ${format} ${label} (${database.kind}): ${totals.processed} items in ${(run.ms / 1000).toFixed(1)} s = ` +
          `${(totals.processed / (run.ms / 1000)).toFixed(0)} items/s (${totals.updated} updated, ${totals.unchanged} unchanged, ` +
          `${totals.errors} refused, ${errors} log entries); RSS ${mb(run.before)} before, peak ${mb(run.peak)} (+${mb(run.peak - run.before)}); ` +
          `CPU: this process ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s (all threads, the feed's HTTP server included)` +
          (postgres ? `, PostgreSQL ${pgCpu.toFixed(1)} s` : ''),
      );
      if (pgss) {
        const top = (
          await database.executeSql(`select calls, round(total_exec_time) as ms, left(regexp_replace(query, '\\s+', ' ', 'g'), 90) as q
            from pg_stat_statements where dbid = (select oid from pg_database where datname = current_database())
            order by total_exec_time desc limit 14`)
        ).rows as { calls: number; ms: number; q: string }[];
        const all = (
          await database.executeSql(`select round(sum(total_exec_time)) as ms, sum(calls) as calls from pg_stat_statements
            where dbid = (select oid from pg_database where datname = current_database())`)
        ).rows as { ms: number; calls: number }[];
        console.log(`  statements: ${all[0]!.calls} calls, ${all[0]!.ms} ms`);
        for (const r of top) console.log(`  ${String(r.ms).padStart(6)} ms ${String(r.calls).padStart(5)}× ${r.q}`);
        const often = (
          await database.executeSql(`select calls, round(total_exec_time) as ms, left(regexp_replace(query, '\\s+', ' ', 'g'), 90) as q
            from pg_stat_statements where dbid = (select oid from pg_database where datname = current_database())
            order by calls desc limit 4`)
        ).rows as { calls: number; ms: number; q: string }[];
        for (const r of often) console.log(`  most called: ${r.calls}× ${r.ms} ms ${r.q}`);
      }
      if (reasons.size) {
        console.log(`  refusals: ${[...reasons].map(([key, n]) => `${key} ×${n}`).join(', ')}`);
      }
      results.push({ name: `${format} feed ${label} ${ITEMS}`, rows: totals.processed, samples: [run.ms] });
      return run.ms;
    };
    const first = await runOnce('products, first run', processMallProducts, productsFeed, 'PRODUCTS', '/products.xml');
    const again = await runOnce('products, unchanged', processMallProducts, productsFeed, 'PRODUCTS', '/products.xml');
    console.log(`feeds products (${database.kind}): the unchanged re-run is ${(first / again).toFixed(1)}x faster`);
    // The same items in another layout: parsed once, found unchanged by content.
    const relaid = await runOnce(
      'products, unchanged, new layout',
      processMallProducts,
      productsFeed,
      'PRODUCTS',
      '/products.xml?layout=1',
    );
    console.log(`feeds products (${database.kind}): a new layout of it is ${(first / relaid).toFixed(1)}x faster`);
    const stockFirst = await runOnce(
      'availability, first run',
      processMallAvailability,
      availabilityFeedId,
      'AVAILABILITY',
      '/availability.xml',
    );
    const stockAgain = await runOnce(
      'availability, unchanged',
      processMallAvailability,
      availabilityFeedId,
      'AVAILABILITY',
      '/availability.xml',
    );
    console.log(
      `feeds availability (${database.kind}): the unchanged re-run is ${(stockFirst / stockAgain).toFixed(1)}x faster`,
    );
    const heurekaFeedId = await feedOf('PRODUCTS', 'HEUREKA');
    const heurekaFirst = await runOnce(
      'products, first run',
      processHeurekaProducts,
      heurekaFeedId,
      'PRODUCTS',
      '/heureka.xml',
      'HEUREKA',
    );
    const heurekaAgain = await runOnce(
      'products, unchanged',
      processHeurekaProducts,
      heurekaFeedId,
      'PRODUCTS',
      '/heureka.xml',
      'HEUREKA',
    );
    console.log(
      `feeds Heureka products (${database.kind}): the unchanged re-run is ${(heurekaFirst / heurekaAgain).toFixed(1)}x faster`,
    );
  } finally {
    await app.close();
    await new Promise<void>((resolve) => seller.close(() => resolve()));
    await drop();
  }
  return results;
}
