import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, partnerIdByShop, startTestServer, type TestServer } from '../../test/harness';

let server: TestServer;
let cz: number;
let czToken: string;

const KEYS = '{ apiKeys { id state } }';
const CREATE = 'mutation($input: ApiKeyInput!) { createApiKey(input: $input) { secret key { id } } }';
const REVOKE = 'mutation($id: ID!) { revokeApiKey(id: $id) { id } }';

interface Key {
  id: string;
  state: string;
}

function gql<T>(query: string, variables: Record<string, unknown> = {}) {
  return server.gql<T>(query, variables, { token: czToken, partnerId: cz });
}
async function create(input: Record<string, unknown>) {
  return gql<{ createApiKey: { secret: string; key: Key } }>(CREATE, { input });
}

beforeAll(async () => {
  server = await startTestServer();
  cz = await partnerIdByShop(server.database, '100001');
  czToken = (await server.login('partner@demo.test')).token;
});
afterAll(async () => server?.close());

describe('API keys', () => {
  // docs/security.md promise 31: 10 API keys, 2 of them master.
  it('lets a partner hold 2 active master keys and 10 keys, even under parallel clicks', async () => {
    // Start from nothing active: revoke what the demo data holds.
    const all = (await gql<{ apiKeys: Key[] }>(KEYS)).data!.apiKeys;
    for (const k of all.filter((k) => k.state === 'valid' || k.state === 'notYetValid')) {
      await gql(REVOKE, { id: k.id });
    }
    const masters = await Promise.all(Array.from({ length: 4 }, () => create({ type: 'master' })));
    expect(masters.filter((r) => !r.errors).length).toBe(2);
    const refused = masters.find((r) => r.errors)!;
    expect(codeOf(refused)).toBe('API_MASTER_KEY_LIMIT_EXCEEDED');
    expect(refused.errors![0]!.message).toBe(
      'You can have at most 2 active master keys. Revoke the old master key first.',
    );

    const legacy = await Promise.all(Array.from({ length: 10 }, () => create({ type: 'legacy' })));
    expect(legacy.filter((r) => !r.errors).length).toBe(8);
    expect(codeOf(legacy.find((r) => r.errors)!)).toBe('API_KEY_LIMIT_EXCEEDED');

    // A revoked key frees its place.
    const one = masters.find((r) => !r.errors)!.data!.createApiKey.key;
    await gql(REVOKE, { id: one.id });
    expect((await create({ type: 'master' })).errors).toBeUndefined();
  });
});
