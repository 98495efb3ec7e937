import { INVITE_MAILS_PER_ADDRESS, INVITE_RESEND_LIMIT } from '@pp/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, partnerIdByShop, startTestServer, type TestServer } from '../../test/harness';

let server: TestServer;
let cz: number;
/** A newly registered shop, still in onboarding: its master may invite like any other. */
let fresh: { partnerId: number; token: string };
let sellers: string[];

const ADD = `mutation($input: AddAccountInput!) { addPartnerAccount(input: $input) { id email created expiresAt } }`;
const INVITATIONS = '{ partnerInvitations { id email } }';
const ACCOUNTS = '{ partnerAccounts { email } }';
const VIEW = 'query($t: String!) { accountInvitation(token: $t) { partnerId partnerName shopId inviterName email } }';
const ACCEPT = 'mutation($t: String!) { acceptAccountInvitation(token: $t) { partnerId partnerName } }';
const DECLINE = 'mutation($t: String!) { declineAccountInvitation(token: $t) }';
const RESEND = 'mutation($id: ID!) { resendAccountInvitation(invitationId: $id) }';
const CANCEL = 'mutation($id: ID!) { cancelAccountInvitation(invitationId: $id) }';
const PARTNERS = '{ session { partners { id } acl { subject action } } }';

async function sql(text: string, params: unknown[] = []) {
  return (await server.database.executeSql(text, params)).rows as Record<string, unknown>[];
}

const person = (email: string) => ({ email, firstName: 'Kdo', lastName: 'Koliv', lang: 'cs' });

/** The newest link of `kind` mailed to `email`, or null when none was mailed. */
async function mailedLink(email: string, kind: 'invitation' | 'login/reset-password'): Promise<string | null> {
  await server.deliverMail();
  const mail = server.mailbox.filter((m) => m.to === email).at(-1);
  const link = new RegExp(`/${kind}/([A-Za-z0-9_-]+)`).exec(mail?.text ?? '');
  return link?.[1] ?? null;
}

async function partnersOf(token: string): Promise<string[]> {
  const result = await server.gql<{ session: { partners: { id: string }[] } }>(PARTNERS, {}, { token });
  return result.data?.session.partners.map((p) => p.id) ?? [];
}

async function listOf<T>(query: string, field: string, token: string, partnerId: number): Promise<T[]> {
  const result = await server.gql<Record<string, T[]>>(query, {}, { token, partnerId });
  if (!result.data) throw new Error(JSON.stringify(result.errors));
  return result.data[field]!;
}

beforeAll(async () => {
  server = await startTestServer();
  cz = await partnerIdByShop(server.database, '100001');
  const [onboarding] = await sql(
    `select ap.partner_id from account_partners ap join accounts a on a.id = ap.account_id
     where a.email = 'onboarding@demo.test'`,
  );
  fresh = { partnerId: Number(onboarding!.partner_id), token: (await server.login('onboarding@demo.test')).token };
  sellers = (
    await sql(`select a.email from accounts a
      join account_partners ap on ap.account_id = a.id join partners p on p.id = ap.partner_id
      where a.email like 'seller%' and p.workflow_status not in ('DEACTIVATED', 'ONBOARDING_CANCELLED')
        and p.shop_id <> 'HR10MA' order by a.id`)
  ).map((r) => String(r.email));
});
afterAll(async () => server?.close());

describe('linking an account needs its owner', () => {
  it('answers the same for every address and shows only the address, whoever is behind it', async () => {
    const addresses = [
      'partner@demo.test',
      'closed@demo.test',
      'deactivated@demo.test',
      'admin@demo.test',
      'nobody.yet@example.com',
    ];
    const answers = [];
    for (const email of addresses) {
      const result = await server.gql<{ addPartnerAccount: Record<string, string> }>(
        ADD,
        { input: person(email) },
        { token: fresh.token, partnerId: fresh.partnerId },
      );
      expect(result.errors).toBeUndefined();
      answers.push(result.data!.addPartnerAccount);
    }
    // Field for field the same shape, and nothing but what the inviter typed and the dates.
    expect(answers.map((a) => Object.keys(a).sort())).toEqual(
      addresses.map(() => ['created', 'email', 'expiresAt', 'id']),
    );
    expect(answers.map((a) => a.email)).toEqual(addresses);
    const waiting = await listOf<{ email: string }>(INVITATIONS, 'partnerInvitations', fresh.token, fresh.partnerId);
    expect(waiting.map((w) => w.email).sort()).toEqual([...addresses].sort());
    // None of them works for the shop yet, so none of their names, languages or states shows anywhere.
    const members = await listOf<{ email: string }>(ACCOUNTS, 'partnerAccounts', fresh.token, fresh.partnerId);
    expect(members.map((m) => m.email)).toEqual(['onboarding@demo.test']);
  });

  it('links partner@ only when it accepts, signed in, after seeing who invited it to which shop', async () => {
    const partner = (await server.login('partner@demo.test')).token;
    expect(await partnersOf(partner)).not.toContain(String(fresh.partnerId));
    const token = await mailedLink('partner@demo.test', 'invitation');
    expect(token).not.toBeNull();
    // Only hashes are stored, and the outbox keeps no link.
    expect(await sql('select 1 from account_invitations where token_hash = $1', [token])).toEqual([]);

    // Nobody else answers it: not without a session, not another account holding the link.
    expect(codeOf(await server.gql(ACCEPT, { t: token }))).toBe('AUTHENTICATION_ERROR');
    const multi = (await server.login('multi@demo.test')).token;
    const other = await server.gql(ACCEPT, { t: token }, { token: multi });
    expect(codeOf(other)).toBe('ACCOUNT_INVITATION_OTHER_ACCOUNT');
    expect(other.errors?.[0]?.message).toBe(
      'This invitation was sent to another e-mail address. Sign in with that address to answer it.',
    );
    expect(await partnersOf(multi)).not.toContain(String(fresh.partnerId));

    const view = await server.gql<{ accountInvitation: Record<string, string> }>(
      VIEW,
      { t: token },
      { token: partner },
    );
    expect(view.data?.accountInvitation).toMatchObject({
      partnerId: String(fresh.partnerId),
      inviterName: 'Olga Nová',
      email: 'partner@demo.test',
    });
    expect(view.data?.accountInvitation.partnerName).not.toBe('');
    expect(await partnersOf(partner)).not.toContain(String(fresh.partnerId));

    const accepted = await server.gql<{ acceptAccountInvitation: { partnerId: string } }>(
      ACCEPT,
      { t: token },
      { token: partner },
    );
    expect(accepted.data?.acceptAccountInvitation.partnerId).toBe(String(fresh.partnerId));
    expect(await partnersOf(partner)).toContain(String(fresh.partnerId));
    // Its own shop stays the one it lands on.
    const members = await listOf<{ email: string }>(ACCOUNTS, 'partnerAccounts', fresh.token, fresh.partnerId);
    expect(members.map((m) => m.email)).toContain('partner@demo.test');
    const waiting = await listOf<{ email: string }>(INVITATIONS, 'partnerInvitations', fresh.token, fresh.partnerId);
    expect(waiting.map((w) => w.email)).not.toContain('partner@demo.test');
    // The link is spent.
    expect(codeOf(await server.gql(ACCEPT, { t: token }, { token: partner }))).toBe('ACCOUNT_INVITATION_INVALID');
  });

  it('mails no operator and no deactivated account, and an operator never joins', async () => {
    await server.deliverMail();
    expect(server.mailbox.filter((m) => m.to === 'admin@demo.test' || m.to === 'deactivated@demo.test')).toEqual([]);
    const admin = (await server.login('admin@demo.test')).token;
    expect(codeOf(await server.gql(ACCEPT, { t: 'anything' }, { token: admin }))).toBe('ACCOUNT_OPERATOR_NOT_LINKABLE');
  });

  it('lets the owner decline: nothing is linked and the invitation is gone', async () => {
    await server.gql(ADD, { input: person('multi@demo.test') }, { token: fresh.token, partnerId: fresh.partnerId });
    const token = (await mailedLink('multi@demo.test', 'invitation'))!;
    const multi = (await server.login('multi@demo.test')).token;
    expect((await server.gql(DECLINE, { t: token }, { token: multi })).data).toEqual({
      declineAccountInvitation: true,
    });
    expect(await partnersOf(multi)).not.toContain(String(fresh.partnerId));
    const waiting = await listOf<{ email: string }>(INVITATIONS, 'partnerInvitations', fresh.token, fresh.partnerId);
    expect(waiting.map((w) => w.email)).not.toContain('multi@demo.test');
    expect(codeOf(await server.gql(ACCEPT, { t: token }, { token: multi }))).toBe('ACCOUNT_INVITATION_INVALID');
  });

  it('withdraws an invitation: its link dies, and a new address loses the shop again', async () => {
    const waiting = await listOf<{ id: string; email: string }>(
      INVITATIONS,
      'partnerInvitations',
      fresh.token,
      fresh.partnerId,
    );
    const closed = waiting.find((w) => w.email === 'closed@demo.test')!;
    const fresher = waiting.find((w) => w.email === 'nobody.yet@example.com')!;
    const resetLink = await mailedLink('nobody.yet@example.com', 'login/reset-password');
    expect(resetLink).not.toBeNull();
    for (const invitation of [closed, fresher]) {
      expect(
        (await server.gql(CANCEL, { id: invitation.id }, { token: fresh.token, partnerId: fresh.partnerId })).data,
      ).toEqual({
        cancelAccountInvitation: true,
      });
    }
    expect(
      await sql(
        `select 1 from account_partners ap join accounts a on a.id = ap.account_id
         where a.email = 'nobody.yet@example.com'`,
      ),
    ).toEqual([]);
    const reset = await server.gql(
      'mutation($t: String!, $p: String!) { passwordReset(token: $t, password: $p, passwordRepeat: $p) }',
      { t: resetLink, p: 'Pozvanka-Heslo-2026!' },
    );
    expect(codeOf(reset)).toBe('BAD_CREDENTIALS');
    // Another partner's invitation is not this one's to withdraw.
    const master = (await server.login('partner@demo.test')).token;
    const [foreign] = await sql('select id from account_invitations where partner_id = $1', [fresh.partnerId]);
    expect(codeOf(await server.gql(CANCEL, { id: foreign!.id }, { token: master, partnerId: cz }))).toBe(
      'ENTITY_NOT_FOUND',
    );
  });
});

describe('invitations are not a mail cannon', () => {
  it('allows one invitation per request', async () => {
    const twice = await server.gql(
      `mutation { a: addPartnerAccount(input: { email: "a1@example.com", firstName: "A", lastName: "A", lang: "cs" }) { id }
        b: addPartnerAccount(input: { email: "a2@example.com", firstName: "A", lastName: "A", lang: "cs" }) { id } }`,
      {},
      { token: fresh.token, partnerId: fresh.partnerId },
    );
    expect(codeOf(twice)).toBe('QUERY_TOO_COMPLEX');
    expect(await sql("select 1 from account_invitations where email in ('a1@example.com', 'a2@example.com')")).toEqual(
      [],
    );
  });

  it('throttles re-inviting one address, and mails one address only so often whoever invites it', async () => {
    const [first] = await listOf<{ id: string; email: string }>(
      INVITATIONS,
      'partnerInvitations',
      fresh.token,
      fresh.partnerId,
    ).then((rows) => rows.filter((r) => r.email === 'admin@demo.test'));
    // Sent once already; the rest of the window's sends, then a refusal.
    for (let i = 1; i < INVITE_RESEND_LIMIT.max; i++) {
      expect(
        codeOf(await server.gql(RESEND, { id: first!.id }, { token: fresh.token, partnerId: fresh.partnerId })),
      ).toBeUndefined();
    }
    expect(
      codeOf(await server.gql(RESEND, { id: first!.id }, { token: fresh.token, partnerId: fresh.partnerId })),
    ).toBe('TOO_MANY_ATTEMPTS');

    // Many shops inviting one account get the same answer each; the mailbox gets the day's number only.
    const target = 'popular@example.com';
    await sql("insert into accounts (email, first_name, last_name, is_confirmed) values ($1, 'Po', 'Pular', true)", [
      target,
    ]);
    const before = server.mailbox.filter((m) => m.to === target).length;
    const sk = await partnerIdByShop(server.database, '100002');
    const pl = await partnerIdByShop(server.database, '100003');
    const multi = (await server.login('multi@demo.test')).token;
    const inviters: { token: string; partnerId?: number }[] = [
      { token: (await server.login('partner@demo.test')).token, partnerId: cz },
      { token: multi, partnerId: sk },
      { token: multi, partnerId: pl },
      { token: fresh.token, partnerId: fresh.partnerId },
    ];
    for (const seller of sellers.slice(0, -1)) inviters.push({ token: (await server.login(seller)).token });
    expect(inviters.length).toBeGreaterThan(INVITE_MAILS_PER_ADDRESS.max);
    for (const inviter of inviters) {
      const result = await server.gql(ADD, { input: person(target) }, inviter);
      expect(result.errors).toBeUndefined();
    }
    await server.deliverMail();
    expect(server.mailbox.filter((m) => m.to === target).length - before).toBe(INVITE_MAILS_PER_ADDRESS.max);
  });
});
