import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, partnerIdByShop, startTestServer, type TestServer } from '../../test/harness';
import { captureStream } from '../../test/waits';
import { PRODUCT_BATCH_JOB } from './jobs';
import { productVariants, products } from './tables';
import { importProductXml, productItem, productXml } from './test-import';

/**
 * The product rules that hold on every path that writes a product (issue 18 points 7 and 8): a price change
 * over 30 % waits for the seller's confirmation, and stock over 9,999 is refused, never cut down.
 */

let server: TestServer;
let cz: number;
let sk: number;
let token: string;
let skToken: string;

beforeAll(async () => {
  server = await startTestServer();
  cz = await partnerIdByShop(server.database, '100001');
  sk = await partnerIdByShop(server.database, '100002');
  token = (await server.login('partner@demo.test')).token;
  // The Slovak shop's owner: a partner of its own, who must not confirm the Czech shop's changes.
  const { rows } = await server.database.executeSql(
    `insert into accounts (email, password_hash, first_name, last_name, is_confirmed)
     select 'sk-prices@demo.test', password_hash, 'Eva', 'Malá', true from accounts where email = 'partner@demo.test'
     returning id`,
  );
  await server.database.executeSql(
    'insert into account_partners (partner_id, account_id, is_master, is_default) values ($1, $2, true, true)',
    [sk, (rows[0] as { id: number }).id],
  );
  skToken = (await server.login('sk-prices@demo.test')).token;
});
afterAll(async () => server?.close());

const HOLDS = `query($id: ID!) { productPriceHolds(sourceId: $id) {
  total currency items { productId variantId title priceFrom priceTo percent } } }`;
const APPLY = 'mutation($id: ID!) { productPriceHoldsApply(sourceId: $id) { applied skipped } }';
const BATCH = `mutation($ids: [ID!]!, $field: String!, $value: JSON) {
  productsBatchApply(ids: $ids, field: $field, value: $value) { jobId } }`;

const xml = productXml;
const item = productItem;
const importFile = (body: string) => importProductXml(server, { token, partnerId: cz }, body);

async function priceOf(id: string, partnerId = cz): Promise<number | null> {
  const { rows } = await server.database.executeSql(
    'select price::float8 as p from products where partner_id = $1 and id = $2',
    [partnerId, id],
  );
  return (rows[0] as { p: number | null } | undefined)?.p ?? null;
}

async function column(id: string, name: string): Promise<unknown> {
  const { rows } = await server.database.executeSql(
    `select ${name} as v from products where partner_id = $1 and id = $2`,
    [cz, id],
  );
  return (rows[0] as { v: unknown } | undefined)?.v;
}

const holdsOf = (sourceId: string, as = token, partnerId = cz) =>
  server.gql<{ productPriceHolds: { total: number; items: Record<string, unknown>[] } }>(
    HOLDS,
    { id: sourceId },
    { token: as, partnerId },
  );
const apply = (sourceId: string, as = token, partnerId = cz) =>
  server.gql<{ productPriceHoldsApply: { applied: number; skipped: number } }>(
    APPLY,
    { id: sourceId },
    { token: as, partnerId },
  );

async function runBatch(ids: string[], field: string, value: unknown, lang = 'en') {
  const answer = await server.gql<{ productsBatchApply: { jobId: string } }>(
    BATCH,
    { ids, field, value },
    { token, partnerId: cz, lang },
  );
  if (answer.errors) return { answer, events: [] as Record<string, unknown>[], jobId: null };
  const stream = await captureStream(server.app.platform, ({ event }) =>
    event?.type === 'product_batch_progress' ? (event.data as Record<string, unknown>) : undefined,
  );
  await server.app.platform.jobs.runQueued(PRODUCT_BATCH_JOB);
  await stream.stop();
  return { answer, events: stream.events, jobId: answer.data!.productsBatchApply.jobId };
}

async function forcedAudits(sourceId: string) {
  const { rows } = await server.database.executeSql(
    `select partner_id, account_id, data from audit_log where action = 'product.price.forced'
     and data->>'sourceId' = $1`,
    [sourceId],
  );
  return rows as { partner_id: number; account_id: number; data: Record<string, unknown> }[];
}

describe('price changes over 30 % on every path', () => {
  beforeAll(async () => {
    await server.database.db.insert(products).values([
      { partnerId: cz, id: 'PR-TV', title: 'TV', productType: 'TV', price: 15_499 },
      { partnerId: cz, id: 'PR-RADIO', title: 'Radio', productType: 'Radio', price: 1000 },
      { partnerId: cz, id: 'PR-SHIRT', title: 'Shirt', productType: 'Shirt', price: 500, variantCount: 1 },
      { partnerId: cz, id: 'PR-MOVED', title: 'Moved', productType: 'Moved', price: 2000 },
      { partnerId: cz, id: 'BP-1', title: 'One', price: 1000 },
      { partnerId: cz, id: 'BP-2', title: 'Two', price: 400 },
    ]);
    await server.database.db
      .insert(productVariants)
      .values({ partnerId: cz, productId: 'PR-SHIRT', id: 'PR-SHIRT-M', position: 0, title: 'Shirt M', price: 500 });
  });

  it('imports the +10 % price, holds the +200 % one with the rest of its item written, and applies it on confirmation', async () => {
    const { importId, record, events } = await importFile(
      xml(
        item('PR-TV', '<PRICE>46497</PRICE><IN_STOCK>7</IN_STOCK>'),
        item('PR-RADIO', '<PRICE>1100</PRICE>'),
        item(
          'PR-SHIRT',
          '<PRICE>520</PRICE><VARIANTS><VARIANT><ID>PR-SHIRT-M</ID><PRICE>1500</PRICE></VARIANT></VARIANTS>',
        ),
      ),
    );
    expect(record).toMatchObject({ id: importId, status: 'DONE', updated: 3, failed: 0, held: 2 });
    expect(events.at(-1)).toMatchObject({ status: 'END', held: 2 });
    expect(await priceOf('PR-RADIO')).toBe(1100);
    expect(await priceOf('PR-SHIRT')).toBe(520);
    // The jump is not applied; everything else of the item is.
    expect(await priceOf('PR-TV')).toBe(15_499);
    expect(await column('PR-TV', 'in_stock')).toBe(7);
    const { rows: variant } = await server.database.executeSql(
      "select price::float8 as p from product_variants where partner_id = $1 and id = 'PR-SHIRT-M'",
      [cz],
    );
    expect(variant).toEqual([{ p: 500 }]);

    const list = await holdsOf(importId);
    expect(list.data?.productPriceHolds).toEqual({
      total: 2,
      currency: 'CZK',
      items: [
        {
          productId: 'PR-SHIRT',
          variantId: 'PR-SHIRT-M',
          title: 'Item PR-SHIRT',
          priceFrom: 500,
          priceTo: 1500,
          percent: 200,
        },
        { productId: 'PR-TV', variantId: null, title: 'Item PR-TV', priceFrom: 15_499, priceTo: 46_497, percent: 200 },
      ],
    });

    const confirmed = await apply(importId);
    expect(confirmed.data?.productPriceHoldsApply).toEqual({ applied: 2, skipped: 0 });
    expect(await priceOf('PR-TV')).toBe(46_497);
    const { rows: after } = await server.database.executeSql(
      "select price::float8 as p from product_variants where partner_id = $1 and id = 'PR-SHIRT-M'",
      [cz],
    );
    expect(after).toEqual([{ p: 1500 }]);
    const audits = await forcedAudits(importId);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      partner_id: cz,
      data: {
        source: 'IMPORT',
        count: 2,
        skipped: 0,
        changes: expect.arrayContaining([{ productId: 'PR-TV', variantId: null, from: 15_499, to: 46_497 }]),
      },
    });
    // Confirmed once: nothing is left to confirm.
    expect((await holdsOf(importId)).data?.productPriceHolds.total).toBe(0);
    expect(codeOf(await apply(importId))).toBe('NOT_FOUND');
  });

  it('lets no other partner see or confirm the held changes, and no reader confirm them', async () => {
    const { importId } = await importFile(xml(item('PR-RADIO', '<PRICE>5000</PRICE>')));
    expect(await priceOf('PR-RADIO')).toBe(1100);
    expect((await holdsOf(importId, skToken, sk)).data?.productPriceHolds).toMatchObject({ total: 0, items: [] });
    expect(codeOf(await apply(importId, skToken, sk))).toBe('NOT_FOUND');
    // The Slovak owner naming the Czech shop is not its member.
    expect(codeOf(await apply(importId, skToken, cz))).not.toBeUndefined();
    expect(await priceOf('PR-RADIO')).toBe(1100);
    expect((await holdsOf(importId)).data?.productPriceHolds.total).toBe(1);
    expect(codeOf(await apply('not-a-uuid'))).toBe('NOT_FOUND');
    // A colleague who may read products sees the list but may not confirm it.
    const reader = (await server.login('colleague@demo.test')).token;
    expect((await holdsOf(importId, reader)).data?.productPriceHolds.total).toBe(1);
    expect(codeOf(await apply(importId, reader))).toBe('ACCESS_DENIED');
    // Still the seller's to confirm.
    expect((await apply(importId)).data?.productPriceHoldsApply).toEqual({ applied: 1, skipped: 0 });
    expect(await priceOf('PR-RADIO')).toBe(5000);
  });

  it('skips a held change whose price moved meanwhile, and a newer write of the product drops it', async () => {
    const first = await importFile(xml(item('PR-MOVED', '<PRICE>9000</PRICE>')));
    await server.database.executeSql("update products set price = 2100 where partner_id = $1 and id = 'PR-MOVED'", [
      cz,
    ]);
    expect((await apply(first.importId)).data?.productPriceHoldsApply).toEqual({ applied: 0, skipped: 1 });
    expect(await priceOf('PR-MOVED')).toBe(2100);

    const held = await importFile(xml(item('PR-MOVED', '<PRICE>9000</PRICE>')));
    expect(held.record?.held).toBe(1);
    // The next file sets a price within the bound: the seller's newer word, the older hold is gone.
    await importFile(xml(item('PR-MOVED', '<PRICE>2200</PRICE>')));
    expect(await priceOf('PR-MOVED')).toBe(2200);
    expect(codeOf(await apply(held.importId))).toBe('NOT_FOUND');
    expect(await priceOf('PR-MOVED')).toBe(2200);
  });

  it('holds a batch price change over the bound, writes the others, and applies it on confirmation', async () => {
    const { events, jobId } = await runBatch(['BP-1', 'BP-2'], 'price', '1 100');
    expect(events.at(-1)).toMatchObject({ status: 'END', done: 2, total: 2, failed: 0, held: 1 });
    expect([await priceOf('BP-1'), await priceOf('BP-2')]).toEqual([1100, 400]);
    const list = await holdsOf(jobId!);
    expect(list.data?.productPriceHolds).toMatchObject({
      total: 1,
      items: [{ productId: 'BP-2', variantId: null, priceFrom: 400, priceTo: 1100, percent: 175 }],
    });
    expect(codeOf(await apply(jobId!, skToken, sk))).toBe('NOT_FOUND');
    expect(await priceOf('BP-2')).toBe(400);
    expect((await apply(jobId!)).data?.productPriceHoldsApply).toEqual({ applied: 1, skipped: 0 });
    expect(await priceOf('BP-2')).toBe(1100);
    expect((await forcedAudits(jobId!))[0]?.data).toMatchObject({ source: 'BATCH', count: 1 });
  });

  it("refuses a batch price the shop does not take, with the rule's message", async () => {
    const { answer } = await runBatch(['BP-1'], 'price', '12,50');
    expect(codeOf(answer)).toBe('VALIDATION_ERROR');
    expect(answer.errors?.[0]?.extensions.fields).toEqual([
      { field: 'value', rule: 'priceWhole', params: { 0: 'CZK' }, message: 'The price in CZK must be a whole number.' },
    ]);
  });
});

describe('stock over 9,999 is refused on every path, never cut down', () => {
  const CREATE = 'mutation($data: ProductInput!) { productCreate(data: $data) { id inStock variants { inStock } } }';
  const UPDATE = 'mutation($id: ID!, $data: ProductInput!) { productUpdate(productId: $id, data: $data) { inStock } }';
  const input = (inStock: number, variants: unknown[] = []) => ({
    id: 'ST-FORM',
    productType: 'Crate',
    price: '100',
    inStock,
    variants,
  });
  const stockIssue = (field: string, message: string) => ({
    field,
    rule: 'numberBetween',
    params: { 0: 0, 1: 9999 },
    message,
  });

  it('the product form: 12,000 refused with the message in the seller’s language, 9,999 saved', async () => {
    const refused = await server.gql(CREATE, { data: input(12_000) }, { token, partnerId: cz, lang: 'cs' });
    expect(codeOf(refused)).toBe('VALIDATION_ERROR');
    expect(refused.errors?.[0]?.extensions.fields).toEqual([stockIssue('inStock', 'Zadejte celé číslo od 0 do 9999.')]);
    expect(await column('ST-FORM', 'in_stock')).toBeUndefined();
    const saved = await server.gql<{ productCreate: { inStock: number } }>(
      CREATE,
      { data: input(9999) },
      { token, partnerId: cz },
    );
    expect(saved.data?.productCreate.inStock).toBe(9999);
    const variant = await server.gql(
      UPDATE,
      { id: 'ST-FORM', data: input(9999, [{ id: 'ST-FORM-1', price: '100', inStock: 12_000 }]) },
      { token, partnerId: cz },
    );
    expect(variant.errors?.[0]?.extensions.fields).toEqual([
      stockIssue('variants.0.inStock', 'Enter a whole number from 0 to 9999.'),
    ]);
    expect(await column('ST-FORM', 'in_stock')).toBe(9999);
  });

  it('batch apply: 12,000 refused before any job, 9,999 written', async () => {
    await server.database.db.insert(products).values({ partnerId: cz, id: 'ST-BATCH', title: 'Crate', inStock: 5 });
    const { answer } = await runBatch(['ST-BATCH'], 'inStock', '12000', 'cs');
    expect(codeOf(answer)).toBe('VALIDATION_ERROR');
    expect(answer.errors?.[0]?.extensions.fields).toEqual([stockIssue('value', 'Zadejte celé číslo od 0 do 9999.')]);
    expect(await column('ST-BATCH', 'in_stock')).toBe(5);
    const { events } = await runBatch(['ST-BATCH'], 'inStock', 9999);
    expect(events.at(-1)).toMatchObject({ status: 'END', failed: 0 });
    expect(await column('ST-BATCH', 'in_stock')).toBe(9999);
  });

  it('the XML import: an item with 12,000 is refused into the errors tab and its stock kept; 9,999 is written', async () => {
    await server.database.db.insert(products).values({ partnerId: cz, id: 'ST-XML', title: 'Crate', inStock: 5 });
    const { record } = await importFile(
      xml(item('ST-XML', '<IN_STOCK>12000</IN_STOCK>'), item('ST-XML-2', '<IN_STOCK>9999</IN_STOCK>')),
    );
    expect(record).toMatchObject({ created: 1, failed: 1 });
    expect(await column('ST-XML', 'in_stock')).toBe(5);
    expect(await column('ST-XML-2', 'in_stock')).toBe(9999);
    const { rows } = await server.database.executeSql(
      "select issues from product_errors where partner_id = $1 and product_id = 'ST-XML'",
      [cz],
    );
    expect(rows).toEqual([{ issues: [{ field: 'inStock', rule: 'numberBetween', params: { 0: 0, 1: 9999 } }] }]);
  });
});
