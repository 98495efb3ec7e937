import { apiDayOf } from '@pp/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_API_CLIENT_ID } from '../../seed/partner-area/api';
import { DEMO_SANDBOX_CLIENT_ID } from '../../seed/partner-area/sandbox';
import { codeOf, partnerIdByShop, startTestServer, type TestServer } from '../../test/harness';
import { auditLog } from '../../platform/audit/tables';
import { orders } from '../orders/tables';
import { partners } from '../partner/tables';
import { products } from '../products/tables';
import { spareSeller, v1Get } from './rest/test-v1';
import { SANDBOX_ORDER_ID_BASE, sandboxOrderId } from './sandbox-data';
import { apiTiers, apiUsageDaily, partnerApiTiers } from './tables';

let server: TestServer;
let cz: number;
let czSandbox: number;
let adminToken: string;

const TEST_ORDER_ID_BASE = 9_000_000_000_000;
const CREATE = 'mutation($email: String!) { createSandboxAccount(email: $email) { secret account { id } } }';

const get = (path: string, clientId: string, lang = 'en') => v1Get(server.app, path, clientId, { lang });
const put = (path: string, clientId: string, body: unknown) =>
  server.app.app.inject({
    method: 'PUT',
    url: `${path}?client_id=${encodeURIComponent(clientId)}`,
    headers: { 'content-type': 'application/json', 'accept-language': 'en' },
    payload: JSON.stringify(body),
  });

/** Every order id a client's /v1/orders answers (basic form, whole book: the books here are small or filtered). */
async function orderIds(clientId: string, query = ''): Promise<number[]> {
  const answer = await get(`/v1/orders?filter=basic&page_size=500${query}`, clientId);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().data.map((o: { id: number | string }) => Number(o.id));
}

async function sandboxIdOf(livePartnerId: number): Promise<number | null> {
  const [row] = await server.database.db
    .select({ id: partners.id })
    .from(partners)
    .where(eq(partners.sandboxOf, livePartnerId));
  return row?.id ?? null;
}

async function usage(partnerId: number, domain: string): Promise<number> {
  const [row] = await server.database.db
    .select({ used: apiUsageDaily.usedRequests })
    .from(apiUsageDaily)
    .where(
      and(
        eq(apiUsageDaily.partnerId, partnerId),
        eq(apiUsageDaily.day, apiDayOf(new Date())),
        eq(apiUsageDaily.domain, domain),
      ),
    );
  return row?.used ?? 0;
}

/** A sandbox account issued through the portal's own mutation by the partner's master; answers its client_id. */
async function issueSandbox(email: string, partnerId: number, address: string) {
  const { token } = await server.login(email);
  const result = await server.gql<{ createSandboxAccount: { secret: string; account: { id: string } } }>(
    CREATE,
    { email: address },
    { token, partnerId },
  );
  if (!result.data) throw new Error(JSON.stringify(result.errors));
  return { clientId: result.data.createSandboxAccount.secret, id: result.data.createSandboxAccount.account.id, token };
}

beforeAll(async () => {
  server = await startTestServer();
  cz = await partnerIdByShop(server.database, '100001');
  czSandbox = (await sandboxIdOf(cz))!;
  adminToken = (await server.login('admin@demo.test')).token;
});
afterAll(async () => server?.close());

describe('the sandbox a sandbox client id opens', () => {
  it('answers the demo sandbox client id with the shop’s test orders only, unconfirmed open ones among them', async () => {
    expect(czSandbox).toEqual(expect.any(Number));
    const ids = await orderIds(DEMO_SANDBOX_CLIENT_ID);
    expect(ids.length).toBe(5);
    for (const id of ids) {
      expect(id).toBeGreaterThanOrEqual(SANDBOX_ORDER_ID_BASE);
      expect(id).toBeLessThan(TEST_ORDER_ID_BASE);
    }
    const unconfirmed = await get('/v1/orders?filter=basic&confirmed=eq:false', DEMO_SANDBOX_CLIENT_ID);
    const open = unconfirmed.json().data as { status: string; confirmed: boolean }[];
    expect(open.length).toBe(2);
    expect(open.every((o) => o.status === 'open' && o.confirmed === false)).toBe(true);
    // The same shop as the live client id: an integration sees its own market in the sandbox.
    const shops = (await get('/v1/shops', DEMO_SANDBOX_CLIENT_ID)).json().data;
    expect(shops).toEqual((await get('/v1/shops', DEMO_API_CLIENT_ID)).json().data);
  });

  it('never shows sandbox data to the live client id, nor live data to the sandbox one', async () => {
    const live = await orderIds(DEMO_API_CLIENT_ID, `&id=ge:${SANDBOX_ORDER_ID_BASE}`);
    expect(live).toEqual([]);
    expect((await orderIds(DEMO_API_CLIENT_ID)).length).toBeGreaterThan(5);
    expect(await orderIds(DEMO_SANDBOX_CLIENT_ID, `&id=lt:${SANDBOX_ORDER_ID_BASE}`)).toEqual([]);

    const [liveProduct] = await server.database.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.partnerId, cz))
      .limit(1);
    const hidden = await get(`/v1/products/${liveProduct!.id}/availability`, DEMO_SANDBOX_CLIENT_ID);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().errorCodes[0].errorCode).toBe('PRODUCT_NOT_FOUND');
    expect((await get('/v1/products/SANDBOX-1/availability', DEMO_API_CLIENT_ID)).statusCode).toBe(404);
    const own = await get('/v1/products/SANDBOX-1/availability', DEMO_SANDBOX_CLIENT_ID);
    expect(own.statusCode).toBe(200);
    expect(own.json().data).toEqual({ status: 'A', in_stock: expect.any(Number) });
  });

  it('changes only sandbox data', async () => {
    const stockOf = async (partnerId: number) =>
      (
        await server.database.db
          .select({ id: products.id, inStock: products.inStock })
          .from(products)
          .where(eq(products.partnerId, partnerId))
      ).sort((a, b) => a.id.localeCompare(b.id));
    const liveBefore = await stockOf(cz);
    const changed = await put('/v1/products/SANDBOX-2/availability', DEMO_SANDBOX_CLIENT_ID, { in_stock: 777 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toEqual({ status: 'A', in_stock: 777 });
    expect((await stockOf(czSandbox)).find((p) => p.id === 'SANDBOX-2')?.inStock).toBe(777);
    // A live product's id names nothing in the sandbox: refused, and the live catalogue is as it was.
    const refused = await put(`/v1/products/${liveBefore[0]!.id}/availability`, DEMO_SANDBOX_CLIENT_ID, {
      in_stock: 1,
    });
    expect(refused.statusCode).toBe(404);
    expect(await stockOf(cz)).toEqual(liveBefore);
  });

  it('serves the whole API on sandbox data: products and order changes stay in the sandbox', async () => {
    const sandboxProducts = await get('/v1/products?page_size=500', DEMO_SANDBOX_CLIENT_ID);
    expect(sandboxProducts.statusCode, sandboxProducts.body).toBe(200);
    expect([...sandboxProducts.json().data].sort()).toEqual([
      'SANDBOX-1',
      'SANDBOX-2',
      'SANDBOX-3',
      'SANDBOX-4',
      'SANDBOX-5',
    ]);
    // Each generated product reads as a whole product of the shop's tree, ready to be edited by the API.
    for (const id of sandboxProducts.json().data as string[]) {
      const detail = await get(`/v1/products/${id}`, DEMO_SANDBOX_CLIENT_ID);
      expect(detail.statusCode, detail.body).toBe(200);
      expect(detail.json().data).toMatchObject({ id, category_id: expect.any(String), package_size: 'smallbox' });
    }
    // …and deliverable: the delivery checks find nothing to say about the sandbox's catalogue.
    const checks = await get('/v1/checks/deliveries', DEMO_SANDBOX_CLIENT_ID);
    expect(checks.statusCode).toBe(200);
    expect(checks.json().data).toEqual([]);
    const liveProducts: string[] = (await get('/v1/products?page_size=500', DEMO_API_CLIENT_ID)).json().data;
    expect(liveProducts.length).toBeGreaterThan(5);
    expect(liveProducts.filter((id) => id.startsWith('SANDBOX-'))).toEqual([]);

    const unconfirmed = await get('/v1/orders/unconfirmed', DEMO_SANDBOX_CLIENT_ID);
    expect(unconfirmed.statusCode, unconfirmed.body).toBe(200);
    expect(unconfirmed.json().data).toHaveLength(2);

    // The open confirmed order (the third generated) goes to shipping through the portal's own order rules.
    const open = sandboxOrderId(czSandbox, 3);
    const shipping = await put(`/v1/orders/${open}`, DEMO_SANDBOX_CLIENT_ID, { status: 'shipping' });
    expect(shipping.statusCode, shipping.body).toBe(200);
    expect(shipping.json().data.status).toBe('shipping');
    const [stored] = await server.database.db
      .select({ status: orders.status })
      .from(orders)
      .where(and(eq(orders.partnerId, czSandbox), eq(orders.id, open)));
    expect(stored!.status).toBe('shipping');
    // The live client id does not know the sandbox's order, and the sandbox does not know the shop's.
    expect((await get(`/v1/orders/${open}`, DEMO_API_CLIENT_ID)).statusCode).toBe(404);
    const [liveOrder] = await server.database.db
      .select({ id: orders.id, status: orders.status })
      .from(orders)
      .where(and(eq(orders.partnerId, cz), eq(orders.status, 'open'), eq(orders.confirmed, true)))
      .limit(1);
    const refused = await put(`/v1/orders/${liveOrder!.id}`, DEMO_SANDBOX_CLIENT_ID, { status: 'shipping' });
    expect(refused.statusCode).toBe(404);
    const [after] = await server.database.db
      .select({ status: orders.status })
      .from(orders)
      .where(and(eq(orders.partnerId, cz), eq(orders.id, liveOrder!.id)));
    expect(after!.status).toBe(liveOrder!.status);
  });

  it('counts sandbox calls against the sandbox’s own limits, never the live partner’s', async () => {
    await server.app.apiV1.quota.flush(true);
    const liveBefore = await usage(cz, 'other');
    const sandboxBefore = await usage(czSandbox, 'other');
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await get('/v1/brands', DEMO_SANDBOX_CLIENT_ID));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    // The sandbox has no tier of its own: Basic's "other" limit, not the live shop's Standard 10,000.
    const [basic] = await server.database.db.select().from(apiTiers).where(eq(apiTiers.name, 'Basic'));
    expect(Number(answers[2]!.headers['x-ratelimit-limit'])).toBe(basic!.otherLimit);
    expect(Number((await get('/v1/brands', DEMO_API_CLIENT_ID)).headers['x-ratelimit-limit'])).toBe(10_000);
    await server.app.apiV1.quota.flush(true);
    expect(await usage(czSandbox, 'other')).toBe(sandboxBefore + 3);
    expect(await usage(cz, 'other')).toBe(liveBefore + 1);

    // A sandbox past its limit is refused; the live shop goes on.
    const [tiny] = await server.database.db
      .insert(apiTiers)
      .values({ name: 'Sandbox tiny', productsLimit: 1, availabilityLimit: 1, ordersLimit: 1, otherLimit: 1 })
      .returning();
    await server.database.db.insert(partnerApiTiers).values({ partnerId: czSandbox, tierId: tiny!.id });
    await server.app.apiV1.quota.flush(true);
    const limited = await get('/v1/labels', DEMO_SANDBOX_CLIENT_ID);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().result.status).toBe('LIMITED');
    expect((await get('/v1/labels', DEMO_API_CLIENT_ID)).statusCode).toBe(200);
    await server.database.db.delete(partnerApiTiers).where(eq(partnerApiTiers.partnerId, czSandbox));
    await server.app.apiV1.quota.flush(true);
  });
});

describe('sandbox accounts as client ids', () => {
  it('opens a partner’s own sandbox, made with its first sandbox account, and no other partner’s', async () => {
    const seller = await spareSeller(server, 0);
    expect(await sandboxIdOf(seller.id)).toBeNull();
    const first = await issueSandbox(seller.email, seller.id, 'dev@seller.test');
    const sandbox = await sandboxIdOf(seller.id);
    expect(sandbox).toEqual(expect.any(Number));
    expect(sandbox).not.toBe(czSandbox);
    const ids = await orderIds(first.clientId);
    expect(ids.length).toBe(5);
    const own = SANDBOX_ORDER_ID_BASE + sandbox! * 1_000;
    expect(ids.every((id) => id > own && id < own + 1_000)).toBe(true);
    const czIds = await orderIds(DEMO_SANDBOX_CLIENT_ID);
    expect(ids.filter((id) => czIds.includes(id))).toEqual([]);
    // A second account opens the same sandbox.
    const second = await issueSandbox(seller.email, seller.id, 'qa@seller.test');
    expect(await sandboxIdOf(seller.id)).toBe(sandbox);
    expect((await orderIds(second.clientId)).sort()).toEqual([...ids].sort());
  });

  it('closes a deleted account, an old secret and a deactivated partner’s sandbox on the very next call', async () => {
    const seller = await spareSeller(server, 1);
    const { clientId, id, token } = await issueSandbox(seller.email, seller.id, 'tester@seller.test');
    expect((await get('/v1/shops', clientId)).statusCode).toBe(200);

    const reset = await server.gql<{ resetSandboxSecret: { secret: string } }>(
      'mutation($id: ID!) { resetSandboxSecret(id: $id) { secret } }',
      { id },
      { token, partnerId: seller.id },
    );
    const renewed = reset.data!.resetSandboxSecret.secret;
    const old = await get('/v1/shops', clientId, 'cs');
    expect(old.statusCode).toBe(401);
    expect(old.json().errorCodes[0].errorCode).toBe('API_CLIENT_INVALID');
    expect((await get('/v1/shops', renewed)).statusCode).toBe(200);

    await server.database.db.update(partners).set({ workflowStatus: 'DEACTIVATED' }).where(eq(partners.id, seller.id));
    expect((await get('/v1/shops', renewed)).statusCode).toBe(401);
    await server.database.db.update(partners).set({ workflowStatus: 'PRODUCTION' }).where(eq(partners.id, seller.id));
    expect((await get('/v1/shops', renewed)).statusCode).toBe(200);

    const deleted = await server.gql(
      'mutation($id: ID!) { deleteSandboxAccount(id: $id) }',
      { id },
      { token, partnerId: seller.id },
    );
    expect(deleted.errors).toBeUndefined();
    const gone = await get('/v1/shops', renewed);
    expect(gone.statusCode).toBe(401);
    expect(gone.headers['x-ratelimit-limit']).toBeUndefined();
  });
});

describe('resetting a sandbox', () => {
  const RESET = 'mutation { resetSandbox }';

  it('gives the partner’s sandbox its starting data again, and touches no other sandbox or the limits', async () => {
    const seller = await spareSeller(server, 2);
    const other = await issueSandbox(seller.email, seller.id, 'other@seller.test');
    const { token } = await server.login('partner@demo.test');
    // The integration changed the sandbox: stock set, both unconfirmed orders confirmed (as the marketplace would).
    expect((await put('/v1/products/SANDBOX-1/availability', DEMO_SANDBOX_CLIENT_ID, { in_stock: 3 })).statusCode).toBe(
      200,
    );
    expect((await put('/v1/products/SANDBOX-1/availability', other.clientId, { in_stock: 4 })).statusCode).toBe(200);
    await server.database.db.update(orders).set({ confirmed: true }).where(eq(orders.partnerId, czSandbox));
    expect((await get('/v1/orders?filter=basic&confirmed=eq:false', DEMO_SANDBOX_CLIENT_ID)).json().data).toEqual([]);
    await server.app.apiV1.quota.flush(true);
    const counted = await usage(czSandbox, 'availability');
    expect(counted).toBeGreaterThan(0);

    const limited = await server.gql(
      RESET,
      {},
      { token: (await server.login('colleague@demo.test')).token, partnerId: cz },
    );
    expect(codeOf(limited)).toBe('ACCESS_DENIED');
    const reset = await server.gql<{ resetSandbox: boolean }>(RESET, {}, { token, partnerId: cz });
    expect(reset.errors).toBeUndefined();
    expect(reset.data!.resetSandbox).toBe(true);

    expect((await get('/v1/products/SANDBOX-1/availability', DEMO_SANDBOX_CLIENT_ID)).json().data.in_stock).toBe(10);
    expect((await get('/v1/products/SANDBOX-2/availability', DEMO_SANDBOX_CLIENT_ID)).json().data.in_stock).toBe(15);
    expect((await get('/v1/orders?filter=basic&confirmed=eq:false', DEMO_SANDBOX_CLIENT_ID)).json().data).toHaveLength(
      2,
    );
    expect(await orderIds(DEMO_SANDBOX_CLIENT_ID)).toHaveLength(5);
    // Same sandbox, same client id; another partner's sandbox and the day's count are as they were.
    expect(await sandboxIdOf(cz)).toBe(czSandbox);
    expect((await get('/v1/products/SANDBOX-1/availability', other.clientId)).json().data.in_stock).toBe(4);
    await server.app.apiV1.quota.flush(true);
    expect(await usage(czSandbox, 'availability')).toBeGreaterThanOrEqual(counted);
    const audits = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'api.sandbox.reset'), eq(auditLog.partnerId, cz)));
    expect(audits.map((a) => a.entityId)).toEqual([String(czSandbox)]);
  });
});

describe('a sandbox is no partner to people or operators', () => {
  const COCKPIT = 'query($g: GridInput) { cockpitPartners(grid: $g) { total items { id partnerName shopId } } }';
  const LIMITS = 'query($g: GridInput) { cockpitApiLimits(grid: $g) { total items { id partnerName } } }';
  type Page = { total: number; items: { id: string; partnerName: string }[] };

  it('is not in the cockpit’s partner grid, its onboarding queue or its search', async () => {
    const cockpit = (g: Record<string, unknown>) =>
      server.gql<{ cockpitPartners: Page }>(COCKPIT, { g }, { token: adminToken });
    const byId = await cockpit({ filters: [{ field: 'id', operator: 'EQUAL', value: String(czSandbox) }] });
    expect(byId.errors).toBeUndefined();
    expect(byId.data!.cockpitPartners.items).toEqual([]);
    const search = await cockpit({ search: 'sandbox', perPage: 500 });
    expect(search.data!.cockpitPartners.items).toEqual([]);
    const onboarding = await cockpit({
      filters: [{ field: 'onboarding', operator: 'EQUAL', value: 'false' }],
      perPage: 500,
    });
    expect(onboarding.data!.cockpitPartners.items.map((r) => Number(r.id))).not.toContain(czSandbox);
    // The total counts real partners only: every partner row of the shop but its sandboxes.
    const { rows } = await server.database.executeSql(
      `select count(*)::int as n, count(*) filter (where sandbox_of is not null)::int as sandboxes
       from partners where shop_id = 'CZ10MA'`,
    );
    const counts = rows[0] as { n: number; sandboxes: number };
    expect(counts.sandboxes).toBeGreaterThan(0);
    const czech = await cockpit({ perPage: 1, filters: [{ field: 'shopId', operator: 'IN', values: ['CZ10MA'] }] });
    expect(czech.errors).toBeUndefined();
    expect(czech.data!.cockpitPartners.total).toBe(counts.n - counts.sandboxes);
  });

  it('is not in the cockpit’s API limits grid', async () => {
    const limits = (g: Record<string, unknown>) =>
      server.gql<{ cockpitApiLimits: Page }>(LIMITS, { g }, { token: adminToken });
    const byId = await limits({ filters: [{ field: 'id', operator: 'EQUAL', value: String(czSandbox) }] });
    expect(byId.errors).toBeUndefined();
    expect(byId.data!.cockpitApiLimits.items).toEqual([]);
    const byTier = await limits({ sort: { field: 'tierName', direction: 'ASCENDING' }, perPage: 500 });
    expect(byTier.data!.cockpitApiLimits.items.map((r) => Number(r.id))).not.toContain(czSandbox);
    const live = await limits({ filters: [{ field: 'id', operator: 'EQUAL', value: String(cz) }] });
    expect(live.data!.cockpitApiLimits.items.map((r) => Number(r.id))).toEqual([cz]);
  });

  it('cannot be entered by an operator’s remote login, nor chosen by the partner’s people', async () => {
    const link = await server.gql(
      'mutation($p: ID!) { cockpitRemoteLoginLink(partnerId: $p) }',
      { p: czSandbox },
      { token: adminToken },
    );
    expect(codeOf(link)).toBe('ENTITY_NOT_FOUND');

    const { token } = await server.login('partner@demo.test');
    const session = await server.gql<{ session: { partners: { id: string }[] } }>(
      '{ session { partners { id } } }',
      {},
      { token },
    );
    const reachable = session.data!.session.partners.map((p) => Number(p.id));
    expect(reachable).toContain(cz);
    expect(reachable).not.toContain(czSandbox);
    // Naming the sandbox as the selected partner does not select it.
    const chosen = await server.gql<{ session: { selectedPartner: { id: string } | null } }>(
      '{ session { selectedPartner { id } } }',
      {},
      { token, partnerId: czSandbox },
    );
    expect(Number(chosen.data?.session.selectedPartner?.id)).not.toBe(czSandbox);
  });
});
