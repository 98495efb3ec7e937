import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeSentMail } from '../../platform/mail/jobs';
import { mailOutbox } from '../../platform/mail/tables';
import { codeOf, DEMO_PASSWORD, startTestServer, type TestServer, mailedResetToken } from '../../test/harness';
import { PASSWORD_RESET_JOB } from './service';
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

const mailedToken = (email: string) => mailedResetToken(server, email);

async function queuedJobs(name: string): Promise<number> {
  const { rows } = await server.database.executeSql(
    "select count(*)::int as n from pgboss.job where name = $1 and state = 'created'",
    [name],
  );
  return (rows[0] as { n: number }).n;
}

describe('password reset', () => {
  it('does the same work for known and unknown e-mails, and mails a link only to the known one', async () => {
    const known = await server.gql(REQUEST, { e: 'multi@demo.test' });
    expect(known.data).toEqual({ passwordResetRequest: true });
    // The request only counts and queues: no lookup result shows in what it writes.
    expect(await queuedJobs(PASSWORD_RESET_JOB)).toBe(1);
    expect(await server.database.db.select().from(mailOutbox)).toEqual([]);
    const unknown = await server.gql(REQUEST, { e: 'nobody@demo.test' });
    expect(unknown.data).toEqual({ passwordResetRequest: true });
    expect(await queuedJobs(PASSWORD_RESET_JOB)).toBe(2);
    expect(await server.database.db.select().from(mailOutbox)).toEqual([]);

    const sent = await server.deliverMail(PASSWORD_RESET_JOB);
    expect(sent.map((m) => m.to)).toEqual(['multi@demo.test']);
    expect(sent[0]!.text).toMatch(/^http:\/\/localhost:\d+\/login\/reset-password\/[A-Za-z0-9_-]{43}$/m);
  });

  it('keeps no live link in the database: the outbox holds the account id, tokens only as hashes', async () => {
    await server.gql(REQUEST, { e: 'admin@demo.test' });
    const token = await mailedToken('admin@demo.test');
    const outbox = await server.database.db.select().from(mailOutbox);
    expect(JSON.stringify(outbox)).not.toContain(token);
    expect(outbox.every((m) => m.sentAt !== null)).toBe(true);
    const { rows } = await server.database.executeSql(
      "select (select string_agg(t::text, ' ') from login_tokens t) as tokens, (select string_agg(j.data::text, ' ') from pgboss.job j) as jobs",
    );
    expect(JSON.stringify(rows)).not.toContain(token);
    // Sent mail is kept for the retention period, then removed.
    expect(await purgeSentMail(server.database.db, 0)).toBe(outbox.length);
    expect(await server.database.db.select().from(mailOutbox)).toEqual([]);
  });

  it('ends every other reset link of the account once one is used', async () => {
    await server.gql(REQUEST, { e: 'limited@demo.test' });
    const first = await mailedToken('limited@demo.test');
    await server.gql(REQUEST, { e: 'limited@demo.test' });
    const second = await mailedToken('limited@demo.test');
    expect(first).not.toBe(second);
    expect((await server.gql(RESET, { t: second, p: NEW_PASSWORD, r: NEW_PASSWORD })).data).toEqual({
      passwordReset: true,
    });
    expect(codeOf(await server.gql(RESET, { t: first, p: `${NEW_PASSWORD}2`, r: `${NEW_PASSWORD}2` }))).toBe(
      'BAD_CREDENTIALS',
    );
    expect((await server.login('limited@demo.test', NEW_PASSWORD)).token).toBeTruthy();
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
