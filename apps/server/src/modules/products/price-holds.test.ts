import { encodeGridCursor } from '@pp/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, partnerIdByShop, startTestServer, type TestServer } from '../../test/harness';
import { PRICE_HOLDS_SHOWN } from './price-holds';
import { productVariants, products } from './tables';
import { importProductXml, productItem, productXml } from './test-import';

/**
 * Held price changes (issue 18's price rule, review of issue 19): the seller sees every one of a large import
 * page by page, may reject them all, and the import's end tells webhooks and notifications how many wait.
 */

let server: TestServer;
let cz: number;
let sk: number;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  cz = await partnerIdByShop(server.database, '100001');
  sk = await partnerIdByShop(server.database, '100002');
  token = (await server.login('partner@demo.test')).token;
});
afterAll(async () => server?.close());

type HoldPage = {
  total: number;
  items: { productId: string; variantId: string | null; priceFrom: number; priceTo: number }[];
  nextCursor: string | null;
};
const HOLDS = `query($id: ID!, $after: String) { productPriceHolds(sourceId: $id, after: $after) {
  total items { productId variantId priceFrom priceTo } nextCursor } }`;
const DISCARD = 'mutation($id: ID!) { productPriceHoldsDiscard(sourceId: $id) { discarded } }';

const holds = (sourceId: string, after: string | null = null, as = { token, partnerId: cz }) =>
  server.gql<{ productPriceHolds: HoldPage }>(HOLDS, { id: sourceId, after }, as);
const discard = (sourceId: string, as = { token, partnerId: cz }) =>
  server.gql<{ productPriceHoldsDiscard: { discarded: number } }>(DISCARD, { id: sourceId }, as);

async function rows<T>(text: string, values: unknown[]): Promise<T[]> {
  return (await server.database.executeSql(text, values)).rows as T[];
}

/** 230 products at 100 CZK (one with a variant), then a file asking 1,000 for each: 231 changes held. */
const IDS = Array.from({ length: 230 }, (_, i) => `PH-${String(i + 1).padStart(3, '0')}`);
let importId: string;

describe('a large import with many held price changes', () => {
  beforeAll(async () => {
    await server.database.db
      .insert(products)
      .values(IDS.map((id) => ({ partnerId: cz, id, title: id, productType: id, price: 100 })));
    await server.database.db
      .insert(productVariants)
      .values({ partnerId: cz, productId: 'PH-100', id: 'PH-100-V', position: 0, title: 'PH-100 V', price: 100 });
    await server.database.executeSql(
      `insert into webhooks (partner_id, url, event, secret_salt) values ($1, 'https://hooks.example/import',
        'PRODUCT_IMPORT_FINISHED', 'salt')`,
      [cz],
    );
    const file = productXml(
      ...IDS.map((id) =>
        productItem(
          id,
          id === 'PH-100'
            ? '<PRICE>1000</PRICE><VARIANTS><VARIANT><ID>PH-100-V</ID><PRICE>1000</PRICE></VARIANT></VARIANTS>'
            : '<PRICE>1000</PRICE>',
        ),
      ),
    );
    const done = await importProductXml(server, { token, partnerId: cz }, file);
    expect(done.record).toMatchObject({ status: 'DONE', updated: 230, failed: 0, held: 231 });
    importId = done.importId;
  });

  it("tells the seller's webhook and notification how many price changes wait for confirmation", async () => {
    const [delivery] = await rows<{ payload: { data: Record<string, unknown> } }>(
      `select payload from webhook_deliveries where partner_id = $1 and event = 'PRODUCT_IMPORT_FINISHED'
        and payload->'data'->>'jobId' = $2`,
      [cz, importId],
    );
    expect(delivery?.payload.data).toEqual({ jobId: importId, imported: 230, refused: 0, held: 231, forced: 0 });
    const [notification] = await rows<{ params: Record<string, unknown> }>(
      `select params from partner_notifications where partner_id = $1 and event_type = 'PRODUCT_IMPORT_FINISHED'
        and params->>'jobId' = $2`,
      [cz, importId],
    );
    expect(notification?.params).toMatchObject({ held: 231, forced: 0 });
  });

  it('lists every held change, a page of 100 at a time, each once and in order', async () => {
    const pages: HoldPage[] = [];
    let after: string | null = null;
    do {
      const answer = await holds(importId, after);
      expect(answer.errors).toBeUndefined();
      pages.push(answer.data!.productPriceHolds);
      after = answer.data!.productPriceHolds.nextCursor;
    } while (after && pages.length < 5);
    expect(pages.map((p) => p.items.length)).toEqual([PRICE_HOLDS_SHOWN, PRICE_HOLDS_SHOWN, 31]);
    expect(pages.every((p) => p.total === 231)).toBe(true);
    const keys = pages.flatMap((p) => p.items.map((i) => `${i.productId}/${i.variantId ?? ''}`));
    expect(new Set(keys).size).toBe(231);
    // The first page ends on the product's own price, the next starts with its variant.
    expect(keys.slice(99, 101)).toEqual(['PH-100/', 'PH-100/PH-100-V']);
    expect(keys.at(-1)).toBe('PH-230/');
    expect(pages[0]!.items[0]).toEqual({ productId: 'PH-001', variantId: null, priceFrom: 100, priceTo: 1000 });
  });

  it('refuses a cursor it did not make, however hostile, with a clear code', async () => {
    const forged = [
      encodeGridCursor({ field: 'priceHold', direction: 'DESCENDING', value: '', id: 'PH-001' }),
      encodeGridCursor({ field: 'priceHold', direction: 'ASCENDING', value: null, id: 'PH-001' }),
    ];
    for (const after of [...forged, 'not-a-cursor', 'x'.repeat(10_000), '\u0000']) {
      const answer = await holds(importId, after);
      expect(codeOf(answer), after.slice(0, 20)).toBe('VALIDATION_ERROR');
      expect(answer.errors?.[0]?.extensions).toMatchObject({ fields: [{ field: 'after', rule: 'invalid' }] });
    }
    // A cursor of another list (a grid's) is not one of this list.
    const grid = await server.gql<{ products: { nextCursor: string | null } }>(
      '{ products(view: ALL, grid: { perPage: 10 }) { nextCursor } }',
      {},
      { token, partnerId: cz },
    );
    expect(codeOf(await holds(importId, grid.data!.products.nextCursor))).toBe('VALIDATION_ERROR');
  });

  it('lets the seller reject them all: prices stay, the import no longer points at them, audited', async () => {
    const reader = (await server.login('colleague@demo.test')).token;
    expect(codeOf(await discard(importId, { token: reader, partnerId: cz }))).toBe('ACCESS_DENIED');
    expect(codeOf(await discard('not-a-uuid'))).toBe('NOT_FOUND');
    expect(codeOf(await discard(importId, { token, partnerId: sk }))).not.toBeUndefined();

    expect((await discard(importId)).data?.productPriceHoldsDiscard).toEqual({ discarded: 231 });
    expect(
      await rows('select count(*)::int as n from products where partner_id = $1 and id like $2 and price <> 100', [
        cz,
        'PH-%',
      ]),
    ).toEqual([{ n: 0 }]);
    expect(await rows("select price::float8 as p from product_variants where id = 'PH-100-V'", [])).toEqual([
      { p: 100 },
    ]);
    expect((await holds(importId)).data?.productPriceHolds).toMatchObject({ total: 0, items: [], nextCursor: null });
    expect(await rows('select held from product_imports where partner_id = $1 and id = $2', [cz, importId])).toEqual([
      { held: 0 },
    ]);
    expect(
      await rows(
        `select data from audit_log where partner_id = $1 and action = 'product.price.discarded'
          and data->>'sourceId' = $2`,
        [cz, importId],
      ),
    ).toEqual([{ data: { source: 'IMPORT', sourceId: importId, count: 231 } }]);
    // Rejected once: nothing is left to reject or confirm.
    expect(codeOf(await discard(importId))).toBe('NOT_FOUND');
  });
});
