import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../platform/audit/tables';
import {
  codeOf,
  DEMO_PASSWORD,
  DEMO_TOTP_SECRET,
  enrolTotp,
  partnerIdByShop,
  startTestServer,
  type TestServer,
} from '../../test/harness';
import { accounts } from '../account/tables';
import { cleanUpSessions, issueLoginToken } from './service';
import { sessions, twoFactorAccounts, twoFactorRecoveryCodes } from './tables';
import { hashToken } from './tokens';
import { totpCode, totpStep } from './two-factor-totp';

let server: TestServer;
let cz: number;
beforeAll(async () => {
  server = await startTestServer();
  cz = await partnerIdByShop(server.database, '100001');
});
afterAll(async () => server?.close());

const LOGIN =
  'mutation($e: String!, $p: String!) { login(email: $e, password: $p) { token session { twoFactorRequired secondFactor } twoFactor { ticket methods } } }';
const SECOND =
  'mutation($t: String!, $c: String, $r: String) { loginSecondFactor(ticket: $t, code: $c, recoveryCode: $r) { token session { secondFactor twoFactorRequired account { email } } } }';

interface Answer {
  token: string | null;
  session: { twoFactorRequired: boolean; secondFactor: boolean } | null;
  twoFactor: { ticket: string; methods: string[] } | null;
}

async function password(email: string, ip?: string) {
  const result = await server.gql<{ login: Answer }>(LOGIN, { e: email, p: DEMO_PASSWORD }, { ip });
  expect(result.errors).toBeUndefined();
  return result.data!.login;
}

async function second(ticket: string, proof: { c?: string; r?: string }, ip?: string) {
  return server.gql<{ loginSecondFactor: { token: string; session: Record<string, unknown> } }>(
    SECOND,
    { t: ticket, ...proof },
    { ip },
  );
}

async function accountId(email: string) {
  const [row] = await server.database.db.select().from(accounts).where(eq(accounts.email, email));
  return row!.id;
}

/** Forgets an operator's second factor, as a database restored from before issue 24 would have it. */
async function withoutSecondFactor(email: string) {
  const id = await accountId(email);
  await server.database.db.delete(twoFactorAccounts).where(eq(twoFactorAccounts.accountId, id));
  await server.database.db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.accountId, id));
}

describe('authenticator app (TOTP)', () => {
  let secret: string;
  let recoveryCodes: string[];
  const email = 'multi@demo.test';

  it('enrols only with a right code, keeps the secret sealed and shows ten recovery codes once', async () => {
    const { token } = await server.login(email);
    const start = await server.gql<{ twoFactorTotpStart: { secret: string; uri: string } }>(
      'mutation { twoFactorTotpStart { secret uri } }',
      {},
      { token },
    );
    secret = start.data!.twoFactorTotpStart.secret;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(start.data!.twoFactorTotpStart.uri).toBe(
      `otpauth://totp/Partner%20Portal:multi%40demo.test?secret=${secret}&issuer=Partner+Portal&algorithm=SHA1&digits=6&period=30`,
    );
    const wrong = String((Number(totpCode(secret, totpStep())) + 1) % 1_000_000).padStart(6, '0');
    const refused = await server.gql(
      'mutation($c: String!) { twoFactorTotpConfirm(code: $c) }',
      { c: wrong },
      { token },
    );
    expect(codeOf(refused)).toBe('TWO_FACTOR_CODE_INVALID');
    const status = '{ twoFactorStatus { totpEnabled enrolled recoveryCodesLeft passkeys { id } } }';
    expect((await server.gql(status, {}, { token })).data).toEqual({
      twoFactorStatus: { totpEnabled: false, enrolled: false, recoveryCodesLeft: 0, passkeys: [] },
    });

    const confirmed = await server.gql<{ twoFactorTotpConfirm: string[] }>(
      'mutation($c: String!) { twoFactorTotpConfirm(code: $c) }',
      { c: totpCode(secret, totpStep()) },
      { token },
    );
    recoveryCodes = confirmed.data!.twoFactorTotpConfirm;
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect((await server.gql(status, {}, { token })).data).toEqual({
      twoFactorStatus: { totpEnabled: true, enrolled: true, recoveryCodesLeft: 10, passkeys: [] },
    });
    // Neither the secret nor a recovery code is in the database as it was shown.
    const { rows } = await server.database.executeSql(
      'select t.totp_secret, r.code_hash from two_factor_accounts t join two_factor_recovery_codes r using (account_id) where t.account_id = $1',
      [await accountId(email)],
    );
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(secret);
    for (const code of recoveryCodes) expect(stored).not.toContain(code.replace('-', ''));
  });

  it('asks for the second factor after the password, and takes a code once', async () => {
    const first = await password(email);
    expect(first.token).toBeNull();
    expect(first.session).toBeNull();
    expect(first.twoFactor!.methods).toEqual(['totp', 'recovery']);
    // The code of the step enrolment used is spent already: a replay.
    const replay = await second(first.twoFactor!.ticket, { c: totpCode(secret, totpStep()) });
    expect(codeOf(replay)).toBe('TWO_FACTOR_CODE_INVALID');
    const next = totpCode(secret, totpStep() + 1);
    const ok = await second(first.twoFactor!.ticket, { c: next });
    expect(ok.data!.loginSecondFactor.session).toMatchObject({ secondFactor: true, account: { email } });
    // The ticket is spent, and the same code on a new ticket is a replay too.
    expect(codeOf(await second(first.twoFactor!.ticket, { c: next }))).toBe('TWO_FACTOR_EXPIRED');
    expect(codeOf(await second((await password(email)).twoFactor!.ticket, { c: next }))).toBe(
      'TWO_FACTOR_CODE_INVALID',
    );
    const session = await server.gql(
      '{ session { account { email } } }',
      {},
      { token: ok.data!.loginSecondFactor.token },
    );
    expect(session.data).toEqual({ session: { account: { email } } });
    const [entry] = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'auth.login'), eq(auditLog.accountId, await accountId(email))))
      .orderBy(desc(auditLog.id));
    expect(entry!.data).toEqual({ secondFactor: 'totp' });
  });

  it('takes each recovery code once, and regenerating ends the old ones', async () => {
    const [code] = recoveryCodes;
    const ok = await second((await password(email)).twoFactor!.ticket, { r: code!.toUpperCase() });
    expect(ok.data!.loginSecondFactor.session).toMatchObject({ secondFactor: true });
    expect(codeOf(await second((await password(email)).twoFactor!.ticket, { r: code! }))).toBe(
      'TWO_FACTOR_CODE_INVALID',
    );
    const token = ok.data!.loginSecondFactor.token;
    const fresh = await server.gql<{ twoFactorRecoveryCodesRegenerate: string[] }>(
      'mutation { twoFactorRecoveryCodesRegenerate }',
      {},
      { token },
    );
    expect(fresh.data!.twoFactorRecoveryCodesRegenerate).toHaveLength(10);
    expect(codeOf(await second((await password(email)).twoFactor!.ticket, { r: recoveryCodes[1]! }))).toBe(
      'TWO_FACTOR_CODE_INVALID',
    );
    const withNew = await second((await password(email)).twoFactor!.ticket, {
      r: fresh.data!.twoFactorRecoveryCodesRegenerate[0]!,
    });
    expect(withNew.data!.loginSecondFactor.token).toEqual(expect.any(String));
  });

  it('refuses an unknown ticket, and gives a wrong guess no second chance past the ticket limit', async () => {
    expect(codeOf(await second('made-up', { c: '123456' }))).toBe('TWO_FACTOR_EXPIRED');
    const { ticket } = (await password(email, '10.9.0.1')).twoFactor!;
    const wrong = String((Number(totpCode(secret, totpStep())) + 7) % 1_000_000).padStart(6, '0');
    const codes: (string | undefined)[] = [];
    for (let i = 0; i < 6; i++) codes.push(codeOf(await second(ticket, { c: wrong }, '10.9.0.1')));
    expect(codes).toEqual([...Array(5).fill('TWO_FACTOR_CODE_INVALID'), 'TOO_MANY_ATTEMPTS']);
    // Even the right code is refused on a ticket that used its tries: the person starts with the password again.
    expect(codeOf(await second(ticket, { c: totpCode(secret, totpStep() + 1) }, '10.9.0.1'))).toBe('TOO_MANY_ATTEMPTS');
  });

  it('clears tickets a day after they expired', async () => {
    const { ticket } = (await password(email)).twoFactor!;
    await server.database.executeSql(
      "update two_factor_tickets set expires_at = now() - interval '2 days' where token_hash = $1",
      [hashToken(ticket)],
    );
    await cleanUpSessions(server.database.db);
    const { rows } = await server.database.executeSql('select id from two_factor_tickets where token_hash = $1', [
      hashToken(ticket),
    ]);
    expect(rows).toEqual([]);
  });

  it('sends a login link of an account with a second factor to the second step too', async () => {
    const link = await issueLoginToken(server.database.db, await accountId(email));
    const result = await server.gql<{ loginWithToken: { token: string | null; twoFactor: { ticket: string } } }>(
      'mutation($t: String!) { loginWithToken(token: $t) { token twoFactor { ticket } } }',
      { t: link },
    );
    expect(result.data!.loginWithToken.token).toBeNull();
    const { rows } = await server.database.executeSql('select via from two_factor_tickets where token_hash = $1', [
      hashToken(result.data!.loginWithToken.twoFactor.ticket),
    ]);
    expect(rows).toEqual([{ via: 'login-link' }]);
  });

  it('turns the app off only with the password', async () => {
    const { token } = await server.login(email);
    const off = 'mutation($p: String!) { twoFactorTotpDisable(password: $p) }';
    expect(codeOf(await server.gql(off, { p: 'wrong-password' }, { token }))).toBe('BAD_CREDENTIALS');
    expect((await server.gql(off, { p: DEMO_PASSWORD }, { token })).data).toEqual({ twoFactorTotpDisable: true });
    const after = await password(email);
    expect(after.token).toEqual(expect.any(String));
    expect(after.session!.secondFactor).toBe(false);
    const { rows } = await server.database.executeSql(
      'select count(*)::int as n from two_factor_recovery_codes where account_id = $1',
      [await accountId(email)],
    );
    expect(rows).toEqual([{ n: 0 }]);
  });
});

describe('operators must have a second factor', () => {
  it('lets an operator without one only enrol, then the cockpit opens', async () => {
    await withoutSecondFactor('finance@demo.test');
    const first = await password('finance@demo.test');
    expect(first.twoFactor).toBeNull();
    expect(first.session).toEqual({ twoFactorRequired: true, secondFactor: false });
    const token = first.token!;
    const cockpit = '{ cockpitBillingRuns { items { id } } }';
    const refused = await server.gql(cockpit, {}, { token, lang: 'cs' });
    expect(codeOf(refused)).toBe('TWO_FACTOR_REQUIRED');
    expect(refused.errors![0]!.message).not.toMatch(/TWO_FACTOR/);
    // The last factor of an operator cannot be removed.
    await enrolTotp(server, token);
    const session = await server.gql('{ session { twoFactorRequired secondFactor } }', {}, { token });
    expect(session.data).toEqual({ session: { twoFactorRequired: false, secondFactor: true } });
    expect(codeOf(await server.gql(cockpit, {}, { token }))).toBeUndefined();
    const off = await server.gql(
      'mutation($p: String!) { twoFactorTotpDisable(password: $p) }',
      { p: DEMO_PASSWORD },
      { token },
    );
    expect(codeOf(off)).toBe('TWO_FACTOR_REQUIRED');
  });

  it('signs the demo operators in with the published secret', async () => {
    const first = await password('content@demo.test');
    const ok = await second(first.twoFactor!.ticket, { c: totpCode(DEMO_TOTP_SECRET, totpStep()) });
    expect(ok.data!.loginSecondFactor.session).toMatchObject({ secondFactor: true });
  });

  it('refuses to sign in as a partner from a session without a second factor', async () => {
    const { token } = await server.login('admin@demo.test');
    await server.database.db
      .update(sessions)
      .set({ secondFactorAt: null, secondFactorMethod: null })
      .where(eq(sessions.tokenHash, hashToken(token)));
    await server.app.platform.authCache.changed({ all: true });
    const link = await server.gql('mutation($p: ID!) { cockpitRemoteLoginLink(partnerId: $p) }', { p: cz }, { token });
    expect(codeOf(link)).toBe('TWO_FACTOR_REQUIRED');
  });
});

describe('a partner that requires two-factor sign-in', () => {
  const SET = 'mutation($r: Boolean!) { partnerTwoFactorRequiredSet(required: $r) }';

  it('is switched by the master alone, after enrolling, audited; its accounts are then led to enrol', async () => {
    const master = await server.login('partner@demo.test');
    const colleague = await server.login('colleague@demo.test');
    expect(codeOf(await server.gql(SET, { r: true }, { token: colleague.token, partnerId: cz }))).toBe('ACCESS_DENIED');
    expect(codeOf(await server.gql(SET, { r: true }, { token: master.token, partnerId: cz }))).toBe(
      'TWO_FACTOR_REQUIRED',
    );
    await enrolTotp(server, master.token);
    expect((await server.gql(SET, { r: true }, { token: master.token, partnerId: cz })).data).toEqual({
      partnerTwoFactorRequiredSet: true,
    });
    const [entry] = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'partner.two-factor-required'))
      .orderBy(desc(auditLog.id));
    expect(entry).toMatchObject({ partnerId: cz, data: { before: false, after: true } });

    // The colleague's open session may only enrol from its next request on.
    const view = await server.gql('{ session { twoFactorRequired } }', {}, { token: colleague.token, partnerId: cz });
    expect(view.data).toEqual({ session: { twoFactorRequired: true } });
    const partnerRead = await server.gql('{ partnerTwoFactorRequired }', {}, { token: colleague.token, partnerId: cz });
    expect(codeOf(partnerRead)).toBe('TWO_FACTOR_REQUIRED');

    await server.gql(SET, { r: false }, { token: master.token, partnerId: cz });
    const freed = await server.gql('{ partnerTwoFactorRequired }', {}, { token: colleague.token, partnerId: cz });
    expect(freed.data).toEqual({ partnerTwoFactorRequired: false });
  });
});
