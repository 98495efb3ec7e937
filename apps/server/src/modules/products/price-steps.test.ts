import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, partnerIdByShop, startTestServer, type TestServer } from '../../test/harness';
import { products } from './tables';
import { insertTestCatalog, TEST_BRAND, TEST_CATEGORY } from './test-catalog';
import { importProductXml, productItem, productXml } from './test-import';

/**
 * Issue 22 point 4: the 30 % price-change warning uses the price history. A price moved in steps asks at the
 * step that carries it more than 30 % from the lowest or highest retail price of the last 30 days (a
 * campaign's own prices and anything older left out), and a confirmed held change is recorded as HOLD.
 */

let server: TestServer;
let cz: number;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  cz = await partnerIdByShop(server.database, '100001');
  token = (await server.login('partner@demo.test')).token;
  await insertTestCatalog(server.database);
});
afterAll(async () => server?.close());

async function sql<T>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await server.database.executeSql(text, params)).rows as T[];
}

function base(id: string, price: string) {
  return {
    id,
    productType: 'T-shirt',
    line: 'Basic',
    brandId: TEST_BRAND.id,
    categoryId: TEST_CATEGORY.leaf,
    price,
    vat: '21',
    inStock: 10,
    deliveryDelay: 2,
    parameters: { COLOR: 'red' },
    media: [{ url: 'https://images.example.com/a.jpg', main: true }],
  };
}
const CREATE = 'mutation($data: ProductInput!) { productCreate(data: $data) { id } }';
const UPDATE = `mutation($id: ID!, $data: ProductInput!, $forceToken: String) {
  productUpdate(productId: $id, data: $data, forceToken: $forceToken) { id price } }`;
type Refusal = { errors?: { extensions: { code: string; params?: { forceToken?: string; percent?: number } } }[] };
const create = async (id: string, price: string) =>
  expect((await server.gql(CREATE, { data: base(id, price) }, { token, partnerId: cz })).errors).toBeUndefined();
const save = (id: string, price: string, forceToken?: string) =>
  server.gql(UPDATE, { id, data: base(id, price), forceToken }, { token, partnerId: cz }) as Promise<Refusal>;

describe('the 30 % warning over the last 30 days', () => {
  it('asks at the step that goes past 30 % from the 30-day low, on the bound not yet, and once only', async () => {
    await create('PS-UP', '100');
    expect((await save('PS-UP', '125')).errors).toBeUndefined();
    // 125 → 130 is +4 %, and exactly +30 % from the low of 100: still within.
    expect((await save('PS-UP', '130')).errors).toBeUndefined();
    const over = await save('PS-UP', '131');
    expect(codeOf(over)).toBe('MPAPI_PRICE_DIFFERENCE_VALIDATION');
    // The seller is told the change from the low, not the +0.8 % of this step.
    expect(over.errors![0]!.extensions.params!.percent).toBe(31);
    const confirmation = over.errors![0]!.extensions.params!.forceToken!;
    expect((await save('PS-UP', '131', confirmation)).errors).toBeUndefined();
    // Confirmed past the bound: the next small step does not ask again.
    expect((await save('PS-UP', '132')).errors).toBeUndefined();
  });

  it('asks on the way down from the 30-day high', async () => {
    await create('PS-DOWN', '200');
    expect((await save('PS-DOWN', '160')).errors).toBeUndefined();
    expect((await save('PS-DOWN', '140')).errors).toBeUndefined();
    expect(codeOf(await save('PS-DOWN', '139'))).toBe('MPAPI_PRICE_DIFFERENCE_VALIDATION');
  });

  it("leaves out a campaign's prices and what is older than 30 days", async () => {
    // 80 for a while in these days, then 100 again; 105 is +31 % from 80. As a campaign's price, 80 is not the
    // seller's and 105 passes; as the seller's own, it asks.
    for (const [id, source] of [
      ['PS-CAMP', 'CAMPAIGN'],
      ['PS-OWN', 'PORTAL'],
    ] as const) {
      await create(id, '100');
      await sql(
        `insert into price_history (partner_id, product_id, variant_id, price, previous_price, source)
         values ($1, $2, null, 80, 100, $3), ($1, $2, null, 100, 80, $3)`,
        [cz, id, source],
      );
    }
    expect((await save('PS-CAMP', '105')).errors).toBeUndefined();
    expect(codeOf(await save('PS-OWN', '105'))).toBe('MPAPI_PRICE_DIFFERENCE_VALIDATION');

    // 100, then 125 five days later; 150 is +20 % from 125 and +50 % from 100.
    async function stepped(id: string, daysAgo: number) {
      await server.database.db
        .insert(products)
        .values({ partnerId: cz, id, title: id, productType: 'T-shirt', price: 100 });
      await sql(`update products set price = 125 where partner_id = $1 and id = $2`, [cz, id]);
      await sql(
        `update price_history set changed_at = now() - make_interval(days => case when price = 100 then $3::int else $3::int - 5 end)
         where partner_id = $1 and product_id = $2`,
        [cz, id, daysAgo],
      );
    }
    // Forty days ago: the 30 days know only 125 (in effect when they began), so 150 passes...
    await stepped('PS-OLD', 40);
    expect((await save('PS-OLD', '150')).errors).toBeUndefined();
    // ...twenty days ago: the low of 100 is inside them, and 150 asks.
    await stepped('PS-NEW', 20);
    expect(codeOf(await save('PS-NEW', '150'))).toBe('MPAPI_PRICE_DIFFERENCE_VALIDATION');
  });

  it('holds an import that moves a price in steps, and records the confirmed change as HOLD', async () => {
    await server.database.db.insert(products).values({ partnerId: cz, id: 'PS-XML', title: 'PS-XML', price: 100 });
    const as = { token, partnerId: cz };
    const step = await importProductXml(server, as, productXml(productItem('PS-XML', '<PRICE>125</PRICE>')));
    expect(step.record).toMatchObject({ status: 'DONE', held: 0 });
    const second = await importProductXml(server, as, productXml(productItem('PS-XML', '<PRICE>150</PRICE>')));
    expect(second.record).toMatchObject({ status: 'DONE', held: 1 });
    const applied = await server.gql<{ productPriceHoldsApply: { applied: number } }>(
      'mutation($id: ID!) { productPriceHoldsApply(sourceId: $id) { applied skipped } }',
      { id: second.importId },
      as,
    );
    expect(applied.data?.productPriceHoldsApply.applied).toBe(1);
    const [last] = await sql<{ price: number; source: string }>(
      `select price::float8 as price, source from price_history where partner_id = $1 and product_id = 'PS-XML'
       order by changed_at desc, id desc limit 1`,
      [cz],
    );
    expect(last).toEqual({ price: 150, source: 'HOLD' });
  });
});
