import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_API_CLIENT_ID } from '../../seed/partner-area/api';
import { codeOf, partnerIdByShop, startTestServer, type TestServer } from '../../test/harness';
import { phpProduct, v1Call } from '../api/rest/test-products';
import { openFeed } from '../feeds/fetch';
import { processMallProducts } from '../feeds/mall-products';
import { createFeed, type FeedServer, runContext, startFeedServer } from '../feeds/test-feeds';
import { lowestPrice30, priceChangedWithin, priceHistory, pricesChangedWithin } from './price-history';
import { PRODUCT_BATCH_JOB } from './jobs';
import { products } from './tables';
import { insertTestCatalog, TEST_BRAND, TEST_CATEGORY } from './test-catalog';
import { importProductXml, productItem, productXml } from './test-import';

/**
 * Issue 22 point 4: every price change, whoever writes it, lands in price_history (the database's triggers);
 * the product detail shows it with the lowest price of the last 30 days.
 */

let server: TestServer;
let cz: number;
let sk: number;
let token: string;
let seller: FeedServer;

beforeAll(async () => {
  // The feed's URL is the local test server's.
  server = await startTestServer({ config: { webhooks: { allowPrivateUrls: true } } });
  seller = await startFeedServer();
  cz = await partnerIdByShop(server.database, '100001');
  sk = await partnerIdByShop(server.database, '100002');
  token = (await server.login('partner@demo.test')).token;
  await insertTestCatalog(server.database);
});
afterAll(async () => {
  await seller?.close();
  await server?.close();
});

const DAY_MS = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);

type HistoryRow = { variant_id: string | null; price: number; previous_price: number | null; source: string | null };

async function historyOf(productId: string, partnerId = cz): Promise<HistoryRow[]> {
  const { rows } = await server.database.executeSql(
    `select variant_id, price::float8 as price, previous_price::float8 as previous_price, source
     from price_history where partner_id = $1 and product_id = $2 order by changed_at, id`,
    [partnerId, productId],
  );
  return rows as HistoryRow[];
}

/** What the writes between `before` and now added to the product's history. */
async function added(productId: string, before: HistoryRow[]): Promise<HistoryRow[]> {
  return (await historyOf(productId)).slice(before.length);
}

function base(id: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    productType: 'T-shirt',
    line: 'Basic',
    brandId: TEST_BRAND.id,
    categoryId: TEST_CATEGORY.leaf,
    price: '1000',
    vat: '21',
    inStock: 10,
    deliveryDelay: 2,
    parameters: { COLOR: 'red' },
    media: [{ url: 'https://images.example.com/a.jpg', main: true }],
    ...extra,
  };
}

const CREATE = 'mutation($data: ProductInput!) { productCreate(data: $data) { id price } }';
const UPDATE = 'mutation($id: ID!, $data: ProductInput!) { productUpdate(productId: $id, data: $data) { id price } }';
const HISTORY = `query($id: ID!, $days: Int) { product(id: $id) { id priceHistory(days: $days) {
  variantId startPrice lowestPrice30 points { changedAt price previousPrice source } } } }`;

type Series = {
  variantId: string | null;
  startPrice: number | null;
  lowestPrice30: number | null;
  points: { changedAt: string; price: number; previousPrice: number | null; source: string | null }[];
};

const create = (data: Record<string, unknown>) => server.gql(CREATE, { data }, { token, partnerId: cz });
const update = (id: string, data: Record<string, unknown>) =>
  server.gql(UPDATE, { id, data }, { token, partnerId: cz });
const readHistory = (id: string, as: { token: string; partnerId: number } = { token, partnerId: cz }, days = 90) =>
  server.gql<{ product: { id: string; priceHistory: Series[] } | null }>(HISTORY, { id, days }, as);

describe('the portal form', () => {
  it('records the first price, then exactly one row per change, and none for an unchanged save', async () => {
    expect((await create(base('PH-FORM'))).errors).toBeUndefined();
    expect(await historyOf('PH-FORM')).toEqual([
      { variant_id: null, price: 1000, previous_price: null, source: 'PORTAL' },
    ]);
    let before = await historyOf('PH-FORM');
    expect((await update('PH-FORM', base('PH-FORM', { price: '1100' }))).errors).toBeUndefined();
    expect(await added('PH-FORM', before)).toEqual([
      { variant_id: null, price: 1100, previous_price: 1000, source: 'PORTAL' },
    ]);
    before = await historyOf('PH-FORM');
    // Another field changes, the price does not.
    expect((await update('PH-FORM', base('PH-FORM', { price: '1100', inStock: 3 }))).errors).toBeUndefined();
    expect(await added('PH-FORM', before)).toEqual([]);
  });

  it("records a variant's change once, though a save writes every variant again", async () => {
    const variants = (second: string) => [
      { id: 'PH-VAR-1', price: '500', parameters: {} },
      { id: 'PH-VAR-2', price: second, parameters: {} },
    ];
    expect((await create(base('PH-VAR', { variants: variants('600') }))).errors).toBeUndefined();
    let before = await historyOf('PH-VAR');
    expect(before.map((r) => [r.variant_id, r.price])).toEqual([
      [null, 1000],
      ['PH-VAR-1', 500],
      ['PH-VAR-2', 600],
    ]);
    expect((await update('PH-VAR', base('PH-VAR', { variants: variants('600') }))).errors).toBeUndefined();
    expect(await added('PH-VAR', before)).toEqual([]);
    before = await historyOf('PH-VAR');
    expect((await update('PH-VAR', base('PH-VAR', { variants: variants('650') }))).errors).toBeUndefined();
    expect(await added('PH-VAR', before)).toEqual([
      { variant_id: 'PH-VAR-2', price: 650, previous_price: 600, source: 'PORTAL' },
    ]);

    const answer = await readHistory('PH-VAR');
    expect(answer.errors).toBeUndefined();
    const series = answer.data!.product!.priceHistory;
    expect(series.map((s) => [s.variantId, s.points.map((p) => p.price), s.lowestPrice30])).toEqual([
      [null, [1000], 1000],
      ['PH-VAR-1', [500], 500],
      ['PH-VAR-2', [600, 650], 600],
    ]);
  });
});

describe('the unattended writers', () => {
  it('records a change by the XML import once, and nothing for the same price again', async () => {
    await server.database.db.insert(products).values({ partnerId: cz, id: 'PH-XML', title: 'PH-XML', price: 100 });
    let before = await historyOf('PH-XML');
    const changed = await importProductXml(
      server,
      { token, partnerId: cz },
      productXml(productItem('PH-XML', '<PRICE>120</PRICE>')),
    );
    expect(changed.record).toMatchObject({ status: 'DONE', failed: 0 });
    expect(await added('PH-XML', before)).toEqual([
      { variant_id: null, price: 120, previous_price: 100, source: 'IMPORT' },
    ]);
    before = await historyOf('PH-XML');
    const same = await importProductXml(
      server,
      { token, partnerId: cz },
      productXml(productItem('PH-XML', '<PRICE>120</PRICE>')),
    );
    expect(same.record).toMatchObject({ status: 'DONE', failed: 0 });
    expect(await added('PH-XML', before)).toEqual([]);
  });

  it('records a change by a batch apply once per product, and nothing where the price stays', async () => {
    await server.database.db.insert(products).values([
      { partnerId: cz, id: 'PH-BAT-1', title: 'PH-BAT-1', price: 200 },
      { partnerId: cz, id: 'PH-BAT-2', title: 'PH-BAT-2', price: 210 },
    ]);
    const before = [await historyOf('PH-BAT-1'), await historyOf('PH-BAT-2')];
    const answer = await server.gql(
      `mutation($ids: [ID!]!, $field: String!, $value: JSON) {
        productsBatchApply(ids: $ids, field: $field, value: $value) { jobId } }`,
      { ids: ['PH-BAT-1', 'PH-BAT-2'], field: 'price', value: '210' },
      { token, partnerId: cz },
    );
    expect(answer.errors).toBeUndefined();
    await server.app.platform.jobs.runQueued(PRODUCT_BATCH_JOB);
    expect(await added('PH-BAT-1', before[0]!)).toEqual([
      { variant_id: null, price: 210, previous_price: 200, source: 'BATCH' },
    ]);
    expect(await added('PH-BAT-2', before[1]!)).toEqual([]);
  });

  it('records a change by a marketplace product feed run once', async () => {
    const feedId = await createFeed(server, cz, 'MALL', 'PRODUCTS');
    const run = async (price: string) => {
      const path = `/feed-${price}.xml`;
      seller.file(
        path,
        productXml(`<ITEM><ID>PH-FEED</ID><PRODUCT_TYPE>Mug</PRODUCT_TYPE><PRICE>${price}</PRICE></ITEM>`),
      );
      const { ctx, errors } = runContext(server, cz, feedId, 'PRODUCTS');
      const feed = await openFeed(server.app.platform, { url: `${seller.base}${path}` });
      await processMallProducts(ctx, feed.body);
      expect(errors).toEqual([]);
    };
    await run('499');
    const before = await historyOf('PH-FEED');
    expect(before.map((r) => r.price)).toEqual([499]);
    await run('549');
    expect(await added('PH-FEED', before)).toEqual([
      { variant_id: null, price: 549, previous_price: 499, source: 'FEED' },
    ]);
  });

  it('records a change through the REST API v1 once, and nothing for the same price again', async () => {
    const created = await v1Call(server, 'POST', '/v1/products', DEMO_API_CLIENT_ID, phpProduct('PH-API'));
    expect(created.statusCode, created.body).toBe(200);
    let before = await historyOf('PH-API');
    const pricing = (price: number) =>
      v1Call(server, 'PUT', '/v1/products/PH-API/pricing', DEMO_API_CLIENT_ID, {
        price,
        rrp: 1500,
        purchase_price: 600,
      });
    const answer = await pricing(1100);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(await added('PH-API', before)).toEqual([
      { variant_id: null, price: 1100, previous_price: 1000, source: 'API' },
    ]);
    before = await historyOf('PH-API');
    expect((await pricing(1100)).statusCode).toBe(200);
    expect(await added('PH-API', before)).toEqual([]);
  });
});

describe('the lowest price of 30 days and the 30-day lock', () => {
  /** Replaces the item's history with changes dated `days` ago (oldest first). */
  async function pastHistory(productId: string, changes: [days: number, price: number][]) {
    await server.database.executeSql('delete from price_history where partner_id = $1 and product_id = $2', [
      cz,
      productId,
    ]);
    let previous: number | null = null;
    for (const [days, price] of changes) {
      await server.database.executeSql(
        `insert into price_history (partner_id, product_id, price, previous_price, changed_at)
         values ($1, $2, $3, $4, now() - make_interval(days => $5::int))`,
        [cz, productId, price, previous, days],
      );
      previous = price;
    }
  }

  it('counts the price in effect when the 30 days began and each change inside, not what came before', async () => {
    await server.database.db.insert(products).values({ partnerId: cz, id: 'PH-30', title: 'PH-30', price: 100 });
    // 50 until 31 days ago (before the period), 80 from then (in effect when it began), 120 from 29 days ago.
    await pastHistory('PH-30', [
      [40, 50],
      [31, 80],
      [29, 120],
      [1, 100],
    ]);
    expect(await lowestPrice30(server.database.db, cz, 'PH-30', null, new Date())).toBe(80);
    // Ten days ago the period began 40 days ago: 50 was in effect then.
    expect(await lowestPrice30(server.database.db, cz, 'PH-30', null, daysAgo(10))).toBe(50);
    const answer = await readHistory('PH-30', { token, partnerId: cz }, 35);
    expect(answer.data?.product?.priceHistory).toMatchObject([{ variantId: null, startPrice: 50, lowestPrice30: 80 }]);
    expect(answer.data!.product!.priceHistory[0]!.points.map((p) => [p.price, p.previousPrice])).toEqual([
      [80, 50],
      [120, 80],
      [100, 120],
    ]);
  });

  it('locks a price changed 29 days before the start, not one changed 31 days before', async () => {
    await server.database.db.insert(products).values({ partnerId: cz, id: 'PH-LOCK', title: 'PH-LOCK', price: 90 });
    const start = new Date();
    const lockFrom = new Date(start.getTime() - 30 * DAY_MS);
    await pastHistory('PH-LOCK', [
      [60, 100],
      [31, 90],
    ]);
    expect(await priceChangedWithin(server.database.db, cz, 'PH-LOCK', null, lockFrom, start)).toBe(false);
    await pastHistory('PH-LOCK', [
      [60, 100],
      [29, 90],
    ]);
    expect(await priceChangedWithin(server.database.db, cz, 'PH-LOCK', null, lockFrom, start)).toBe(true);
    const changed = await pricesChangedWithin(
      server.database.db,
      cz,
      [
        { productId: 'PH-LOCK', variantId: null },
        { productId: 'PH-30', variantId: null },
        { productId: 'PH-LOCK', variantId: 'NO-SUCH' },
      ],
      lockFrom,
      start,
    );
    expect([...changed].sort()).toEqual(['PH-30', 'PH-LOCK']);
    // A new product's first price is no change.
    await pastHistory('PH-LOCK', [[5, 90]]);
    expect(await priceChangedWithin(server.database.db, cz, 'PH-LOCK', null, lockFrom, start)).toBe(false);
  });
});

describe('partners and permissions', () => {
  it("never shows another partner's price history", async () => {
    await server.database.db.insert(products).values({ partnerId: sk, id: 'PH-SK', title: 'PH-SK', price: 12.5 });
    expect(await historyOf('PH-SK', sk)).toHaveLength(1);
    const answer = await readHistory('PH-SK');
    expect([answer.errors, answer.data?.product]).toEqual([undefined, null]);
    expect(await priceHistory(server.database.db, cz, 'PH-SK', { days: 90 })).toEqual([]);
    expect(await lowestPrice30(server.database.db, cz, 'PH-SK', null)).toBeNull();
  });

  it('refuses an account without the products permission', async () => {
    await server.database.executeSql(
      `update access_policies set is_active = false where subject = 'products'
       and account_id = (select id from accounts where email = 'limited@demo.test')`,
    );
    await server.app.platform.authCache.changed({ all: true });
    const limited = (await server.login('limited@demo.test')).token;
    expect(codeOf(await readHistory('PH-FORM', { token: limited, partnerId: cz }))).toBe('ACCESS_DENIED');
  });
});
