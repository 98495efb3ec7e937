import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../platform/audit/tables';
import { codeOf, partnerIdByShop, startTestServer, type TestServer } from '../../test/harness';
import { administratorCount } from './people';
import { partnerWithoutMaster } from './test-accounts';

let server: TestServer;
let cz: number;
let sk: number;
let masterToken: string;
/** Demo sellers whose own shop is live: each is the master of it. */
let sellers: string[];

const LIST =
  '{ partnerAccounts { id email firstName lastName lang isConfirmed passwordValid isMaster isAdministrator isSelf } }';
const ADD = `mutation($input: AddAccountInput!) { addPartnerAccount(input: $input) { id email } }`;
const INVITATIONS = '{ partnerInvitations { id email } }';
const UNLINK = 'mutation($id: ID!) { unlinkPartnerAccount(accountId: $id) }';
const MASTER = 'mutation($id: ID!) { changeMasterAccount(accountId: $id) }';
const RESEND = 'mutation($id: ID!) { resendAccountInvitation(invitationId: $id) }';
const ACCEPT = 'mutation($t: String!) { acceptAccountInvitation(token: $t) { partnerId } }';
const RESET = 'mutation($t: String!, $p: String!) { passwordReset(token: $t, password: $p, passwordRepeat: $p) }';
const NEW_PASSWORD = 'Pozvanka-Heslo-2026!';

interface Row {
  id: string;
  email: string;
  isConfirmed: boolean;
  passwordValid: boolean;
  isMaster: boolean;
  isAdministrator: boolean;
  isSelf: boolean;
}

async function list(token: string, partnerId = cz): Promise<Row[]> {
  const result = await server.gql<{ partnerAccounts: Row[] }>(LIST, {}, { token, partnerId });
  if (!result.data) throw new Error(JSON.stringify(result.errors));
  return result.data.partnerAccounts;
}

async function invitations(token: string, partnerId = cz): Promise<{ id: string; email: string }[]> {
  const result = await server.gql<{ partnerInvitations: { id: string; email: string }[] }>(
    INVITATIONS,
    {},
    { token, partnerId },
  );
  if (!result.data) throw new Error(JSON.stringify(result.errors));
  return result.data.partnerInvitations;
}

/** The token of the newest acceptance link mailed to `email` (an existing account asked to join). */
async function joinToken(email: string): Promise<string> {
  await server.deliverMail();
  const mail = server.mailbox.filter((m) => m.to === email).at(-1);
  const link = /\/invitation\/([A-Za-z0-9_-]+)/.exec(mail?.text ?? '');
  if (!link) throw new Error(`no acceptance link was mailed to ${email}`);
  return link[1]!;
}

async function idOf(email: string): Promise<number> {
  const { rows } = await server.database.executeSql('select id from accounts where lower(email) = $1', [email]);
  return (rows[0] as { id: number }).id;
}

async function sql(text: string, params: unknown[] = []) {
  return (await server.database.executeSql(text, params)).rows as Record<string, unknown>[];
}

/** The token of the newest invitation link mailed to `email`. */
async function invitationToken(email: string): Promise<string> {
  await server.deliverMail();
  const mail = server.mailbox.filter((m) => m.to === email).at(-1);
  const link = /\/login\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail?.text ?? '');
  if (!link) throw new Error(`no invitation was mailed to ${email}`);
  return link[1]!;
}

const person = (email: string, rights?: string) => ({
  email,
  firstName: 'Nová',
  lastName: 'Kolegyně',
  lang: 'en',
  ...(rights ? { rights } : {}),
});

beforeAll(async () => {
  server = await startTestServer();
  cz = await partnerIdByShop(server.database, '100001');
  sk = await partnerIdByShop(server.database, '100002');
  masterToken = (await server.login('partner@demo.test')).token;
  sellers = (
    await sql(`select a.email from accounts a
      join account_partners ap on ap.account_id = a.id join partners p on p.id = ap.partner_id
      where a.email like 'seller%' and p.workflow_status not in ('DEACTIVATED', 'ONBOARDING_CANCELLED')
        and p.shop_id <> 'HR10MA' order by a.id`)
  ).map((r) => String(r.email));
});
afterAll(async () => server?.close());

describe('the accounts tab', () => {
  it("lists the partner's accounts with the master first and the invitation still waiting", async () => {
    const rows = await list(masterToken);
    expect(rows[0]).toMatchObject({ email: 'partner@demo.test', isMaster: true, isAdministrator: true, isSelf: true });
    expect(rows.map((r) => r.email)).toEqual(expect.arrayContaining(['multi@demo.test', 'limited@demo.test']));
    // An account that never chose a password is an invitation still waiting, listed by its address only.
    expect(rows.map((r) => r.email)).not.toContain('invited@demo.test');
    expect(await invitations(masterToken)).toEqual([{ id: expect.any(String), email: 'invited@demo.test' }]);
  });

  it("never shows another partner's accounts", async () => {
    const multi = (await server.login('multi@demo.test')).token;
    const skRows = await list(multi, sk);
    expect(skRows.map((r) => r.email)).toEqual(['multi@demo.test']);
    // The Czech master naming the Slovak partner is refused, not answered with the Czech list.
    expect(codeOf(await server.gql(LIST, {}, { token: masterToken, partnerId: sk }))).toBe('ACCESS_DENIED');
    const elsewhere = await idOf(sellers.at(-1)!);
    expect(codeOf(await server.gql(UNLINK, { id: elsewhere }, { token: masterToken, partnerId: cz }))).toBe(
      'ENTITY_NOT_FOUND',
    );
  });
});

describe('adding an account', () => {
  it('invites an unknown address: the mailed link sets a password, confirms the account and lets it sign in', async () => {
    const added = await server.gql<{ addPartnerAccount: { id: string; email: string } }>(
      ADD,
      { input: person(' Nova.Kolegyne@Example.com ') },
      { token: masterToken, partnerId: cz },
    );
    expect(added.data?.addPartnerAccount).toEqual({ id: expect.any(String), email: 'nova.kolegyne@example.com' });
    expect((await invitations(masterToken)).map((i) => i.email)).toContain('nova.kolegyne@example.com');
    expect((await list(masterToken)).map((r) => r.email)).not.toContain('nova.kolegyne@example.com');
    // Before the invitation is accepted the account cannot sign in.
    expect(
      codeOf(
        await server.gql('mutation($e: String!, $p: String!) { login(email: $e, password: $p) { token } }', {
          e: 'nova.kolegyne@example.com',
          p: NEW_PASSWORD,
        }),
      ),
    ).toBe('BAD_CREDENTIALS');

    const token = await invitationToken('nova.kolegyne@example.com');
    const mail = server.mailbox.filter((m) => m.to === 'nova.kolegyne@example.com').at(-1)!;
    expect(mail.subject).toContain('Sportovní potřeby Demo');
    // The outbox keeps no live link: only ids.
    const outbox = await sql("select data::text as data from mail_outbox where template = 'account-invite'");
    expect(outbox.map((r) => r.data).join()).not.toContain(token);

    expect((await server.gql(RESET, { t: token, p: NEW_PASSWORD })).data).toEqual({ passwordReset: true });
    const session = await server.login('nova.kolegyne@example.com', NEW_PASSWORD);
    expect(session.session).toMatchObject({ selectedPartner: { id: String(cz) } });
    // The link is single-use.
    expect(codeOf(await server.gql(RESET, { t: token, p: NEW_PASSWORD }))).toBe('BAD_CREDENTIALS');

    // Read on every resource by default: it may look at the accounts but not add one.
    const rows = await list(session.token);
    expect(rows.find((r) => r.email === 'nova.kolegyne@example.com')).toMatchObject({
      isConfirmed: true,
      passwordValid: true,
      isSelf: true,
    });
    // Accepted: no longer waiting.
    expect((await invitations(masterToken)).map((i) => i.email)).not.toContain('nova.kolegyne@example.com');
    expect(
      codeOf(await server.gql(ADD, { input: person('someone@example.com') }, { token: session.token, partnerId: cz })),
    ).toBe('ACCESS_DENIED');
  });

  it('links an existing account only when its owner accepts, with the rights chosen', async () => {
    const added = await server.gql<{ addPartnerAccount: { email: string } }>(
      ADD,
      { input: person(sellers[0]!.toUpperCase(), 'none') },
      { token: masterToken, partnerId: cz },
    );
    expect(added.data?.addPartnerAccount.email).toBe(sellers[0]!);
    const seller = (await server.login(sellers[0]!)).token;
    const partnersOf = async () =>
      (
        await server.gql<{ session: { acl: unknown[]; partners: { id: string }[] } }>(
          '{ session { acl { subject } partners { id } } }',
          {},
          { token: seller, partnerId: cz },
        )
      ).data?.session;
    expect((await partnersOf())?.partners.map((p) => p.id)).not.toContain(String(cz));
    expect(codeOf(await server.gql(ACCEPT, { t: await joinToken(sellers[0]!) }, { token: seller }))).toBeUndefined();
    // The seller now reaches the Czech shop too, with nothing allowed there yet.
    const session = await partnersOf();
    expect(session?.partners.map((p) => p.id)).toContain(String(cz));
    expect(session?.acl).toEqual([]);
    const [audit] = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'account.invite'), eq(auditLog.partnerId, cz)))
      .orderBy(desc(auditLog.id));
    expect(audit?.data).toMatchObject({ rights: 'none', granted: 0 });
  });

  it('refuses an address linked or invited already, and bad input', async () => {
    const again = await server.gql(ADD, { input: person(sellers[0]!) }, { token: masterToken, partnerId: cz });
    expect(codeOf(again)).toBe('ENTITY_ALREADY_EXISTS');
    expect(again.errors?.[0]?.message).toBe('This record already exists.');
    expect(
      codeOf(await server.gql(ADD, { input: person('invited@demo.test') }, { token: masterToken, partnerId: cz })),
    ).toBe('ENTITY_ALREADY_EXISTS');
    const bad = await server.gql(
      ADD,
      { input: { ...person('not-an-email'), lang: 'de' } },
      { token: masterToken, partnerId: cz },
    );
    expect(codeOf(bad)).toBe('VALIDATION_ERROR');
    expect(bad.errors?.[0]?.extensions.fields).toEqual([
      expect.objectContaining({ field: 'email', rule: 'email' }),
      expect.objectContaining({ field: 'lang', rule: 'in' }),
    ]);
    expect(await sql("select 1 from accounts where email = 'not-an-email'")).toEqual([]);
  });

  it('sends an invitation again to an account that has not accepted it, a few times an hour', async () => {
    const invited = (await invitations(masterToken)).find((i) => i.email === 'invited@demo.test')!.id;
    expect((await server.gql(RESEND, { id: invited }, { token: masterToken, partnerId: cz })).data).toEqual({
      resendAccountInvitation: true,
    });
    const first = await invitationToken('invited@demo.test');
    await server.gql(RESEND, { id: invited }, { token: masterToken, partnerId: cz });
    const second = await invitationToken('invited@demo.test');
    // Only the newest link works.
    expect(codeOf(await server.gql(RESET, { t: first, p: NEW_PASSWORD }))).toBe('BAD_CREDENTIALS');
    await server.gql(RESEND, { id: invited }, { token: masterToken, partnerId: cz });
    expect(codeOf(await server.gql(RESEND, { id: invited }, { token: masterToken, partnerId: cz }))).toBe(
      'TOO_MANY_ATTEMPTS',
    );
    expect(second).not.toBe(first);
    // An invitation whose account has chosen its password is done: nothing to send.
    const [done] = await sql("select id from account_invitations where email = 'nova.kolegyne@example.com'");
    expect(codeOf(await server.gql(RESEND, { id: done!.id }, { token: masterToken, partnerId: cz }))).toBe(
      'ACCOUNT_ALREADY_CONFIRMED',
    );
    expect(codeOf(await server.gql(RESEND, { id: 999_999 }, { token: masterToken, partnerId: cz }))).toBe(
      'ENTITY_NOT_FOUND',
    );
  });
});

describe('unlinking and the master', () => {
  it('unlinks an account: it loses the partner on its next request and keeps its own shop', async () => {
    const seller = (await server.login(sellers[0]!)).token;
    const id = await idOf(sellers[0]!);
    expect((await server.gql(UNLINK, { id }, { token: masterToken, partnerId: cz })).data).toEqual({
      unlinkPartnerAccount: true,
    });
    expect((await list(masterToken)).map((r) => r.email)).not.toContain(sellers[0]!);
    expect(await sql('select 1 from access_policies where partner_id = $1 and account_id = $2', [cz, id])).toEqual([]);
    const session = await server.gql<{ session: { partners: { id: string }[] } }>(
      '{ session { partners { id } } }',
      {},
      { token: seller },
    );
    expect(session.data?.session.partners.map((p) => p.id)).not.toContain(String(cz));
    expect(session.data?.session.partners).toHaveLength(1);
  });

  it('ends the sessions of an account left without any partner', async () => {
    const colleague = await server.login('nova.kolegyne@example.com', NEW_PASSWORD);
    const id = await idOf('nova.kolegyne@example.com');
    await server.gql(UNLINK, { id }, { token: masterToken, partnerId: cz });
    expect((await server.gql('{ session { isAdmin } }', {}, { token: colleague.token })).status).toBe(401);
  });

  it('never unlinks the master', async () => {
    const master = await idOf('partner@demo.test');
    const multi = (await server.login('multi@demo.test')).token;
    const refused = await server.gql(UNLINK, { id: master }, { token: multi, partnerId: cz });
    expect(codeOf(refused)).toBe('AT_LEAST_ONE_ADMIN_REQUIRED');
    expect(refused.errors?.[0]?.message).toBe('At least one administrator is required.');
    expect((await list(masterToken))[0]?.email).toBe('partner@demo.test');
  });

  it('hands the master role over, only by the master and only to a confirmed account', async () => {
    const multi = await idOf('multi@demo.test');
    const multiToken = (await server.login('multi@demo.test')).token;
    // multi@ holds every permission, yet only the master gives the role away.
    expect(codeOf(await server.gql(MASTER, { id: multi }, { token: multiToken, partnerId: cz }))).toBe('ACCESS_DENIED');
    expect(
      codeOf(await server.gql(MASTER, { id: await idOf('invited@demo.test') }, { token: masterToken, partnerId: cz })),
    ).toBe('ACCOUNT_MASTER_NOT_CONFIRMED');

    expect((await server.gql(MASTER, { id: multi }, { token: masterToken, partnerId: cz })).data).toEqual({
      changeMasterAccount: true,
    });
    const rows = await list(masterToken);
    expect(rows.filter((r) => r.isMaster).map((r) => r.email)).toEqual(['multi@demo.test']);
    // The former master stays an administrator with every pair.
    expect(rows.find((r) => r.email === 'partner@demo.test')).toMatchObject({ isMaster: false, isAdministrator: true });
    const acl = await server.gql<{ session: { acl: unknown[]; account: { isMaster: boolean } } }>(
      '{ session { acl { subject } account { isMaster } } }',
      {},
      { token: masterToken, partnerId: cz },
    );
    expect(acl.data?.session.account.isMaster).toBe(false);
    expect(acl.data?.session.acl).toHaveLength(80);
    // ... and the new master can now be unlinked by nobody, the former one can.
    expect(codeOf(await server.gql(UNLINK, { id: multi }, { token: masterToken, partnerId: cz }))).toBe(
      'AT_LEAST_ONE_ADMIN_REQUIRED',
    );
    // Back as it was, for the other tests.
    await server.gql(MASTER, { id: await idOf('partner@demo.test') }, { token: multiToken, partnerId: cz });
    expect((await list(masterToken))[0]).toMatchObject({ email: 'partner@demo.test', isMaster: true });
  });
});

describe('never fewer than one administrator', () => {
  it('lets an administrator go while another stays, and refuses the last one leaving', async () => {
    const { partnerId, owner, second } = await partnerWithoutMaster(server, sellers[1]!, 1);
    expect(await administratorCount(server.database.db, partnerId)).toBe(2);
    expect((await server.gql(UNLINK, { id: second.id }, { token: owner.token, partnerId })).data).toEqual({
      unlinkPartnerAccount: true,
    });
    expect(codeOf(await server.gql(UNLINK, { id: owner.id }, { token: owner.token, partnerId }))).toBe(
      'AT_LEAST_ONE_ADMIN_REQUIRED',
    );
    expect(await administratorCount(server.database.db, partnerId)).toBe(1);
  });
});

describe('without the accounts permission', () => {
  it('refuses to list, add, unlink or invite', async () => {
    const limited = await idOf('limited@demo.test');
    await sql("delete from access_policies where account_id = $1 and subject = 'accounts'", [limited]);
    await server.app.platform.authCache.changed({ accounts: [limited] });
    const token = (await server.login('limited@demo.test')).token;
    const invited = await idOf('invited@demo.test');
    for (const [query, variables] of [
      [LIST, {}],
      [ADD, { input: person('x@example.com') }],
      [UNLINK, { id: invited }],
      [RESEND, { id: invited }],
      [MASTER, { id: invited }],
    ] as const) {
      expect(codeOf(await server.gql(query, variables, { token, partnerId: cz }))).toBe('ACCESS_DENIED');
    }
    expect(await sql("select 1 from accounts where email = 'x@example.com'")).toEqual([]);
  });
});
