import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_API_CLIENT_ID } from '../../seed/partner-area/api';
import { partnerIdByShop, startTestServer, type TestServer } from '../../test/harness';
import { v1Call } from '../api/rest/test-products';
import { insertTestCatalog, TEST_BRAND, TEST_CATEGORY } from '../products/test-catalog';
import { campaignToday, syncCampaignPromotions } from './promotions';

/**
 * Issue 22 point 3: the promotions and labels a campaign puts on the partner's products (CAMPAIGN source):
 * written from the accepted lines, read-only for the partner (kept by every save, never taken from one), and
 * the same price a customer pays in the REST API and the XML export, inside the campaign's days only.
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
  await insertTestCatalog(server.database);
});
afterAll(async () => server?.close());

async function sql<T>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await server.database.executeSql(text, params)).rows as T[];
}

const today = campaignToday();
function shift(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

async function campaign(from: string, to: string, status = 'PUBLISHED', labels: string[] = []): Promise<number> {
  const [row] = await sql<{ id: number }>(
    `insert into campaigns (name, status, labels, article_count_max, shops, date_from, date_to)
     values ('Test', $1, $2, 100, '{CZ10MA}', $3, $4) returning id`,
    [status, labels, from, to],
  );
  return row!.id;
}

async function join(campaignId: number, partnerId: number, productId: string, variantId: string, price: number) {
  await sql(
    `insert into campaign_products (partner_id, campaign_id, product_id, variant_id, price, import_id)
     values ($1, $2, $3, $4, $5, gen_random_uuid())`,
    [partnerId, campaignId, productId, variantId, price],
  );
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
const variants = [
  { id: 'CP-VAR-A', price: '500', parameters: {} },
  { id: 'CP-VAR-B', price: '600', parameters: {} },
];
const partnerPromotion = { price: '950', from: '2026-01-01', to: null, source: 'PARTNER' };

const CREATE = 'mutation($data: ProductInput!) { productCreate(data: $data) { id } }';
const UPDATE = 'mutation($id: ID!, $data: ProductInput!) { productUpdate(productId: $id, data: $data) { id } }';
const READ = `query($id: ID!) { product(id: $id) { id updatedAt promotions { price from to source variantId campaignId }
  labels { label from to source } } }`;

type Read = {
  product: {
    updatedAt: string;
    promotions: {
      price: number;
      from: string | null;
      to: string | null;
      source: string;
      variantId: string | null;
      campaignId: number | null;
    }[];
    labels: { label: string; from: string | null; to: string | null; source: string }[];
  } | null;
};
const read = async (id: string) => {
  const answer = await server.gql<Read>(READ, { id }, { token, partnerId: cz });
  expect(answer.errors).toBeUndefined();
  return answer.data!.product!;
};
const gql = async (query: string, variables: Record<string, unknown>) => {
  const answer = await server.gql(query, variables, { token, partnerId: cz });
  expect(answer.errors).toBeUndefined();
};

let running: number;
let upcoming: number;

describe('a campaign on the products', () => {
  it("puts each live campaign's price and labels on the products with its days, beside the partner's own", async () => {
    await gql(CREATE, { data: base('CP-ONE', { promotions: [partnerPromotion], labels: [{ label: 'NEW' }] }) });
    await gql(CREATE, { data: base('CP-VAR', { variants }) });
    // The same id at another partner: never touched by this partner's campaign.
    await sql(`insert into products (partner_id, id, title, price) values ($1, 'CP-ONE', 'Slovak', 40)`, [sk]);
    running = await campaign(today, shift(today, 6), 'PUBLISHED', ['SALE']);
    upcoming = await campaign(shift(today, 10), shift(today, 12));
    const draft = await campaign(today, shift(today, 6), 'DRAFT');
    const ended = await campaign(shift(today, -20), shift(today, -10));
    const cancelled = await campaign(today, shift(today, 6), 'CANCELLED');
    await join(running, cz, 'CP-ONE', '', 800);
    await join(running, cz, 'CP-VAR', 'CP-VAR-B', 450);
    await join(upcoming, cz, 'CP-VAR', 'CP-VAR-A', 300);
    for (const id of [draft, ended, cancelled]) await join(id, cz, 'CP-ONE', '', 10);
    await join(running, sk, 'CP-ONE', '', 30);
    const before = await read('CP-ONE');

    await syncCampaignPromotions(server.database.db, cz, ['CP-ONE', 'CP-VAR']);
    const one = await read('CP-ONE');
    expect(one.promotions).toEqual([
      { price: 950, from: '2026-01-01', to: null, source: 'PARTNER', variantId: null, campaignId: null },
      { price: 800, from: today, to: shift(today, 6), source: 'CAMPAIGN', variantId: null, campaignId: running },
    ]);
    expect(one.labels).toEqual([
      { label: 'NEW', from: null, to: null, source: 'PARTNER' },
      { label: 'SALE', from: today, to: shift(today, 6), source: 'CAMPAIGN' },
    ]);
    // A campaign is the marketplace's doing, not the seller's edit.
    expect(one.updatedAt).toBe(before.updatedAt);
    expect((await read('CP-VAR')).promotions).toEqual([
      {
        price: 450,
        from: today,
        to: shift(today, 6),
        source: 'CAMPAIGN',
        variantId: 'CP-VAR-B',
        campaignId: running,
      },
      {
        price: 300,
        from: shift(today, 10),
        to: shift(today, 12),
        source: 'CAMPAIGN',
        variantId: 'CP-VAR-A',
        campaignId: upcoming,
      },
    ]);
    expect(await sql(`select promotions from products where partner_id = $1 and id = 'CP-ONE'`, [sk])).toEqual([
      { promotions: [] },
    ]);

    // Again: nothing changes; and once the lines are gone, so are the campaign's entries (the partner's stay).
    await syncCampaignPromotions(server.database.db, cz, ['CP-ONE']);
    expect((await read('CP-ONE')).promotions).toEqual(one.promotions);
    await sql(`update campaigns set status = 'CANCELLED' where id = $1`, [running]);
    await syncCampaignPromotions(server.database.db, cz, ['CP-ONE']);
    expect((await read('CP-ONE')).promotions.map((p) => p.source)).toEqual(['PARTNER']);
    expect((await read('CP-ONE')).labels.map((l) => l.source)).toEqual(['PARTNER']);
    await sql(`update campaigns set status = 'PUBLISHED' where id = $1`, [running]);
    await syncCampaignPromotions(server.database.db, cz, ['CP-ONE']);
    expect((await read('CP-ONE')).promotions).toEqual(one.promotions);
  });

  it("keeps the campaign's entries when the partner saves, and takes none from the partner", async () => {
    const fake = { price: '1', from: null, to: null, source: 'CAMPAIGN' };
    await gql(UPDATE, {
      id: 'CP-ONE',
      data: base('CP-ONE', { promotions: [{ ...partnerPromotion, price: '940' }, fake], labels: [] }),
    });
    const one = await read('CP-ONE');
    expect(one.promotions.map((p) => [p.price, p.source, p.campaignId])).toEqual([
      [940, 'PARTNER', null],
      [800, 'CAMPAIGN', running],
    ]);
    expect(one.labels.map((l) => [l.label, l.source])).toEqual([['SALE', 'CAMPAIGN']]);
    // The form writes every variant again: a variant's campaign price stays.
    await gql(UPDATE, { id: 'CP-VAR', data: base('CP-VAR', { variants, promotions: [fake] }) });
    expect((await read('CP-VAR')).promotions.map((p) => [p.variantId, p.price])).toEqual([
      ['CP-VAR-B', 450],
      ['CP-VAR-A', 300],
    ]);

    // The REST API: a campaign entry sent back (as a GET gave it) is ignored.
    const put = await v1Call(server, 'PUT', '/v1/products/CP-ONE', DEMO_API_CLIENT_ID, {
      promotions: [
        { price: 930, from: '2026-01-01 00:00:00', to: null, source: 'partner' },
        { price: 5, from: null, to: null, source: 'campaign' },
      ],
      labels: [{ label: 'SALE', from: null, to: null, source: 'campaign' }],
    });
    expect(put.statusCode, put.payload).toBe(200);
    const after = await read('CP-ONE');
    expect(after.promotions.map((p) => [p.price, p.source])).toEqual([
      [930, 'PARTNER'],
      [800, 'CAMPAIGN'],
    ]);
    expect(after.labels.map((l) => [l.label, l.source, l.from])).toEqual([['SALE', 'CAMPAIGN', today]]);
  });

  it('shows the price a customer pays in the REST API and the XML export, inside the days only', async () => {
    const one = (await v1Call(server, 'GET', '/v1/products/CP-ONE', DEMO_API_CLIENT_ID)).json().data;
    expect(one.price).toBe(1000);
    expect(one.effective_price).toBe(800);
    expect(one.promotions).toEqual([
      { price: 930, from: '2026-01-01 00:00:00', to: null, source: 'partner' },
      { price: 800, from: `${today} 00:00:00`, to: `${shift(today, 6)} 00:00:00`, source: 'campaign' },
    ]);
    const product = (await v1Call(server, 'GET', '/v1/products/CP-VAR', DEMO_API_CLIENT_ID)).json().data;
    expect(product.promotions).toEqual([]);
    expect(product.effective_price).toBe(1000);
    const [a, b] = product.variants;
    // B's campaign runs today; A's starts in ten days: listed, not yet applied.
    expect([b.id, b.price, b.effective_price, b.promotions.map((p: { price: number }) => p.price)]).toEqual([
      'CP-VAR-B',
      600,
      450,
      [450],
    ]);
    expect([a.id, a.price, a.effective_price, a.promotions.map((p: { price: number }) => p.price)]).toEqual([
      'CP-VAR-A',
      500,
      500,
      [300],
    ]);
    const variant = (await v1Call(server, 'GET', '/v1/products/CP-VAR/variants/CP-VAR-B', DEMO_API_CLIENT_ID)).json();
    expect(variant.data.effective_price).toBe(450);

    const file = (
      await server.app.app.inject({
        method: 'GET',
        url: '/portal/export/partner-products',
        headers: { authorization: `Bearer ${token}`, 'x-partner-id': String(cz), 'accept-language': 'en' },
      })
    ).payload;
    const line = (id: string) => file.split('\n').find((l) => l.startsWith(`<ITEM><ID>${id}</ID>`)) ?? '';
    expect(line('CP-ONE')).toContain('<PROMOTION><PRICE>800</PRICE>');
    expect(line('CP-ONE')).toContain('<SOURCE>CAMPAIGN</SOURCE></PROMOTION><EFFECTIVE_PRICE>800</EFFECTIVE_PRICE>');
    expect(line('CP-VAR')).toMatch(/<ID>CP-VAR-A<\/ID>.*<SOURCE>CAMPAIGN<\/SOURCE><\/PROMOTION><EFFECTIVE_PRICE>500</);
    expect(line('CP-VAR')).toMatch(/<ID>CP-VAR-B<\/ID>.*<EFFECTIVE_PRICE>450<\/EFFECTIVE_PRICE><\/VARIANT>/);

    // The day after the campaign's last, before the schedule took its entry off: listed, no longer applied.
    await sql(`update campaigns set date_from = $2, date_to = $3 where id = $1`, [
      running,
      shift(today, -8),
      shift(today, -1),
    ]);
    await syncCampaignPromotions(server.database.db, cz, ['CP-ONE', 'CP-VAR'], shift(today, -1));
    const after = (await v1Call(server, 'GET', '/v1/products/CP-ONE', DEMO_API_CLIENT_ID)).json().data;
    expect(after.promotions.map((p: { price: number; source: string }) => [p.price, p.source])).toEqual([
      [930, 'partner'],
      [800, 'campaign'],
    ]);
    expect(after.effective_price).toBe(930);
    const fileAfter = (
      await server.app.app.inject({
        method: 'GET',
        url: '/portal/export/partner-products',
        headers: { authorization: `Bearer ${token}`, 'x-partner-id': String(cz), 'accept-language': 'en' },
      })
    ).payload;
    expect(fileAfter).toMatch(/<ITEM><ID>CP-ONE<\/ID>.*<EFFECTIVE_PRICE>930<\/EFFECTIVE_PRICE>/);
    expect(fileAfter).toMatch(/<ID>CP-VAR-B<\/ID>.*<EFFECTIVE_PRICE>600<\/EFFECTIVE_PRICE><\/VARIANT>/);
    // Ended: the entries leave the products.
    await syncCampaignPromotions(server.database.db, cz, ['CP-ONE', 'CP-VAR']);
    const synced = (await v1Call(server, 'GET', '/v1/products/CP-ONE', DEMO_API_CLIENT_ID)).json().data;
    expect(synced.promotions.map((p: { source: string }) => p.source)).toEqual(['partner']);
  });
});
