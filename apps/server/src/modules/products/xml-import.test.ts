import { Readable } from 'node:stream';
import type { StreamEvent } from '@pp/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { partnerIdByShop, startTestServer, type TestServer } from '../../test/harness';
import { brands, categories, categoryParameters } from '../catalog/tables';
import { products } from './tables';
import { PRODUCT_IMPORT_JOB } from './xml-import';

let server: TestServer;
let cz: number;
let sk: number;
let token: string;
let limitedToken: string;
let events: { partnerId: number; event: StreamEvent }[] = [];

/** A leaf category of the Czech shop with a variant parameter, a free one and a multiple one. */
async function catalogue() {
  const db = server.database.db;
  const names = (en: string) => ({ en, cs: en });
  await db.insert(categories).values([
    { id: 900001, shopId: 'CZ10MA', parentId: null, level: 1, sapId: 'H4-1', names: names('Fashion') },
    { id: 900002, shopId: 'CZ10MA', parentId: 900001, level: 2, sapId: 'H4-2', names: names('Clothes') },
    { id: 900003, shopId: 'CZ10MA', parentId: 900002, level: 3, sapId: 'H4-3', names: names('T-shirts') },
    { id: 900004, shopId: 'CZ10MA', parentId: 900002, level: 3, sapId: 'H4-4', names: names('Locked'), locked: true },
  ]);
  await db.insert(categoryParameters).values([
    {
      id: 900101,
      categoryId: 900003,
      code: 'COLOR',
      names: names('Colour'),
      class: 'ENUM',
      variant: true,
      options: [
        { value: 'red', text: names('red') },
        { value: 'blue', text: names('blue') },
      ],
    },
    { id: 900102, categoryId: 900003, code: 'SIZE', names: names('Size'), class: 'TEXT', variant: true, unit: 'cm' },
    { id: 900103, categoryId: 900003, code: 'MATERIAL', names: names('Material'), class: 'TEXT', multiple: true },
  ]);
  await db.insert(brands).values({ id: 'ACMEH4', name: 'AcmeH4', urlKey: 'acmeh4', tag: 'acmeh4' });
}

beforeAll(async () => {
  server = await startTestServer();
  cz = await partnerIdByShop(server.database, '100001');
  sk = await partnerIdByShop(server.database, '100002');
  token = (await server.login('partner@demo.test')).token;
  limitedToken = (await server.login('limited@demo.test')).token;
  await catalogue();
  // Observe what the job announces, and still announce it.
  const hub = server.app.platform.stream;
  const publish = hub.publish.bind(hub);
  hub.publish = async (audience, event) => {
    if ('partnerId' in audience) events.push({ partnerId: audience.partnerId, event });
    return publish(audience, event);
  };
});
afterAll(async () => server?.close());
beforeEach(() => {
  events = [];
});

const xml = (...items: string[]) => `<?xml version="1.0" encoding="UTF-8"?>\n<ITEMS>\n${items.join('\n')}\n</ITEMS>\n`;

function item(id: string, extra = '', base = '<PRODUCT_TYPE>T-shirt</PRODUCT_TYPE><PRICE>499</PRICE>') {
  return `<ITEM><ID>${id}</ID>${base}${extra}</ITEM>`;
}

function post(
  body: string | Buffer | Readable,
  options: { as?: string; partnerId?: number; headers?: Record<string, string> } = {},
) {
  return server.app.app.inject({
    method: 'POST',
    url: '/portal/import/partner-products',
    headers: {
      authorization: `Bearer ${options.as ?? token}`,
      'x-partner-id': String(options.partnerId ?? cz),
      'accept-language': 'en',
      'content-type': 'application/xml',
      ...options.headers,
    },
    payload: body,
  });
}

interface ImportRow {
  status: string;
  done: number;
  created: number;
  updated: number;
  failed: number;
  error_code: string | null;
}

/** Uploads a file, works the queued job as a worker would, and answers the import's row. */
async function importFile(
  body: string | Readable,
  options: { partnerId?: number } = {},
): Promise<ImportRow & { id: string }> {
  const answer = await post(body, options);
  expect(answer.statusCode, answer.payload).toBe(202);
  const { importId } = answer.json() as { importId: string };
  await server.app.platform.jobs.runQueued(PRODUCT_IMPORT_JOB);
  const { rows } = await server.database.executeSql(
    'select id, status, done, created, updated, failed, error_code from product_imports where id = $1',
    [importId],
  );
  return rows[0] as ImportRow & { id: string };
}

async function product(id: string, partnerId = cz) {
  const { rows } = await server.database.executeSql('select * from products where partner_id = $1 and id = $2', [
    partnerId,
    id,
  ]);
  return rows[0] as Record<string, unknown> | undefined;
}

async function count(table: string, partnerId = cz): Promise<number> {
  const { rows } = await server.database.executeSql(`select count(*)::int as n from ${table} where partner_id = $1`, [
    partnerId,
  ]);
  return (rows[0] as { n: number }).n;
}

async function errorsOf(productId: string) {
  const { rows } = await server.database.executeSql(
    'select source, issues from product_errors where partner_id = $1 and product_id = $2',
    [cz, productId],
  );
  return rows as { source: string; issues: { field: string; rule: string }[] }[];
}

const progress = () =>
  events
    .filter((e) => e.event.type === 'product_import_progress')
    .map((e): Record<string, unknown> => ({ partnerId: e.partnerId, ...(e.event.data as Record<string, unknown>) }));

const TSHIRT = item(
  'TS-1',
  `<LINE>Summer</LINE><BRAND_ID>ACMEH4</BRAND_ID><CATEGORY_ID>900003</CATEGORY_ID><STAGE>LIVE</STAGE>
   <SHORTDESC>Cotton &amp; linen</SHORTDESC><LONGDESC><![CDATA[<p onclick="x()">Soft</p><script>alert(1)</script>]]></LONGDESC>
   <VAT>21</VAT><IN_STOCK>7</IN_STOCK><DELIVERY_DELAY>2</DELIVERY_DELAY><BARCODE>4006381333931</BARCODE>
   <PACKAGE_SIZE>smallbox</PACKAGE_SIZE><DIMENSIONS><WEIGHT>0,25</WEIGHT><WIDTH>30</WIDTH><LENGTH>40</LENGTH><HEIGHT>2</HEIGHT></DIMENSIONS>
   <PARAM><NAME>MATERIAL</NAME><VALUE>cotton</VALUE></PARAM>
   <VARIABLE_PARAMS><PARAM>COLOR</PARAM><PARAM>SIZE</PARAM></VARIABLE_PARAMS>
   <MEDIA><URL>https://img.example/ts-1.jpg</URL><MAIN>true</MAIN></MEDIA>
   <MEDIA><URL>https://img.example/ts-1-back.jpg</URL><MAIN>false</MAIN></MEDIA>
   <PROMOTION><PRICE>449</PRICE><FROM>2026-12-01</FROM><TO>2026-12-24</TO></PROMOTION>
   <RECOMMENDED><ID>MUG-1</ID></RECOMMENDED>
   <VARIANTS>
     <VARIANT><ID>TS-1-RED-42</ID><PRICE>499</PRICE><IN_STOCK>3</IN_STOCK><STATUS>ACTIVE</STATUS>
       <PARAM><NAME>COLOR</NAME><VALUE>red</VALUE></PARAM><PARAM><NAME>SIZE</NAME><VALUE>42</VALUE></PARAM></VARIANT>
     <VARIANT><ID>TS-1-BLUE-42</ID><PRICE>519</PRICE><IN_STOCK>4</IN_STOCK><STATUS>INACTIVE</STATUS>
       <MEDIA><URL>https://img.example/ts-1-back.jpg</URL></MEDIA>
       <PARAM><NAME>COLOR</NAME><VALUE>blue</VALUE></PARAM><PARAM><NAME>SIZE</NAME><VALUE>42</VALUE></PARAM></VARIANT>
   </VARIANTS>`,
  '<PRODUCT_TYPE>T-shirt</PRODUCT_TYPE><PRICE>499</PRICE>',
);

describe('product XML import', () => {
  it('writes valid items whole, with variants, media and sanitised HTML, and reports BEGIN, PROGRESS and END', async () => {
    const row = await importFile(xml(TSHIRT, item('MUG-1', '<IN_STOCK>0</IN_STOCK>')));
    expect(row).toMatchObject({ status: 'DONE', done: 2, created: 2, updated: 0, failed: 0, error_code: null });

    const tshirt = await product('TS-1');
    expect(tshirt).toMatchObject({
      title: 'AcmeH4 T-shirt Summer',
      stage: 'LIVE',
      status: 'ACTIVE',
      category_id: 900003,
      short_desc: 'Cotton & linen',
      in_stock: 7,
      variant_count: 2,
      has_errors: false,
      parameters: { MATERIAL: ['cotton'] },
      variable_parameters: ['COLOR', 'SIZE'],
      recommended: ['MUG-1'],
      // The seller's URL is fetched by the remote-media job; until then the grid shows no picture of another origin.
      main_thumb_url: null,
    });
    expect(Number(tshirt?.weight)).toBe(0.25);
    expect(Number(tshirt?.price)).toBe(499);
    expect(tshirt?.long_desc).toBe('<p>Soft</p>');
    expect(tshirt?.promotions).toEqual([{ price: 449, from: '2026-12-01', to: '2026-12-24', source: 'PARTNER' }]);
    const { rows: variants } = await server.database.executeSql(
      'select id, title, price, in_stock, status, image_url, parameters from product_variants where partner_id = $1 and product_id = $2 order by position',
      [cz, 'TS-1'],
    );
    expect(variants.map((v) => ({ ...(v as object), price: Number((v as { price: string }).price) }))).toEqual([
      {
        id: 'TS-1-RED-42',
        title: 'AcmeH4 T-shirt Summer red 42 cm',
        price: 499,
        in_stock: 3,
        status: 'ACTIVE',
        image_url: null,
        parameters: { COLOR: 'red', SIZE: '42' },
      },
      {
        id: 'TS-1-BLUE-42',
        title: 'AcmeH4 T-shirt Summer blue 42 cm',
        price: 519,
        in_stock: 4,
        status: 'INACTIVE',
        image_url: 'https://img.example/ts-1-back.jpg',
        parameters: { COLOR: 'blue', SIZE: '42' },
      },
    ]);
    const { rows: media } = await server.database.executeSql(
      'select url, main from product_media where partner_id = $1 and product_id = $2 order by position',
      [cz, 'TS-1'],
    );
    expect(media).toEqual([
      { url: 'https://img.example/ts-1.jpg', main: true },
      { url: 'https://img.example/ts-1-back.jpg', main: false },
    ]);
    expect(await product('MUG-1')).toMatchObject({ title: 'T-shirt', stage: 'DRAFT', in_stock: 0 });

    const seen = progress();
    expect(seen.map((e) => e.status)).toEqual(['BEGIN', 'PROGRESS', 'END']);
    expect(seen.every((e) => e.partnerId === cz && e.importId === row.id)).toBe(true);
    expect(seen.at(-1)).toMatchObject({ done: 2, created: 2, updated: 0, failed: 0 });

    // A second file updates what exists and creates what does not; the last ITEM of an id wins.
    const again = await importFile(
      xml(item('MUG-1', '<IN_STOCK>5</IN_STOCK>'), item('MUG-2'), item('MUG-1', '<IN_STOCK>9</IN_STOCK>')),
    );
    expect(again).toMatchObject({ status: 'DONE', done: 3, created: 1, updated: 1, failed: 0 });
    expect(await product('MUG-1')).toMatchObject({ in_stock: 9 });
  });

  it('puts refused items into the errors tab with their reasons and writes the rest (a mixed file)', async () => {
    await importFile(xml(item('KEEP-1', '<IN_STOCK>4</IN_STOCK>')));
    const row = await importFile(
      xml(
        item('OK-1'),
        item('KEEP-1', '<IN_STOCK>1</IN_STOCK><BARCODE>4006381333932</BARCODE>'),
        item('PRICE-1', '', '<PRODUCT_TYPE>Mug</PRODUCT_TYPE><PRICE>12,50</PRICE>'),
        item('CAT-1', '<CATEGORY_ID>900004</CATEGORY_ID>'),
        item('CAT-2', '<CATEGORY_ID>123456789</CATEGORY_ID><BRAND_ID>NOSUCH</BRAND_ID>'),
        item('STOCK-1', '<IN_STOCK>10000</IN_STOCK>'),
        item(
          'PARAM-1',
          '<CATEGORY_ID>900003</CATEGORY_ID><VARIABLE_PARAMS><PARAM>COLOR</PARAM><PARAM>SIZE</PARAM><PARAM>MATERIAL</PARAM></VARIABLE_PARAMS>',
        ),
        '<ITEM><PRODUCT_TYPE>No id</PRODUCT_TYPE></ITEM>',
      ),
    );
    expect(row).toMatchObject({ status: 'DONE', done: 8, created: 1, updated: 0, failed: 7 });
    expect(await product('OK-1')).toBeDefined();
    for (const id of ['PRICE-1', 'CAT-1', 'CAT-2', 'STOCK-1', 'PARAM-1']) expect(await product(id)).toBeUndefined();

    // The refused update leaves the product as it was, flagged.
    expect(await product('KEEP-1')).toMatchObject({ in_stock: 4, barcode: null, has_errors: true });
    const rulesOf = async (id: string) =>
      (await errorsOf(id)).flatMap((e) => e.issues.map((i) => `${i.field}:${i.rule}`));
    expect(await rulesOf('KEEP-1')).toEqual(['barcode:barcode']);
    expect(await rulesOf('PRICE-1')).toEqual(['price:priceWhole']);
    expect(await rulesOf('CAT-1')).toContain('categoryId:categoryLocked');
    expect(await rulesOf('CAT-2')).toEqual(['categoryId:invalid', 'brandId:invalid']);
    expect(await rulesOf('STOCK-1')).toEqual(['inStock:numberBetween']);
    expect(await rulesOf('PARAM-1')).toContain('variableParameters:tooManyVariantParameters');
    expect(await rulesOf('')).toEqual(['id:required']);
    expect((await errorsOf('PRICE-1'))[0]?.source).toBe('IMPORT');

    // Fixed in the next file: the reasons of the earlier import go, and the flag with them.
    const fixed = await importFile(xml(item('KEEP-1', '<IN_STOCK>1</IN_STOCK>')));
    expect(fixed).toMatchObject({ updated: 1, failed: 0 });
    expect(await errorsOf('KEEP-1')).toEqual([]);
    expect(await product('KEEP-1')).toMatchObject({ in_stock: 1, has_errors: false });
  });

  it('keeps campaign promotions and the marketplace’s NOT_FOR_RESALE status, and refuses a variant id of another product', async () => {
    await importFile(xml(item('CAMP-1'), item('OTHER-1', '<VARIANTS><VARIANT><ID>SHARED-V</ID></VARIANT></VARIANTS>')));
    await server.database.executeSql(
      `update products set status = 'NOT_FOR_RESALE', promotions = '[{"price": 300, "from": null, "to": null, "source": "CAMPAIGN"}]'
       where partner_id = $1 and id = 'CAMP-1'`,
      [cz],
    );
    const row = await importFile(
      xml(
        item('CAMP-1', '<STATUS>ACTIVE</STATUS><PROMOTION><PRICE>450</PRICE></PROMOTION>'),
        item('TAKER-1', '<VARIANTS><VARIANT><ID>SHARED-V</ID></VARIANT></VARIANTS>'),
      ),
    );
    expect(row).toMatchObject({ updated: 1, failed: 1 });
    expect(await product('CAMP-1')).toMatchObject({
      status: 'NOT_FOR_RESALE',
      promotions: [
        { price: 300, from: null, to: null, source: 'CAMPAIGN' },
        { price: 450, from: null, to: null, source: 'PARTNER' },
      ],
    });
    expect((await errorsOf('TAKER-1'))[0]?.issues).toEqual([{ field: 'variants.0.id', rule: 'variantIdDuplicate' }]);
  });

  it('leaves another partner’s products with the same ids untouched', async () => {
    await server.database.db
      .insert(products)
      .values({ partnerId: sk, id: 'SHARED-1', title: 'Slovak', productType: 'Slovak', inStock: 3 });
    await importFile(xml(item('SHARED-1', '<IN_STOCK>8</IN_STOCK>')));
    expect(await product('SHARED-1', sk)).toMatchObject({ title: 'Slovak', in_stock: 3 });
    expect(await product('SHARED-1', cz)).toMatchObject({ title: 'T-shirt', in_stock: 8 });
    expect(progress().every((e) => e.partnerId === cz)).toBe(true);
  });
});

describe('preparation in the import worker', () => {
  it('writes a file of several batches whole, with the last ITEM of an id winning across batches', async () => {
    const items = Array.from({ length: 2300 }, (_, i) =>
      item(
        `CMP-${i % 2200}`,
        `<IN_STOCK>${i}</IN_STOCK><CATEGORY_ID>${i % 7 === 0 ? 900004 : 900003}</CATEGORY_ID><BRAND_ID>ACMEH4</BRAND_ID>` +
          `<LONGDESC><![CDATA[${i % 2 === 0 ? `<p>Soft ${i}</p>` : `<p onclick="x()">${i}</p><script>alert(1)</script>`}]]></LONGDESC>`,
      ),
    );
    const row = await importFile(xml(...items));
    expect(row).toMatchObject({ status: 'DONE', done: 2300 });
    expect(progress().map((e) => e.status)).toEqual(['BEGIN', 'PROGRESS', 'PROGRESS', 'PROGRESS', 'END']);
    // CMP-1 was item 1 and item 2201: the later one wins.
    expect(await product('CMP-1')).toMatchObject({ in_stock: 2201, long_desc: '<p>2201</p>' });
    expect(await product('CMP-150')).toMatchObject({ in_stock: 150, long_desc: '<p>Soft 150</p>' });
    expect(await product('CMP-105')).toBeUndefined();
    expect((await errorsOf('CMP-105')).flatMap((e) => e.issues.map((i) => i.rule))).toContain('categoryLocked');
  });
});

describe('files refused whole', () => {
  const refusedWith = async (body: string, code: string) => {
    const before = await count('products');
    const row = await importFile(body);
    expect([row.status, row.error_code]).toEqual(['FAILED', code]);
    expect(await count('products')).toBe(before);
    expect(progress().map((e) => e.status)).toEqual(['ERROR']);
    expect(progress()[0]).toMatchObject({ code });
    events = [];
  };

  it('refuses a DOCTYPE (entity expansion, external entities), a wrong root, a broken or truncated document', async () => {
    const laughs = `<?xml version="1.0"?><!DOCTYPE ITEMS [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
      <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]><ITEMS>${item('LOL-1', '<LINE>&lol3;</LINE>')}</ITEMS>`;
    await refusedWith(laughs, 'XML_DOCTYPE_NOT_ALLOWED');
    const external = `<?xml version="1.0"?><!DOCTYPE ITEMS [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><ITEMS>${item('XXE-1', '<LINE>&xxe;</LINE>')}</ITEMS>`;
    await refusedWith(external, 'XML_DOCTYPE_NOT_ALLOWED');
    await refusedWith(`<?xml version="1.0"?><PRODUCTS>${item('ROOT-1')}</PRODUCTS>`, 'XML_ROOT_INVALID');
    // The first items are fine: pass 1 reads to the end before anything is written.
    await refusedWith(xml(item('TRUNC-1'), item('TRUNC-2')).slice(0, -30), 'INVALID_XML');
    // Also when the worker has parsed batches ahead: a broken tail after 2,500 good items writes nothing.
    const long = xml(...Array.from({ length: 2500 }, (_, i) => item(`TAIL-${i}`)));
    await refusedWith(`${long.slice(0, -20)}<ITEM><ID>x</ITEM></ITEMS>`, 'INVALID_XML');
    await refusedWith(xml(item('AMP-1', '<LINE>Tom & Jerry</LINE>')), 'INVALID_XML');
    await refusedWith(xml(item('ENT-1', '<LINE>&undeclared;</LINE>')), 'INVALID_XML');
    await refusedWith('just text', 'INVALID_XML');
  });

  it('refuses a file of more than 200,000 items', async () => {
    const many = `<ITEMS>${'<ITEM/>'.repeat(200_001)}</ITEMS>`;
    await refusedWith(many, 'XML_TOO_MANY_ITEMS');
  });

  it('refuses a body over 200 MB at the transport: a declared size at once, a streamed one as it crosses the limit', async () => {
    const declared = await server.app.app.inject({
      method: 'POST',
      url: '/portal/import/partner-products',
      headers: {
        authorization: `Bearer ${token}`,
        'x-partner-id': String(cz),
        'content-type': 'application/xml',
        'content-length': String(201 * 1024 * 1024),
      },
      payload: Readable.from(['<ITEMS>']),
    });
    expect([declared.statusCode, declared.json().code]).toEqual([400, 'XML_FILE_TOO_LARGE']);
    expect(declared.json().message).toBe(
      'The file is larger than 200 MB. Split it into smaller files; nothing was changed.',
    );

    const chunk = Buffer.alloc(1024 * 1024, 'a');
    const chunks = function* () {
      yield Buffer.from('<ITEMS><ITEM><LINE>');
      for (let i = 0; i < 201; i++) yield chunk;
    };
    const streamed = await post(Readable.from(chunks()));
    expect([streamed.statusCode, streamed.json().code]).toEqual([400, 'XML_FILE_TOO_LARGE']);
    const { rows } = await server.database.executeSql(
      "select count(*)::int as n from product_imports where status in ('QUEUED', 'RUNNING')",
    );
    expect((rows[0] as { n: number }).n).toBe(0);
  }, 60_000);
});

describe('who may import', () => {
  // Two uploads sent at once: xml-import.race.test.ts.
  it('lets a partner run one import at a time', async () => {
    expect((await post(xml(item('ONE-1')))).statusCode).toBe(202);
    const second = await post(xml(item('ONE-2')));
    expect(second.statusCode).toBe(400);
    expect(second.json()).toMatchObject({ code: 'IMPORT_IN_PROGRESS', message: 'Import is in progress' });
    // Another partner is not held up by it.
    const multi = (await server.login('multi@demo.test')).token;
    const other = await post(xml(item('SK-1')), { as: multi, partnerId: sk });
    expect(other.statusCode).toBe(202);
    await server.app.platform.jobs.runQueued(PRODUCT_IMPORT_JOB);
    expect(await product('SK-1', sk)).toBeDefined();
    expect((await post(xml(item('AFTER-1')))).statusCode).toBe(202);
    await server.app.platform.jobs.runQueued(PRODUCT_IMPORT_JOB);

    // An import lost with its process long ago does not hold the partner back.
    await server.database.executeSql(
      `insert into product_imports (partner_id, id, status, file_name, created_at)
       values ($1, gen_random_uuid(), 'RUNNING', 'lost.xml', now() - interval '7 hours')`,
      [cz],
    );
    expect((await post(xml(item('AFTER-2')))).statusCode).toBe(202);
    await server.app.platform.jobs.runQueued(PRODUCT_IMPORT_JOB);
    const { rows } = await server.database.executeSql(
      "select status, error_code from product_imports where partner_id = $1 and file_name = 'lost.xml'",
      [cz],
    );
    expect(rows).toEqual([{ status: 'FAILED', error_code: 'IMPORT_INTERRUPTED' }]);
  });

  it('refuses accounts without the products create and update permissions, another partner, and anonymous callers', async () => {
    await server.database.executeSql(
      `update access_policies set is_active = false where subject = 'products' and action in ('create', 'update')
       and account_id = (select id from accounts where email = 'limited@demo.test')`,
    );
    await server.app.platform.authCache.changed({ all: true });
    const denied = await post(xml(item('DENIED-1')), { as: limitedToken });
    expect([denied.statusCode, denied.json().code]).toEqual([403, 'ACCESS_DENIED']);
    const foreign = await post(xml(item('DENIED-2')), { partnerId: sk });
    expect([foreign.statusCode, foreign.json().code]).toEqual([403, 'ACCESS_DENIED']);
    const anonymous = await server.app.app.inject({
      method: 'POST',
      url: '/portal/import/partner-products',
      headers: { 'content-type': 'application/xml' },
      payload: xml(item('DENIED-3')),
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await server.app.platform.jobs.runQueued(PRODUCT_IMPORT_JOB)).toBe(0);
  });

  it('takes the file as a multipart upload too, and shows the newest import to the partner only', async () => {
    const boundary = 'h4boundary';
    const body = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="feed.xml"\r\nContent-Type: text/xml\r\n\r\n${xml(item('MULTI-1'))}\r\n--${boundary}--\r\n`,
    );
    const answer = await post(body, { headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
    expect(answer.statusCode, answer.payload).toBe(202);
    await server.app.platform.jobs.runQueued(PRODUCT_IMPORT_JOB);
    expect(await product('MULTI-1')).toBeDefined();

    const query = '{ productImportLatest { id status fileName done created updated failed errorCode finishedAt } }';
    const latest = await server.gql<{ productImportLatest: Record<string, unknown> }>(
      query,
      {},
      { token, partnerId: cz },
    );
    expect(latest.data?.productImportLatest).toMatchObject({
      id: answer.json().importId,
      status: 'DONE',
      fileName: 'feed.xml',
      done: 1,
      created: 1,
      failed: 0,
      errorCode: null,
    });
    const onboarding = (await server.login('onboarding@demo.test')).token;
    const none = await server.gql<{ productImportLatest: unknown }>(query, {}, { token: onboarding });
    expect(none.errors).toBeUndefined();
    expect(none.data?.productImportLatest).toBeNull();
  });
});
