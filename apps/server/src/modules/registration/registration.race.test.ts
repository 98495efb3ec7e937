import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, startTestServer, type TestServer } from '../../test/harness';
import { accounts } from '../account/tables';
import { budgetOf, freshCompanyId, input, nextIp, REGISTER } from './test-fixtures';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

async function registerOne(overrides: Record<string, unknown> = {}) {
  const data = input({ companyId: freshCompanyId(), ...overrides });
  const result = await server.gql(REGISTER, { input: data }, { ip: nextIp() });
  return { data, result };
}

describe('registrations racing each other', () => {
  it('lets exactly one of ten parallel registrations with one e-mail through', async () => {
    const email = `parallel${Date.now()}@kola-novak.cz`;
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        server.gql(REGISTER, { input: input({ email, companyId: freshCompanyId() }) }, { ip: nextIp() }),
      ),
    );
    expect(results.filter((r) => r.data?.register === true)).toHaveLength(1);
    expect(results.filter((r) => codeOf(r) === 'EMAIL_TAKEN')).toHaveLength(9);
    const rows = await server.database.db.select().from(accounts).where(eq(accounts.email, email));
    expect(rows).toHaveLength(1);
  });

  it('lets exactly one of ten parallel registrations with one public title through', async () => {
    const shopName = `Souběh ${Date.now()}`;
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        server.gql(REGISTER, { input: input({ shopName, companyId: freshCompanyId() }) }, { ip: nextIp() }),
      ),
    );
    expect(results.filter((r) => r.data?.register === true)).toHaveLength(1);
    expect(results.filter((r) => codeOf(r) === 'PUBLIC_TITLE_TAKEN')).toHaveLength(9);
  });
});

describe('the budget of all registrations, raced', () => {
  const { spent, setSpent, partnerCount } = budgetOf(() => server);

  it('still holds for registrations that create something, under a parallel burst', async () => {
    await setSpent(90);
    const before = await partnerCount();
    try {
      const results = await Promise.all(Array.from({ length: 20 }, () => registerOne().then((r) => r.result)));
      expect(results.filter((r) => r.data?.register === true)).toHaveLength(10);
      expect(results.filter((r) => codeOf(r) === 'TOO_MANY_ATTEMPTS')).toHaveLength(10);
      expect(await partnerCount()).toBe(before + 10);
      expect(await spent()).toBe(100);
      // A refusal is still answered as what it is while the budget is used up: it spends nothing.
      const refused = await registerOne({ email: 'partner@demo.test' });
      expect(codeOf(refused.result)).toBe('EMAIL_TAKEN');
      expect(codeOf((await registerOne()).result)).toBe('TOO_MANY_ATTEMPTS');
    } finally {
      await setSpent(0);
    }
  });
});
