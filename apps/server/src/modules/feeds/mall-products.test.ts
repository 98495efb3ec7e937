import { DomainError } from '@pp/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partnerIdByShop, startTestServer, type TestServer } from '../../test/harness';
import { insertTestCatalog, TEST_CATEGORY } from '../products/test-catalog';
import { openFeed } from './fetch';
import { forgetFeedHashes } from './hashes';
import { processMallProducts } from './mall-products';
import { createFeed, type FeedServer, runContext, startFeedServer } from './test-feeds';

let server: TestServer;
let seller: FeedServer;
let cz: number;
let sk: number;
let feedId: number;
let skFeedId: number;

beforeAll(async () => {
  server = await startTestServer({ config: { webhooks: { allowPrivateUrls: true } } });
  seller = await startFeedServer();
  cz = await partnerIdByShop(server.database, '100001');
  sk = await partnerIdByShop(server.database, '100002');
  await insertTestCatalog(server.database);
  feedId = await createFeed(server, cz, 'MALL', 'PRODUCTS');
  skFeedId = await createFeed(server, sk, 'MALL', 'PRODUCTS');
});
afterAll(async () => {
  await seller?.close();
  await server?.close();
});

/** A feed file: the declaration on line 1, ITEMS on line 2, then each given line (an ITEM per line). */
const feedXml = (...lines: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<ITEMS>\n${lines.join('\n')}\n</ITEMS>\n`;

const item = (id: string, extra = '', base = '<PRODUCT_TYPE>Mug</PRODUCT_TYPE><PRICE>499</PRICE>') =>
  `<ITEM><ID>${id}</ID>${base}${extra}</ITEM>`;

/** One flat variant of the marketplace's format: its group, its colour and its own price and stock. */
const variant = (group: string, id: string, color: string, price = '499', stock = '3') =>
  `<ITEM><ID>${id}</ID><ITEMGROUP_ID>${group}</ITEMGROUP_ID><ITEMGROUP_TITLE>Tee</ITEMGROUP_TITLE>` +
  `<PRODUCT_TYPE>T-shirt</PRODUCT_TYPE><CATEGORY_ID>${TEST_CATEGORY.leaf}</CATEGORY_ID>` +
  `<PRICE>${price}</PRICE><IN_STOCK>${stock}</IN_STOCK><PARAM><NAME>COLOR</NAME><VALUE>${color}</VALUE></PARAM>` +
  `<VARIABLE_PARAMS><PARAM>COLOR</PARAM></VARIABLE_PARAMS><MEDIA><URL>https://img.example/${id}.jpg</URL><MAIN>true</MAIN></MEDIA></ITEM>`;

/** Serves the file at the seller's URL and runs the processor over its download, as a run does. */
async function run(body: string, options: { partnerId?: number; feed?: number } = {}) {
  const path = `/feed-${Math.random().toString(36).slice(2)}.xml`;
  seller.file(path, body);
  const { ctx, errors, progress } = runContext(server, options.partnerId ?? cz, options.feed ?? feedId, 'PRODUCTS');
  const feed = await openFeed(server.app.platform, { url: `${seller.base}${path}` });
  const totals = await processMallProducts(ctx, feed.body);
  return { totals, errors, progress };
}

async function product(id: string, partnerId = cz) {
  const { rows } = await server.database.executeSql('select * from products where partner_id = $1 and id = $2', [
    partnerId,
    id,
  ]);
  return rows[0] as Record<string, unknown> | undefined;
}

async function variantsOf(id: string) {
  const { rows } = await server.database.executeSql(
    'select id, price, in_stock, parameters, image_url from product_variants where partner_id = $1 and product_id = $2 order by position',
    [cz, id],
  );
  return (rows as { id: string; price: string; in_stock: number; parameters: unknown; image_url: string }[]).map(
    (v) => ({ ...v, price: Number(v.price) }),
  );
}

describe('the marketplace product feed', () => {
  it('writes plain items and groups flat variants by ITEMGROUP_ID into one product, entities decoded', async () => {
    const { totals, errors, progress } = await run(
      feedXml(
        item('MUG-1', '<SHORTDESC>Tea &amp; coffee &#x20AC; &lt;3</SHORTDESC><IN_STOCK>2</IN_STOCK>'),
        variant('TEE-1', 'TEE-1-RED', 'red', '499', '3'),
        variant('TEE-1', 'TEE-1-BLUE', 'blue', '519', '4'),
        // Elements in another order than the documented one are the same item.
        '<ITEM><PRICE>99</PRICE><PRODUCT_TYPE>Cup</PRODUCT_TYPE><ID>CUP-1</ID></ITEM>',
      ),
    );
    expect(errors).toEqual([]);
    expect(totals).toEqual({ processed: 4, updated: 4, unchanged: 0, errors: 0 });
    expect(progress.at(-1)).toEqual(totals);
    expect(await product('MUG-1')).toMatchObject({ short_desc: 'Tea & coffee € <3', in_stock: 2, stage: 'DRAFT' });
    expect(await product('CUP-1')).toMatchObject({ title: 'Cup' });
    // The product's stock is its variants' sum.
    expect(await product('TEE-1')).toMatchObject({ category_id: TEST_CATEGORY.leaf, variant_count: 2, in_stock: 7 });
    expect(await product('TEE-1-RED')).toBeUndefined();
    expect(await variantsOf('TEE-1')).toEqual([
      {
        id: 'TEE-1-RED',
        price: 499,
        in_stock: 3,
        parameters: { COLOR: 'red' },
        image_url: 'https://img.example/TEE-1-RED.jpg',
      },
      {
        id: 'TEE-1-BLUE',
        price: 519,
        in_stock: 4,
        parameters: { COLOR: 'blue' },
        image_url: 'https://img.example/TEE-1-BLUE.jpg',
      },
    ]);
  });

  it('skips every unchanged item on the next run, whitespace aside, and writes a changed one', async () => {
    const items = [
      item('SKIP-1', '<IN_STOCK>1</IN_STOCK>'),
      item('SKIP-2', '<IN_STOCK>2</IN_STOCK>'),
      variant('SKIP-G', 'SKIP-G-RED', 'red'),
      variant('SKIP-G', 'SKIP-G-BLUE', 'blue'),
    ];
    expect((await run(feedXml(...items))).totals).toEqual({ processed: 4, updated: 4, unchanged: 0, errors: 0 });
    await server.database.executeSql(`update products set in_stock = 77 where partner_id = $1 and id = 'SKIP-1'`, [cz]);

    // The same items laid out differently: nothing is written (SKIP-1 keeps what the portal set meanwhile).
    const relaid = feedXml(...items.map((i) => i.replace(/></g, '>\n    <')));
    const again = await run(relaid);
    expect(again.totals).toEqual({ processed: 4, updated: 0, unchanged: 4, errors: 0 });
    expect(again.errors).toEqual([]);
    expect(await product('SKIP-1')).toMatchObject({ in_stock: 77 });

    // One variant's price changes: its product is written again, whole; the rest stays skipped.
    const changed = await run(feedXml(items[0]!, items[1]!, variant('SKIP-G', 'SKIP-G-RED', 'red', '450'), items[3]!));
    expect(changed.totals).toEqual({ processed: 4, updated: 2, unchanged: 2, errors: 0 });
    expect((await variantsOf('SKIP-G')).map((v) => v.price)).toEqual([450, 499]);

    // A reset forgets what was applied: everything is written again.
    await forgetFeedHashes(server.database.db, feedId);
    expect((await run(feedXml(...items))).totals).toEqual({ processed: 4, updated: 4, unchanged: 0, errors: 0 });
    expect(await product('SKIP-1')).toMatchObject({ in_stock: 1 });
  });

  it('leaves items whose exact text was applied out of the parse, and still names the lines of the others', async () => {
    const rawOf = async (id: string) =>
      (
        (
          await server.database.executeSql(
            'select raw_hash from feed_item_hashes where feed_id = $1 and item_id = $2',
            [feedId, id],
          )
        ).rows[0] as { raw_hash: string | null } | undefined
      )?.raw_hash;
    const items = [
      item('RAW-1', '<IN_STOCK>1</IN_STOCK>'), // line 3
      variant('RAW-G', 'RAW-G-RED', 'red'), // 4
      variant('RAW-G', 'RAW-G-BLUE', 'blue'), // 5
      item('RAW-2', '<IN_STOCK>2</IN_STOCK>'), // 6
    ];
    expect((await run(feedXml(...items))).totals).toEqual({ processed: 4, updated: 4, unchanged: 0, errors: 0 });
    // The exact texts are noted with what was applied.
    expect(await rawOf('RAW-1')).toBeTruthy();
    expect(await rawOf('RAW-G')).toBeTruthy();

    // The same file again: all of it unchanged without being parsed.
    expect((await run(feedXml(...items))).totals).toEqual({ processed: 4, updated: 0, unchanged: 4, errors: 0 });

    // A new layout: parsed once, found unchanged, and its texts noted for the next run.
    const before = await rawOf('RAW-1');
    const relaid = items.map((i) => i.replace(/></g, '> <'));
    expect((await run(feedXml(...relaid))).totals).toEqual({ processed: 4, updated: 0, unchanged: 4, errors: 0 });
    expect(await rawOf('RAW-1')).not.toBe(before);

    // The last item broken: the three before it are left out, and its refusal still names line 6.
    const broken = await run(feedXml(relaid[0]!, relaid[1]!, relaid[2]!, item('RAW-2', '', '<PRICE>12,50</PRICE>')));
    expect(broken.totals).toEqual({ processed: 4, updated: 0, unchanged: 3, errors: 1 });
    expect(broken.errors.map((e) => [e.line, e.itemCode])).toEqual([[6, 'RAW-2']]);
    // A group split around an unchanged item is still refused as split, not merged.
    const split = await run(feedXml(relaid[1]!, relaid[0]!, relaid[2]!));
    expect(split.errors.map((e) => [e.line, e.errorCode])).toEqual([[5, 'FEED_ITEMGROUP_SPLIT']]);
  });

  it('refuses bad items whole with their line and reasons, and writes the rest (a mixed file)', async () => {
    const mixed = feedXml(
      item('MIX-OK', '<IN_STOCK>1</IN_STOCK>'), // line 3
      item('MIX-PRICE', '', '<PRODUCT_TYPE>Mug</PRODUCT_TYPE><PRICE>12,50</PRICE>'), // 4
      '<ITEM><ID></ID><PRODUCT_TYPE>No id</PRODUCT_TYPE><PRICE>10</PRICE></ITEM>', // 5
      item('MIX-CAT', '<CATEGORY_ID>123456789</CATEGORY_ID>'), // 6
      variant('MIX-G', 'MIX-G-RED', 'red'), // 7
      variant('MIX-G', 'MIX-G-BAD', 'red', 'abc'), // 8
      item('MIX-DUP', '<IN_STOCK>1</IN_STOCK>'), // 9
      item('MIX-DUP', '<IN_STOCK>5</IN_STOCK>'), // 10: the last of an id wins
      variant('MIX-S', 'MIX-S-RED', 'red'), // 11
      item('MIX-BETWEEN'), // 12
      variant('MIX-S', 'MIX-S-BLUE', 'blue'), // 13: its group came before: refused
    );
    const { totals, errors } = await run(mixed);
    expect(totals).toEqual({ processed: 11, updated: 4, unchanged: 0, errors: 6 });
    expect(await product('MIX-OK')).toBeDefined();
    expect(await product('MIX-DUP')).toMatchObject({ in_stock: 5 });
    expect(await variantsOf('MIX-S')).toHaveLength(1);
    for (const id of ['MIX-PRICE', 'MIX-CAT', 'MIX-G']) expect(await product(id)).toBeUndefined();

    const byLine = errors.map((e) => [e.line, e.itemCode, e.errorCode, e.field ?? null, e.params?.rule ?? null]);
    expect(byLine).toEqual(
      expect.arrayContaining([
        [4, 'MIX-PRICE', 'VALIDATION_ERROR', 'price', 'priceWhole'],
        [5, null, 'VALIDATION_ERROR', 'id', 'required'],
        [6, 'MIX-CAT', 'VALIDATION_ERROR', 'categoryId', 'invalid'],
        // A variant's reason is at its own ITEM's line, under its own id.
        [8, 'MIX-G-BAD', 'VALIDATION_ERROR', 'price', expect.any(String)],
        [13, 'MIX-S', 'FEED_ITEMGROUP_SPLIT', null, null],
      ]),
    );
    expect(errors).toHaveLength(5);
    // The errors tab of the products shows the feed's reasons as it shows an upload's.
    const { rows } = await server.database.executeSql(
      `select product_id from product_errors where partner_id = $1 and source = 'IMPORT' and product_id like 'MIX-%' order by 1`,
      [cz],
    );
    expect(rows.map((r) => (r as { product_id: string }).product_id)).toEqual(['MIX-CAT', 'MIX-G', 'MIX-PRICE']);

    // Run again: what was written is skipped (the last MIX-DUP too), what was refused is judged and reported again.
    const again = await run(mixed);
    expect(again.totals).toEqual({ processed: 11, updated: 0, unchanged: 4, errors: 6 });
    expect(again.errors.map((e) => e.line ?? 0).sort((a, b) => a - b)).toEqual([4, 5, 6, 8, 13]);
    expect(await product('MIX-DUP')).toMatchObject({ in_stock: 5 });
  });

  it('refuses a file that is not a readable product XML: a DOCTYPE, another root, a broken document', async () => {
    const refusal = async (body: string) => {
      const error = await run(body).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(DomainError);
      return (error as DomainError).code;
    };
    expect(
      await refusal(
        '<?xml version="1.0"?>\n<!DOCTYPE ITEMS [<!ENTITY x "y">]>\n<ITEMS><ITEM><ID>X</ID></ITEM></ITEMS>',
      ),
    ).toBe('XML_DOCTYPE_NOT_ALLOWED');
    expect(await refusal('<?xml version="1.0"?>\n<SHOP><SHOPITEM/></SHOP>')).toBe('XML_ROOT_INVALID');
    expect(await refusal(feedXml(item('BROKEN-1'), '<ITEM><ID>BROKEN-2</ID><PRICE>1</ITEM>'))).toBe('INVALID_XML');
  });

  it("writes only the feed's own partner's products", async () => {
    await run(feedXml(item('OWN-1', '<IN_STOCK>3</IN_STOCK>')));
    const other = await run(feedXml(item('OWN-1', '<IN_STOCK>8</IN_STOCK>')), { partnerId: sk, feed: skFeedId });
    expect(other.totals).toEqual({ processed: 1, updated: 1, unchanged: 0, errors: 0 });
    expect(await product('OWN-1')).toMatchObject({ in_stock: 3 });
    expect(await product('OWN-1', sk)).toMatchObject({ in_stock: 8 });
  });
});
