import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FLAGS_CHANNEL, keepFeatureFlagsFor } from '../../platform/flags/service';
import { codeOf, partnerIdByShop, startTestServer, type TestServer } from '../../test/harness';
import { openStreamSocket } from '../../test/stream-socket';
import { eventually } from '../../test/waits';

let server: TestServer;
let adminToken: string;
let partnerToken: string;
let hr: number;
let restoreCache: () => void;

const FLAGS = '{ cockpitFeatureFlags { name enabled updated updatedByEmail } }';
const SWITCH =
  'mutation($n: String!, $e: Boolean!) { cockpitSetFeatureFlag(name: $n, enabled: $e) { name enabled updatedByEmail } }';

async function fefl(): Promise<Record<string, boolean>> {
  return (await server.app.app.inject({ method: 'GET', url: '/fefl' })).json();
}

async function partnersOfSession(token: string): Promise<string[]> {
  const result = await server.gql<{ session: { partners: { id: string }[] } }>(
    '{ session { partners { id } } }',
    {},
    { token },
  );
  return result.data!.session.partners.map((p) => p.id);
}

beforeAll(async () => {
  server = await startTestServer({ listen: true });
  // Flags kept for ten minutes: within a test, only an announcement can make this process read them again.
  restoreCache = keepFeatureFlagsFor(600_000);
  hr = await partnerIdByShop(server.database, '100004');
  // The demo's Croatian partner gets the demo partner's account too: a person selling in two markets.
  await server.database.executeSql(
    `insert into account_partners (partner_id, account_id, is_master, is_default)
     select $1, id, true, false from accounts where email = 'partner@demo.test'`,
    [hr],
  );
  adminToken = (await server.login('admin@demo.test')).token;
  partnerToken = (await server.login('partner@demo.test')).token;
});
afterAll(async () => {
  restoreCache?.();
  await server?.close();
});

describe('feature flags in the cockpit', () => {
  it('lists every flag with its state', async () => {
    const result = await server.gql<{ cockpitFeatureFlags: { name: string; enabled: boolean }[] }>(
      FLAGS,
      {},
      { token: adminToken },
    );
    expect(result.data!.cockpitFeatureFlags.map((f) => f.name)).toEqual([
      'croatiaEnabled',
      'registrationEnabled',
      'newVersionNotice',
    ]);
    expect(result.data!.cockpitFeatureFlags.find((f) => f.name === 'croatiaEnabled')?.enabled).toBe(false);
  });

  it("switches croatiaEnabled: audited, announced to a partner's open stream, and the Croatian partner appears", async () => {
    expect((await fefl()).croatiaEnabled).toBe(false);
    expect(await partnersOfSession(partnerToken)).not.toContain(String(hr));
    const socket = await openStreamSocket(server, partnerToken);
    const switched = await server.gql<{ cockpitSetFeatureFlag: { enabled: boolean; updatedByEmail: string } }>(
      SWITCH,
      { n: 'croatiaEnabled', e: true },
      { token: adminToken },
    );
    expect(switched.data!.cockpitSetFeatureFlag).toEqual({
      name: 'croatiaEnabled',
      enabled: true,
      updatedByEmail: 'admin@demo.test',
    });
    const event = await socket.next('feature_flags_changed');
    expect(event.data).toMatchObject({ name: 'croatiaEnabled', enabled: true, flags: { croatiaEnabled: true } });
    socket.close();
    // What the browser reads on that event: the flags, and a session that now reaches the Croatian partner.
    expect((await fefl()).croatiaEnabled).toBe(true);
    expect(await partnersOfSession(partnerToken)).toContain(String(hr));

    const audit = await server.gql<{ cockpitAuditLog: { items: Record<string, unknown>[] } }>(
      `query($g: GridInput) { cockpitAuditLog(grid: $g) { items { action entity entityId accountEmail
        changes { field before after } } } }`,
      { g: { filters: [{ field: 'entityId', operator: 'EQUAL', value: 'croatiaEnabled' }] } },
      { token: adminToken },
    );
    expect(audit.data!.cockpitAuditLog.items[0]).toEqual({
      action: 'featureFlag.update',
      entity: 'feature_flag',
      entityId: 'croatiaEnabled',
      accountEmail: 'admin@demo.test',
      changes: [{ field: null, before: 'false', after: 'true' }],
    });

    // Switching it on again (a second tab) changes nothing and records nothing.
    const again = await server.gql(SWITCH, { n: 'croatiaEnabled', e: true }, { token: adminToken });
    expect(again.errors).toBeUndefined();
    const entries = await server.database.executeSql(
      "select count(*)::int as n from audit_log where action = 'featureFlag.update' and entity_id = 'croatiaEnabled'",
    );
    expect(entries.rows).toEqual([{ n: 1 }]);
  });

  it('makes every process forget its cached flags when a switch commits elsewhere', async () => {
    const before = (await fefl()).registrationEnabled;
    // Another process's switch: the row changes and the announcement comes, nothing of this process is touched.
    await server.database.executeSql('update feature_flags set enabled = $1 where name = $2', [
      !before,
      'registrationEnabled',
    ]);
    expect((await fefl()).registrationEnabled).toBe(before);
    await server.database.notify(FLAGS_CHANNEL, 'registrationEnabled');
    await eventually('the announced flag', async () => (await fefl()).registrationEnabled === !before);
    await server.database.executeSql('update feature_flags set enabled = $1 where name = $2', [
      before,
      'registrationEnabled',
    ]);
    await server.database.notify(FLAGS_CHANNEL, 'registrationEnabled');
  });

  it('refuses an unknown flag and every role but the administrator', async () => {
    expect(codeOf(await server.gql(SWITCH, { n: 'bogusFlag', e: true }, { token: adminToken }))).toBe(
      'VALIDATION_ERROR',
    );
    for (const email of ['support@demo.test', 'finance@demo.test', 'sales@demo.test', 'content@demo.test']) {
      const { token } = await server.login(email);
      expect(codeOf(await server.gql(SWITCH, { n: 'croatiaEnabled', e: false }, { token }))).toBe('ACCESS_DENIED');
    }
    expect(codeOf(await server.gql(SWITCH, { n: 'croatiaEnabled', e: false }, { token: partnerToken }))).toBe(
      'ACCESS_DENIED',
    );
    expect(codeOf(await server.gql(FLAGS, {}, { token: partnerToken }))).toBe('ACCESS_DENIED');
    // Nothing changed: still on from the switch above.
    expect((await fefl()).croatiaEnabled).toBe(true);
  });
});
