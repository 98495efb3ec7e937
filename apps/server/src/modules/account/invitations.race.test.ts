import { INVITE_DAILY_LIMIT } from '@pp/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, startTestServer, type TestServer } from '../../test/harness';
import { liveSellers } from './test-accounts';

let server: TestServer;
let sellers: string[];

const ADD = `mutation($input: AddAccountInput!) { addPartnerAccount(input: $input) { id email created expiresAt } }`;

async function sql(text: string, params: unknown[] = []) {
  return (await server.database.executeSql(text, params)).rows as Record<string, unknown>[];
}

const person = (email: string) => ({ email, firstName: 'Kdo', lastName: 'Koliv', lang: 'cs' });

beforeAll(async () => {
  server = await startTestServer();
  sellers = await liveSellers(server);
});
afterAll(async () => server?.close());

describe('invitations are not a mail cannon', () => {
  it("holds a partner's daily cap under parallel invitations", async () => {
    const owner = sellers.at(-1)!;
    const token = (await server.login(owner)).token;
    const [row] = await sql(
      'select ap.partner_id from account_partners ap join accounts a on a.id = ap.account_id where a.email = $1',
      [owner],
    );
    const partnerId = Number(row!.partner_id);
    const tries = INVITE_DAILY_LIMIT.max + 5;
    const results = await Promise.all(
      Array.from({ length: tries }, (_, i) =>
        server.gql(ADD, { input: person(`burst${i}@example.com`) }, { token, partnerId }),
      ),
    );
    expect(results.filter((r) => !r.errors)).toHaveLength(INVITE_DAILY_LIMIT.max);
    expect(results.map(codeOf).filter(Boolean)).toEqual(Array(5).fill('TOO_MANY_ATTEMPTS'));
    expect(await sql('select 1 from account_invitations where partner_id = $1', [partnerId])).toHaveLength(
      INVITE_DAILY_LIMIT.max,
    );
    const refused = results.find((r) => r.errors)!;
    expect(refused.errors?.[0]?.message).not.toContain('TOO_MANY_ATTEMPTS');
  });
});
