import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../platform/audit/tables';
import { codeOf, partnerIdByShop, signInAsPartner, startTestServer, type TestServer } from '../../test/harness';

let server: TestServer;
let cz: number;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  server = await startTestServer();
  cz = await partnerIdByShop(server.database, '100001');
  for (const who of ['admin', 'support', 'sales', 'finance', 'content']) {
    tokens[who] = (await server.login(`${who}@demo.test`)).token;
  }
});
afterAll(async () => server?.close());

const SESSION = '{ session { isAdmin operatorRoles readOnly operatorAcl { subject action } acl { subject action } } }';
const SAVE_VIEW = 'mutation { savedViewCreate(gridId: "orders", name: "Support view") { id } }';

describe('operator roles in the cockpit', () => {
  it('tells each operator its roles and what they grant', async () => {
    const support = await server.gql<{
      session: { operatorRoles: string[]; operatorAcl: { subject: string; action: string }[] };
    }>(SESSION, {}, { token: tokens.support });
    expect(support.data!.session.operatorRoles).toEqual(['support']);
    const acl = support.data!.session.operatorAcl;
    expect(acl.some((p) => p.action === 'update')).toBe(false);
    expect(acl).toContainEqual({ subject: 'audit', action: 'read' });
    expect(acl).not.toContainEqual({ subject: 'operators', action: 'read' });
    const finance = await server.gql<{ session: { operatorAcl: { subject: string; action: string }[] } }>(
      SESSION,
      {},
      { token: tokens.finance },
    );
    expect(finance.data!.session.operatorAcl).toContainEqual({ subject: 'billing', action: 'update' });
    expect(finance.data!.session.operatorAcl).not.toContainEqual({ subject: 'campaigns', action: 'update' });
  });

  it('lets every role read the partner grid and only its own areas change', async () => {
    for (const who of ['admin', 'support', 'sales', 'finance', 'content']) {
      const grid = await server.gql('{ cockpitPartners { total } }', {}, { token: tokens[who] });
      expect([who, codeOf(grid)]).toEqual([who, undefined]);
    }
    const penalty = (token: string) =>
      server.gql(
        // A negative amount: the roles that pass the check are refused by the rules, so nothing is issued.
        'mutation($p: ID!) { cockpitIssuePenalty(partnerId: $p, amount: "-1", reason: "Late shipments") { id } }',
        { p: String(cz) },
        { token },
      );
    expect(codeOf(await penalty(tokens.support!))).toBe('ACCESS_DENIED');
    expect(codeOf(await penalty(tokens.content!))).toBe('ACCESS_DENIED');
    expect(codeOf(await penalty(tokens.sales!))).toBe('ACCESS_DENIED');
    // Finance may: whatever the rules then say of the input, it is past the role check.
    expect(codeOf(await penalty(tokens.finance!))).not.toBe('ACCESS_DENIED');
  });
});

describe('a support operator signed in as a partner', () => {
  let readOnly: string;
  beforeAll(async () => {
    readOnly = await signInAsPartner(server, tokens.support!, cz);
  });

  it('sees the partner as it is, with rights to look only', async () => {
    const session = await server.gql<{
      session: { readOnly: boolean; isAdmin: boolean; acl: { action: string }[] };
    }>(SESSION, {}, { token: readOnly, partnerId: cz });
    expect(session.data!.session.readOnly).toBe(true);
    expect(session.data!.session.isAdmin).toBe(false);
    expect(new Set(session.data!.session.acl.map((p) => p.action))).toEqual(new Set(['read']));
    const orders = await server.gql<{ orders: { total: number } }>(
      '{ orders(view: ALL) { total } }',
      {},
      { token: readOnly, partnerId: cz },
    );
    expect(codeOf(orders)).toBeUndefined();
    expect(orders.data!.orders.total).toBeGreaterThan(0);
    const [entry] = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'auth.remote-login'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry!.data).toMatchObject({ readOnly: true });
  });

  it('changes nothing: every mutation is refused with a message saying why', async () => {
    const refused = await server.gql(SAVE_VIEW, {}, { token: readOnly, partnerId: cz, lang: 'cs' });
    expect(codeOf(refused)).toBe('READ_ONLY_SESSION');
    expect(refused.errors![0]!.message).toBe('Jste přihlášeni jen pro náhled: v této relaci nelze nic měnit.');
    const views = await server.database.executeSql(`select 1 from saved_views where name = 'Support view'`);
    expect(views.rows).toHaveLength(0);
    // Not even tucked behind an allowed field or an alias.
    const mixed = await server.gql(
      'mutation { logout saved: savedViewCreate(gridId: "orders", name: "X") { id } }',
      {},
      { token: readOnly, partnerId: cz },
    );
    expect(codeOf(mixed)).toBe('READ_ONLY_SESSION');
  });

  it('refuses an upload through REST', async () => {
    const response = await server.app.app.inject({
      method: 'POST',
      url: '/upload',
      headers: {
        authorization: `Bearer ${readOnly}`,
        'x-partner-id': String(cz),
        'content-type': 'image/png',
        'content-disposition': 'attachment; filename="a.png"',
      },
      payload: Buffer.from('not really an image'),
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.body).toContain('READ_ONLY_SESSION');
  });

  it('may still end itself', async () => {
    const out = await server.gql<{ logout: boolean }>('mutation { logout }', {}, { token: readOnly });
    expect(out.data).toEqual({ logout: true });
  });

  it('leaves an administrator signed in as a partner able to change things', async () => {
    const full = await signInAsPartner(server, tokens.admin!, cz);
    const session = await server.gql<{ session: { readOnly: boolean } }>(SESSION, {}, { token: full, partnerId: cz });
    expect(session.data!.session.readOnly).toBe(false);
    expect(codeOf(await server.gql(SAVE_VIEW, {}, { token: full, partnerId: cz }))).toBeUndefined();
  });
});

const OPERATORS = '{ cockpitOperators { id email roles isActive isConfirmed } }';
const INVITE =
  'mutation($i: OperatorInviteInput!) { cockpitInviteOperator(input: $i) { id email roles isActive isConfirmed } }';
const SET_ROLES = 'mutation($id: ID!, $r: [String!]!) { cockpitSetOperatorRoles(id: $id, roles: $r) { id roles } }';
const SET_ACTIVE = 'mutation($id: ID!, $a: Boolean!) { cockpitSetOperatorActive(id: $id, active: $a) { id isActive } }';

async function operatorId(email: string): Promise<string> {
  const list = await server.gql<{ cockpitOperators: { id: string; email: string }[] }>(
    OPERATORS,
    {},
    {
      token: tokens.admin,
    },
  );
  return list.data!.cockpitOperators.find((o) => o.email === email)!.id;
}

async function auditsOf(action: string, entityId: string) {
  const rows = await server.database.executeSql(
    'select data, admin_account_id, account_id from audit_log where action = $1 and entity_id = $2 order by id',
    [action, entityId],
  );
  return rows.rows as { data: Record<string, unknown> }[];
}

describe('operators managed by administrators', () => {
  it('shows the operators to administrators only', async () => {
    const list = await server.gql<{ cockpitOperators: { email: string; roles: string[] }[] }>(
      OPERATORS,
      {},
      {
        token: tokens.admin,
      },
    );
    expect(list.data!.cockpitOperators).toContainEqual(
      expect.objectContaining({ email: 'support@demo.test', roles: ['support'] }),
    );
    for (const who of ['support', 'sales', 'finance', 'content']) {
      expect([who, codeOf(await server.gql(OPERATORS, {}, { token: tokens[who] }))]).toEqual([who, 'ACCESS_DENIED']);
    }
  });

  it('invites an operator, who chooses a password from the mail and signs in with the roles given', async () => {
    const input = {
      email: 'Nova.Operatorka@Demo.test',
      firstName: 'Nová',
      lastName: 'Operátorka',
      lang: 'cs',
      roles: ['finance', 'content', 'finance'],
    };
    const invited = await server.gql<{ cockpitInviteOperator: Record<string, unknown> }>(
      INVITE,
      { i: input },
      {
        token: tokens.admin,
      },
    );
    expect(invited.errors).toBeUndefined();
    expect(invited.data!.cockpitInviteOperator).toMatchObject({
      email: 'nova.operatorka@demo.test',
      roles: ['finance', 'content'],
      isActive: true,
      isConfirmed: false,
    });
    expect(codeOf(await server.gql(INVITE, { i: input }, { token: tokens.admin }))).toBe('EMAIL_TAKEN');
    expect(codeOf(await server.gql(INVITE, { i: { ...input, email: 'x@demo.test' } }, { token: tokens.sales }))).toBe(
      'ACCESS_DENIED',
    );
    const sent = await server.deliverMail();
    const mail = sent.find((m) => m.to === 'nova.operatorka@demo.test')!;
    expect(mail.subject).toBe('Pozvánka do kokpitu marketplace');
    const token = /\/login\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
    const password = 'Nove-heslo-operatorky-42';
    const set = await server.gql(
      'mutation($t: String!, $p: String!) { passwordReset(token: $t, password: $p, passwordRepeat: $p) }',
      { t: token, p: password },
    );
    expect(set.errors).toBeUndefined();
    const { token: session } = await server.login('nova.operatorka@demo.test', password);
    const acl = await server.gql<{ session: { operatorRoles: string[] } }>(SESSION, {}, { token: session });
    expect(acl.data!.session.operatorRoles).toEqual(['finance', 'content']);
    const id = invited.data!.cockpitInviteOperator.id as string;
    expect((await auditsOf('cockpit.operator.invite', id))[0]!.data).toEqual({
      after: { email: 'nova.operatorka@demo.test', roles: ['finance', 'content'] },
    });
  });

  it('refuses an invitation without a role or with a role it does not know', async () => {
    const base = { email: 'bez.role@demo.test', firstName: 'Bez', lastName: 'Role', lang: 'en' };
    expect(codeOf(await server.gql(INVITE, { i: { ...base, roles: [] } }, { token: tokens.admin }))).toBe(
      'VALIDATION_ERROR',
    );
    expect(codeOf(await server.gql(INVITE, { i: { ...base, roles: ['owner'] } }, { token: tokens.admin }))).toBe(
      'VALIDATION_ERROR',
    );
  });

  it("changes an operator's roles with an audit entry, and its impersonation ends with the old rights", async () => {
    const email = 'sales@demo.test';
    const id = await operatorId(email);
    const sales = (await server.login(email)).token;
    const impersonation = await signInAsPartner(server, sales, cz);
    expect(codeOf(await server.gql(SESSION, {}, { token: impersonation, partnerId: cz }))).toBeUndefined();
    const changed = await server.gql<{ cockpitSetOperatorRoles: { roles: string[] } }>(
      SET_ROLES,
      { id, r: ['support'] },
      { token: tokens.admin },
    );
    expect(changed.data!.cockpitSetOperatorRoles.roles).toEqual(['support']);
    expect(codeOf(await server.gql(SESSION, {}, { token: impersonation, partnerId: cz }))).toBe('AUTHENTICATION_ERROR');
    // The operator's own session stays, with the new role's rights at once.
    const workflow = await server.gql(
      'mutation($p: ID!) { cockpitChangeWorkflow(partnerId: $p, status: "sample") { status } }',
      { p: String(cz) },
      { token: sales },
    );
    expect(codeOf(workflow)).toBe('ACCESS_DENIED');
    expect((await auditsOf('cockpit.operator.roles', id)).at(-1)!.data).toEqual({
      before: { roles: ['onboarding'] },
      after: { roles: ['support'] },
    });
    await server.gql(SET_ROLES, { id, r: ['onboarding'] }, { token: tokens.admin });
  });

  it('deactivates an operator, whose sessions end at once, and lets it back', async () => {
    const id = await operatorId('content@demo.test');
    const content = (await server.login('content@demo.test')).token;
    const off = await server.gql<{ cockpitSetOperatorActive: { isActive: boolean } }>(
      SET_ACTIVE,
      { id, a: false },
      { token: tokens.admin },
    );
    expect(off.data!.cockpitSetOperatorActive.isActive).toBe(false);
    expect(codeOf(await server.gql('{ cockpitPartners { total } }', {}, { token: content }))).toBe(
      'AUTHENTICATION_ERROR',
    );
    expect(
      codeOf(await server.gql('mutation { login(email: "content@demo.test", password: "x") { token } }')),
    ).not.toBeUndefined();
    await server.gql(SET_ACTIVE, { id, a: true }, { token: tokens.admin });
    tokens.content = (await server.login('content@demo.test')).token;
    expect(codeOf(await server.gql('{ cockpitPartners { total } }', {}, { token: tokens.content }))).toBeUndefined();
  });

  it('never leaves the cockpit without an administrator, even when two demote each other at once', async () => {
    const adminId = await operatorId('admin@demo.test');
    expect(codeOf(await server.gql(SET_ACTIVE, { id: adminId, a: false }, { token: tokens.admin }))).toBe(
      'OPERATOR_SELF_CHANGE',
    );
    expect(codeOf(await server.gql(SET_ROLES, { id: adminId, r: ['support'] }, { token: tokens.admin }))).toBe(
      'OPERATOR_SELF_CHANGE',
    );
    // A second administrator; then each takes the role from the other at the same moment.
    const financeId = await operatorId('finance@demo.test');
    await server.gql(SET_ROLES, { id: financeId, r: ['administrator', 'finance'] }, { token: tokens.admin });
    const second = (await server.login('finance@demo.test')).token;
    const results = await Promise.all([
      server.gql(SET_ROLES, { id: financeId, r: ['finance'] }, { token: tokens.admin }),
      server.gql(SET_ROLES, { id: adminId, r: ['support'] }, { token: second }),
    ]);
    const codes = results.map(codeOf);
    expect(codes.filter((c) => c === undefined)).toHaveLength(1);
    const left = await server.database.executeSql(
      `select count(*)::int as n from accounts where is_active and 'administrator' = any(operator_roles)`,
    );
    expect((left.rows[0] as { n: number }).n).toBe(1);
    // Put the demo back as it was for whoever changed.
    const survivor = codes[0] === undefined ? tokens.admin : second;
    await server.gql(SET_ROLES, { id: adminId, r: ['administrator'] }, { token: survivor });
    await server.gql(SET_ROLES, { id: financeId, r: ['finance'] }, { token: tokens.admin });
  });
});
