import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../platform/audit/tables';
import { setFeatureFlag } from '../../platform/flags/service';
import { codeOf, startTestServer, type TestServer } from '../../test/harness';
import { accounts } from '../account/tables';
import { loginTokens } from '../auth/tables';
import { hashToken } from '../auth/tokens';
import { partnerContracts, partners } from '../partner/tables';
import { registrations } from './tables';
import { budgetOf, freshCompanyId, input, nextIp, REGISTER } from './test-fixtures';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

const CONFIRM = 'mutation($t: String!) { confirmRegistration(token: $t) { passwordToken loginToken } }';
const COMPLETE = `mutation($p: String!, $l: String!, $pw: String!, $pr: String!) {
  completeRegistration(passwordToken: $p, loginToken: $l, password: $pw, passwordRepeat: $pr) {
    token session { account { email isMaster isConfirmed } selectedPartner { id shopId workflowStatus } partners { id } }
  }
}`;
const AVAILABILITY = `query($e: String, $s: String, $c: String, $t: String) {
  registrationAvailability(email: $e, shopId: $s, companyName: $c, publicTitle: $t) { email companyName publicTitle }
}`;
const PASSWORD = 'Nove-heslo-2026!';

async function registerOne(overrides: Record<string, unknown> = {}) {
  const data = input({ companyId: freshCompanyId(), ...overrides });
  const result = await server.gql(REGISTER, { input: data }, { ip: nextIp() });
  return { data, result };
}

/** Sends the outbox and reads the token of the newest confirmation link mailed to `email`. */
async function mailedConfirmToken(email: string): Promise<string> {
  await server.deliverMail();
  const mail = server.mailbox.filter((m) => m.to === email).at(-1);
  const link = /\/registration-confirm\/([A-Za-z0-9_-]+)/.exec(mail?.text ?? '');
  if (!link) throw new Error(`no confirmation link was mailed to ${email}`);
  return link[1]!;
}

describe('register', () => {
  it('creates the account, the partner in REGISTERED, its contract, workflow, registration and audit', async () => {
    const { data, result } = await registerOne();
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({ register: true });
    const db = server.database.db;
    const [account] = await db.select().from(accounts).where(eq(accounts.email, data.email));
    expect(account).toMatchObject({ isConfirmed: false, passwordHash: null, lang: 'cs', firstName: 'Jan' });
    const [registration] = await db.select().from(registrations).where(eq(registrations.accountId, account!.id));
    expect(registration).toMatchObject({ shopName: data.shopName, annualTurnover: '1M_10M', confirmedAt: null });
    const [partner] = await db.select().from(partners).where(eq(partners.id, registration!.partnerId));
    expect(partner).toMatchObject({
      workflowStatus: 'REGISTERED',
      shopId: 'CZ10MA',
      partnerName: data.company,
      urlSlug: data.shopName,
      provider: 'MANUAL',
    });
    const [contract] = await db.select().from(partnerContracts).where(eq(partnerContracts.partnerId, partner!.id));
    expect(contract).toMatchObject({ companyId: data.companyId, state: 'CZ', web: data.web });
    const audit = await db.select().from(auditLog).where(eq(auditLog.action, 'registration.register'));
    expect(audit.some((a) => a.partnerId === partner!.id)).toBe(true);
  });

  it('mails a confirmation link in the registrant’s language, with an HTML part', async () => {
    const { data } = await registerOne({ language: 'sk' });
    await server.deliverMail();
    const mail = server.mailbox.filter((m) => m.to === data.email).at(-1);
    expect(mail?.subject).toContain(data.shopName);
    expect(mail?.text).toContain('Potvrďte svoju e-mailovú adresu');
    expect(mail?.html).toMatch(/href="http[^"]+\/registration-confirm\/[A-Za-z0-9_-]+"/);
  });

  it('refuses a taken e-mail, company name and public title as field errors, and writes nothing', async () => {
    const { data } = await registerOne();
    const before = await server.database.db.select({ n: sql<number>`count(*)::int` }).from(partners);
    const again = await server.gql(
      REGISTER,
      {
        input: input({
          companyId: freshCompanyId(),
          email: data.email.toUpperCase(),
          company: ` ${data.company.toLowerCase()}`,
          shopName: data.shopName,
        }),
      },
      { ip: nextIp() },
    );
    expect(codeOf(again)).toBe('EMAIL_TAKEN');
    expect(again.errors?.[0]?.message).toBe('E-mail is already taken');
    expect(again.errors?.[0]?.extensions.fields).toEqual([
      expect.objectContaining({ field: 'email', rule: 'uniqueAccountEmail', message: 'E-mail is already taken' }),
      expect.objectContaining({ field: 'company', rule: 'uniqueCompanyName', message: 'Company name already exists.' }),
      expect.objectContaining({ field: 'shopName', rule: 'uniquePublicTitle' }),
    ]);
    const after = await server.database.db.select({ n: sql<number>`count(*)::int` }).from(partners);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('takes the same names in another market', async () => {
    const { data } = await registerOne();
    const other = await registerOne({
      shopId: 'SK10MA',
      phone: '+421 905 123 456',
      company: data.company,
      shopName: data.shopName,
    });
    expect(other.result.errors).toBeUndefined();
  });

  it('refuses a public title an existing partner holds', async () => {
    const result = await registerOne({ shopName: 'SPORT-DEMO' });
    expect(codeOf(result.result)).toBe('PUBLIC_TITLE_TAKEN');
  });

  it('refuses the same company id twice in one shop, however it is typed', async () => {
    const hu = { shopId: 'HU20MA', phone: '+36 30 123 4567', country: 'HU', zip: '1052' };
    expect((await registerOne({ ...hu, companyId: '01-09-999111' })).result.errors).toBeUndefined();
    expect(codeOf((await registerOne({ ...hu, companyId: '0109 999111' })).result)).toBe('PARTNER_ALREADY_REGISTERED');
  });

  it('refuses the same company id twice in one shop', async () => {
    const companyId = freshCompanyId();
    expect((await registerOne({ companyId })).result.errors).toBeUndefined();
    const again = await registerOne({ companyId });
    expect(codeOf(again.result)).toBe('PARTNER_ALREADY_REGISTERED');
  });

  it('checks every field with the domain rules, translated', async () => {
    const result = await server.gql(
      REGISTER,
      {
        input: input({
          companyId: '25596642',
          zip: '1100',
          phone: '123',
          web: 'ftp://x.cz',
          divisions: [],
          consent: false,
        }),
      },
      { ip: nextIp(), lang: 'cs' },
    );
    expect(codeOf(result)).toBe('VALIDATION_ERROR');
    const fields = Object.fromEntries(
      ((result.errors?.[0]?.extensions.fields ?? []) as { field: string; rule: string }[]).map((f) => [
        f.field,
        f.rule,
      ]),
    );
    expect(fields).toEqual({
      companyId: 'companyId',
      zip: 'zipCodeCountry',
      phone: 'phone',
      web: 'url',
      divisions: 'atLeastOne',
      consent: 'consentRequired',
    });
    expect(JSON.stringify(result.errors)).toContain('Zadejte platné IČO.');
  });

  it('refuses Croatia while croatiaEnabled is off', async () => {
    const result = await registerOne({ shopId: 'HR10MA', phone: '+385 91 234 5678' });
    expect(codeOf(result.result)).toBe('VALIDATION_ERROR');
    expect(result.result.errors?.[0]?.extensions.fields).toEqual([expect.objectContaining({ field: 'shopId' })]);
  });

  it('refuses disposable mailboxes', async () => {
    const result = await registerOne({ email: 'shop@mailinator.com' });
    expect(result.result.errors?.[0]?.extensions.fields).toEqual([
      expect.objectContaining({ field: 'email', rule: 'disposableEmail' }),
    ]);
  });

  it('refuses everything while registrationEnabled is off', async () => {
    await setFeatureFlag(server.database.db, 'registrationEnabled', false);
    try {
      expect(codeOf((await registerOne()).result)).toBe('REGISTRATION_DISABLED');
      expect(codeOf(await server.gql(AVAILABILITY, { e: 'x@y.cz' }, { ip: nextIp() }))).toBe('REGISTRATION_DISABLED');
    } finally {
      await setFeatureFlag(server.database.db, 'registrationEnabled', true);
    }
  });

  it('counts registrations per address: the sixth in an hour is refused', async () => {
    const ip = '10.77.0.1';
    for (let i = 0; i < 5; i++) {
      const result = await server.gql(REGISTER, { input: input({ companyId: freshCompanyId() }) }, { ip });
      expect(result.errors).toBeUndefined();
    }
    const sixth = await server.gql(REGISTER, { input: input({ companyId: freshCompanyId() }) }, { ip });
    expect(codeOf(sixth)).toBe('TOO_MANY_ATTEMPTS');
    expect(
      (await server.gql(REGISTER, { input: input({ companyId: freshCompanyId() }) }, { ip: nextIp() })).errors,
    ).toBeUndefined();
  });
});

describe('the budget of all registrations', () => {
  const { spent, setSpent, partnerCount } = budgetOf(() => server);
  it('is not spent by refusals: 120 taken e-mails, company ids and bad inputs from many addresses leave registration open', async () => {
    await setSpent(0);
    const { data: taken } = await registerOne();
    expect(await spent()).toBe(1);
    const before = await partnerCount();
    const refusals = Array.from({ length: 120 }, (_, i) => {
      if (i % 3 === 0) return { email: taken.email, companyId: freshCompanyId() };
      if (i % 3 === 1) return { companyId: taken.companyId };
      return { companyId: freshCompanyId(), zip: 'x' };
    });
    for (const overrides of refusals) {
      const result = await server.gql(REGISTER, { input: input(overrides) }, { ip: nextIp() });
      expect(['EMAIL_TAKEN', 'PARTNER_ALREADY_REGISTERED', 'VALIDATION_ERROR']).toContain(codeOf(result));
    }
    expect(await spent()).toBe(1);
    expect(await partnerCount()).toBe(before);
    expect((await registerOne()).result.errors).toBeUndefined();
    expect(await spent()).toBe(2);
  });
});

describe('availability', () => {
  it('tells only whether the asked values are free', async () => {
    const ip = nextIp();
    const taken = await server.gql(
      AVAILABILITY,
      { e: 'Partner@Demo.test', s: 'CZ10MA', c: 'Sportovní potřeby Demo s.r.o.', t: 'sport-demo' },
      { ip },
    );
    expect(taken.data).toEqual({ registrationAvailability: { email: false, companyName: false, publicTitle: false } });
    const free = await server.gql(
      AVAILABILITY,
      { e: 'nobody-yet@kola-novak.cz', s: 'PL20MA', c: 'Sportovní potřeby Demo s.r.o.' },
      { ip },
    );
    expect(free.data).toEqual({ registrationAvailability: { email: true, companyName: true, publicTitle: null } });
  });

  it('counts checks per address', async () => {
    const ip = nextIp();
    for (let i = 0; i < 60; i++) await server.gql(AVAILABILITY, { e: `a${i}@b.cz` }, { ip });
    expect(codeOf(await server.gql(AVAILABILITY, { e: 'a@b.cz' }, { ip }))).toBe('TOO_MANY_ATTEMPTS');
  });
});

describe('confirm and complete', () => {
  it('walks from the mailed link to a signed-in master account of the new partner', async () => {
    const { data } = await registerOne();
    const confirmToken = await mailedConfirmToken(data.email);
    const confirmed = await server.gql<{ confirmRegistration: { passwordToken: string; loginToken: string } }>(
      CONFIRM,
      { t: confirmToken },
      { ip: nextIp() },
    );
    expect(confirmed.errors).toBeUndefined();
    const { passwordToken, loginToken } = confirmed.data!.confirmRegistration;
    const [account] = await server.database.db.select().from(accounts).where(eq(accounts.email, data.email));
    expect(account?.isConfirmed).toBe(true);
    const [registration] = await server.database.db
      .select()
      .from(registrations)
      .where(eq(registrations.accountId, account!.id));
    expect(registration?.confirmedAt).not.toBeNull();

    const completed = await server.gql<{
      completeRegistration: {
        token: string;
        session: {
          account: { email: string; isMaster: boolean };
          selectedPartner: { id: string; workflowStatus: string };
          partners: unknown[];
        };
      };
    }>(COMPLETE, { p: passwordToken, l: loginToken, pw: PASSWORD, pr: PASSWORD }, { ip: nextIp() });
    expect(completed.errors).toBeUndefined();
    const session = completed.data!.completeRegistration.session;
    expect(session.account).toMatchObject({ email: data.email, isMaster: true });
    expect(session.selectedPartner.workflowStatus).toBe('REGISTERED');
    // Only its own partner: no other partner's data is reachable from the new account.
    expect(session.partners).toHaveLength(1);
    expect(String(session.selectedPartner.id)).toBe(String(registration!.partnerId));
    // The session it answers is a real one: a reload of the portal reads it with the token alone.
    const reread = await server.gql<{ session: { account: { email: string } } }>(
      `{ session { account { id email firstName lastName lang isConfirmed isMaster }
          partners { id partnerName workflowStatus currency } selectedPartner { id workflowStatus }
          acl { subject action isActive } isAdmin adminEmail impersonating refreshTime expiresAt } }`,
      {},
      {
        token: completed.data!.completeRegistration.token,
        ip: nextIp(),
        partnerId: Number(session.selectedPartner.id),
      },
    );
    expect(reread.errors).toBeUndefined();
    expect(reread.data!.session.account.email).toBe(data.email);

    // The password works for signing in later.
    const login = await server.login(data.email, PASSWORD);
    expect(login.token).toBeTruthy();
  });

  it('stores tokens only hashed and takes each once', async () => {
    const { data } = await registerOne();
    const confirmToken = await mailedConfirmToken(data.email);
    const raw = await server.database.db.select().from(loginTokens).where(eq(loginTokens.tokenHash, confirmToken));
    expect(raw).toHaveLength(0);
    const hashed = await server.database.db
      .select()
      .from(loginTokens)
      .where(eq(loginTokens.tokenHash, hashToken(confirmToken)));
    expect(hashed).toHaveLength(1);
    const first = await server.gql<{ confirmRegistration: { passwordToken: string; loginToken: string } }>(
      CONFIRM,
      { t: confirmToken },
      { ip: nextIp() },
    );
    expect(codeOf(await server.gql(CONFIRM, { t: confirmToken }, { ip: nextIp() }))).toBe('NOT_FOUND');
    const { passwordToken, loginToken } = first.data!.confirmRegistration;
    const vars = { p: passwordToken, l: loginToken, pw: PASSWORD, pr: PASSWORD };
    expect((await server.gql(COMPLETE, vars, { ip: nextIp() })).errors).toBeUndefined();
    expect(codeOf(await server.gql(COMPLETE, vars, { ip: nextIp() }))).toBe('NOT_FOUND');
  });

  it('answers an unknown link NOT_FOUND', async () => {
    expect(codeOf(await server.gql(CONFIRM, { t: 'no-such-token' }, { ip: nextIp() }))).toBe('NOT_FOUND');
  });

  it('answers an expired link EXPIRED with the spec text and mails a new one that works', async () => {
    const { data } = await registerOne({ language: 'en' });
    const oldToken = await mailedConfirmToken(data.email);
    await server.database.db
      .update(loginTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(loginTokens.tokenHash, hashToken(oldToken)));
    const expired = await server.gql(CONFIRM, { t: oldToken }, { ip: nextIp() });
    expect(codeOf(expired)).toBe('EXPIRED');
    expect(expired.errors?.[0]?.message).toBe('Token expired. We have sent you a new activation link');
    const newToken = await mailedConfirmToken(data.email);
    expect(newToken).not.toBe(oldToken);
    expect((await server.gql(CONFIRM, { t: newToken }, { ip: nextIp() })).errors).toBeUndefined();
  });

  it('sets the password only under the policy and keeps the links for a better try', async () => {
    const { data } = await registerOne();
    const confirmed = await server.gql<{ confirmRegistration: { passwordToken: string; loginToken: string } }>(
      CONFIRM,
      { t: await mailedConfirmToken(data.email) },
      { ip: nextIp() },
    );
    const { passwordToken, loginToken } = confirmed.data!.confirmRegistration;
    const weak = await server.gql(
      COMPLETE,
      { p: passwordToken, l: loginToken, pw: 'short', pr: 'short' },
      { ip: nextIp() },
    );
    expect(codeOf(weak)).toBe('VALIDATION_ERROR');
    expect(weak.errors?.[0]?.extensions.fields).toContainEqual(
      expect.objectContaining({ field: 'password', rule: 'passwordMinLength' }),
    );
    const differ = await server.gql(
      COMPLETE,
      { p: passwordToken, l: loginToken, pw: PASSWORD, pr: `${PASSWORD}x` },
      { ip: nextIp() },
    );
    expect(differ.errors?.[0]?.extensions.fields).toEqual([expect.objectContaining({ field: 'passwordRepeat' })]);
    const ok = await server.gql(
      COMPLETE,
      { p: passwordToken, l: loginToken, pw: PASSWORD, pr: PASSWORD },
      { ip: nextIp() },
    );
    expect(ok.errors).toBeUndefined();
  });

  it('refuses a pair of links of two different registrations', async () => {
    const a = await registerOne();
    const b = await registerOne();
    const ca = await server.gql<{ confirmRegistration: { passwordToken: string; loginToken: string } }>(
      CONFIRM,
      { t: await mailedConfirmToken(a.data.email) },
      { ip: nextIp() },
    );
    const cb = await server.gql<{ confirmRegistration: { passwordToken: string; loginToken: string } }>(
      CONFIRM,
      { t: await mailedConfirmToken(b.data.email) },
      { ip: nextIp() },
    );
    const mixed = await server.gql(
      COMPLETE,
      {
        p: ca.data!.confirmRegistration.passwordToken,
        l: cb.data!.confirmRegistration.loginToken,
        pw: PASSWORD,
        pr: PASSWORD,
      },
      { ip: nextIp() },
    );
    expect(codeOf(mixed)).toBe('NOT_FOUND');
  });
});

describe('sign-in before confirmation', () => {
  it('answers NOT_CONFIRMED and mails a fresh registration link, at most three an hour', async () => {
    const { data } = await registerOne({ language: 'en' });
    await server.deliverMail();
    const sentBefore = server.mailbox.filter((m) => m.to === data.email).length;
    const LOGIN = 'mutation($e: String!, $p: String!) { login(email: $e, password: $p) { token } }';
    for (let i = 0; i < 4; i++) {
      const result = await server.gql(LOGIN, { e: data.email, p: 'anything-at-all' }, { ip: nextIp() });
      expect(codeOf(result)).toBe('NOT_CONFIRMED');
    }
    await server.deliverMail();
    const fresh = server.mailbox.filter((m) => m.to === data.email).slice(sentBefore);
    expect(fresh).toHaveLength(3);
    expect(fresh.every((m) => /\/registration-confirm\/[A-Za-z0-9_-]+/.test(m.text))).toBe(true);
  });
});
