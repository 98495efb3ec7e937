import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../platform/mail/tables';
import { codeOf, DEMO_PASSWORD, startTestServer, type TestServer } from '../../test/harness';
import { accounts } from '../account/tables';
import { issueLoginToken } from './service';
import { loginTokens, sessions } from './tables';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

const LOGIN =
  'mutation($e: String!, $p: String!) { login(email: $e, password: $p) { token session { account { email } } } }';
const SESSION =
  '{ session { account { email isMaster } selectedPartner { id shopId } partners { id } isAdmin adminEmail impersonating } }';

describe('login', () => {
  it('signs a partner in and the token opens the session', async () => {
    const { token } = await server.login('partner@demo.test');
    const result = await server.gql<{ session: { account: { email: string; isMaster: boolean } } }>(
      SESSION,
      {},
      { token },
    );
    expect(result.data?.session.account).toEqual({ email: 'partner@demo.test', isMaster: true });
  });

  it('accepts the e-mail in any letter case and with spaces around it', async () => {
    const result = await server.gql(LOGIN, { e: '  Partner@Demo.TEST ', p: DEMO_PASSWORD });
    expect(result.errors).toBeUndefined();
  });

  it('refuses a wrong password and an unknown e-mail alike, translated', async () => {
    const wrong = await server.gql(LOGIN, { e: 'limited@demo.test', p: 'Wrong-password-1!' });
    const unknown = await server.gql(LOGIN, { e: 'nobody@demo.test', p: DEMO_PASSWORD }, { lang: 'cs' });
    expect(codeOf(wrong)).toBe('BAD_CREDENTIALS');
    expect(wrong.errors?.[0]?.message).toBe('Incorrect access data');
    expect(codeOf(unknown)).toBe('BAD_CREDENTIALS');
    expect(unknown.errors?.[0]?.message).toBe('Nesprávné přístupové údaje');
  });

  it('refuses empty fields with VALIDATION_ERROR naming the fields', async () => {
    const result = await server.gql(LOGIN, { e: '', p: '' });
    expect(codeOf(result)).toBe('VALIDATION_ERROR');
    expect(result.errors?.[0]?.extensions.fields).toEqual(
      expect.arrayContaining([expect.objectContaining({ field: 'email', rule: 'required' })]),
    );
  });

  it('gives a deactivated account, an unconfirmed one and a deactivated partner their own messages', async () => {
    expect(codeOf(await server.gql(LOGIN, { e: 'deactivated@demo.test', p: DEMO_PASSWORD }))).toBe('DEACTIVATED');
    expect(codeOf(await server.gql(LOGIN, { e: 'closed@demo.test', p: DEMO_PASSWORD }))).toBe('NO_ACTIVE_PARTNER');
    const before = await server.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.recipient, 'unconfirmed@demo.test'));
    expect(codeOf(await server.gql(LOGIN, { e: 'unconfirmed@demo.test', p: DEMO_PASSWORD }))).toBe('NOT_CONFIRMED');
    const after = await server.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.recipient, 'unconfirmed@demo.test'));
    // The message promises an activation link: one is queued.
    expect(after.length).toBe(before.length + 1);
    expect(after.at(-1)?.template).toBe('account-activation');
  });

  it('does not tell a deactivated account apart from a wrong password when the password is wrong', async () => {
    expect(codeOf(await server.gql(LOGIN, { e: 'deactivated@demo.test', p: 'Wrong-password-1!' }))).toBe(
      'BAD_CREDENTIALS',
    );
  });
});

describe('session', () => {
  it('refuses a missing, a made-up, a revoked and an expired token with 401 AUTHENTICATION_ERROR', async () => {
    const anonymous = await server.gql(SESSION);
    expect([anonymous.status, codeOf(anonymous)]).toEqual([401, 'AUTHENTICATION_ERROR']);
    const madeUp = await server.gql(SESSION, {}, { token: 'made-up-token' });
    expect([madeUp.status, codeOf(madeUp)]).toEqual([401, 'AUTHENTICATION_ERROR']);

    const { token } = await server.login('partner@demo.test');
    expect((await server.gql('mutation { logout }', {}, { token })).data).toEqual({ logout: true });
    expect(codeOf(await server.gql(SESSION, {}, { token }))).toBe('AUTHENTICATION_ERROR');

    const second = await server.login('partner@demo.test');
    await server.database.db.execute(sql`update sessions set expires_at = now() - interval '1 second'`);
    expect(codeOf(await server.gql(SESSION, {}, { token: second.token }))).toBe('AUTHENTICATION_ERROR');
  });

  it('ends the sessions of an account that gets deactivated', async () => {
    const { token } = await server.login('limited@demo.test');
    await server.database.db.update(accounts).set({ isActive: false }).where(eq(accounts.email, 'limited@demo.test'));
    expect(codeOf(await server.gql(SESSION, {}, { token }))).toBe('AUTHENTICATION_ERROR');
    await server.database.db.update(accounts).set({ isActive: true }).where(eq(accounts.email, 'limited@demo.test'));
  });

  it('stores only a hash of the token', async () => {
    const { token } = await server.login('partner@demo.test');
    const rows = await server.database.db.select({ hash: sessions.tokenHash }).from(sessions);
    expect(rows.some((r) => r.hash === token)).toBe(false);
    expect(rows.length).toBeGreaterThan(0);
  });
});

describe('login with a token', () => {
  const TOKEN_LOGIN =
    'mutation($t: String!) { loginWithToken(token: $t) { token isConfirmed hasPassword session { account { email } } } }';

  async function accountId(email: string) {
    const [row] = await server.database.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.email, email));
    return row!.id;
  }

  it('signs in once with a login link token, and refuses it the second time', async () => {
    const token = await issueLoginToken(server.database.db, await accountId('partner@demo.test'));
    const first = await server.gql<{ loginWithToken: { token: string; isConfirmed: boolean; hasPassword: boolean } }>(
      TOKEN_LOGIN,
      { t: token },
    );
    expect(first.data?.loginWithToken).toMatchObject({ isConfirmed: true, hasPassword: true });
    expect(codeOf(await server.gql(SESSION, {}, { token: first.data!.loginWithToken.token }))).toBeUndefined();
    expect(codeOf(await server.gql(TOKEN_LOGIN, { t: token }))).toBe('BAD_CREDENTIALS');
  });

  it('refuses an expired login link with EXPIRED', async () => {
    const token = await issueLoginToken(server.database.db, await accountId('partner@demo.test'));
    await server.database.db.update(loginTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    expect(codeOf(await server.gql(TOKEN_LOGIN, { t: token }))).toBe('EXPIRED');
  });
});
