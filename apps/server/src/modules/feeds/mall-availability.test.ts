import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partnerIdByShop, startTestServer, type TestServer } from '../../test/harness';
import { insertTestCatalog, TEST_CATEGORY } from '../products/test-catalog';
import { openFeed } from './fetch';
import { processMallAvailability } from './mall-availability';
import { processMallProducts } from './mall-products';
import { createFeed, type FeedServer, runContext, startFeedServer } from './test-feeds';

let server: TestServer;
let seller: FeedServer;
let cz: number;
let sk: number;
let productsFeed: number;
let feedId: number;
let skFeedId: number;

/** Serves the file at the seller's URL and runs the processor over its download, as a run does. */
async function run(
  processor: typeof processMallAvailability,
  body: string,
  options: { partnerId?: number; feed?: number; type?: 'PRODUCTS' | 'AVAILABILITY' } = {},
) {
  const path = `/feed-${Math.random().toString(36).slice(2)}.xml`;
  seller.file(path, body);
  const type = options.type ?? 'AVAILABILITY';
  const { ctx, errors } = runContext(server, options.partnerId ?? cz, options.feed ?? feedId, type);
  const feed = await openFeed(server.app.platform, { url: `${seller.base}${path}` });
  return { totals: await processor(ctx, feed.body), errors };
}

const availabilities = (...lines: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<AVAILABILITIES>\n${lines.join('\n')}\n</AVAILABILITIES>\n`;
const availability = (id: string, stock: string, active?: string) =>
  `<AVAILABILITY><ID>${id}</ID><IN_STOCK>${stock}</IN_STOCK>${active === undefined ? '' : `<ACTIVE>${active}</ACTIVE>`}</AVAILABILITY>`;

const variant = (group: string, id: string, color: string) =>
  `<ITEM><ID>${id}</ID><ITEMGROUP_ID>${group}</ITEMGROUP_ID><PRODUCT_TYPE>T-shirt</PRODUCT_TYPE>` +
  `<CATEGORY_ID>${TEST_CATEGORY.leaf}</CATEGORY_ID><PRICE>499</PRICE><IN_STOCK>1</IN_STOCK>` +
  `<PARAM><NAME>COLOR</NAME><VALUE>${color}</VALUE></PARAM><VARIABLE_PARAMS><PARAM>COLOR</PARAM></VARIABLE_PARAMS></ITEM>`;

beforeAll(async () => {
  server = await startTestServer({ config: { webhooks: { allowPrivateUrls: true } } });
  seller = await startFeedServer();
  cz = await partnerIdByShop(server.database, '100001');
  sk = await partnerIdByShop(server.database, '100002');
  await insertTestCatalog(server.database);
  productsFeed = await createFeed(server, cz, 'MALL', 'PRODUCTS');
  feedId = await createFeed(server, cz, 'MALL', 'AVAILABILITY');
  skFeedId = await createFeed(server, sk, 'MALL', 'AVAILABILITY');
  // The products the availabilities name, through the product feed.
  const products = await run(
    processMallProducts,
    `<?xml version="1.0" encoding="UTF-8"?>\n<ITEMS>\n${[
      '<ITEM><ID>AV-1</ID><PRODUCT_TYPE>Mug</PRODUCT_TYPE><PRICE>100</PRICE><IN_STOCK>1</IN_STOCK><STATUS>ACTIVE</STATUS></ITEM>',
      '<ITEM><ID>AV-2</ID><PRODUCT_TYPE>Mug</PRODUCT_TYPE><PRICE>100</PRICE><IN_STOCK>1</IN_STOCK></ITEM>',
      '<ITEM><ID>AV-NFR</ID><PRODUCT_TYPE>Mug</PRODUCT_TYPE><PRICE>100</PRICE><IN_STOCK>1</IN_STOCK></ITEM>',
      variant('AV-G', 'AV-G-RED', 'red'),
      variant('AV-G', 'AV-G-BLUE', 'blue'),
    ].join('\n')}\n</ITEMS>\n`,
    { feed: productsFeed, type: 'PRODUCTS' },
  );
  expect(products.totals.errors).toBe(0);
  await server.database.executeSql(
    `update products set status = 'NOT_FOR_RESALE' where partner_id = $1 and id = 'AV-NFR'`,
    [cz],
  );
});
afterAll(async () => {
  await seller?.close();
  await server?.close();
});

async function stock(id: string, partnerId = cz) {
  const { rows } = await server.database.executeSql(
    `select in_stock, status from products where partner_id = $1 and id = $2
     union all select in_stock, status from product_variants where partner_id = $1 and id = $2`,
    [partnerId, id],
  );
  return rows[0] as { in_stock: number; status: string } | undefined;
}

describe('the marketplace availability feed', () => {
  it("sets products' and variants' stock and status, and refuses unknown ids and bad values with their lines", async () => {
    const { totals, errors } = await run(
      processMallAvailability,
      availabilities(
        availability('AV-1', '5', 'false'), // line 3
        availability('AV-G-RED', '7'), // 4
        availability('AV-G-BLUE', '2', 'true'), // 5
        availability('AV-NFR', '4', 'true'), // 6: the marketplace's status stays
        availability('NOPE-1', '1'), // 7
        availability('AV-2', '10000'), // 8
        availability('AV-2', '3', 'maybe'), // 9
        availability('', '3'), // 10
        '<AVAILABILITY><ID>AV-2</ID><IN_STOCK/></AVAILABILITY>', // 11: an empty element
      ),
    );
    expect(totals).toEqual({ processed: 9, updated: 4, unchanged: 0, errors: 5 });
    expect(await stock('AV-1')).toEqual({ in_stock: 5, status: 'INACTIVE' });
    expect(await stock('AV-G-RED')).toMatchObject({ in_stock: 7 });
    expect(await stock('AV-G-BLUE')).toMatchObject({ in_stock: 2, status: 'ACTIVE' });
    // A product's stock is its variants' sum.
    expect(await stock('AV-G')).toMatchObject({ in_stock: 9 });
    expect(await stock('AV-NFR')).toEqual({ in_stock: 4, status: 'NOT_FOR_RESALE' });
    expect(await stock('AV-2')).toMatchObject({ in_stock: 1 });
    expect(errors.map((e) => [e.line, e.itemCode, e.errorCode, e.field ?? null, e.params?.rule ?? null])).toEqual([
      [8, 'AV-2', 'VALIDATION_ERROR', 'IN_STOCK', 'numberBetween'],
      [9, 'AV-2', 'VALIDATION_ERROR', 'ACTIVE', 'invalid'],
      [10, null, 'VALIDATION_ERROR', 'ID', 'required'],
      [11, 'AV-2', 'VALIDATION_ERROR', 'IN_STOCK', 'required'],
      [7, 'NOPE-1', 'PRODUCT_NOT_FOUND', null, null],
    ]);
  });

  it('skips unchanged availabilities on the next run and writes a changed one', async () => {
    const file = (redStock: string) =>
      availabilities(availability('AV-1', '6'), availability('AV-G-RED', redStock), availability('NOPE-2', '1'));
    const first = await run(processMallAvailability, file('8'));
    expect(first.totals).toEqual({ processed: 3, updated: 2, unchanged: 0, errors: 1 });
    // The portal changes the stock meanwhile: an unchanged feed leaves it be.
    await server.database.executeSql(`update products set in_stock = 40 where partner_id = $1 and id = 'AV-1'`, [cz]);
    const again = await run(processMallAvailability, file('8'));
    expect(again.totals).toEqual({ processed: 3, updated: 0, unchanged: 2, errors: 1 });
    expect(again.errors.map((e) => e.itemCode)).toEqual(['NOPE-2']);
    expect(await stock('AV-1')).toMatchObject({ in_stock: 40 });
    const changed = await run(processMallAvailability, file('9'));
    expect(changed.totals).toEqual({ processed: 3, updated: 1, unchanged: 1, errors: 1 });
    expect(await stock('AV-G-RED')).toMatchObject({ in_stock: 9 });
  });

  it('leaves the exact text it applied before out of the parse, and still names the lines and duplicates after it', async () => {
    const lines = [availability('AV-1', '2'), availability('AV-G-BLUE', '4'), availability('AV-2', '5')];
    const first = await run(processMallAvailability, availabilities(...lines));
    expect(first.totals).toEqual({ processed: 3, updated: 3, unchanged: 0, errors: 0 });
    const { rows } = await server.database.executeSql(
      `select count(*)::int as n from feed_item_hashes where feed_id = $1 and raw_hash is not null
        and item_id in ('AV-1', 'AV-G-BLUE', 'AV-2')`,
      [feedId],
    );
    expect(rows[0]).toEqual({ n: 3 });
    // The same texts, a bad one after them (line 6) and the first id again with another stock (line 7): the last
    // of an id wins, as in an API command, though the first was left out.
    const again = await run(
      processMallAvailability,
      availabilities(...lines, availability('AV-2', 'many'), availability('AV-1', '3')),
    );
    // Every item read counts once: the three left out as unchanged, the bad one as an error, the last AV-1 updated.
    expect(again.totals).toEqual({ processed: 5, updated: 1, unchanged: 3, errors: 1 });
    expect(again.errors.map((e) => [e.line, e.itemCode, e.params?.rule])).toEqual([[6, 'AV-2', 'numberBetween']]);
    expect(await stock('AV-1')).toMatchObject({ in_stock: 3 });
    // A new layout of unchanged items is read once, found unchanged, and left out from then on.
    const relaid = availabilities(...lines.map((l) => l.replace('<IN_STOCK>', '\n  <IN_STOCK>')));
    expect((await run(processMallAvailability, relaid)).totals).toMatchObject({ updated: 1, unchanged: 2 });
    expect((await run(processMallAvailability, relaid)).totals).toEqual({
      processed: 3,
      updated: 0,
      unchanged: 3,
      errors: 0,
    });
  });

  it("never reaches another partner's products", async () => {
    const other = await run(processMallAvailability, availabilities(availability('AV-1', '99')), {
      partnerId: sk,
      feed: skFeedId,
    });
    expect(other.totals).toEqual({ processed: 1, updated: 0, unchanged: 0, errors: 1 });
    expect(other.errors).toEqual([
      { itemCode: 'AV-1', errorCode: 'PRODUCT_NOT_FOUND', params: { productId: 'AV-1' }, line: 3 },
    ]);
    expect((await stock('AV-1'))?.in_stock).not.toBe(99);
  });
});
