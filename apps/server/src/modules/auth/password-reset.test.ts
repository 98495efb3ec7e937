import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../platform/mail/tables';
import { codeOf, DEMO_PASSWORD, startTestServer, type TestServer } from '../../test/harness';
import { loginTokens } from './tables';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

const REQUEST = 'mutation($e: String!) { passwordResetRequest(email: $e) }';
const RESET =
  'mutation($t: String!, $p: String!, $r: String!) { passwordReset(token: $t, password: $p, passwordRepeat: $r) }';
const NEW_PASSWORD = 'Brand-new-pass-42!';

async function mailedToken(email: string): Promise<string> {
  const [mail] = await server.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.recipient, email))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  const path = (mail!.data as { path: string }).path;
  return path.split('/').at(-1)!;
}

describe('password reset', () => {
  it('answers alike for known and unknown e-mails, and mails a link only to the known one', async () => {
    const known = await server.gql(REQUEST, { e: 'multi@demo.test' });
    const unknown = await server.gql(REQUEST, { e: 'nobody@demo.test' });
    expect(known.data).toEqual({ passwordResetRequest: true });
    expect(unknown.data).toEqual({ passwordResetRequest: true });
    const mails = await server.database.db.select().from(mailOutbox).where(eq(mailOutbox.template, 'password-reset'));
    expect(mails.map((m) => m.recipient)).toEqual(['multi@demo.test']);
  });

  it('refuses a new password that breaks the policy or does not match, naming the field', async () => {
    await server.gql(REQUEST, { e: 'multi@demo.test' });
    const token = await mailedToken('multi@demo.test');
    const weak = await server.gql(RESET, { t: token, p: 'short', r: 'short' });
    expect(codeOf(weak)).toBe('VALIDATION_ERROR');
    expect(weak.errors?.[0]?.extensions.fields).toEqual(
      expect.arrayContaining([expect.objectContaining({ field: 'password', rule: 'passwordMinLength' })]),
    );
    const differ = await server.gql(RESET, { t: token, p: NEW_PASSWORD, r: `${NEW_PASSWORD}x` });
    expect(differ.errors?.[0]?.extensions.fields).toEqual([
      expect.objectContaining({ field: 'passwordRepeat', rule: 'passwordsDiffer' }),
    ]);
  });

  it('sets the new password once, ends the old sessions, and the old password stops working', async () => {
    const before = await server.login('multi@demo.test');
    await server.gql(REQUEST, { e: 'multi@demo.test' });
    const token = await mailedToken('multi@demo.test');
    expect((await server.gql(RESET, { t: token, p: NEW_PASSWORD, r: NEW_PASSWORD })).data).toEqual({
      passwordReset: true,
    });
    expect(codeOf(await server.gql('{ session { isAdmin } }', {}, { token: before.token }))).toBe(
      'AUTHENTICATION_ERROR',
    );
    expect((await server.login('multi@demo.test', NEW_PASSWORD)).token).toBeTruthy();
    const old = await server.gql('mutation($e: String!, $p: String!) { login(email: $e, password: $p) { token } }', {
      e: 'multi@demo.test',
      p: DEMO_PASSWORD,
    });
    expect(codeOf(old)).toBe('BAD_CREDENTIALS');
    expect(codeOf(await server.gql(RESET, { t: token, p: NEW_PASSWORD, r: NEW_PASSWORD }))).toBe('BAD_CREDENTIALS');
  });

  it('refuses an expired link with EXPIRED', async () => {
    await server.gql(REQUEST, { e: 'partner@demo.test' });
    const token = await mailedToken('partner@demo.test');
    await server.database.db
      .update(loginTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(loginTokens.purpose, 'reset'));
    expect(codeOf(await server.gql(RESET, { t: token, p: NEW_PASSWORD, r: NEW_PASSWORD }))).toBe('EXPIRED');
  });
});
