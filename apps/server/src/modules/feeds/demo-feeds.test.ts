import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../platform/config';
import { partnerIdByShop, startTestServer, type TestServer } from '../../test/harness';
import { seedDemoFeeds } from '../../seed/feeds';
import { DEMO_HEUREKA_CATEGORIES, demoFeedUrl } from './demo-feeds';
import { feedMayBePrivate } from './fetch';
import { FEED_RUN_JOB } from './runs';
import { feedRunErrors, feedRuns, feeds } from './tables';
import { heurekaCategories } from './tables-heureka';

/**
 * The demo's own feeds: served by the portal in the demo only, reachable by its own runs (a loopback address
 * the deployment does not otherwise allow), and what a newcomer sees after the first runs.
 */

let server: TestServer;
let base: string;
let cz: number;
let pl: number;
let token: string;

let dataDir: string;

beforeAll(async () => {
  // A data folder of its own: the seed then gives the products their pictures, as the demo's has (a listed
  // product needs one, so the demo's feeds carry them).
  dataDir = await mkdtemp(join(tmpdir(), 'pp-demo-feeds-'));
  // The demo never runs in production: the PostgreSQL pass's production setting is left out here.
  server = await startTestServer({ listen: true, config: { seedDemo: true, production: false, dataDir } });
  const { port } = server.app.app.server.address() as { port: number };
  base = `http://127.0.0.1:${port}`;
  // The portal's address is known once it listens: the demo's feeds point there, as main.ts seeds them.
  (server.app.platform.config as Config).publicUrl = base;
  cz = await partnerIdByShop(server.database, '100001');
  pl = await partnerIdByShop(server.database, '100003');
  await server.database.db.transaction((tx) => seedDemoFeeds(tx, { cz, pl }, base));
  token = (await server.login('partner@demo.test')).token;
});
afterAll(async () => {
  await server?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const get = (url: string) => server.app.app.inject({ method: 'GET', url });
const work = () => server.app.platform.jobs.runQueued(FEED_RUN_JOB);

async function enqueue(format: 'mall' | 'heureka', type: string) {
  const field = `${format}FeedEnqueue`;
  const answer = await server.gql<Record<string, { id: string }>>(
    `mutation($type: FeedType!) { ${field}(type: $type) { id } }`,
    { type },
    { token, partnerId: cz },
  );
  expect(answer.errors).toBeUndefined();
  await work();
  const [run] = await server.database.db
    .select()
    .from(feedRuns)
    .where(and(eq(feedRuns.partnerId, cz), eq(feedRuns.id, Number(answer.data![field]!.id))));
  const errors = await server.database.db.select().from(feedRunErrors).where(eq(feedRunErrors.runId, run!.id));
  return { run: run!, errors };
}

describe('the demo feeds', () => {
  it('are served for the demo shops only, as XML of their format', async () => {
    const mall = await get('/demo-feeds/100001/mall-products.xml');
    expect(mall.statusCode).toBe(200);
    expect(mall.headers['content-type']).toContain('application/xml');
    expect(mall.body).toContain('<ITEMS>');
    expect(mall.body).toContain('<ID>DEMO-FEED-BAD-BARCODE</ID>');
    expect((await get('/demo-feeds/100001/heureka-products.xml')).body).toContain('<SHOPITEM>');
    expect((await get('/demo-feeds/100001/heureka-availability.xml')).body).toContain('<item_list>');
    // Each shop's file is in its money and VAT: the Slovak one in euros at 23 %.
    const slovak = (await get('/demo-feeds/100002/heureka-products.xml')).body;
    expect(slovak).toContain('<PRICE_VAT>115,60</PRICE_VAT>');
    expect(slovak).toContain('<VAT>23%</VAT>');
    expect((await get('/demo-feeds/100001/mall-availability.xml')).body).toContain('<AVAILABILITY>');
    expect((await get('/demo-feeds/100001/passwd')).statusCode).toBe(404);
    // Not a demo shop (a generated seller of the seed), and no partner at all.
    expect((await get('/demo-feeds/200000/mall-products.xml')).statusCode).toBe(404);
    expect((await get('/demo-feeds/999999/mall-products.xml')).statusCode).toBe(404);
  });

  it('are the seeded shops’ feeds, switched on, with two weeks of history behind the marketplace feeds', async () => {
    const rows = await server.database.db.select().from(feeds).where(eq(feeds.partnerId, cz));
    expect(rows.map((f) => `${f.format} ${f.type}`).sort()).toEqual([
      'HEUREKA AVAILABILITY',
      'HEUREKA PRODUCTS',
      'MALL AVAILABILITY',
      'MALL PRODUCTS',
    ]);
    expect(rows.every((f) => f.enabled && f.url?.startsWith(`${base}/demo-feeds/100001/`))).toBe(true);
    const stats = await server.gql<{ mallFeedStats: { runs: number }[] }>(
      'query { mallFeedStats(days: 14) { runs } }',
      {},
      { token, partnerId: cz },
    );
    expect(stats.errors).toBeUndefined();
    // Two feeds, a run each night (the fourteenth night ago is outside the window, today has none yet).
    expect(stats.data!.mallFeedStats.filter((d) => d.runs === 2).length).toBeGreaterThanOrEqual(12);
    const paired = await server.database.db.select().from(heurekaCategories).where(eq(heurekaCategories.partnerId, cz));
    const byText = new Map(paired.map((c) => [c.categoryText, c]));
    expect(byText.get(DEMO_HEUREKA_CATEGORIES.helmets)?.pairedBy).toBe('AUTO');
    expect(byText.get(DEMO_HEUREKA_CATEGORIES.shoes)?.categoryId).toBeNull();
  });

  it('a run of the marketplace product feed writes the shop’s products and reports the two broken items', async () => {
    const { run, errors } = await enqueue('mall', 'PRODUCTS');
    expect(run.status).toBe('DONE');
    expect(run.errors).toBe(2);
    expect(run.processed).toBe(42);
    expect(run.updated).toBe(40);
    expect([...new Set(errors.map((e) => e.itemCode))].sort()).toEqual([
      'DEMO-FEED-BAD-BARCODE',
      'DEMO-FEED-BAD-CATEGORY',
    ]);
    expect(errors.find((e) => e.itemCode === 'DEMO-FEED-BAD-CATEGORY')).toMatchObject({
      field: 'categoryId',
      line: 44,
    });
    expect(errors.find((e) => e.itemCode === 'DEMO-FEED-BAD-BARCODE')).toMatchObject({ field: 'barcode', line: 43 });
    const again = await enqueue('mall', 'AVAILABILITY');
    expect(again.run.status).toBe('DONE');
    expect(again.errors.map((e) => `${e.itemCode} ${e.errorCode}`)).toEqual(['DEMO-FEED-UNKNOWN PRODUCT_NOT_FOUND']);
  });

  it('a run of the Heureka feed writes the items of paired categories and says what the others need', async () => {
    const { run, errors } = await enqueue('heureka', 'PRODUCTS');
    expect(run.status).toBe('DONE');
    const codes = new Map(errors.map((e) => [e.itemCode, e.errorCode]));
    expect(codes.get('HK-PODLOZKA-MANDUKA')).toBe('HEUREKA_CATEGORY_UNPAIRED');
    expect(codes.get('HK-BOTY-KAMIK')).toBe('HEUREKA_CATEGORY_UNPAIRED');
    expect(codes.get('HK-BEZ-CENY')).toBe('HEUREKA_PRICE_INVALID');
    expect(codes.get('HK-BEZ-KATEGORIE')).toBe('HEUREKA_CATEGORY_MISSING');
    expect(codes.get('HK-NEZNAMA-ZNACKA')).toBe('HEUREKA_BRAND_UNPAIRED');
    // Only the items the demo means to refuse are refused: the helmets (a variant group) and tents are written.
    expect(errors.map((e) => e.itemCode).sort()).toEqual([
      'HK-BEZ-CENY',
      'HK-BEZ-KATEGORIE',
      'HK-BOTY-KAMIK',
      'HK-NEZNAMA-ZNACKA',
      'HK-PODLOZKA-MANDUKA',
      'HK-PODLOZKA-YATE',
    ]);
    const { rows } = await server.database.executeSql(
      `select id from products where partner_id = $1 and id like 'HK-%' order by id`,
      [cz],
    );
    expect(rows.map((r) => (r as { id: string }).id)).toEqual([
      'HK-HELMA-ADURO',
      'HK-HELMA-UVEX',
      'HK-STAN-COLEMAN',
      'HK-STAN-HUSKY',
    ]);
  });
});

describe('pairing the demo Heureka shop', () => {
  it('brings the mats in once their category is paired by a person', async () => {
    const categories = await server.gql<{
      heurekaCategories: { items: { id: string; categoryText: string }[] };
    }>('{ heurekaCategories(grid: { perPage: 50 }) { items { id categoryText } } }', {}, { token, partnerId: cz });
    expect(categories.errors).toBeUndefined();
    const mats = categories.data!.heurekaCategories.items.find((c) => c.categoryText === DEMO_HEUREKA_CATEGORIES.mats)!;
    const offered = await server.gql<{ heurekaCategoryRecommendations: { categoryId: number; path: string[] }[] }>(
      'query($id: ID!) { heurekaCategoryRecommendations(id: $id, search: "yoga") { categoryId path } }',
      { id: mats.id },
      { token, partnerId: cz },
    );
    const yoga = offered.data!.heurekaCategoryRecommendations.find((r) => r.path.at(-1) === 'Yoga mats')!;
    const paired = await server.gql(
      'mutation($id: ID!, $c: Int!) { heurekaCategoryPair(id: $id, categoryId: $c) { id } }',
      { id: mats.id, c: yoga.categoryId },
      { token, partnerId: cz },
    );
    expect(paired.errors).toBeUndefined();
    const { errors } = await enqueue('heureka', 'PRODUCTS');
    expect(errors.filter((e) => e.itemCode?.startsWith('HK-PODLOZKA'))).toEqual([]);
    const { rows } = await server.database.executeSql(
      `select id from products where partner_id = $1 and id like 'HK-PODLOZKA-%' order by id`,
      [cz],
    );
    expect(rows).toEqual([{ id: 'HK-PODLOZKA-MANDUKA' }, { id: 'HK-PODLOZKA-YATE' }]);
  });
});

describe('the demo feeds’ address', () => {
  const config = (over: Partial<Config>) =>
    ({
      webhooks: { allowPrivateUrls: false },
      seedDemo: true,
      production: false,
      publicUrl: 'http://127.0.0.1:3000',
      ...over,
    }) as Config;

  it('may be the portal’s own loopback origin in the demo, and nothing else private', () => {
    expect(
      feedMayBePrivate(config({}), new URL(demoFeedUrl('http://127.0.0.1:3000', '100001', 'mall-products.xml'))),
    ).toBe(true);
    expect(feedMayBePrivate(config({}), new URL('http://127.0.0.1:3001/feed.xml'))).toBe(false);
    expect(feedMayBePrivate(config({}), new URL('http://localhost:3000/feed.xml'))).toBe(false);
    expect(feedMayBePrivate(config({ seedDemo: false }), new URL('http://127.0.0.1:3000/feed.xml'))).toBe(false);
    expect(feedMayBePrivate(config({ production: true }), new URL('http://127.0.0.1:3000/feed.xml'))).toBe(false);
  });
});
