import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, partnerIdByShop, startTestServer, type TestServer } from '../../test/harness';
import { revokePolicies } from '../catalog/test-fixtures';

let server: TestServer;
let cz: number;
let sk: number;

const SESSION =
  '{ session { selectedPartner { id } workflowRules { status onboarding step availableStates } ' +
  'clientIds { clientId validFrom validTo } } }';
const CREATE = 'mutation($input: ApiKeyInput!) { createApiKey(input: $input) { secret key { id clientId } } }';
const REVOKE = 'mutation($id: ID!) { revokeApiKey(id: $id) { id } }';

interface Session {
  selectedPartner: { id: string } | null;
  workflowRules: { status: string; onboarding: boolean; step: string; availableStates: string[] } | null;
  clientIds: { clientId: string; validFrom: string; validTo: string | null }[];
}

async function session(token: string, partnerId?: number): Promise<Session> {
  const result = await server.gql<{ session: Session }>(SESSION, {}, { token, partnerId });
  expect(result.errors).toBeUndefined();
  return result.data!.session;
}

beforeAll(async () => {
  server = await startTestServer();
  cz = await partnerIdByShop(server.database, '100001');
  sk = await partnerIdByShop(server.database, '100002');
});
afterAll(async () => server?.close());

describe('session workflow rules', () => {
  it('tells a partner in onboarding its step and the moves it may make itself', async () => {
    const { token } = await server.login('onboarding@demo.test');
    const { workflowRules } = await session(token);
    expect(workflowRules).toEqual({
      status: 'REGISTERED',
      onboarding: true,
      step: 'company',
      availableStates: expect.arrayContaining(['VENDOR_CHECK_STANDARD', 'VENDOR_CHECK_VIP', 'ONBOARDING_CANCELLED']),
    });
  });

  it('tells a launched partner it is past onboarding, with no moves of its own', async () => {
    const { token } = await server.login('partner@demo.test');
    expect((await session(token, cz)).workflowRules).toEqual({
      status: 'PRODUCTION',
      onboarding: false,
      step: 'launch',
      availableStates: [],
    });
  });

  it('comes with the login answer too', async () => {
    const result = await server.gql<{ login: { session: Session } }>(
      'mutation($e: String!, $p: String!) { login(email: $e, password: $p) { session { workflowRules { status } } } }',
      { e: 'onboarding@demo.test', p: DEMO_PASSWORD },
    );
    expect(result.errors).toBeUndefined();
    expect(result.data!.login.session.workflowRules?.status).toBe('REGISTERED');
  });
});

describe('session client ids', () => {
  it("lists the selected partner's usable client ids, never a secret, and drops a revoked one", async () => {
    const { token } = await server.login('partner@demo.test');
    const created = await server.gql<{ createApiKey: { secret: string; key: { id: string; clientId: string } } }>(
      CREATE,
      { input: { type: 'legacy' } },
      { token, partnerId: cz },
    );
    expect(created.errors).toBeUndefined();
    const { secret, key } = created.data!.createApiKey;

    const before = await session(token, cz);
    expect(before.clientIds.map((k) => k.clientId)).toContain(key.clientId);
    expect(JSON.stringify(before)).not.toContain(secret);

    // Scoped to the selected partner: multi@ sees the Czech key under the Czech partner only.
    const multi = (await server.login('multi@demo.test')).token;
    expect((await session(multi, cz)).clientIds.map((k) => k.clientId)).toContain(key.clientId);
    expect((await session(multi, sk)).clientIds.map((k) => k.clientId)).not.toContain(key.clientId);

    const revoked = await server.gql(REVOKE, { id: key.id }, { token, partnerId: cz });
    expect(revoked.errors).toBeUndefined();
    expect((await session(token, cz)).clientIds.map((k) => k.clientId)).not.toContain(key.clientId);
  });

  it('is empty for an account that may not read API keys', async () => {
    const { token } = await server.login('partner@demo.test');
    const created = await server.gql<{ createApiKey: { key: { clientId: string } } }>(
      CREATE,
      { input: { type: 'legacy' } },
      { token, partnerId: cz },
    );
    expect(created.errors).toBeUndefined();
    const limited = (await server.login('limited@demo.test')).token;
    expect((await session(limited, cz)).clientIds).not.toHaveLength(0);
    await revokePolicies(server.database.db, 'limited@demo.test', cz, 'apiLimit', ['read']);
    const again = (await server.login('limited@demo.test')).token;
    expect((await session(again, cz)).clientIds).toEqual([]);
  });
});
