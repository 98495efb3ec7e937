import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partnerIdByShop, startTestServer, type TestServer } from '../../test/harness';
import { brands, categories, categoryParameters } from '../catalog/tables';
import { productMedia, products } from './tables';
import { EXPORT_BATCH } from './xml-export';
import { PRODUCT_IMPORT_JOB } from './xml-import';

let server: TestServer;
let cz: number;
let sk: number;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  cz = await partnerIdByShop(server.database, '100001');
  sk = await partnerIdByShop(server.database, '100002');
  token = (await server.login('partner@demo.test')).token;
  const db = server.database.db;
  const names = (en: string) => ({ en });
  await db.insert(categories).values([
    { id: 900011, shopId: 'CZ10MA', parentId: null, level: 1, sapId: 'H4E-1', names: names('Home') },
    { id: 900012, shopId: 'CZ10MA', parentId: 900011, level: 2, sapId: 'H4E-2', names: names('Kitchen') },
    {
      id: 900013,
      shopId: 'CZ10MA',
      parentId: 900012,
      level: 3,
      sapId: 'H4E-3',
      names: names('Kettles'),
      recyclingFee: true,
    },
  ]);
  await db.insert(categoryParameters).values([
    {
      id: 900111,
      categoryId: 900013,
      code: 'VOLUME',
      names: names('Volume'),
      class: 'NUMBER',
      unit: 'l',
      variant: true,
    },
    { id: 900112, categoryId: 900013, code: 'FEATURES', names: names('Features'), class: 'TEXT', multiple: true },
  ]);
  await db.insert(brands).values({ id: 'BOILH4', name: 'BoilH4', urlKey: 'boilh4', tag: 'boilh4' });
  // The demo catalogue holds products that break rules on purpose (the errors tab): this file's catalogue
  // is its own, so that the round trip compares only what the import judged valid.
  for (const table of ['product_errors', 'product_media', 'product_variants', 'products']) {
    await server.database.executeSql(`delete from ${table} where partner_id = $1`, [cz]);
  }
});
afterAll(async () => server?.close());

const headers = () => ({ authorization: `Bearer ${token}`, 'x-partner-id': String(cz), 'accept-language': 'en' });

async function importXml(body: string) {
  const answer = await server.app.app.inject({
    method: 'POST',
    url: '/portal/import/partner-products',
    headers: { ...headers(), 'content-type': 'application/xml' },
    payload: body,
  });
  expect(answer.statusCode, answer.payload).toBe(202);
  await server.app.platform.jobs.runQueued(PRODUCT_IMPORT_JOB);
  const { rows } = await server.database.executeSql(
    'select status, created, updated, failed from product_imports where id = $1',
    [answer.json().importId],
  );
  return rows[0] as { status: string; created: number; updated: number; failed: number };
}

const exportXml = () =>
  server.app.app.inject({ method: 'GET', url: '/portal/export/partner-products', headers: headers() });

/** Everything the import writes for the partner, in a stable order, without the moment of the write. */
async function snapshot() {
  const read = async (text: string) => (await server.database.executeSql(text, [cz])).rows;
  return {
    products: (await read('select * from products where partner_id = $1 order by id')).map((row) => {
      const { updated_at: _updatedAt, ...rest } = row as Record<string, unknown>;
      return rest;
    }),
    variants: await read('select * from product_variants where partner_id = $1 order by product_id, position'),
    media: await read('select * from product_media where partner_id = $1 order by product_id, position'),
    errors: await read(
      'select product_id, source, issues from product_errors where partner_id = $1 order by product_id',
    ),
  };
}

describe('product XML export', () => {
  it('gives back a file that imports without changing anything (round trip)', async () => {
    const kettle = `<ITEM><ID>KETTLE-1</ID><STAGE>LIVE</STAGE><CATEGORY_ID>900013</CATEGORY_ID><BRAND_ID>BOILH4</BRAND_ID>
      <PRODUCT_TYPE>Kettle</PRODUCT_TYPE><LINE>Steel &lt;Pro&gt; &amp; more</LINE><SHORTDESC>Boils "fast"</SHORTDESC>
      <LONGDESC><![CDATA[<h2>Fast</h2><p>Boils in <strong>2</strong> minutes &amp; stays ]]]]><![CDATA[> quiet.</p><ul><li>1.7 l</li></ul>]]></LONGDESC>
      <PRIORITY>3</PRIORITY><BARCODE>4006381333931</BARCODE><TARIC>85161080</TARIC><PRICE>1290</PRICE><RRP>1490</RRP>
      <PURCHASE_PRICE>800</PURCHASE_PRICE><FAIR_PRICE>1200</FAIR_PRICE><RECYCLING_FEE>12,5</RECYCLING_FEE><VAT>21</VAT>
      <IN_STOCK>12</IN_STOCK><DELIVERY_DELAY>3</DELIVERY_DELAY><FREE_DELIVERY>true</FREE_DELIVERY><PACKAGE_SIZE>bigbox</PACKAGE_SIZE>
      <DIMENSIONS><WEIGHT>1.25</WEIGHT><WIDTH>20</WIDTH><LENGTH>25.5</LENGTH><HEIGHT>30</HEIGHT></DIMENSIONS>
      <STATUS>INACTIVE</STATUS><MALLBOX_ALLOWED>true</MALLBOX_ALLOWED>
      <PARAM><NAME>FEATURES</NAME><VALUE>auto off</VALUE></PARAM><PARAM><NAME>FEATURES</NAME><VALUE>filter</VALUE></PARAM>
      <VARIABLE_PARAMS><PARAM>VOLUME</PARAM></VARIABLE_PARAMS>
      <MEDIA><URL>https://img.example/k.jpg</URL><MAIN>true</MAIN></MEDIA>
      <MEDIA><URL>https://img.example/label.pdf</URL><ENERGY_LABEL>true</ENERGY_LABEL></MEDIA>
      <PROMOTION><PRICE>1190</PRICE><FROM>2026-12-01</FROM><TO>2026-12-31</TO></PROMOTION>
      <LABEL><NAME>NEW</NAME><FROM>2026-11-01</FROM></LABEL>
      <RECOMMENDED><ID>MUG-1</ID><ID>MUG-2</ID></RECOMMENDED>
      <VARIANTS><VARIANT><ID>KETTLE-1-17</ID><PRICE>1290</PRICE><RRP>1490</RRP><IN_STOCK>5</IN_STOCK><BARCODE>96385074</BARCODE>
        <DELIVERY_DELAY>3</DELIVERY_DELAY><STATUS>ACTIVE</STATUS><MEDIA><URL>https://img.example/k.jpg</URL></MEDIA>
        <PARAM><NAME>VOLUME</NAME><VALUE>1.7</VALUE></PARAM></VARIANT>
      <VARIANT><ID>KETTLE-1-10</ID><PRICE>990</PRICE><IN_STOCK>0</IN_STOCK><STATUS>INACTIVE</STATUS>
        <PARAM><NAME>VOLUME</NAME><VALUE>1</VALUE></PARAM></VARIANT></VARIANTS></ITEM>`;
    const mugs = Array.from(
      { length: EXPORT_BATCH + 5 },
      (_, i) =>
        `<ITEM><ID>MUG-${i}</ID><PRODUCT_TYPE>Mug ${i}</PRODUCT_TYPE><PRICE>${100 + i}</PRICE><IN_STOCK>${i % 10}</IN_STOCK></ITEM>`,
    );
    const first = await importXml(`<?xml version="1.0"?><ITEMS>${kettle}${mugs.join('')}</ITEMS>`);
    expect(first).toMatchObject({ status: 'DONE', created: EXPORT_BATCH + 6, failed: 0 });
    // What only the marketplace or the form sets: a campaign promotion, an uploaded image with its thumbnail,
    // and a refused item's reasons.
    await server.database.executeSql(
      `update products set promotions = promotions || '[{"price": 1000, "from": null, "to": null, "source": "CAMPAIGN"}]'::jsonb,
       main_thumb_url = '/media/00000000-0000-0000-0000-0000000000b2' where partner_id = $1 and id = 'KETTLE-1'`,
      [cz],
    );
    await server.database.db
      .update(productMedia)
      .set({
        fileId: '00000000-0000-0000-0000-0000000000a1',
        thumbUrl: '/media/00000000-0000-0000-0000-0000000000b2',
        width: 1280,
        height: 1024,
      })
      .where(
        sql`${productMedia.partnerId} = ${cz} and ${productMedia.productId} = 'KETTLE-1' and ${productMedia.position} = 0`,
      );
    await server.database.db
      .insert(products)
      .values({ partnerId: sk, id: 'SK-ONLY', title: 'Slovak', productType: 'Slovak' });
    await server.database.executeSql(
      `insert into product_errors (partner_id, product_id, source, issues) values ($1, 'MUG-3', 'FORM', '[{"field":"vat","rule":"required"}]')`,
      [cz],
    );
    await server.database.executeSql(`update products set has_errors = true where partner_id = $1 and id = 'MUG-3'`, [
      cz,
    ]);

    const before = await snapshot();
    const total = EXPORT_BATCH + 6;
    const answer = await exportXml();
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(answer.headers['content-disposition']).toMatch(/^attachment; filename="products-\d{8}-\d{6}\.xml"/);
    const file = answer.payload;
    expect(file.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<ITEMS>\n')).toBe(true);
    expect(file.trimEnd().endsWith('</ITEMS>')).toBe(true);
    expect(file.match(/<ITEM>/g)).toHaveLength(total);
    expect(file).not.toContain('SK-ONLY');
    const kettleLine = file.split('\n').find((line) => line.startsWith('<ITEM><ID>KETTLE-1</ID>')) ?? '';
    expect(kettleLine).toContain('<LINE>Steel &lt;Pro&gt; &amp; more</LINE>');
    // The campaign's promotion is shown with its source and sets the price a customer pays today; the import
    // below skips it (the marketplace's), so the round trip changes nothing.
    expect(kettleLine).toContain('<PROMOTION><PRICE>1190</PRICE>');
    expect(kettleLine).toContain('<PROMOTION><PRICE>1000</PRICE><SOURCE>CAMPAIGN</SOURCE></PROMOTION>');
    expect(kettleLine).toContain('<EFFECTIVE_PRICE>1000</EFFECTIVE_PRICE>');

    const again = await importXml(file);
    expect(again).toMatchObject({ status: 'DONE', created: 0, updated: total, failed: 0 });
    expect(await snapshot()).toEqual(before);
  });

  it('refuses an account without the products read permission and answers anonymous callers 401', async () => {
    await server.database.executeSql(
      `update access_policies set is_active = false where subject = 'products' and action = 'read'
       and account_id = (select id from accounts where email = 'limited@demo.test')`,
    );
    await server.app.platform.authCache.changed({ all: true });
    const limited = (await server.login('limited@demo.test')).token;
    const denied = await server.app.app.inject({
      method: 'GET',
      url: '/portal/export/partner-products',
      headers: { authorization: `Bearer ${limited}`, 'x-partner-id': String(cz) },
    });
    expect([denied.statusCode, denied.json().code]).toEqual([403, 'ACCESS_DENIED']);
    const anonymous = await server.app.app.inject({ method: 'GET', url: '/portal/export/partner-products' });
    expect(anonymous.statusCode).toBe(401);
  });
});
