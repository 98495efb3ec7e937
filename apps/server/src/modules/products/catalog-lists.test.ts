import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, partnerIdByShop, startTestServer, type TestServer } from '../../test/harness';
import { PRODUCT_BATCH_JOB } from './jobs';
import { products } from './tables';
import { PRODUCT_IMPORT_JOB } from './xml-import';

/**
 * Issue 18 point 21: force_price applies a price jump only as part of the row that brings it (XML import,
 * batch), and the product's TARIC code and labels come from lists, refused with the spec's `in` otherwise.
 */

let server: TestServer;
let cz: number;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  cz = await partnerIdByShop(server.database, '100001');
  token = (await server.login('partner@demo.test')).token;
  await server.database.db.insert(products).values([
    { partnerId: cz, id: 'FP-TV', title: 'TV', productType: 'TV', price: 15_499 },
    { partnerId: cz, id: 'FP-BAD', title: 'Bad', productType: 'Bad', price: 1000 },
    { partnerId: cz, id: 'FP-B1', title: 'B1', price: 1000 },
    { partnerId: cz, id: 'FP-B2', title: 'B2', price: 1000 },
  ]);
});
afterAll(async () => server?.close());

const xml = (...items: string[]) => `<?xml version="1.0" encoding="UTF-8"?>\n<ITEMS>\n${items.join('\n')}\n</ITEMS>\n`;
const item = (id: string, extra: string) =>
  `<ITEM><ID>${id}</ID><PRODUCT_TYPE>Item ${id}</PRODUCT_TYPE>${extra}</ITEM>`;

interface ImportRecord {
  id: string;
  status: string;
  created: number;
  updated: number;
  failed: number;
  held: number;
  forced: number;
}

async function importFile(body: string): Promise<ImportRecord> {
  const answer = await server.app.app.inject({
    method: 'POST',
    url: '/portal/import/partner-products',
    headers: {
      authorization: `Bearer ${token}`,
      'x-partner-id': String(cz),
      'accept-language': 'en',
      'content-type': 'application/xml',
    },
    payload: body,
  });
  expect(answer.statusCode, answer.payload).toBe(202);
  await server.app.platform.jobs.runQueued(PRODUCT_IMPORT_JOB);
  const latest = await server.gql<{ productImportLatest: ImportRecord }>(
    '{ productImportLatest { id status created updated failed held forced } }',
    {},
    { token, partnerId: cz },
  );
  return latest.data!.productImportLatest;
}

async function row(id: string): Promise<{ price: number | null; force_price: boolean; taric_code: string | null }> {
  const { rows } = await server.database.executeSql(
    'select price::float8 as price, force_price, taric_code from products where partner_id = $1 and id = $2',
    [cz, id],
  );
  return rows[0] as { price: number | null; force_price: boolean; taric_code: string | null };
}

async function holdsFor(productId: string): Promise<number> {
  const { rows } = await server.database.executeSql(
    'select count(*)::int as n from product_price_holds where partner_id = $1 and product_id = $2',
    [cz, productId],
  );
  return (rows[0] as { n: number }).n;
}

async function forcedAudits(sourceId: string) {
  const { rows } = await server.database.executeSql(
    `select partner_id, data from audit_log where action = 'product.price.forced' and data->>'sourceId' = $1`,
    [sourceId],
  );
  return rows as { partner_id: number; data: Record<string, unknown> }[];
}

async function importIssues(productId: string) {
  const { rows } = await server.database.executeSql(
    `select issues from product_errors where partner_id = $1 and product_id = $2 and source = 'IMPORT'`,
    [cz, productId],
  );
  return ((rows[0] as { issues: { field: string; rule: string }[] } | undefined)?.issues ?? []).map(
    (i) => `${i.field}:${i.rule}`,
  );
}

describe('force_price', () => {
  it('applies an import row’s +200 % change at once when the row says FORCE_PRICE, audited, never held', async () => {
    const record = await importFile(xml(item('FP-TV', '<PRICE>46497</PRICE><FORCE_PRICE>true</FORCE_PRICE>')));
    expect(record).toMatchObject({ status: 'DONE', updated: 1, failed: 0, held: 0, forced: 1 });
    expect(await row('FP-TV')).toMatchObject({ price: 46_497, force_price: true });
    expect(await holdsFor('FP-TV')).toBe(0);
    const audits = await forcedAudits(record.id);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      partner_id: cz,
      data: {
        source: 'IMPORT',
        forcePrice: true,
        count: 1,
        changes: [{ productId: 'FP-TV', variantId: null, from: 15_499, to: 46_497 }],
      },
    });
    // The home page says why the price moved without a confirmation.
    const activity = await server.gql<{ dashboard: { recentActivity: { kind: string; link: string | null }[] } }>(
      '{ dashboard { recentActivity { kind link } } }',
      {},
      { token, partnerId: cz },
    );
    expect(activity.errors).toBeUndefined();
    expect(activity.data?.dashboard.recentActivity).toContainEqual({
      kind: 'productPricesForced',
      link: '/products/detail/FP-TV',
    });
  });

  it('holds the next row that leaves FORCE_PRICE out: a stored true never bypasses the rule', async () => {
    const record = await importFile(xml(item('FP-TV', '<PRICE>139491</PRICE>')));
    expect(record).toMatchObject({ status: 'DONE', held: 1, forced: 0 });
    // The row said nothing, so the stored flag is now false too (an element left out clears its field).
    expect(await row('FP-TV')).toMatchObject({ price: 46_497, force_price: false });
    expect(await holdsFor('FP-TV')).toBe(1);
    expect(await forcedAudits(record.id)).toEqual([]);
  });

  it('holds a row whose FORCE_PRICE is false or 0 and refuses one that is neither true nor false', async () => {
    let record = await importFile(xml(item('FP-TV', '<PRICE>139491</PRICE><FORCE_PRICE>0</FORCE_PRICE>')));
    expect(record).toMatchObject({ held: 1, forced: 0 });
    record = await importFile(xml(item('FP-BAD', '<PRICE>5000</PRICE><FORCE_PRICE>yes</FORCE_PRICE>')));
    expect(record).toMatchObject({ failed: 1, forced: 0, held: 0 });
    expect(await importIssues('FP-BAD')).toEqual(['forcePrice:invalid']);
    expect((await row('FP-BAD')).price).toBe(1000);
  });

  it('applies a forced batch price at once with an audit entry, while an unforced one is held', async () => {
    const BATCH = `mutation($ids: [ID!]!, $value: JSON, $force: Boolean) {
      productsBatchApply(ids: $ids, field: "price", value: $value, forcePrice: $force) { jobId } }`;
    const forced = await server.gql<{ productsBatchApply: { jobId: string } }>(
      BATCH,
      { ids: ['FP-B1'], value: '3000', force: true },
      { token, partnerId: cz },
    );
    expect(forced.errors).toBeUndefined();
    await server.app.platform.jobs.runQueued(PRODUCT_BATCH_JOB);
    expect((await row('FP-B1')).price).toBe(3000);
    expect(await holdsFor('FP-B1')).toBe(0);
    const audits = await forcedAudits(forced.data!.productsBatchApply.jobId);
    expect(audits).toEqual([
      expect.objectContaining({
        data: expect.objectContaining({ source: 'BATCH', forcePrice: true, count: 1 }),
      }),
    ]);

    const held = await server.gql(BATCH, { ids: ['FP-B2'], value: '3000' }, { token, partnerId: cz });
    expect(held.errors).toBeUndefined();
    await server.app.platform.jobs.runQueued(PRODUCT_BATCH_JOB);
    expect((await row('FP-B2')).price).toBe(1000);
    expect(await holdsFor('FP-B2')).toBe(1);

    const wrongField = await server.gql(
      `mutation { productsBatchApply(ids: ["FP-B2"], field: "priority", value: 2, forcePrice: true) { jobId } }`,
      {},
      { token, partnerId: cz },
    );
    expect(codeOf(wrongField)).toBe('VALIDATION_ERROR');
    expect(wrongField.errors?.[0]?.extensions.fields).toEqual([
      expect.objectContaining({ field: 'forcePrice', rule: 'invalid' }),
    ]);
  });

  it('is stored and shown by the form, which still asks before a jump over 30 %', async () => {
    const UPDATE = `mutation($id: ID!, $data: ProductInput!) { productUpdate(productId: $id, data: $data) { forcePrice price } }`;
    const answer = await server.gql(
      UPDATE,
      { id: 'FP-B1', data: { id: 'FP-B1', productType: 'B1', price: '9000', forcePrice: true } },
      { token, partnerId: cz },
    );
    expect(codeOf(answer)).toBe('MPAPI_PRICE_DIFFERENCE_VALIDATION');
    const small = await server.gql<{ productUpdate: { forcePrice: boolean; price: number } }>(
      UPDATE,
      { id: 'FP-B1', data: { id: 'FP-B1', productType: 'B1', price: '3100', forcePrice: true } },
      { token, partnerId: cz },
    );
    expect(small.data?.productUpdate).toEqual({ forcePrice: true, price: 3100 });
  });
});

describe('TARIC codes and labels from lists', () => {
  const CREATE = `mutation($data: ProductInput!) { productCreate(data: $data) { id taricCode labels { label } } }`;
  const create = (data: Record<string, unknown>, lang = 'en') =>
    server.gql<{ productCreate: { id: string; taricCode: string | null; labels: { label: string }[] } }>(
      CREATE,
      { data: { productType: 'Chair', ...data } },
      { token, partnerId: cz, lang },
    );

  it('saves a listed code however it is spaced, and refuses one not in the list or a label off the list', async () => {
    const ok = await create({ id: 'TL-1', taricCode: '9403 60 10', labels: [{ label: 'LAST_PIECES' }] });
    expect(ok.errors).toBeUndefined();
    expect(ok.data?.productCreate).toEqual({ id: 'TL-1', taricCode: '94036010', labels: [{ label: 'LAST_PIECES' }] });

    const bad = await create({ id: 'TL-2', taricCode: '99999999', labels: [{ label: 'NEW' }, { label: 'Hot' }] }, 'cs');
    expect(codeOf(bad)).toBe('VALIDATION_ERROR');
    expect(bad.errors?.[0]?.extensions.fields).toEqual([
      expect.objectContaining({ field: 'labels.1.label', rule: 'in', message: 'Vyberte jednu z nabízených hodnot.' }),
      expect.objectContaining({ field: 'taricCode', rule: 'in', message: 'Vyberte jednu z nabízených hodnot.' }),
    ]);
    const { rows } = await server.database.executeSql("select 1 from products where id = 'TL-2'");
    expect(rows).toEqual([]);
  });

  it('refuses an import item with a code or a label off the list and writes the listed ones', async () => {
    const record = await importFile(
      xml(
        item('TL-X1', '<TARIC>12345678</TARIC>'),
        item('TL-X2', '<LABEL><NAME>Novinka</NAME></LABEL>'),
        item('TL-X3', '<TARIC>9401.71.00</TARIC><LABEL><NAME>SALE</NAME></LABEL>'),
      ),
    );
    expect(record).toMatchObject({ created: 1, failed: 2 });
    expect(await importIssues('TL-X1')).toEqual(['taricCode:in']);
    expect(await importIssues('TL-X2')).toEqual(['labels.0.label:in']);
    expect((await row('TL-X3')).taric_code).toBe('94017100');
  });

  it('finds codes by prefix and by description without diacritics, in the caller’s language', async () => {
    const SEARCH = 'query($s: String, $n: Int) { taricCodes(search: $s, first: $n) { code description } }';
    const search = (s: string | null, lang = 'cs', n?: number) =>
      server.gql<{ taricCodes: { code: string; description: string }[] }>(
        SEARCH,
        { s, n },
        { token, partnerId: cz, lang },
      );
    const byPrefix = (await search('9403')).data!.taricCodes.map((c) => c.code);
    expect(byPrefix.length).toBeGreaterThan(3);
    expect(byPrefix.every((c) => c.startsWith('9403'))).toBe(true);
    expect((await search('9403 60')).data!.taricCodes.map((c) => c.code)).toEqual(['94036010', '94036090']);

    const folded = (await search('nabytek')).data!.taricCodes;
    expect(folded.map((c) => c.code)).toContain('94036010');
    expect(folded.find((c) => c.code === '94036010')?.description).toBe(
      'Dřevěný nábytek do jídelen a obývacích pokojů (stoly, skříňky)',
    );
    // The same codes with the diacritics typed, in capitals, or in another language's words.
    expect((await search('NÁBYTEK')).data!.taricCodes).toEqual(folded);
    expect((await search('furniture', 'cs')).data!.taricCodes.map((c) => c.code)).toContain('94036010');
    expect((await search('mobel', 'hu')).data!.taricCodes).toEqual([]);
    expect((await search('butor', 'hu')).data!.taricCodes.map((c) => c.code)).toContain('94036090');
    // A LIKE wildcard is a character, not "anything".
    expect((await search('%')).data!.taricCodes).toEqual([]);
    expect((await search(null, 'en', 5)).data!.taricCodes).toHaveLength(5);
    const tooMany = await search('', 'en', 51);
    expect(codeOf(tooMany)).toBe('VALIDATION_ERROR');
  });

  it('names the labels in the caller’s language', async () => {
    const answer = await server.gql<{ productLabels: { code: string; name: string }[] }>(
      '{ productLabels { code name } }',
      {},
      { token, partnerId: cz, lang: 'pl' },
    );
    expect(answer.data?.productLabels).toEqual([
      { code: 'NEW', name: 'Nowość' },
      { code: 'SALE', name: 'Wyprzedaż' },
      { code: 'TOP', name: 'Top' },
      { code: 'TIP', name: 'Polecamy' },
      { code: 'LAST_PIECES', name: 'Ostatnie sztuki' },
      { code: 'FREE_DELIVERY', name: 'Darmowa dostawa' },
    ]);
  });
});
