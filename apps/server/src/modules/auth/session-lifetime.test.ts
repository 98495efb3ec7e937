import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, partnerIdByShop, startTestServer, type TestServer, signInAsPartner } from '../../test/harness';
import { accounts } from '../account/tables';
import { sessions } from './tables';
import { hashToken } from './tokens';

let server: TestServer;
let cz: number;
beforeAll(async () => {
  server = await startTestServer();
  cz = await partnerIdByShop(server.database, '100001');
});
afterAll(async () => server?.close());

const SESSION = '{ session { expiresAt impersonating } }';

async function sessionRow(token: string) {
  const [row] = await server.database.db
    .select()
    .from(sessions)
    .where(eq(sessions.tokenHash, hashToken(token)));
  return row!;
}

const impersonate = (adminToken: string) => signInAsPartner(server, adminToken, cz);

describe('session lifetimes', () => {
  it('ends a session at its absolute lifetime however much it is used', async () => {
    const { token } = await server.login('multi@demo.test');
    const row = await sessionRow(token);
    expect(row.absoluteExpiresAt.getTime() - row.createdAt.getTime()).toBeCloseTo(24 * 60 * 60_000, -4);
    // Near its end, use no longer extends it past the absolute end.
    await server.database.db
      .update(sessions)
      .set({ absoluteExpiresAt: sql`now() + interval '10 minutes'`, lastSeenAt: sql`now() - interval '5 minutes'` })
      .where(eq(sessions.id, row.id));
    const answer = await server.gql<{ session: { expiresAt: string } }>(SESSION, {}, { token });
    const after = await sessionRow(token);
    expect(new Date(answer.data!.session.expiresAt).getTime()).toBeLessThanOrEqual(after.absoluteExpiresAt.getTime());
    expect(after.expiresAt.getTime()).toBe(after.absoluteExpiresAt.getTime());
    await server.database.db
      .update(sessions)
      .set({ absoluteExpiresAt: sql`now() - interval '1 second'`, expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.id, row.id));
    // The time jump above is made in the database; a process forgets cached sessions after a few seconds.
    await server.app.platform.authCache.changed({ all: true });
    expect(codeOf(await server.gql(SESSION, {}, { token }))).toBe('AUTHENTICATION_ERROR');
  });

  it('gives an impersonation a short absolute lifetime', async () => {
    const admin = await server.login('admin@demo.test');
    const token = await impersonate(admin.token);
    const row = await sessionRow(token);
    expect(row.absoluteExpiresAt.getTime() - row.createdAt.getTime()).toBeCloseTo(60 * 60_000, -4);
    expect(row.expiresAt.getTime()).toBeLessThanOrEqual(row.absoluteExpiresAt.getTime());
  });

  it('ends the impersonation when the operator signs out', async () => {
    const admin = await server.login('admin@demo.test');
    const token = await impersonate(admin.token);
    expect(
      (await server.gql<{ session: { impersonating: boolean } }>(SESSION, {}, { token })).data?.session.impersonating,
    ).toBe(true);
    await server.gql('mutation { logout }', {}, { token: admin.token });
    expect(codeOf(await server.gql(SESSION, {}, { token }))).toBe('AUTHENTICATION_ERROR');
  });

  it('ends the impersonation when the operator’s own session expires or the operator is deactivated', async () => {
    const admin = await server.login('admin@demo.test');
    const token = await impersonate(admin.token);
    const own = await sessionRow(admin.token);
    await server.database.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.id, own.id));
    expect(codeOf(await server.gql(SESSION, {}, { token }))).toBe('AUTHENTICATION_ERROR');

    const again = await server.login('admin@demo.test');
    const second = await impersonate(again.token);
    expect(codeOf(await server.gql(SESSION, {}, { token: second }))).toBeUndefined();
    const [operator] = await server.database.db
      .update(accounts)
      .set({ isActive: false })
      .where(eq(accounts.email, 'admin@demo.test'))
      .returning({ id: accounts.id });
    // What the operation that deactivates an account announces: the operator's impersonations end with it.
    await server.app.platform.authCache.changed({ accounts: [operator!.id] });
    expect(codeOf(await server.gql(SESSION, {}, { token: second }))).toBe('AUTHENTICATION_ERROR');
    await server.database.db.update(accounts).set({ isActive: true }).where(eq(accounts.email, 'admin@demo.test'));
  });
});
