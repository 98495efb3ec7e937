import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../platform/audit/tables';
import { codeOf, partnerIdByShop, startTestServer, type TestServer } from '../../test/harness';
import { revokePolicies } from '../catalog/test-fixtures';
import { apiTiers, apiUsageDaily, partnerApiTiers } from './tables';

let server: TestServer;
let cz: number;
let sk: number;
let seller: number;
let spare: number;
let czToken: string;
let sellerToken: string;
let limitedToken: string;
let adminToken: string;
let tinyTier: number;

const LIMIT = `{ apiLimit {
  tier { id name limits { domain maxRequests } }
  history { tierId tierName date }
  today { day domains { domain usedRequests maxRequests usedPercentage lastUpdatedDate } }
  yesterday { day domains { domain usedRequests maxRequests usedPercentage } }
  renewsAt timeZone } }`;
const GRID = `query($g: GridInput) { cockpitApiLimits(grid: $g) { total items {
  id sapId shopId partnerName tierId tierName workflowStatus kam farmer onboarding provider pluginProvider
  products { used max percentage } availability { used max percentage } orders { used max percentage } other { used max percentage }
} } }`;
const SET_TIER = 'mutation($p: ID!, $t: ID!) { setPartnerApiTier(partnerId: $p, tierId: $t) { id name } }';
const TIERS = '{ apiTiers { id name limits { domain maxRequests } } }';

interface Usage {
  domain: string;
  usedRequests: number;
  maxRequests: number;
  usedPercentage: number;
  lastUpdatedDate?: string | null;
}
interface Limit {
  tier: { id: string; name: string; limits: { domain: string; maxRequests: number }[] };
  history: { tierId: string; tierName: string; date: string }[];
  today: { day: string; domains: Usage[] };
  yesterday: { day: string; domains: Usage[] };
  renewsAt: string;
  timeZone: string;
}
interface GridRow {
  id: string;
  partnerName: string;
  shopId: string;
  tierName: string;
  onboarding: string | null;
  products: { used: number; max: number; percentage: number };
  availability: { used: number; max: number; percentage: number };
}

/** Generated sellers in production (some generated partners are deactivated), with their partner. */
async function sellersInProduction(): Promise<{ id: number; email: string }[]> {
  const { rows } = await server.database.executeSql(
    `select ap.partner_id as id, a.email from account_partners ap join accounts a on a.id = ap.account_id
     join partners p on p.id = ap.partner_id
     where a.email like 'seller%' and p.workflow_status = 'PRODUCTION' and p.shop_id <> 'HR10MA' order by p.id`,
  );
  return rows as { id: number; email: string }[];
}

const grid = (g: Record<string, unknown>, token = adminToken) =>
  server.gql<{ cockpitApiLimits: { total: number; items: GridRow[] } }>(GRID, { g }, { token });

beforeAll(async () => {
  server = await startTestServer();
  cz = await partnerIdByShop(server.database, '100001');
  sk = await partnerIdByShop(server.database, '100002');
  const sellers = await sellersInProduction();
  seller = sellers[0]!.id;
  spare = sellers[1]!.id;
  await revokePolicies(server.database.db, 'limited@demo.test', cz, 'apiLimit', ['read']);
  const [tiny] = await server.database.db
    .insert(apiTiers)
    .values({ name: 'Tiny', productsLimit: 5, availabilityLimit: 1, ordersLimit: 1, otherLimit: 1 })
    .returning();
  tinyTier = tiny!.id;
  czToken = (await server.login('partner@demo.test')).token;
  sellerToken = (await server.login(sellers[0]!.email)).token;
  limitedToken = (await server.login('limited@demo.test')).token;
  adminToken = (await server.login('admin@demo.test')).token;
});
afterAll(async () => server?.close());

describe('the daily limit of the partner REST API', () => {
  it('renews at midnight in Prague, not in UTC, in winter and in summer, and says when in its reset', async () => {
    // The Tiny tier allows one request a day in the "other" domain.
    await server.gql(SET_TIER, { p: spare, t: tinyTier }, { token: adminToken });
    const quota = server.app.apiV1.quota;
    const turns = [
      { last: '2026-01-14T22:59:59.999Z', first: '2026-01-14T23:00:00.000Z' },
      { last: '2026-07-14T21:59:59.999Z', first: '2026-07-14T22:00:00.000Z' },
    ];
    for (const { last, first } of turns) {
      expect(await quota.take(spare, 'other', new Date(last))).toMatchObject({ allowed: true, limit: 1, remaining: 0 });
      const refused = await quota.take(spare, 'other', new Date(last));
      expect(refused.allowed).toBe(false);
      expect(refused.reset).toBe(Date.parse(first) / 1000);
      expect(await quota.take(spare, 'other', new Date(first))).toMatchObject({ allowed: true, remaining: 0 });
    }
    await quota.flush();
    const rows = await server.database.db
      .select({ day: apiUsageDaily.day, used: apiUsageDaily.usedRequests })
      .from(apiUsageDaily)
      .where(and(eq(apiUsageDaily.partnerId, spare), eq(apiUsageDaily.domain, 'other')))
      .orderBy(apiUsageDaily.day);
    // Refused requests count too: the number is what the partner sent.
    expect(rows).toEqual([
      { day: '2026-01-14', used: 2 },
      { day: '2026-01-15', used: 1 },
      { day: '2026-07-14', used: 2 },
      { day: '2026-07-15', used: 1 },
    ]);
  });
});

describe("the partner's API limit tab", () => {
  it("shows the tier, its history and today's and yesterday's use per domain", async () => {
    const before = await server.gql<{ apiLimit: Limit }>(LIMIT, {}, { token: czToken, partnerId: cz });
    expect(before.errors).toBeUndefined();
    const limit = before.data!.apiLimit;
    expect(limit.tier.name).toBe('Standard');
    expect(limit.tier.limits).toContainEqual({ domain: 'products', maxRequests: 50_000 });
    expect(limit.history.map((h) => h.tierName)).toEqual(['Standard', 'Premium', 'Basic']);
    expect(limit.timeZone).toBe('Europe/Prague');
    expect(limit.today.domains.map((d) => d.domain)).toEqual(['products', 'availability', 'orders', 'other']);
    expect(limit.today.domains[0]).toMatchObject({ usedRequests: 12_345, maxRequests: 50_000, usedPercentage: 24.7 });
    expect(limit.yesterday.domains[0]).toMatchObject({ usedRequests: 31_002, maxRequests: 50_000 });
    expect(Date.parse(limit.renewsAt)).toBeGreaterThan(Date.now());

    // A request through the partner REST API, settled as its process settles once a second.
    expect((await server.app.apiV1.quota.take(cz, 'products')).allowed).toBe(true);
    await server.app.apiV1.quota.flush();
    const after = await server.gql<{ apiLimit: Limit }>(LIMIT, {}, { token: czToken, partnerId: cz });
    expect(after.data!.apiLimit.today.domains[0]!.usedRequests).toBe(12_346);
  });

  it('gives a partner without a tier the Basic tier and shows zero use', async () => {
    const result = await server.gql<{ apiLimit: Limit }>(LIMIT, {}, { token: sellerToken, partnerId: seller });
    expect(result.data!.apiLimit.tier.name).toBe('Basic');
    expect(result.data!.apiLimit.history).toEqual([]);
    expect(result.data!.apiLimit.today.domains[1]).toMatchObject({
      domain: 'availability',
      usedRequests: 0,
      maxRequests: 20_000,
      usedPercentage: 0,
      lastUpdatedDate: null,
    });
  });

  it('refuses an account without the permission and a partner the account does not belong to', async () => {
    expect(codeOf(await server.gql(LIMIT, {}, { token: limitedToken, partnerId: cz }))).toBe('ACCESS_DENIED');
    expect(codeOf(await server.gql(LIMIT, {}, { token: czToken, partnerId: sk }))).toBe('ACCESS_DENIED');
  });
});

describe('the cockpit limits grid', () => {
  it('refuses a partner account', async () => {
    expect(codeOf(await grid({}, czToken))).toBe('ACCESS_DENIED');
    expect(codeOf(await server.gql(TIERS, {}, { token: czToken }))).toBe('ACCESS_DENIED');
    expect(codeOf(await server.gql(SET_TIER, { p: cz, t: tinyTier }, { token: czToken, partnerId: cz }))).toBe(
      'ACCESS_DENIED',
    );
  });

  it("shows each partner's tier and today's use as used of max", async () => {
    const result = await grid({ filters: [{ field: 'sapId', operator: 'EQUAL', value: '100001' }] });
    expect(result.errors).toBeUndefined();
    const [row] = result.data!.cockpitApiLimits.items;
    expect(row).toMatchObject({ tierName: 'Standard', shopId: 'CZ10MA' });
    expect(row!.products.max).toBe(50_000);
    expect(row!.products.used).toBeGreaterThanOrEqual(12_345);
    expect(row!.availability).toEqual({ used: 48_210, max: 100_000, percentage: 48.2 });
  });

  it('filters by tier and sorts by tier and by name', async () => {
    const standard = await grid({ filters: [{ field: 'tierName', operator: 'EQUAL', value: 'Standard' }] });
    expect(standard.data!.cockpitApiLimits.items.map((r) => r.id)).toEqual([String(cz)]);
    const basic = await grid({ filters: [{ field: 'tierName', operator: 'IN', values: ['Basic'] }], perPage: 100 });
    expect(basic.data!.cockpitApiLimits.items.map((r) => r.id)).toContain(String(seller));
    expect(basic.data!.cockpitApiLimits.items.map((r) => r.id)).not.toContain(String(cz));

    const byTier = await grid({ sort: { field: 'tierName', direction: 'DESCENDING' }, perPage: 100 });
    const names = byTier.data!.cockpitApiLimits.items.map((r) => r.tierName);
    expect(names).toEqual([...names].sort().reverse());
    expect(names[0]).toBe('Tiny');

    const byName = await grid({ sort: { field: 'partnerName', direction: 'ASCENDING' }, perPage: 100 });
    const partnerNames = byName.data!.cockpitApiLimits.items.map((r) => r.partnerName);
    expect(partnerNames).toEqual([...partnerNames].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
  });

  it('refuses a filter on a column the grid does not have and a tier that is not one', async () => {
    expect(codeOf(await grid({ filters: [{ field: 'secret', operator: 'EQUAL', value: 'x' }] }))).toBe(
      'VALIDATION_ERROR',
    );
    expect(codeOf(await grid({ filters: [{ field: 'tierName', operator: 'EQUAL', value: 'Gold' }] }))).toBe(
      'VALIDATION_ERROR',
    );
  });

  it('pages by keyset with the tier sort', async () => {
    const first = await server.gql<{ cockpitApiLimits: { items: GridRow[]; nextCursor: string } }>(
      'query($g: GridInput) { cockpitApiLimits(grid: $g) { nextCursor items { id } } }',
      { g: { sort: { field: 'tierName', direction: 'ASCENDING' }, perPage: 3 } },
      { token: adminToken },
    );
    const cursor = first.data!.cockpitApiLimits.nextCursor;
    expect(cursor).toBeTruthy();
    const next = await grid({ sort: { field: 'tierName', direction: 'ASCENDING' }, perPage: 3, after: cursor });
    const all = await grid({ sort: { field: 'tierName', direction: 'ASCENDING' }, perPage: 6 });
    expect([...first.data!.cockpitApiLimits.items, ...next.data!.cockpitApiLimits.items].map((r) => r.id)).toEqual(
      all.data!.cockpitApiLimits.items.map((r) => r.id),
    );
  });
});

describe("an operator's tier change", () => {
  it('writes a history row and an audit entry, and the partner sees it at once', async () => {
    const tiers = await server.gql<{ apiTiers: { id: string; name: string }[] }>(TIERS, {}, { token: adminToken });
    const premium = tiers.data!.apiTiers.find((t) => t.name === 'Premium')!;
    const result = await server.gql<{ setPartnerApiTier: { name: string } }>(
      SET_TIER,
      { p: seller, t: premium.id },
      { token: adminToken },
    );
    expect(result.data!.setPartnerApiTier.name).toBe('Premium');
    const limit = await server.gql<{ apiLimit: Limit }>(LIMIT, {}, { token: sellerToken, partnerId: seller });
    expect(limit.data!.apiLimit.tier.name).toBe('Premium');
    expect(limit.data!.apiLimit.history.map((h) => h.tierName)).toEqual(['Premium']);
    expect(limit.data!.apiLimit.today.domains[0]!.maxRequests).toBe(250_000);
    const [audit] = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'api.tier.set'), eq(auditLog.partnerId, seller)));
    expect(audit).toMatchObject({ data: { tierName: 'Premium', from: null } });
    expect(audit!.adminAccountId ?? audit!.accountId).not.toBeNull();
  });

  it('writes nothing when the tier is the one the partner has', async () => {
    const [premium] = await server.database.db.select().from(apiTiers).where(eq(apiTiers.name, 'Premium'));
    await server.gql(SET_TIER, { p: seller, t: premium!.id }, { token: adminToken });
    const rows = await server.database.db.select().from(partnerApiTiers).where(eq(partnerApiTiers.partnerId, seller));
    expect(rows).toHaveLength(1);
  });

  it('refuses an unknown tier or partner', async () => {
    expect(codeOf(await server.gql(SET_TIER, { p: seller, t: 99_999 }, { token: adminToken }))).toBe(
      'API_TIER_NOT_FOUND',
    );
    expect(codeOf(await server.gql(SET_TIER, { p: 99_999, t: tinyTier }, { token: adminToken }))).toBe(
      'ENTITY_NOT_FOUND',
    );
  });
});
