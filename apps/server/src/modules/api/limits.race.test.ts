import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';
import { apiTiers, apiUsageDaily } from './tables';
import { recordApiRequest } from './usage';

let server: TestServer;
let spare: number;
let adminToken: string;
let tinyTier: number;

const SET_TIER = 'mutation($p: ID!, $t: ID!) { setPartnerApiTier(partnerId: $p, tierId: $t) { id name } }';

beforeAll(async () => {
  server = await startTestServer();
  // A generated seller in production without a tier of its own (so on Basic), as in limits.test.ts.
  const { rows } = await server.database.executeSql(
    `select ap.partner_id as id from account_partners ap join accounts a on a.id = ap.account_id
     join partners p on p.id = ap.partner_id
     where a.email like 'seller%' and p.workflow_status = 'PRODUCTION' and p.shop_id <> 'HR10MA' order by p.id`,
  );
  spare = (rows[1] as { id: number }).id;
  const [tiny] = await server.database.db
    .insert(apiTiers)
    .values({ name: 'Tiny', productsLimit: 5, availabilityLimit: 1, ordersLimit: 1, otherLimit: 1 })
    .returning();
  tinyTier = tiny!.id;
  adminToken = (await server.login('admin@demo.test')).token;
});
afterAll(async () => server?.close());

describe('the usage recorder', () => {
  it('counts 100 parallel requests as exactly 100', async () => {
    const db = server.database.db;
    const now = new Date('2026-03-10T10:00:00Z');
    const results = await Promise.all(Array.from({ length: 100 }, () => recordApiRequest(db, spare, 'orders', now)));
    expect(results.map((r) => r.used).sort((a, b) => a - b)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    const [row] = await db
      .select()
      .from(apiUsageDaily)
      .where(and(eq(apiUsageDaily.partnerId, spare), eq(apiUsageDaily.domain, 'orders')));
    expect(row).toMatchObject({ day: '2026-03-10', usedRequests: 100 });
    // Without a tier row the partner has Basic: 5,000 orders a day.
    expect(results.every((r) => r.max === 5000 && r.allowed)).toBe(true);
  });

  it('allows exactly the tier maximum, the last allowed request included, and refuses the next', async () => {
    const db = server.database.db;
    await server.gql(SET_TIER, { p: spare, t: tinyTier }, { token: adminToken });
    const now = new Date(Date.now() + 1000);
    const results = await Promise.all(Array.from({ length: 8 }, () => recordApiRequest(db, spare, 'products', now)));
    const byUse = results.sort((a, b) => a.used - b.used);
    expect(byUse.map((r) => r.allowed)).toEqual([true, true, true, true, true, false, false, false]);
    expect(byUse[4]).toEqual({ used: 5, max: 5, allowed: true });
    expect(byUse[5]).toEqual({ used: 6, max: 5, allowed: false });
  });
});
