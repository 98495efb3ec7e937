import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, partnerIdByShop, startTestServer, type TestServer } from '../../test/harness';
import { sandboxAccounts } from './tables';

let server: TestServer;
let cz: number;
let czToken: string;

const CREATE = 'mutation($email: String!) { createSandboxAccount(email: $email) { secret account { id } } }';

type Created = { createSandboxAccount: { secret: string; account: { id: string } } };

const gql = <T>(query: string, variables: Record<string, unknown> = {}) =>
  server.gql<T>(query, variables, { token: czToken, partnerId: cz });

beforeAll(async () => {
  server = await startTestServer();
  cz = await partnerIdByShop(server.database, '100001');
  // The demo seed gives the shop a sandbox account (seed/partner-area/sandbox.ts): these tests count from none.
  await server.database.db.delete(sandboxAccounts).where(eq(sandboxAccounts.partnerId, cz));
  czToken = (await server.login('partner@demo.test')).token;
  const first = await gql<Created>(CREATE, { email: 'dev@sportovni-potreby.cz' });
  if (first.errors) throw new Error(JSON.stringify(first.errors));
});
afterAll(async () => server?.close());

describe('sandbox accounts', () => {
  // docs/security.md promise 31: 3 sandbox accounts per partner.
  it('allows 3 accounts and not one more, even when asked in parallel', async () => {
    const results = await Promise.all(
      Array.from({ length: 3 + 2 }, (_, i) => gql<Created>(CREATE, { email: `tester${i}@shop.cz` })),
    );
    // One already exists from beforeAll.
    expect(results.filter((r) => !r.errors)).toHaveLength(3 - 1);
    const refused = results.find((r) => r.errors)!;
    expect(codeOf(refused)).toBe('API_SANDBOX_LIMIT_EXCEEDED');
    expect(refused.errors![0]!.message).toContain('3');
    const rows = await server.database.db.select().from(sandboxAccounts).where(eq(sandboxAccounts.partnerId, cz));
    expect(rows).toHaveLength(3);
  });
});
