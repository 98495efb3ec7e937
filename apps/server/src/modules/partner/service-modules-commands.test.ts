import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_API_CLIENT_ID } from '../../seed/partner-area/api';
import { codeOf, partnerIdByShop, startTestServer, type TestServer } from '../../test/harness';
import { v1Get } from '../api/rest/test-v1';
import { mallDeliveryConfigs, mallDeliveryRequests } from '../deliveries/mall/tables';
import { runFeed } from '../feeds/runs';
import { feedRuns, feeds } from '../feeds/tables';
import { insertTestCatalog, TEST_BRAND, TEST_CATEGORY } from '../products/test-catalog';
import { importProductXml, productItem, productXml } from '../products/test-import';
import { partnerAddresses, partnerContacts, partners } from './tables';

/**
 * The two modules that take no whole resource away (availability, marketplace delivery): switched off, each
 * refuses its own commands by every path with ACCESS_DENIED and writes nothing; reads go on; other partners
 * are untouched.
 */

let server: TestServer;
let cz: number;
let sk: number;
let pl: number;
let admin: string;
let partner: string;
let multi: string;
let skProduct: string;

const SET = `mutation($p: ID!, $m: String!, $e: Boolean!) {
  cockpitSetServiceModule(partnerId: $p, module: $m, enabled: $e) { module enabled } }`;
const CREATE = 'mutation($data: ProductInput!) { productCreate(data: $data) { id inStock } }';
const UPDATE = `mutation($id: ID!, $data: ProductInput!) {
  productUpdate(productId: $id, data: $data) { id line inStock } }`;
const BATCH = `mutation($ids: [ID!]!, $f: String!, $v: JSON) {
  productsBatchApply(ids: $ids, field: $f, value: $v) { jobId } }`;
const ENQUEUE = 'mutation($type: FeedType!) { mallFeedEnqueue(type: $type) { id status } }';
const VIEW = '{ mallDelivery { state readiness } }';
const REQUEST = 'mutation { mallDeliveryRequest { state } }';
const SPECTRUM = `mutation($input: SpectrumConfigInput!) { spectrumConfigUpdate(input: $input) { state } }`;
const METHOD_MALL = `mutation($id: ID!, $input: DeliveryMallInput!) {
  deliveryMallUpdate(id: $id, input: $input) { id } }`;

const asCz = () => ({ token: partner, partnerId: cz });
const asSk = () => ({ token: multi, partnerId: sk });

async function setModule(partnerId: number, module: string, enabled: boolean) {
  const result = await server.gql(SET, { p: partnerId, m: module, e: enabled }, { token: admin });
  expect(result.errors).toBeUndefined();
}

const product = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  productType: 'T-shirt',
  line: 'Basic',
  brandId: TEST_BRAND.id,
  categoryId: TEST_CATEGORY.leaf,
  price: '1 000',
  vat: '21',
  inStock: 10,
  deliveryDelay: 2,
  parameters: { COLOR: 'red' },
  ...extra,
});

const putStock = (id: string, inStock: number) =>
  v1Get(server.app, `/v1/products/${id}/availability`, DEMO_API_CLIENT_ID, {
    method: 'PUT',
    body: JSON.stringify({ in_stock: inStock }),
  });

async function stockOf(partnerId: number, id: string): Promise<number> {
  const { rows } = await server.database.executeSql('select in_stock from products where partner_id = $1 and id = $2', [
    partnerId,
    id,
  ]);
  return Number((rows[0] as { in_stock: number }).in_stock);
}

beforeAll(async () => {
  server = await startTestServer();
  cz = await partnerIdByShop(server.database, '100001');
  sk = await partnerIdByShop(server.database, '100002');
  pl = await partnerIdByShop(server.database, '100003');
  admin = (await server.login('admin@demo.test')).token;
  partner = (await server.login('partner@demo.test')).token;
  multi = (await server.login('multi@demo.test')).token;
  await insertTestCatalog(server.database);
  const created = await server.gql(CREATE, { data: product('SMC-1') }, asCz());
  expect(created.errors).toBeUndefined();
  const { rows } = await server.database.executeSql('select id from products where partner_id = $1 limit 1', [sk]);
  skProduct = (rows[0] as { id: string }).id;
});
afterAll(async () => server?.close());

describe('the availability module switched off', () => {
  it('refuses stock changes by the API and the portal, writes nothing, still reads; on again, writes', async () => {
    await setModule(cz, 'availability', false);
    try {
      const refused = await putStock('SMC-1', 3);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().errorCodes[0].errorCode).toBe('ACCESS_DENIED');
      const batch = await v1Get(server.app, '/v1/availability', DEMO_API_CLIENT_ID, {
        method: 'POST',
        body: JSON.stringify([{ id: 'SMC-1', in_stock: 4 }]),
      });
      expect(batch.statusCode).toBe(403);
      expect(codeOf(await server.gql(BATCH, { ids: ['SMC-1'], f: 'inStock', v: 5 }, asCz()))).toBe('ACCESS_DENIED');
      expect(codeOf(await server.gql(UPDATE, { id: 'SMC-1', data: product('SMC-1', { inStock: 6 }) }, asCz()))).toBe(
        'ACCESS_DENIED',
      );
      // A new product comes without stock, or not at all.
      expect(codeOf(await server.gql(CREATE, { data: product('SMC-2') }, asCz()))).toBe('ACCESS_DENIED');
      expect(await stockOf(cz, 'SMC-1')).toBe(10);

      // Reads go on, and so does the rest of the product and of the catalogue's batch changes.
      const read = await v1Get(server.app, '/v1/products/SMC-1/availability', DEMO_API_CLIENT_ID);
      expect(read.statusCode).toBe(200);
      expect(read.json().data.in_stock).toBe(10);
      const saved = await server.gql<{ productUpdate: { line: string; inStock: number } }>(
        UPDATE,
        { id: 'SMC-1', data: product('SMC-1', { line: 'Premium' }) },
        asCz(),
      );
      expect(saved.errors).toBeUndefined();
      expect(saved.data!.productUpdate).toMatchObject({ line: 'Premium', inStock: 10 });
      expect(codeOf(await server.gql(BATCH, { ids: ['SMC-1'], f: 'priority', v: 3 }, asCz()))).toBeUndefined();

      // Another partner's stock is its own affair.
      expect(codeOf(await server.gql(BATCH, { ids: [skProduct], f: 'inStock', v: 7 }, asSk()))).toBeUndefined();
    } finally {
      await setModule(cz, 'availability', true);
    }
    const written = await putStock('SMC-1', 3);
    expect(written.statusCode).toBe(200);
    expect(written.json().data.in_stock).toBe(3);
    const saved = await server.gql(UPDATE, { id: 'SMC-1', data: product('SMC-1', { inStock: 6 }) }, asCz());
    expect(saved.errors).toBeUndefined();
    expect(await stockOf(cz, 'SMC-1')).toBe(6);
  });

  it('lets a product file change everything but stock: kept where it was, none for a new product', async () => {
    const file = (stock: number) =>
      productXml(
        ...['SMC-1', 'SMC-IMP'].map((id) =>
          productItem(
            id,
            `<BRAND_ID>${TEST_BRAND.id}</BRAND_ID><CATEGORY_ID>${TEST_CATEGORY.leaf}</CATEGORY_ID><PRICE>1000</PRICE>` +
              `<VAT>21</VAT><IN_STOCK>${stock}</IN_STOCK><LINE>Imported</LINE>` +
              `<VARIANTS><VARIANT><ID>${id}-V</ID><PRICE>1000</PRICE><IN_STOCK>${stock}</IN_STOCK></VARIANT></VARIANTS>`,
          ),
        ),
      );
    const before = await stockOf(cz, 'SMC-1');
    const variantStock = async (id: string) => {
      const { rows } = await server.database.executeSql(
        'select in_stock from product_variants where partner_id = $1 and id = $2',
        [cz, id],
      );
      return Number((rows[0] as { in_stock: number }).in_stock);
    };
    await setModule(cz, 'availability', false);
    try {
      const done = await importProductXml(server, asCz(), file(99));
      expect(done.record).toMatchObject({ status: 'DONE', failed: 0 });
      expect(await stockOf(cz, 'SMC-1')).toBe(before);
      expect(await stockOf(cz, 'SMC-IMP')).toBe(0);
      expect(await variantStock('SMC-IMP-V')).toBe(0);
      const { rows } = await server.database.executeSql('select line from products where partner_id = $1 and id = $2', [
        cz,
        'SMC-1',
      ]);
      expect((rows[0] as { line: string }).line).toBe('Imported');
      // A variant keeps what it had from the import before, too.
      await server.database.executeSql('update product_variants set in_stock = 4 where partner_id = $1 and id = $2', [
        cz,
        'SMC-IMP-V',
      ]);
      await importProductXml(server, asCz(), file(98));
      expect(await variantStock('SMC-IMP-V')).toBe(4);
    } finally {
      await setModule(cz, 'availability', true);
    }
    await importProductXml(server, asCz(), file(5));
    expect(await stockOf(cz, 'SMC-IMP')).toBe(5);
    expect(await variantStock('SMC-IMP-V')).toBe(5);
  });

  it('refuses to queue an availability feed run, and fails a run queued before the switch', async () => {
    const db = server.database.db;
    const [feed] = await db
      .insert(feeds)
      .values({
        partnerId: cz,
        format: 'MALL',
        type: 'AVAILABILITY',
        url: 'https://feeds.example.com/stock.xml',
        enabled: true,
      })
      .returning({ id: feeds.id });
    const [queued] = await db
      .insert(feedRuns)
      .values({
        feedId: feed!.id,
        partnerId: cz,
        format: 'MALL',
        type: 'AVAILABILITY',
        trigger: 'MANUAL',
        status: 'QUEUED',
      })
      .returning({ id: feedRuns.id });
    await setModule(cz, 'availability', false);
    try {
      expect(codeOf(await server.gql(ENQUEUE, { type: 'AVAILABILITY' }, asCz()))).toBe('ACCESS_DENIED');
      await runFeed(server.app.platform, { runId: queued!.id, feedId: feed!.id, partnerId: cz });
      const [run] = await db
        .select({ status: feedRuns.status, errorCode: feedRuns.errorCode, startedAt: feedRuns.startedAt })
        .from(feedRuns)
        .where(and(eq(feedRuns.partnerId, cz), eq(feedRuns.id, queued!.id)));
      expect(run).toMatchObject({ status: 'FAILED', errorCode: 'ACCESS_DENIED' });
      // Only the one refused: no other run was queued for the feed.
      const all = await db.select({ id: feedRuns.id }).from(feedRuns).where(eq(feedRuns.feedId, feed!.id));
      expect(all).toHaveLength(1);
    } finally {
      await setModule(cz, 'availability', true);
    }
  });
});

/** The Slovak shop's MDP warehouse and MALL Delivery contact, as its MALL Delivery request needs them. */
async function prepareSk() {
  const db = server.database.db;
  await db.update(partners).set({ mdpStatus: 'inactive' }).where(eq(partners.id, sk));
  await db.delete(mallDeliveryRequests).where(eq(mallDeliveryRequests.partnerId, sk));
  await db.delete(mallDeliveryConfigs).where(eq(mallDeliveryConfigs.partnerId, sk));
  await db.insert(partnerAddresses).values({
    partnerId: sk,
    street: 'Diaľničná 5',
    city: 'Senec',
    state: 'SK',
    zip: '903 01',
    types: ['MDP_WAREHOUSE'],
  });
  await db.insert(partnerContacts).values({
    partnerId: sk,
    firstName: 'Peter',
    lastName: 'Kuriér',
    email: 'kurier@zahrada-demo.sk',
    phone: '+421 905 111 222',
    roles: ['MALL_DELIVERY'],
  });
}

describe('the marketplace delivery module switched off', () => {
  it("refuses the partner's MALL Delivery commands, still shows MALL Delivery; on again, allows them", async () => {
    await prepareSk();
    await setModule(sk, 'marketplaceDelivery', false);
    try {
      expect(codeOf(await server.gql(REQUEST, {}, asSk()))).toBe('ACCESS_DENIED');
      const spectrum = {
        status: 'inactive',
        labelType: 'pdf',
        collectionsEnabled: false,
        collectionsOnDemand: false,
      };
      expect(codeOf(await server.gql(SPECTRUM, { input: spectrum }, asSk()))).toBe('ACCESS_DENIED');
      // Refused before the method is even looked for (the shop has none: else DELIVERY_NOT_FOUND).
      expect(codeOf(await server.gql(METHOD_MALL, { id: '999999', input: { mdpAllowed: false } }, asSk()))).toBe(
        'ACCESS_DENIED',
      );
      const view = await server.gql<{ mallDelivery: { state: string; readiness: string[] } }>(VIEW, {}, asSk());
      expect(view.errors).toBeUndefined();
      expect(view.data!.mallDelivery).toEqual({ state: 'inactive', readiness: [] });
      const [request] = await server.database.db
        .select()
        .from(mallDeliveryRequests)
        .where(eq(mallDeliveryRequests.partnerId, sk));
      expect(request).toBeUndefined();
      // Another partner's MALL Delivery is judged by its own rules (the Polish shop lacks its warehouse).
      const polish = codeOf(await server.gql(REQUEST, {}, { token: multi, partnerId: pl }));
      expect(polish).toBeDefined();
      expect(polish).not.toBe('ACCESS_DENIED');
    } finally {
      await setModule(sk, 'marketplaceDelivery', true);
    }
    const requested = await server.gql<{ mallDeliveryRequest: { state: string } }>(REQUEST, {}, asSk());
    expect(requested.errors).toBeUndefined();
    expect(requested.data!.mallDeliveryRequest.state).toBe('requested');
  });
});
