import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import { accessPolicies, accounts } from '../modules/account/tables';
import { anotherProcess, codeOf, partnerIdByShop, startTestServer, type TestServer } from '../test/harness';
import { eventually } from '../test/waits';

let server: TestServer;
let other: App;
beforeAll(async () => {
  server = await startTestServer();
  // A second process on the same database that keeps what it resolved for a whole minute: only the
  // announcements over NOTIFY can make it forget in time.
  other = await anotherProcess(server, { authCacheTtlMs: 60_000 });
});
afterAll(async () => {
  await other?.close();
  await server?.close();
});

async function ask(app: App, query: string, token: string, partnerId?: number) {
  const response = await app.app.inject({
    method: 'POST',
    url: '/graphql',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      ...(partnerId ? { 'x-partner-id': String(partnerId) } : {}),
    },
    payload: { query },
  });
  return response.json() as { data: unknown; errors?: { extensions: { code: string } }[] };
}

describe('the per-process session cache', () => {
  it('forgets a session in every process as soon as it is signed out', async () => {
    const { token } = await server.login('multi@demo.test');
    expect(codeOf(await ask(other, '{ session { isAdmin } }', token))).toBeUndefined();
    await server.gql('mutation { logout }', {}, { token });
    expect(codeOf(await server.gql('{ session { isAdmin } }', {}, { token }))).toBe('AUTHENTICATION_ERROR');
    // The other process learns it over NOTIFY, which nothing here can await: ask it until it has.
    expect(
      await eventually(
        'the other process to refuse the signed-out session',
        async () => codeOf(await ask(other, '{ session { isAdmin } }', token)) === 'AUTHENTICATION_ERROR',
      ),
    ).toBe(true);
  });

  it('forgets an account’s permissions everywhere when a change is announced', async () => {
    const cz = await partnerIdByShop(server.database, '100001');
    const { token } = await server.login('limited@demo.test');
    const acl = async (app: App) =>
      (
        (await ask(app, '{ session { acl { subject action } } }', token, cz)).data as {
          session: { acl: { subject: string }[] };
        }
      ).session.acl.map((p) => p.subject);
    expect(await acl(other)).toContain('partner');
    const [account] = await server.database.db.select().from(accounts).where(eq(accounts.email, 'limited@demo.test'));
    await server.database.db
      .delete(accessPolicies)
      .where(and(eq(accessPolicies.accountId, account!.id), eq(accessPolicies.subject, 'partner')));
    await server.app.platform.authCache.changed({ accounts: [account!.id] });
    expect(
      await eventually(
        'the other process to drop the taken permission',
        async () => !(await acl(other)).includes('partner'),
      ),
    ).toBe(true);
  });

  it('does not keep made-up tokens', async () => {
    const before = other.platform.authCache.size();
    for (let i = 0; i < 20; i++) await ask(other, '{ session { isAdmin } }', `made-up-${i}`);
    expect(other.platform.authCache.size()).toBe(before);
  });
});
