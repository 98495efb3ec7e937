import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../platform/audit/tables';
import { setFeatureFlag } from '../../platform/flags/service';
import { codeOf, partnerIdByShop, startTestServer, type TestServer } from '../../test/harness';
import { revokePolicies } from '../catalog/test-fixtures';
import { partners } from '../partner/tables';
import { verifyApiCredentials } from './keys';
import { apiKeys } from './tables';

let server: TestServer;
let cz: number;
let sk: number;
let hr: number;
let czToken: string;
let skToken: string;
let limitedToken: string;

const KEY_FIELDS = 'id clientId type validFrom validTo created createdByName revokedAt state';
const KEYS = `{ apiKeys { ${KEY_FIELDS} } }`;
const CREATE = `mutation($input: ApiKeyInput!) { createApiKey(input: $input) { secret key { ${KEY_FIELDS} } } }`;
const REVOKE = `mutation($id: ID!) { revokeApiKey(id: $id) { ${KEY_FIELDS} } }`;

interface Key {
  id: string;
  clientId: string;
  type: string;
  validFrom: string;
  validTo: string | null;
  createdByName: string | null;
  revokedAt: string | null;
  state: string;
}

const asCz = { token: () => czToken, partnerId: () => cz };
function gql<T>(query: string, variables: Record<string, unknown> = {}, as = asCz) {
  return server.gql<T>(query, variables, { token: as.token(), partnerId: as.partnerId() });
}
async function create(input: Record<string, unknown>, as = asCz) {
  return gql<{ createApiKey: { secret: string; key: Key } }>(CREATE, { input }, as);
}

beforeAll(async () => {
  server = await startTestServer();
  cz = await partnerIdByShop(server.database, '100001');
  sk = await partnerIdByShop(server.database, '100002');
  hr = await partnerIdByShop(server.database, '100004');
  await revokePolicies(server.database.db, 'limited@demo.test', cz, 'apiLimit', ['create', 'delete']);
  czToken = (await server.login('partner@demo.test')).token;
  skToken = (await server.login('multi@demo.test')).token;
  limitedToken = (await server.login('limited@demo.test')).token;
});
afterAll(async () => server?.close());

describe('API keys', () => {
  it('shows the secret once, keeps only its hash, and lists the key without it', async () => {
    const result = await create({ type: 'legacy' });
    expect(result.errors).toBeUndefined();
    const { secret, key } = result.data!.createApiKey;
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(key).toMatchObject({ type: 'legacy', validTo: null, state: 'valid', revokedAt: null });
    expect(key.clientId).toMatch(/^pp_[a-z2-7]{16}$/);
    expect(key.createdByName).toBeTruthy();

    const { rows } = await server.database.executeSql('select * from api_keys where client_id = $1', [key.clientId]);
    expect(JSON.stringify(rows)).not.toContain(secret);

    const list = await gql<{ apiKeys: Key[] }>(KEYS);
    expect(list.data!.apiKeys[0]).toMatchObject({ id: key.id, clientId: key.clientId });
    expect(JSON.stringify(list.data)).not.toContain(secret);

    const [audit] = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'api.key.create'), eq(auditLog.entityId, key.id)));
    expect(audit).toBeDefined();
    expect(JSON.stringify(audit)).not.toContain(secret);
  });

  it('verifies a secret only inside the window, not revoked, and only the right secret', async () => {
    const { secret, key } = (await create({ type: 'master', validTo: '2099-01-01T00:00:00Z' })).data!.createApiKey;
    const db = server.database.db;
    const ok = await verifyApiCredentials(db, key.clientId, secret);
    expect(ok).toMatchObject({ partnerId: cz, clientId: key.clientId, type: 'master' });
    expect(await verifyApiCredentials(db, key.clientId, `${secret.slice(0, -1)}x`)).toBeNull();
    expect(await verifyApiCredentials(db, 'pp_aaaaaaaaaaaaaaaa', secret)).toBeNull();
    expect(await verifyApiCredentials(db, key.clientId, secret, new Date('2099-01-01T00:00:00Z'))).toBeNull();
    expect(await verifyApiCredentials(db, key.clientId, secret, new Date('2098-12-31T23:59:59Z'))).not.toBeNull();

    const revoked = await gql<{ revokeApiKey: Key }>(REVOKE, { id: key.id });
    expect(revoked.data!.revokeApiKey).toMatchObject({ state: 'revoked' });
    expect(revoked.data!.revokeApiKey.revokedAt).not.toBeNull();
    expect(await verifyApiCredentials(db, key.clientId, secret)).toBeNull();
  });

  it('says a key waiting for its start is not yet valid, and verifies it from then on', async () => {
    const from = new Date(Date.now() + 3_600_000).toISOString();
    const { secret, key } = (await create({ type: 'legacy', validFrom: from })).data!.createApiKey;
    expect(key.state).toBe('notYetValid');
    const db = server.database.db;
    expect(await verifyApiCredentials(db, key.clientId, secret)).toBeNull();
    expect(await verifyApiCredentials(db, key.clientId, secret, new Date(Date.parse(from) + 1))).not.toBeNull();
    await gql(REVOKE, { id: key.id });
  });

  it('says an expired key is expired, and verifies it no longer', async () => {
    const { secret, key } = (await create({ type: 'legacy', validTo: new Date(Date.now() + 3_600_000).toISOString() }))
      .data!.createApiKey;
    const stateOf = async () => (await gql<{ apiKeys: Key[] }>(KEYS)).data!.apiKeys.find((k) => k.id === key.id)!.state;
    expect(await stateOf()).toBe('valid');
    // Its end arrives: moved in the database rather than waited for, so a slow machine cannot miss the window.
    await server.database.db
      .update(apiKeys)
      .set({ validTo: sql`now() - interval '1 second'` })
      .where(eq(apiKeys.id, Number(key.id)));
    expect(await stateOf()).toBe('expired');
    expect(await verifyApiCredentials(server.database.db, key.clientId, secret)).toBeNull();
  });

  it("refuses a deactivated partner's key and one of a market switched off", async () => {
    const db = server.database.db;
    const skKey = (await create({ type: 'legacy' }, { token: () => skToken, partnerId: () => sk })).data!.createApiKey;
    expect(await verifyApiCredentials(db, skKey.key.clientId, skKey.secret)).not.toBeNull();
    await db.update(partners).set({ workflowStatus: 'DEACTIVATED' }).where(eq(partners.id, sk));
    expect(await verifyApiCredentials(db, skKey.key.clientId, skKey.secret)).toBeNull();
    await db.update(partners).set({ workflowStatus: 'PRODUCTION' }).where(eq(partners.id, sk));

    // A key of the Croatian shop opens nothing while Croatia is switched off.
    const [row] = await db
      .insert(apiKeys)
      .values({ partnerId: hr, clientId: 'pp_croatiacroatiacr', secretHash: 'x', type: 'legacy' })
      .returning();
    const { hashToken } = await import('../auth/tokens');
    await db
      .update(apiKeys)
      .set({ secretHash: hashToken('hr-secret') })
      .where(eq(apiKeys.id, row!.id));
    expect(await verifyApiCredentials(db, 'pp_croatiacroatiacr', 'hr-secret')).toBeNull();
    await setFeatureFlag(db, 'croatiaEnabled', true);
    expect(await verifyApiCredentials(db, 'pp_croatiacroatiacr', 'hr-secret')).not.toBeNull();
    await setFeatureFlag(db, 'croatiaEnabled', false);
  });

  it('refuses an end in the past or before the start, and an unknown type, writing nothing', async () => {
    const before = await server.database.db.select({ n: sql<number>`count(*)::int` }).from(apiKeys);
    const past = await create({ type: 'legacy', validTo: '2020-01-01T00:00:00Z' });
    expect(codeOf(past)).toBe('VALIDATION_ERROR');
    expect(past.errors![0]!.extensions.fields).toEqual([
      expect.objectContaining({ field: 'validTo', rule: 'dateInPast' }),
    ]);
    const order = await create({
      type: 'legacy',
      validFrom: '2098-01-02T00:00:00Z',
      validTo: '2098-01-01T00:00:00Z',
    });
    expect(order.errors![0]!.extensions.fields).toEqual([
      expect.objectContaining({ field: 'validTo', rule: 'dateAfterStart' }),
    ]);
    expect(codeOf(await create({ type: 'root' }))).toBe('VALIDATION_ERROR');
    const after = await server.database.db.select({ n: sql<number>`count(*)::int` }).from(apiKeys);
    expect(after).toEqual(before);
  });

  it('revokes once: a second revocation changes nothing and writes no second audit row', async () => {
    const { key } = (await create({ type: 'legacy' }, { token: () => skToken, partnerId: () => sk })).data!
      .createApiKey;
    const asSk = { token: () => skToken, partnerId: () => sk };
    const first = await gql<{ revokeApiKey: Key }>(REVOKE, { id: key.id }, asSk);
    const second = await gql<{ revokeApiKey: Key }>(REVOKE, { id: key.id }, asSk);
    expect(second.data!.revokeApiKey.revokedAt).toBe(first.data!.revokeApiKey.revokedAt);
    const audits = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'api.key.revoke'), eq(auditLog.entityId, key.id)));
    expect(audits).toHaveLength(1);
  });

  it("never shows or revokes another partner's key", async () => {
    const { key } = (await create({ type: 'legacy' }, { token: () => skToken, partnerId: () => sk })).data!
      .createApiKey;
    const list = await gql<{ apiKeys: Key[] }>(KEYS);
    expect(list.data!.apiKeys.map((k) => k.clientId)).not.toContain(key.clientId);
    expect(codeOf(await gql(REVOKE, { id: key.id }))).toBe('API_KEY_NOT_FOUND');
    const [row] = await server.database.db.select().from(apiKeys).where(eq(apiKeys.clientId, key.clientId));
    expect(row!.revokedAt).toBeNull();
    // Naming the other partner in the header does not help a non-member.
    expect(codeOf(await gql(KEYS, {}, { token: () => czToken, partnerId: () => sk }))).toBe('ACCESS_DENIED');
  });

  it('lets an account without the create and delete permissions read the keys, and nothing more', async () => {
    const asLimited = { token: () => limitedToken, partnerId: () => cz };
    const list = await gql<{ apiKeys: Key[] }>(KEYS, {}, asLimited);
    expect(list.errors).toBeUndefined();
    expect(codeOf(await create({ type: 'legacy' }, asLimited))).toBe('ACCESS_DENIED');
    expect(codeOf(await gql(REVOKE, { id: list.data!.apiKeys[0]!.id }, asLimited))).toBe('ACCESS_DENIED');
  });
});
