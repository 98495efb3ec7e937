import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, partnerIdByShop, startTestServer, type TestServer } from '../../test/harness';
import { brandRequests } from './tables';

let server: TestServer;
let cz: number;
let token: string;

const CREATE = `mutation($data: BrandRequestInput!, $force: Boolean) { brandRequestCreate(data: $data, force: $force) {
  success request { id } } }`;

const manufacturer = { name: 'Výrobce a.s.', street: 'Dlouhá 1', city: 'Praha', country: 'cz', zip: '110 00' };

function request(name: string) {
  return { name, manufacturer };
}

/** Confirmed (force), so that the demo's brands cannot make the name "similar" by chance. */
function create(data: Record<string, unknown>) {
  return server.gql<{ brandRequestCreate: { success: boolean } }>(
    CREATE,
    { data, force: true },
    { token, partnerId: cz },
  );
}

async function pendingCount(brandId: string): Promise<number> {
  const rows = await server.database.db
    .select({ id: brandRequests.id })
    .from(brandRequests)
    .where(and(eq(brandRequests.brandId, brandId), eq(brandRequests.status, 'PENDING')));
  return rows.length;
}

beforeAll(async () => {
  server = await startTestServer();
  cz = await partnerIdByShop(server.database, '100001');
  token = (await server.login('partner@demo.test')).token;
});
afterAll(async () => server?.close());

describe('requesting a brand', () => {
  it('lets exactly one of ten parallel requests for one brand through', async () => {
    const results = await Promise.all(Array.from({ length: 10 }, () => create(request('Parallel Brand'))));
    expect(results.filter((r) => r.data?.brandRequestCreate.success === true)).toHaveLength(1);
    expect(results.filter((r) => codeOf(r) === 'BRAND_ALREADY_REQUESTED')).toHaveLength(9);
    expect(await pendingCount('PARALLELBRAND')).toBe(1);
  });
});
