import { ACTIONS, allPolicies, RESOURCES } from '@pp/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../platform/audit/tables';
import { codeOf, partnerIdByShop, startTestServer, type TestServer } from '../../test/harness';

let server: TestServer;
let cz: number;
let masterToken: string;
let limitedToken: string;
let limitedId: number;

const GET = 'query($id: ID!) { accessControl(accountId: $id) { accountId isMaster policies { subject action } } }';
const UPDATE = `mutation($id: ID!, $p: [PermissionPairInput!]!) {
  updateAccessControl(accountId: $id, policies: $p) { accountId isMaster policies { subject action } } }`;
const ORDERS = '{ orderStatusCounts { all } }';

type Pair = { subject: string; action: string };
const everything = (): Pair[] => allPolicies().map(({ subject, action }) => ({ subject, action }));

async function idOf(email: string): Promise<number> {
  const { rows } = await server.database.executeSql('select id from accounts where lower(email) = $1', [email]);
  return (rows[0] as { id: number }).id;
}

async function pairsOf(token: string, accountId: number): Promise<Pair[]> {
  const result = await server.gql<{ accessControl: { policies: Pair[] } }>(
    GET,
    { id: accountId },
    { token, partnerId: cz },
  );
  if (!result.data) throw new Error(JSON.stringify(result.errors));
  return result.data.accessControl.policies;
}

async function save(token: string, accountId: number, pairs: Pair[]) {
  return server.gql<{ updateAccessControl: { policies: Pair[] } }>(
    UPDATE,
    { id: accountId, p: pairs },
    {
      token,
      partnerId: cz,
    },
  );
}

beforeAll(async () => {
  server = await startTestServer();
  cz = await partnerIdByShop(server.database, '100001');
  masterToken = (await server.login('partner@demo.test')).token;
  limitedToken = (await server.login('limited@demo.test')).token;
  limitedId = await idOf('limited@demo.test');
});
afterAll(async () => server?.close());

describe('the permissions editor', () => {
  it('shows what an account holds, and the master holding every pair', async () => {
    const limited = await pairsOf(masterToken, limitedId);
    expect(limited).toHaveLength((RESOURCES.length - 1) * ACTIONS.length);
    expect(limited.some((p) => p.subject === 'orders')).toBe(false);
    const master = await server.gql<{ accessControl: { isMaster: boolean; policies: Pair[] } }>(
      GET,
      { id: await idOf('partner@demo.test') },
      { token: masterToken, partnerId: cz },
    );
    expect(master.data?.accessControl.isMaster).toBe(true);
    expect(master.data?.accessControl.policies).toHaveLength(allPolicies().length);
  });

  it('changes what the account can open on its very next request, both ways, and audits the change', async () => {
    // The limited account has looked at the orders and was refused: that answer is cached now.
    expect(codeOf(await server.gql(ORDERS, {}, { token: limitedToken, partnerId: cz }))).toBe('ACCESS_DENIED');
    const before = await pairsOf(masterToken, limitedId);

    const granted = await save(masterToken, limitedId, [...before, { subject: 'orders', action: 'read' }]);
    expect(granted.data?.updateAccessControl.policies).toContainEqual({ subject: 'orders', action: 'read' });
    const counts = await server.gql<{ orderStatusCounts: { all: number } }>(
      ORDERS,
      {},
      {
        token: limitedToken,
        partnerId: cz,
      },
    );
    expect(counts.data?.orderStatusCounts.all).toBeGreaterThan(0);
    const session = await server.gql<{ session: { acl: Pair[] } }>(
      '{ session { acl { subject action } } }',
      {},
      {
        token: limitedToken,
        partnerId: cz,
      },
    );
    expect(session.data?.session.acl).toContainEqual({ subject: 'orders', action: 'read' });

    await save(masterToken, limitedId, before);
    expect(codeOf(await server.gql(ORDERS, {}, { token: limitedToken, partnerId: cz }))).toBe('ACCESS_DENIED');

    const trail = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'account.permissions'), eq(auditLog.entityId, String(limitedId))))
      .orderBy(auditLog.id);
    expect(trail.map((a) => a.data)).toEqual([
      { granted: ['orders:read'], revoked: [] },
      { granted: [], revoked: ['orders:read'] },
    ]);
    expect(trail[0]).toMatchObject({ partnerId: cz, accountId: await idOf('partner@demo.test') });
  });

  it('keeps the master read-only, for itself and for every administrator', async () => {
    const master = await idOf('partner@demo.test');
    expect(codeOf(await save(masterToken, master, []))).toBe('ACCOUNT_OWN_PERMISSIONS_FIXED');
    const multi = (await server.login('multi@demo.test')).token;
    const refused = await save(multi, master, []);
    expect(codeOf(refused)).toBe('ACCOUNT_MASTER_PERMISSIONS_FIXED');
    expect(await pairsOf(masterToken, master)).toHaveLength(allPolicies().length);
  });

  it('never lets an account give itself a right: limited@ cannot grant itself the orders', async () => {
    const own = await pairsOf(masterToken, limitedId);
    const refused = await save(limitedToken, limitedId, [...own, { subject: 'orders', action: 'read' }]);
    expect(codeOf(refused)).toBe('ACCOUNT_OWN_PERMISSIONS_FIXED');
    expect(refused.errors?.[0]?.message).toBe('You cannot change your own permissions.');
    expect(await pairsOf(masterToken, limitedId)).toEqual(own);
    expect(codeOf(await server.gql(ORDERS, {}, { token: limitedToken, partnerId: cz }))).toBe('ACCESS_DENIED');
  });

  it('lets an account give others only the rights it holds itself', async () => {
    const colleague = await idOf('colleague@demo.test');
    const before = await pairsOf(masterToken, colleague);
    // limited@ holds permissions:update but nothing on the orders: it cannot hand the orders on.
    const refused = await save(limitedToken, colleague, [...before, { subject: 'orders', action: 'update' }]);
    expect(codeOf(refused)).toBe('ACCOUNT_PERMISSION_NOT_HELD');
    expect(refused.errors?.[0]?.message).toBe('You can only give permissions that you hold yourself.');
    expect(await pairsOf(masterToken, colleague)).toEqual(before);
    // What it holds it may give, and a pair the account had already (orders:read) may stay or go.
    const granted = await save(limitedToken, colleague, [...before, { subject: 'brands', action: 'update' }]);
    expect(granted.data?.updateAccessControl.policies).toContainEqual({ subject: 'brands', action: 'update' });
    const narrowed = await save(
      limitedToken,
      colleague,
      before.filter((p) => p.subject !== 'orders'),
    );
    expect(narrowed.data?.updateAccessControl.policies.some((p) => p.subject === 'orders')).toBe(false);
    await save(masterToken, colleague, before);
  });

  it('refuses unknown pairs without changing anything', async () => {
    const before = await pairsOf(masterToken, limitedId);
    const refused = await save(masterToken, limitedId, [{ subject: 'everything', action: 'read' }]);
    expect(codeOf(refused)).toBe('VALIDATION_ERROR');
    expect(await pairsOf(masterToken, limitedId)).toEqual(before);
  });

  it("refuses another partner's account", async () => {
    const sk = await partnerIdByShop(server.database, '100002');
    const { rows } = await server.database.executeSql(
      'select account_id from account_partners where partner_id = $1 and account_id <> $2 limit 1',
      [sk, await idOf('multi@demo.test')],
    );
    const foreign = (rows[0] as { account_id: number } | undefined)?.account_id ?? (await idOf('seller0@demo.test'));
    expect(codeOf(await server.gql(GET, { id: foreign }, { token: masterToken, partnerId: cz }))).toBe(
      'ENTITY_NOT_FOUND',
    );
    expect(codeOf(await save(masterToken, foreign, []))).toBe('ENTITY_NOT_FOUND');
    expect(codeOf(await server.gql(GET, { id: limitedId }, { token: masterToken, partnerId: sk }))).toBe(
      'ACCESS_DENIED',
    );
  });

  it('refuses the last administrator taking its own permissions:update away', async () => {
    // A partner of older days without a master: limited@ is the only administrator left.
    await server.database.executeSql('update account_partners set is_master = false where partner_id = $1', [cz]);
    await server.database.executeSql(
      "delete from access_policies where partner_id = $1 and account_id <> $2 and subject in ('accounts', 'permissions')",
      [cz, limitedId],
    );
    await server.app.platform.authCache.changed({ all: true });
    const own = await pairsOf(limitedToken, limitedId);
    const without = own.filter((p) => !(p.subject === 'permissions' && p.action === 'update'));
    // Its own pairs are not its to change at all, and an operator signed in as the partner may not leave none.
    expect(codeOf(await save(limitedToken, limitedId, without))).toBe('ACCOUNT_OWN_PERMISSIONS_FIXED');
    expect(await pairsOf(limitedToken, limitedId)).toEqual(own);
    // With a second administrator (given by limited@, within what it holds), that one may narrow it.
    const multi = await idOf('multi@demo.test');
    const multiPairs = await pairsOf(limitedToken, multi);
    const adminPairs = [
      ...multiPairs,
      { subject: 'accounts', action: 'update' },
      { subject: 'permissions', action: 'update' },
    ];
    expect((await save(limitedToken, multi, adminPairs)).data).not.toBeNull();
    const multiToken = (await server.login('multi@demo.test')).token;
    expect((await save(multiToken, limitedId, without)).data?.updateAccessControl.policies).toEqual(without);
    await server.database.executeSql(
      'update account_partners set is_master = true where partner_id = $1 and account_id = $2',
      [cz, await idOf('partner@demo.test')],
    );
    await server.app.platform.authCache.changed({ all: true });
  });

  it('refuses an account without the permissions rights', async () => {
    await server.database.executeSql("delete from access_policies where account_id = $1 and subject = 'permissions'", [
      limitedId,
    ]);
    await server.app.platform.authCache.changed({ accounts: [limitedId] });
    expect(codeOf(await server.gql(GET, { id: limitedId }, { token: limitedToken, partnerId: cz }))).toBe(
      'ACCESS_DENIED',
    );
    expect(codeOf(await save(limitedToken, limitedId, everything()))).toBe('ACCESS_DENIED');
    // Read alone shows the editor but does not save.
    await server.database.executeSql(
      "insert into access_policies (partner_id, account_id, subject, action) values ($1, $2, 'permissions', 'read')",
      [cz, limitedId],
    );
    await server.app.platform.authCache.changed({ accounts: [limitedId] });
    expect((await pairsOf(limitedToken, limitedId)).length).toBeGreaterThan(0);
    expect(codeOf(await save(limitedToken, limitedId, everything()))).toBe('ACCESS_DENIED');
  });
});
