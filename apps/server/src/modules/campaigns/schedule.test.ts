import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partnerIdByShop, startTestServer, type TestServer } from '../../test/harness';
import { lowestPrice30, priceChangedWithin, pricesChangedWithin } from '../products/price-history';
import { insertTestCatalog, TEST_BRAND, TEST_CATEGORY } from '../products/test-catalog';
import { syncCampaignPromotions } from './promotions';
import { runCampaignSchedule } from './schedule';

/**
 * Issue 22 point 3: campaigns start and end on their days. The start records each joined item's campaign
 * price in the price history (the lowest price of 30 days counts it; the 30-day retail lock does not), the
 * end records the regular price again and takes the campaign's entries off the products. Each happens once.
 */

let server: TestServer;
let cz: number;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  cz = await partnerIdByShop(server.database, '100001');
  token = (await server.login('partner@demo.test')).token;
  await insertTestCatalog(server.database);
  // The demo data's campaigns: over and done with, so that each run below counts only this file's.
  await runCampaignSchedule(server.database.db, '2099-12-31');
});
afterAll(async () => server?.close());

async function sql<T>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await server.database.executeSql(text, params)).rows as T[];
}

async function campaign(from: string, to: string, labels: string[] = []): Promise<number> {
  const [row] = await sql<{ id: number }>(
    `insert into campaigns (name, status, labels, article_count_max, shops, date_from, date_to)
     values ('Test', 'PUBLISHED', $1, 100, '{CZ10MA}', $2, $3) returning id`,
    [labels, from, to],
  );
  return row!.id;
}

async function join(campaignId: number, productId: string, variantId: string, price: number) {
  await sql(
    `insert into campaign_products (partner_id, campaign_id, product_id, variant_id, price, import_id)
     values ($1, $2, $3, $4, $5, gen_random_uuid())`,
    [cz, campaignId, productId, variantId, price],
  );
}

type HistoryRow = { variant_id: string | null; price: number; previous_price: number | null; source: string | null };
async function historyOf(productId: string): Promise<HistoryRow[]> {
  return sql<HistoryRow>(
    `select variant_id, price::float8 as price, previous_price::float8 as previous_price, source
     from price_history where partner_id = $1 and product_id = $2 order by changed_at, id`,
    [cz, productId],
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
  { id: 'SC-VAR-A', price: '500', parameters: {} },
  { id: 'SC-VAR-B', price: '600', parameters: {} },
];
const SAVE = 'mutation($data: ProductInput!) { productCreate(data: $data) { id } }';
const UPDATE = 'mutation($id: ID!, $data: ProductInput!) { productUpdate(productId: $id, data: $data) { id } }';
async function gql(query: string, variables: Record<string, unknown>) {
  const answer = await server.gql(query, variables, { token, partnerId: cz });
  expect(answer.errors).toBeUndefined();
}
async function sourcesOf(id: string): Promise<string[]> {
  const [row] = await sql<{ promotions: { source: string }[] }>(
    `select promotions from products where partner_id = $1 and id = $2`,
    [cz, id],
  );
  return row!.promotions.map((p) => p.source);
}
const run = (today: string) => runCampaignSchedule(server.database.db, today);
const HOUR = 3_600_000;

describe('the campaigns schedule', () => {
  it('starts a campaign on its first day and ends it the day after its last, each once', async () => {
    await gql(SAVE, { data: base('SC-ONE', { promotions: [{ price: '990', from: null, to: null }] }) });
    await gql(SAVE, { data: base('SC-VAR', { variants }) });
    const id = await campaign('2027-03-01', '2027-03-07', ['SALE']);
    await join(id, 'SC-ONE', '', 800);
    await join(id, 'SC-VAR', 'SC-VAR-B', 450);
    // As an accepted import leaves them: on the products with the campaign's days.
    await syncCampaignPromotions(server.database.db, cz, ['SC-ONE', 'SC-VAR'], '2027-02-20');
    expect(await sourcesOf('SC-ONE')).toEqual(['PARTNER', 'CAMPAIGN']);
    const one = await historyOf('SC-ONE');
    const variant = await historyOf('SC-VAR');

    expect(await run('2027-02-28')).toBe(0);
    expect(await historyOf('SC-ONE')).toEqual(one);

    // Two servers on the first day: one of them starts it, and the partner's live stream hears of it.
    const heard: { audience: unknown; event: unknown }[] = [];
    const stop = await server.database.listen('pp_stream', (payload) => heard.push(JSON.parse(payload)));
    expect((await Promise.all([run('2027-03-01'), run('2027-03-01')])).reduce((a, b) => a + b)).toBe(1);
    const announced = { audience: { partnerId: cz }, event: { type: 'update_campaign', data: { id } } };
    for (let i = 0; i < 50 && !heard.length; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    await stop();
    expect(heard).toEqual([announced]);
    expect((await historyOf('SC-ONE')).slice(one.length)).toEqual([
      { variant_id: null, price: 800, previous_price: 1000, source: 'CAMPAIGN' },
    ]);
    expect((await historyOf('SC-VAR')).slice(variant.length)).toEqual([
      { variant_id: 'SC-VAR-B', price: 450, previous_price: 600, source: 'CAMPAIGN' },
    ]);
    expect(await run('2027-03-02')).toBe(0);
    expect(await historyOf('SC-ONE')).toHaveLength(one.length + 1);

    // The lowest price of 30 days counts the campaign's price; the retail lock does not see a change.
    expect(await lowestPrice30(server.database.db, cz, 'SC-ONE', null)).toBe(800);
    expect(await lowestPrice30(server.database.db, cz, 'SC-VAR', 'SC-VAR-B')).toBe(450);
    const from = new Date(Date.now() - HOUR);
    const to = new Date(Date.now() + HOUR);
    expect(await priceChangedWithin(server.database.db, cz, 'SC-ONE', null, from, to)).toBe(false);
    const items = [
      { productId: 'SC-ONE', variantId: null },
      { productId: 'SC-VAR', variantId: 'SC-VAR-B' },
    ];
    expect(await pricesChangedWithin(server.database.db, cz, items, from, to)).toEqual(new Set());

    // The partner saves during the campaign (every variant written again, prices unchanged): no change
    // recorded back from the campaign's price.
    await gql(UPDATE, { id: 'SC-VAR', data: base('SC-VAR', { variants }) });
    expect(await historyOf('SC-VAR')).toHaveLength(variant.length + 1);

    expect(await run('2027-03-07')).toBe(0);
    expect(await run('2027-03-08')).toBe(1);
    expect((await historyOf('SC-ONE')).slice(one.length)).toEqual([
      { variant_id: null, price: 800, previous_price: 1000, source: 'CAMPAIGN' },
      { variant_id: null, price: 1000, previous_price: 800, source: 'CAMPAIGN' },
    ]);
    expect((await historyOf('SC-VAR')).slice(variant.length + 1)).toEqual([
      { variant_id: 'SC-VAR-B', price: 600, previous_price: 450, source: 'CAMPAIGN' },
    ]);
    // Its entries left the products; the partner's own stayed.
    expect(await sourcesOf('SC-ONE')).toEqual(['PARTNER']);
    expect(await sourcesOf('SC-VAR')).toEqual([]);
    const [row] = await sql<{ labels: unknown[] }>(
      `select labels from products where partner_id = $1 and id = 'SC-ONE'`,
      [cz],
    );
    expect(row!.labels).toEqual([]);
    expect(await run('2027-03-09')).toBe(0);
    expect(
      await sql(
        `select started_at is not null as started, ended_at is not null as ended from campaigns where id = $1`,
        [id],
      ),
    ).toEqual([{ started: true, ended: true }]);
    expect(await priceChangedWithin(server.database.db, cz, 'SC-ONE', null, from, to)).toBe(false);

    // A retail change by the seller is still one.
    await gql(UPDATE, { id: 'SC-ONE', data: base('SC-ONE', { price: '1100' }) });
    expect(await priceChangedWithin(server.database.db, cz, 'SC-ONE', null, from, new Date(Date.now() + HOUR))).toBe(
      true,
    );
  });

  it('ends a started campaign that operators cancelled, and only ends one whose days passed unstarted', async () => {
    await gql(SAVE, { data: base('SC-TWO') });
    const cancelled = await campaign('2027-04-01', '2027-04-10');
    await join(cancelled, 'SC-TWO', '', 700);
    expect(await run('2027-04-01')).toBe(1);
    await sql(`update campaigns set status = 'CANCELLED' where id = $1`, [cancelled]);
    const before = await historyOf('SC-TWO');
    expect(await run('2027-04-02')).toBe(1);
    expect((await historyOf('SC-TWO')).slice(before.length)).toEqual([
      { variant_id: null, price: 1000, previous_price: 700, source: 'CAMPAIGN' },
    ]);

    const missed = await campaign('2027-05-01', '2027-05-03');
    await join(missed, 'SC-TWO', '', 650);
    const unchanged = await historyOf('SC-TWO');
    expect(await run('2027-05-20')).toBe(1);
    expect(await historyOf('SC-TWO')).toEqual(unchanged);
    expect(
      await sql(`select started_at is null as unstarted, ended_at is not null as ended from campaigns where id = $1`, [
        missed,
      ]),
    ).toEqual([{ unstarted: true, ended: true }]);
  });
});
