import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../platform/audit/tables';
import { partnerIdByShop, startTestServer, type TestServer } from '../../test/harness';
import { revokePolicies } from '../catalog/test-fixtures';
import { categories, categoryParameters } from '../catalog/tables';
import { processHeurekaProducts } from './heureka-products';
import { heurekaBoxOverrides, heurekaCategoryOverrides } from './tables-overrides';
import { createFeed, runContext } from './test-feeds';

let server: TestServer;
let cz: number;
let sk: number;
let czToken: string;
let skToken: string;
let readerToken: string;
let limitedToken: string;
let helmetsId: number;
let bootsId: number;
let helmetParam: string;
let parentId: number;

type Field = { field: string; rule: string; message: string; params: { row: number } & Record<string, unknown> };
type Answer = { code?: string; message?: string; fields?: Field[]; rows?: number; created?: number; updated?: number };

async function upload(
  kind: 'category' | 'box' | 'media',
  csv: string | Buffer,
  as: { token: string; partnerId: number } = { token: czToken, partnerId: cz },
  options: { pathPartner?: number; contentType?: string; lang?: string } = {},
): Promise<{ status: number; body: Answer }> {
  const response = await server.app.app.inject({
    method: 'POST',
    url: `/hci-v2/partners/${options.pathPartner ?? as.partnerId}/${kind}-overrides`,
    headers: {
      authorization: `Bearer ${as.token}`,
      'x-partner-id': String(as.partnerId),
      'content-type': options.contentType ?? 'text/csv',
      'accept-language': options.lang ?? 'en',
    },
    payload: csv,
  });
  return { status: response.statusCode, body: response.json() };
}

const GRID_FIELDS = {
  CATEGORY: 'id partnerProductId categoryId sapCategoryId categoryPath param value updated',
  BOX: 'id partnerProductId boxType updated',
  MEDIA: 'id partnerProductId url energyLabel informationList excluded updated',
} as const;
const GRID_QUERY = { CATEGORY: 'heurekaCategoryOverrides', BOX: 'heurekaBoxOverrides', MEDIA: 'heurekaMediaOverrides' };

async function grid(kind: keyof typeof GRID_FIELDS, search = '', as = { token: czToken, partnerId: cz }) {
  const field = GRID_QUERY[kind];
  const answer = await server.gql<Record<string, { total: number; items: Record<string, unknown>[] }>>(
    `query($grid: GridInput) { ${field}(grid: $grid) { total items { ${GRID_FIELDS[kind]} } } }`,
    { grid: { search, perPage: 100 } },
    as,
  );
  expect(answer.errors).toBeUndefined();
  return answer.data![field]!;
}

async function leafId(en: string): Promise<number> {
  const [row] = await server.database.db
    .select({ id: categories.id, parentId: categories.parentId })
    .from(categories)
    .where(and(eq(categories.shopId, 'CZ10MA'), sql`${categories.names}->>'en' = ${en}`));
  return row!.id;
}

beforeAll(async () => {
  server = await startTestServer();
  cz = await partnerIdByShop(server.database, '100001');
  sk = await partnerIdByShop(server.database, '100002');
  await revokePolicies(server.database.db, 'limited@demo.test', cz, 'heurekaFeed', ['read', 'update']);
  czToken = (await server.login('partner@demo.test')).token;
  skToken = (await server.login('multi@demo.test')).token;
  readerToken = (await server.login('colleague@demo.test')).token;
  limitedToken = (await server.login('limited@demo.test')).token;
  helmetsId = await leafId('Bike helmets');
  bootsId = await leafId('Boots');
  const [param] = await server.database.db
    .select({ code: categoryParameters.code })
    .from(categoryParameters)
    .where(eq(categoryParameters.categoryId, helmetsId))
    .limit(1);
  helmetParam = param!.code;
  const [helmet] = await server.database.db
    .select({ parentId: categories.parentId })
    .from(categories)
    .where(eq(categories.id, helmetsId));
  parentId = helmet!.parentId!;
});
afterAll(async () => server?.close());

describe('category override uploads', () => {
  it('takes a semicolon CSV with a BOM (our exports’ form), by category id or SAP id, and lists it newest first', async () => {
    const csv = `\uFEFFpartnerProductId;sapCategoryId;param;value\r\nHELMA-1;${helmetsId};;\r\nHELMA-1;NP${helmetsId};${helmetParam};-5\r\nBOTY-1;${bootsId};;\r\n`;
    const { status, body } = await upload('category', csv, undefined, { contentType: 'text/csv; charset=utf-8' });
    expect(status).toBe(200);
    expect(body).toEqual({ kind: 'CATEGORY', rows: 3, created: 3, updated: 0 });
    const page = await grid('CATEGORY');
    expect(page.total).toBe(3);
    expect(page.items.find((r) => r.param === helmetParam)).toMatchObject({
      partnerProductId: 'HELMA-1',
      categoryId: helmetsId,
      sapCategoryId: `NP${helmetsId}`,
      value: '-5',
    });
    expect((page.items[0]!.categoryPath as string[]).length).toBe(3);
    const found = await grid('CATEGORY', 'boty');
    expect(found.items.map((r) => r.partnerProductId)).toEqual(['BOTY-1']);
    const [audit] = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'heureka.override.category.upload'));
    expect(audit).toMatchObject({ partnerId: cz, data: { rows: 3, created: 3, updated: 0 } });
  });

  it('takes a comma CSV without a BOM and snake_case names; a new category moves the product’s other rows', async () => {
    const csv = `partner_product_id,sap_category_id,param,value\nHELMA-1,${bootsId},,\n`;
    const { status, body } = await upload('category', csv);
    expect(status).toBe(200);
    expect(body).toMatchObject({ rows: 1, created: 0, updated: 1 });
    const rows = await server.database.db
      .select()
      .from(heurekaCategoryOverrides)
      .where(and(eq(heurekaCategoryOverrides.partnerId, cz), eq(heurekaCategoryOverrides.productId, 'HELMA-1')));
    expect(rows.map((r) => r.categoryId)).toEqual([bootsId, bootsId]);
    // Back to helmets for the feed run below.
    expect(
      (await upload('category', `partnerProductId;sapCategoryId;param;value\nHELMA-1;${helmetsId};;\n`)).status,
    ).toBe(200);
  });

  it('refuses a file whose header is not the kind’s, translated', async () => {
    const { status, body } = await upload('category', 'productId;category\nHELMA-1;1\n', undefined, { lang: 'cs' });
    expect(status).toBe(400);
    expect(body.code).toBe('INVALID_CSV_HEADER');
    expect(body.message).toBe('Soubor CSV má neplatnou hlavičku.');
  });

  it('refuses the whole file when rows are wrong, naming each row’s line and reason; nothing is saved', async () => {
    const csv = [
      'partnerProductId;sapCategoryId;param;value',
      `ok-1;${helmetsId};;`,
      `bad id;${helmetsId};;`,
      'ok-2;999999999;;',
      `ok-3;${parentId};;`,
      `ok-4;${helmetsId};NO_SUCH_PARAM;x`,
      `ok-5;${helmetsId};${helmetParam};`,
      `ok-1;${bootsId};;`,
      `ok-6;${helmetsId};;;extra`,
    ].join('\n');
    const { status, body } = await upload('category', csv);
    expect(status).toBe(400);
    expect(body.code).toBe('HEUREKA_OVERRIDE_ROWS_INVALID');
    expect(body.message).toContain(': 7.');
    expect(body.fields!.map((f) => [f.params.row, f.field, f.rule])).toEqual([
      [3, 'partnerProductId', 'productId'],
      [4, 'sapCategoryId', 'overrideCategoryUnknown'],
      [5, 'sapCategoryId', 'categoryLeaf'],
      [6, 'param', 'parameterUnknown'],
      [7, 'value', 'required'],
      [8, 'sapCategoryId', 'overrideCategoryConflict'],
      [9, 'row', 'overrideColumns'],
    ]);
    expect(body.fields!.find((f) => f.rule === 'overrideCategoryConflict')!.message).toBe(
      'Row 2 puts this product into another category; a product has one category.',
    );
    expect((await grid('CATEGORY', 'ok-')).total).toBe(0);
  });

  it('refuses values a spreadsheet would run as formulas, in any column', async () => {
    const csv = `partnerProductId;sapCategoryId;param;value\nHELMA-9;${helmetsId};${helmetParam};"=HYPERLINK(""http://x"";""y"")"\n@SUM;${helmetsId};;\nHELMA-9;+1+1;;\n`;
    const { status, body } = await upload('category', csv);
    expect(status).toBe(400);
    expect(body.fields!.map((f) => [f.params.row, f.field, f.rule])).toEqual([
      [2, 'value', 'overrideFormula'],
      [3, 'partnerProductId', 'overrideFormula'],
      [4, 'sapCategoryId', 'overrideFormula'],
    ]);
    const box = await upload('box', 'partnerProductId;boxType\nA-1;-BIGBOX\n');
    expect(box.body.fields!.map((f) => [f.params.row, f.rule])).toEqual([[2, 'overrideFormula']]);
  });

  it('refuses a file over the row limit before anything is saved', async () => {
    const lines = ['partnerProductId;boxType'];
    for (let i = 0; i <= 100_000; i++) lines.push(`LIMIT-${i};SMALLBOX`);
    const { status, body } = await upload('box', lines.join('\n'));
    expect(status).toBe(400);
    expect(body.code).toBe('IMPORT_TOO_MANY_ROWS');
    expect((await grid('BOX', 'LIMIT-')).total).toBe(0);
  });

  it('refuses an empty file, a file that is not CSV and a file that is not UTF-8', async () => {
    expect((await upload('box', 'partnerProductId;boxType\n')).body.code).toBe('IMPORT_FILE_EMPTY');
    expect((await upload('box', 'partnerProductId;boxType\n"A-1;SMALLBOX\n')).body.code).toBe('ErrorReadingFile');
    const latin2 = Buffer.concat([
      Buffer.from('partnerProductId;boxType\nP'),
      Buffer.from([0xf8]),
      Buffer.from(';BIGBOX\n'),
    ]);
    expect((await upload('box', latin2)).body.code).toBe('IMPORT_FILE_ENCODING');
  });
});

describe('who may upload and delete', () => {
  it('answers 404 for another partner’s path, and refuses an account without the Heureka feed right', async () => {
    const csv = 'partnerProductId;boxType\nA-1;SMALLBOX\n';
    const other = await upload('box', csv, { token: czToken, partnerId: cz }, { pathPartner: sk });
    expect(other.status).toBe(404);
    expect(other.body.code).toBe('NOT_FOUND');
    // A member of both partners acting for the Slovak one does not reach the Czech one's address either.
    expect((await upload('box', csv, { token: skToken, partnerId: sk }, { pathPartner: cz })).status).toBe(404);
    const reader = await upload('box', csv, { token: readerToken, partnerId: cz });
    expect(reader.status).toBe(403);
    expect(reader.body.code).toBe('ACCESS_DENIED');
    expect((await upload('box', csv, { token: limitedToken, partnerId: cz })).status).toBe(403);
    const anonymous = await server.app.app.inject({
      method: 'POST',
      url: `/hci-v2/partners/${cz}/box-overrides`,
      headers: { 'content-type': 'text/csv' },
      payload: csv,
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await grid('BOX', 'A-1')).total).toBe(0);
    // The reader sees the grid; the account without the right does not.
    await grid('BOX', '', { token: readerToken, partnerId: cz });
    const denied = await server.gql(`{ heurekaBoxOverrides { total } }`, {}, { token: limitedToken, partnerId: cz });
    expect(denied.errors?.[0]?.extensions.code).toBe('ACCESS_DENIED');
  });

  it('deletes only the partner’s own rows and answers how many', async () => {
    const csv = 'partnerProductId;boxType\nDEL-1;smallbox\nDEL-2;BIGBOX\n';
    expect((await upload('box', csv)).body).toMatchObject({ rows: 2, created: 2 });
    expect((await upload('box', csv, { token: skToken, partnerId: sk })).body).toMatchObject({ rows: 2, created: 2 });
    const own = await grid('BOX', 'DEL-');
    const theirs = await grid('BOX', 'DEL-', { token: skToken, partnerId: sk });
    const DELETE = 'mutation($ids: [ID!]!) { heurekaOverridesDelete(kind: BOX, ids: $ids) }';
    const ids = [own.items.find((r) => r.partnerProductId === 'DEL-1')!.id, theirs.items[0]!.id, '999999'];
    const reader = await server.gql(DELETE, { ids }, { token: readerToken, partnerId: cz });
    expect(reader.errors?.[0]?.extensions.code).toBe('ACCESS_DENIED');
    const answer = await server.gql<{ heurekaOverridesDelete: number }>(
      DELETE,
      { ids },
      { token: czToken, partnerId: cz },
    );
    expect(answer.data?.heurekaOverridesDelete).toBe(1);
    expect((await grid('BOX', 'DEL-')).items.map((r) => r.partnerProductId)).toEqual(['DEL-2']);
    expect((await grid('BOX', 'DEL-', { token: skToken, partnerId: sk })).total).toBe(2);
    const left = await server.database.db
      .select()
      .from(heurekaBoxOverrides)
      .where(eq(heurekaBoxOverrides.partnerId, sk));
    expect(left.map((r) => r.boxType).sort()).toEqual(['BIGBOX', 'SMALLBOX']);
  });
});

describe('box and media override uploads', () => {
  it('takes box types in any case and replaces an item’s box', async () => {
    expect((await upload('box', 'partnerProductId;boxType\nBOX-1;bigbox\n')).body).toMatchObject({ created: 1 });
    expect((await upload('box', 'partnerProductId;boxType\nBOX-1;SMALLBOX\nBOX-2;mid\n')).body.fields).toEqual([
      expect.objectContaining({ field: 'boxType', rule: 'overrideBoxType', params: { row: 3 } }),
    ]);
    expect((await upload('box', 'partnerProductId;boxType\nBOX-1;SMALLBOX\n')).body).toMatchObject({ updated: 1 });
    expect((await grid('BOX', 'BOX-1')).items[0]).toMatchObject({ boxType: 'SMALLBOX' });
  });

  it('takes the spec’s three media fields with or without “excluded”, and a multipart form as the pages send it', async () => {
    const four = 'partnerProductId;url;energyLabel;informationList\nM-1;https://img.example/label.png;true;0\n';
    expect((await upload('media', four)).body).toMatchObject({ rows: 1, created: 1 });
    const boundary = '----overrides';
    const form = [
      `--${boundary}`,
      'Content-Disposition: form-data; name="file"; filename="media.csv"',
      'Content-Type: text/csv',
      '',
      'partnerProductId,url,energyLabel,informationList,excluded',
      'M-1,https://img.example/label.png,1,0,',
      'M-1,https://img.example/old.jpg,,,yes',
      'M-2,ftp://img.example/x.png,maybe,0,0',
      `--${boundary}--`,
      '',
    ].join('\r\n');
    const refused = await upload('media', form, undefined, {
      contentType: `multipart/form-data; boundary=${boundary}`,
    });
    expect(refused.body.fields!.map((f) => [f.params.row, f.field, f.rule])).toEqual([
      [4, 'url', 'url'],
      [4, 'energyLabel', 'overrideFlag'],
    ]);
    const good = await upload('media', form.replace('M-2,ftp://img.example/x.png,maybe,0,0\r\n', ''), undefined, {
      contentType: `multipart/form-data; boundary=${boundary}`,
    });
    expect(good.body).toMatchObject({ rows: 2, created: 1, updated: 1 });
    const page = await grid('MEDIA', 'M-1');
    expect(page.items.map((r) => [r.url, r.energyLabel, r.informationList, r.excluded])).toEqual(
      expect.arrayContaining([
        ['https://img.example/label.png', true, false, false],
        ['https://img.example/old.jpg', false, false, true],
      ]),
    );
  });
});

describe('a Heureka feed run with overrides', () => {
  const HELMETS = 'Heureka.cz | Sport | Cyklistika | Přilby';
  const UNPAIRED = 'Heureka.cz | Móda | Obuv na zimu';
  const FEED = `<?xml version="1.0" encoding="utf-8"?>
<SHOP>
  <SHOPITEM>
    <ITEM_ID>RUN-HELMA</ITEM_ID>
    <PRODUCTNAME>Abus Přilba Run</PRODUCTNAME>
    <IMGURL>https://img.example/run-old.jpg</IMGURL>
    <IMGURL_ALTERNATIVE>https://img.example/run-front.jpg</IMGURL_ALTERNATIVE>
    <IMGURL_ALTERNATIVE>https://img.example/run-label.png</IMGURL_ALTERNATIVE>
    <PRICE_VAT>1299</PRICE_VAT>
    <VAT>21</VAT>
    <MANUFACTURER>Abus</MANUFACTURER>
    <CATEGORYTEXT>${HELMETS}</CATEGORYTEXT>
  </SHOPITEM>
  <SHOPITEM>
    <ITEM_ID>RUN-BOTY</ITEM_ID>
    <PRODUCTNAME>Kozačky Run</PRODUCTNAME>
    <PRICE_VAT>999</PRICE_VAT>
    <VAT>21</VAT>
    <CATEGORYTEXT>${UNPAIRED}</CATEGORYTEXT>
  </SHOPITEM>
</SHOP>
`;
  let feedId: number;

  async function run() {
    const { ctx, errors } = runContext(server, cz, feedId, 'PRODUCTS');
    const bytes = new TextEncoder().encode(FEED);
    async function* body() {
      yield bytes;
    }
    const totals = await processHeurekaProducts({ ...ctx, format: 'HEUREKA' }, body());
    return { totals, errors };
  }

  async function product(id: string) {
    const { rows } = await server.database.executeSql(
      'select category_id, parameters, package_size, width from products where partner_id = $1 and id = $2',
      [cz, id],
    );
    return rows[0] as Record<string, unknown> | undefined;
  }

  async function mediaOf(id: string) {
    const { rows } = await server.database.executeSql(
      'select url, main, energy_label, information_list from product_media where partner_id = $1 and product_id = $2 order by position',
      [cz, id],
    );
    return (rows as Record<string, unknown>[]).map((r) => [r.url, r.main, r.energy_label, r.information_list]);
  }

  beforeAll(async () => {
    feedId = await createFeed(server, cz, 'HEUREKA', 'PRODUCTS');
  });

  it('refuses an item of an unpaired category without overrides, and writes the feed as it is', async () => {
    const { totals, errors } = await run();
    expect(errors.map((e) => [e.itemCode, e.errorCode])).toEqual([['RUN-BOTY', 'HEUREKA_CATEGORY_UNPAIRED']]);
    expect(totals).toMatchObject({ processed: 2, updated: 1, errors: 1 });
    expect(await product('RUN-HELMA')).toMatchObject({ category_id: helmetsId, package_size: null });
    expect(await mediaOf('RUN-HELMA')).toEqual([
      ['https://img.example/run-old.jpg', true, false, false],
      ['https://img.example/run-front.jpg', false, false, false],
      ['https://img.example/run-label.png', false, false, false],
    ]);
  });

  it('applies each override on the next run, and writes only the items whose overrides changed', async () => {
    const category = `partnerProductId;sapCategoryId;param;value\nRUN-BOTY;${bootsId};;\nRUN-BOTY;${bootsId};COLOR;BROWN\nRUN-HELMA;${helmetsId};SIZE;M\n`;
    expect((await upload('category', category)).status).toBe(200);
    const media = [
      'partnerProductId;url;energyLabel;informationList;excluded',
      'RUN-HELMA;https://img.example/run-old.jpg;;;true',
      'RUN-HELMA;https://img.example/run-label.png;true;false;false',
      'RUN-HELMA;https://img.example/run-sheet.pdf;false;true;false',
    ].join('\n');
    expect((await upload('media', media)).status).toBe(200);
    const first = await run();
    expect(first.errors).toEqual([]);
    expect(first.totals).toMatchObject({ processed: 2, updated: 2, unchanged: 0, errors: 0 });
    // The unpaired category's item went into the override's category, with the override's parameter.
    expect(await product('RUN-BOTY')).toMatchObject({ category_id: bootsId, parameters: { COLOR: 'BROWN' } });
    expect(await product('RUN-HELMA')).toMatchObject({ category_id: helmetsId, parameters: { SIZE: 'M' } });
    // The excluded picture is gone (the next one is the main one), the label is marked, the sheet added.
    expect(await mediaOf('RUN-HELMA')).toEqual([
      ['https://img.example/run-front.jpg', true, false, false],
      ['https://img.example/run-label.png', false, true, false],
      ['https://img.example/run-sheet.pdf', false, false, true],
    ]);

    // Unchanged feed and overrides: nothing is written again.
    expect((await run()).totals).toMatchObject({ updated: 0, unchanged: 2 });

    // A box override reaches a product that has its measures (the catalogue keeps a box only with them).
    await server.database.executeSql(
      `update products set width = 30, length = 40, height = 25 where partner_id = $1 and id = 'RUN-HELMA'`,
      [cz],
    );
    expect((await upload('box', 'partnerProductId;boxType\nRUN-HELMA;BIGBOX\n')).status).toBe(200);
    const boxed = await run();
    expect(boxed.errors).toEqual([]);
    expect(boxed.totals).toMatchObject({ updated: 1, unchanged: 1 });
    expect(await product('RUN-HELMA')).toMatchObject({ package_size: 'bigbox', width: '30.000' });

    // Deleting an override makes the next run write the item as the feed and the pairing say.
    const page = await grid('CATEGORY', 'RUN-BOTY');
    const DELETE = 'mutation($ids: [ID!]!) { heurekaOverridesDelete(kind: CATEGORY, ids: $ids) }';
    const deleted = await server.gql<{ heurekaOverridesDelete: number }>(
      DELETE,
      { ids: page.items.map((r) => r.id) },
      { token: czToken, partnerId: cz },
    );
    expect(deleted.data?.heurekaOverridesDelete).toBe(2);
    const after = await run();
    expect(after.errors.map((e) => [e.itemCode, e.errorCode])).toEqual([['RUN-BOTY', 'HEUREKA_CATEGORY_UNPAIRED']]);
  });
});
