import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, partnerIdByShop, startTestServer, type TestServer } from '../../test/harness';

/**
 * What an attacker or a broken client could send to the operators' cockpit operations of issue 24: every answer
 * is a catalogue error naming the rule (or the operation's own code), never INTERNAL, never a 500, and a refused
 * command leaves nothing behind — no row, no audit entry, no mail.
 */

let server: TestServer;
let admin: string;
let cz: number;
let partnerAccount: number;

beforeAll(async () => {
  server = await startTestServer();
  admin = (await server.login('admin@demo.test')).token;
  cz = await partnerIdByShop(server.database, '100001');
  const { rows } = await server.database.executeSql("select id from accounts where email = 'partner@demo.test'");
  partnerAccount = (rows[0] as { id: number }).id;
});
afterAll(async () => server?.close());

type Answer = Awaited<ReturnType<TestServer['gql']>>;

const NUL = '\u0000';
const BELL = '\u0007';
const LONE = '\ud800';
const LONG = 'x'.repeat(100_000);
const HUGE = 'x'.repeat(2 * 1024 * 1024);
/** Ids no row can carry: past int4, past 2**53, fractions, exponents, negatives, words, nothing. */
const BAD_IDS = ['1e400', '-1', String(2 ** 53), String(2 ** 31), '1.5', 'Infinity', 'NaN', 'abc', '', ' 1'];
/** The largest id a row could carry, which none does. */
const NO_ROW = String(2 ** 31 - 1);

const gql = (query: string, variables: Record<string, unknown> = {}) => server.gql(query, variables, { token: admin });

function fieldsOf(answer: Answer): { field: string; rule: string }[] {
  return (answer.errors?.[0]?.extensions.fields ?? []) as { field: string; rule: string }[];
}

/** A refusal with a catalogue code and a sentence in the asked language, never a 500. */
function expectCode(answer: Answer, code: string) {
  expect(answer.status, JSON.stringify(answer.errors)).toBeLessThan(500);
  expect(codeOf(answer), JSON.stringify(answer.errors)).toBe(code);
  expect(answer.errors![0]!.message).not.toMatch(/^errors\./);
}

function expectRule(answer: Answer, field: string, rule: string) {
  expectCode(answer, 'VALIDATION_ERROR');
  expect(fieldsOf(answer), JSON.stringify(fieldsOf(answer)).slice(0, 500)).toContainEqual(
    expect.objectContaining({ field, rule }),
  );
}

/**
 * Everything the cockpit's commands write, as one text: a refused command must leave it as it was (the audit
 * trail, the mail outbox, operators, partners' people, notes and statuses, moves, dialogs, modules, flags,
 * stream tokens).
 */
async function footprint(): Promise<string> {
  const { rows } = await server.database.executeSql(`select
    (select count(*)::int from audit_log) as audit,
    (select count(*)::int from mail_outbox) as mail,
    (select md5(string_agg(concat_ws('|', id, email, first_name, last_name, operator_roles::text, is_active), ',' order by id))
       from accounts) as accounts,
    (select md5(string_agg(concat_ws('|', id, kam, farmer, accountant, onboarding, note, workflow_status, updated), ','
       order by id)) from partners) as partners,
    (select count(*)::int from workflow_history) as moves,
    (select md5(coalesce(string_agg(concat_ws('|', id, shops::text, valid_from, valid_to, published, updated), ','
       order by id), '')) from portal_dialogs) as dialogs,
    (select count(*)::int from portal_dialog_texts) as texts,
    (select count(*)::int from partner_service_modules) as modules,
    (select md5(string_agg(concat_ws('|', name, enabled), ',' order by name)) from feature_flags) as flags,
    (select count(*)::int from stream_tokens) as tokens`);
  return JSON.stringify(rows[0]);
}

/** Runs the refused attempts and checks that nothing of them was written. */
async function leavesNoTrace(attempts: () => Promise<void>) {
  const before = await footprint();
  await attempts();
  expect(await footprint()).toBe(before);
}

const INVITE = `mutation($i: OperatorInviteInput!) { cockpitInviteOperator(input: $i) { id } }`;
const ROLES = 'mutation($id: ID!, $r: [String!]!) { cockpitSetOperatorRoles(id: $id, roles: $r) { id roles } }';
const ACTIVE = 'mutation($id: ID!, $a: Boolean!) { cockpitSetOperatorActive(id: $id, active: $a) { id } }';
const RESEND_INVITE = 'mutation($id: ID!) { cockpitResendOperatorInvite(id: $id) }';
const DETAIL = 'query($p: ID!) { cockpitPartner(partnerId: $p) { id } }';
const LIFECYCLE =
  'mutation($p: ID!, $c: PartnerLifecycleCommand!, $n: String) { cockpitPartnerLifecycle(partnerId: $p, command: $c, note: $n) { id } }';
const ASSIGN =
  'mutation($p: ID!, $k: String, $f: String, $a: String, $o: String) { cockpitAssignPartner(partnerId: $p, kam: $k, farmer: $f, accountant: $a, onboarding: $o) { kam farmer accountant onboarding } }';
const NOTE = 'mutation($p: ID!, $n: String) { cockpitSetPartnerNote(partnerId: $p, note: $n) { note } }';
const MOVE =
  'mutation($p: ID!, $s: String!, $t: [WorkflowTickInput!], $n: String) { cockpitChangeWorkflow(partnerId: $p, status: $s, ticks: $t, note: $n) { status } }';
const MODULES = 'query($p: ID!) { cockpitServiceModules(partnerId: $p) { module } }';
const SET_MODULE =
  'mutation($p: ID!, $m: String!, $e: Boolean!) { cockpitSetServiceModule(partnerId: $p, module: $m, enabled: $e) { module enabled } }';
const WATCH = 'mutation($p: ID!) { cockpitStreamWatch(partnerId: $p) { partnerId } }';
const FLAG = 'mutation($n: String!, $e: Boolean!) { cockpitSetFeatureFlag(name: $n, enabled: $e) { name } }';
const SAVE_DIALOG =
  'mutation($id: ID, $i: PortalDialogInput!) { cockpitSavePortalDialog(id: $id, input: $i) { id texts { lang title } } }';
const PUBLISH_DIALOG =
  'mutation($id: ID!, $p: Boolean!) { cockpitSetPortalDialogPublished(id: $id, published: $p) { id } }';
const AUDIT_ENTRY = 'query($id: ID!) { cockpitAuditEntry(id: $id) { id } }';
const RESEND_CONFIRMATION = 'mutation($id: ID!) { cockpitResendRegistrationConfirmation(registrationId: $id) }';

const invite = (over: Record<string, unknown> = {}) => ({
  email: 'hostile.operator@demo.test',
  firstName: 'Hana',
  lastName: 'Zlá',
  lang: 'cs',
  roles: ['support'],
  ...over,
});

const dialog = (over: Record<string, unknown> = {}, text: Record<string, unknown> = {}) => ({
  shops: ['CZ10MA'],
  validFrom: '2030-01-01T00:00:00Z',
  validTo: null,
  texts: [{ lang: 'en', title: 'Maintenance', body: '<p>Saturday night</p>', ...text }],
  ...over,
});

describe('ids on every cockpit operation of issue 24', () => {
  /** Each operation with an id argument: its document, its variables around the id, and the argument's name. */
  const BY_ID: [string, string, (id: string) => Record<string, unknown>, string][] = [
    ['cockpitPartner', DETAIL, (p) => ({ p }), 'partnerId'],
    ['cockpitPartnerLifecycle', LIFECYCLE, (p) => ({ p, c: 'HIDE' }), 'partnerId'],
    ['cockpitAssignPartner', ASSIGN, (p) => ({ p, k: 'Karel' }), 'partnerId'],
    ['cockpitSetPartnerNote', NOTE, (p) => ({ p, n: 'note' }), 'partnerId'],
    ['cockpitChangeWorkflow', MOVE, (p) => ({ p, s: 'PRODUCTION' }), 'partnerId'],
    ['cockpitServiceModules', MODULES, (p) => ({ p }), 'partnerId'],
    ['cockpitSetServiceModule', SET_MODULE, (p) => ({ p, m: 'orders', e: false }), 'partnerId'],
    ['cockpitStreamWatch', WATCH, (p) => ({ p }), 'partnerId'],
    ['cockpitSetOperatorRoles', ROLES, (id) => ({ id, r: ['support'] }), 'id'],
    ['cockpitSetOperatorActive', ACTIVE, (id) => ({ id, a: false }), 'id'],
    ['cockpitResendOperatorInvite', RESEND_INVITE, (id) => ({ id }), 'id'],
    ['cockpitSavePortalDialog', SAVE_DIALOG, (id) => ({ id, i: dialog() }), 'id'],
    ['cockpitSetPortalDialogPublished', PUBLISH_DIALOG, (id) => ({ id, p: true }), 'id'],
    ['cockpitAuditEntry', AUDIT_ENTRY, (id) => ({ id }), 'id'],
    ['cockpitResendRegistrationConfirmation', RESEND_CONFIRMATION, (id) => ({ id }), 'registrationId'],
  ];

  it('refuses ids no row can carry as an invalid argument, naming it', async () => {
    await leavesNoTrace(async () => {
      for (const [name, query, variables, field] of BY_ID) {
        for (const id of BAD_IDS) {
          const answer = await gql(query, variables(id));
          expect(fieldsOf(answer), `${name}(${id})`).toEqual([expect.objectContaining({ field, rule: 'invalid' })]);
          expectRule(answer, field, 'invalid');
        }
      }
    });
  });

  it('answers ENTITY_NOT_FOUND for an id of no row, and of a row of another kind', async () => {
    await leavesNoTrace(async () => {
      for (const [name, query, variables] of BY_ID) {
        const answer = await gql(query, variables(NO_ROW));
        expect(codeOf(answer), name).toBe('ENTITY_NOT_FOUND');
        expectCode(answer, 'ENTITY_NOT_FOUND');
      }
      // A partner's account is no operator: none of the operator commands finds it.
      for (const [query, variables] of [
        [ROLES, { id: partnerAccount, r: ['administrator'] }],
        [ACTIVE, { id: partnerAccount, a: false }],
        [RESEND_INVITE, { id: partnerAccount }],
      ] as const) {
        expectCode(await gql(query, variables), 'ENTITY_NOT_FOUND');
      }
    });
  });

  it('refuses an id literal the ID type cannot hold before anything runs', async () => {
    for (const literal of ['1e400', '1.5', 'true', '[1]']) {
      const answer = await gql(`query { cockpitPartner(partnerId: ${literal}) { id } }`);
      expectCode(answer, 'INVALID_REQUEST');
    }
    expectRule(await gql('query { cockpitPartner(partnerId: 99999999999) { id } }'), 'partnerId', 'invalid');
  });
});

describe('operator management', () => {
  it('refuses control characters, lone surrogates and over-long text in an invitation, inviting nobody', async () => {
    await leavesNoTrace(async () => {
      for (const field of ['email', 'firstName', 'lastName']) {
        for (const bad of [NUL, BELL, LONE, '\udfff']) {
          const value = field === 'email' ? `hana${bad}@demo.test` : `Hana${bad}`;
          expectRule(await gql(INVITE, { i: invite({ [field]: value }) }), field, 'invalidCharacters');
        }
        expectRule(await gql(INVITE, { i: invite({ [field]: LONG }) }), field, 'max');
        expectRule(await gql(INVITE, { i: invite({ [field]: HUGE }) }), field, 'max');
        expectRule(await gql(INVITE, { i: invite({ [field]: '' }) }), field, 'required');
        expectRule(await gql(INVITE, { i: invite({ [field]: ' \u00a0 ' }) }), field, 'required');
      }
      expectRule(await gql(INVITE, { i: invite({ email: 'not an e-mail' }) }), 'email', 'email');
      expectRule(await gql(INVITE, { i: invite({ lang: `cs${NUL}` }) }), 'lang', 'invalid');
      expectRule(await gql(INVITE, { i: invite({ lang: 'xx' }) }), 'lang', 'invalid');
    });
  });

  it('refuses roles that are none, unknown, or a list of 10,000', async () => {
    await leavesNoTrace(async () => {
      const many = Array.from({ length: 10_000 }, () => 'support');
      const unknown = ['support', `administrator${NUL}`];
      expectRule(await gql(INVITE, { i: invite({ roles: [] }) }), 'roles', 'required');
      expectRule(await gql(INVITE, { i: invite({ roles: unknown }) }), 'roles.1', 'invalid');
      expectRule(await gql(INVITE, { i: invite({ roles: many }) }), 'roles', 'max');
      const operator = await server.database.executeSql("select id from accounts where email = 'support@demo.test'");
      const id = (operator.rows[0] as { id: number }).id;
      expectRule(await gql(ROLES, { id, r: [] }), 'roles', 'required');
      expectRule(await gql(ROLES, { id, r: [LONG] }), 'roles.0', 'invalid');
      expectRule(await gql(ROLES, { id, r: many }), 'roles', 'max');
    });
  });

  it('still invites with a name of any script, an emoji and spaces around', async () => {
    const answer = await gql(INVITE, {
      i: invite({ email: ' Nova.Operatorka@Demo.test ', firstName: ' Žofie 😀 ', lastName: 'Łukasiewicz-Øster' }),
    });
    expect(answer.errors, JSON.stringify(answer.errors)).toBeUndefined();
  });
});

describe("a partner's detail commands", () => {
  /** The text arguments of the detail's commands: document, variables around the text, and its field. */
  const TEXTS: [string, (text: string) => Record<string, unknown>, string][] = [
    [LIFECYCLE, (n) => ({ p: cz, c: 'HIDE', n }), 'note'],
    [ASSIGN, (k) => ({ p: cz, k }), 'kam'],
    [ASSIGN, (f) => ({ p: cz, f }), 'farmer'],
    [ASSIGN, (a) => ({ p: cz, a }), 'accountant'],
    [ASSIGN, (o) => ({ p: cz, o }), 'onboarding'],
    [NOTE, (n) => ({ p: cz, n }), 'note'],
    [MOVE, (n) => ({ p: cz, s: 'HIDDEN_ON_WEB', n }), 'note'],
  ];

  it('refuses control characters, lone surrogates and over-long text in notes and names, changing nothing', async () => {
    await leavesNoTrace(async () => {
      for (const [query, variables, field] of TEXTS) {
        for (const bad of [NUL, BELL, '\u001b[31m', LONE, 'a\udfff']) {
          expectRule(await gql(query, variables(`text${bad}`)), field, 'invalidCharacters');
        }
        expectRule(await gql(query, variables(LONG)), field, 'max');
        expectRule(await gql(query, variables(HUGE)), field, 'max');
      }
    });
  });

  it('refuses statuses, commands and ticks no workflow has, and 10,000 ticks', async () => {
    await leavesNoTrace(async () => {
      expectRule(await gql(MOVE, { p: cz, s: `PRODUCTION${NUL}` }), 'status', 'invalid');
      expectRule(await gql(MOVE, { p: cz, s: LONG }), 'status', 'invalid');
      expectRule(await gql(MOVE, { p: cz, s: '' }), 'status', 'invalid');
      const tick = { text: 'contractSigned', checked: true };
      expectRule(
        await gql(MOVE, { p: cz, s: 'HIDDEN_ON_WEB', t: [{ ...tick, text: NUL }] }),
        'ticks.0.text',
        'invalid',
      );
      const many = Array.from({ length: 10_000 }, () => tick);
      expectRule(await gql(MOVE, { p: cz, s: 'HIDDEN_ON_WEB', t: many }), 'ticks', 'max');
      expectCode(await gql(LIFECYCLE, { p: cz, c: 'DELETE' }), 'INVALID_REQUEST');
      expectCode(await gql(LIFECYCLE, { p: cz, c: `HIDE${NUL}` }), 'INVALID_REQUEST');
    });
  });

  it("keeps line breaks in a note and a move's note, and clears a person or a note given only spaces", async () => {
    const note = await gql(NOTE, { p: cz, n: 'První řádek\r\n\tdruhý 😀' });
    expect(note.errors, JSON.stringify(note.errors)).toBeUndefined();
    expect(note.data).toEqual({ cockpitSetPartnerNote: { note: 'První řádek\r\n\tdruhý 😀' } });
    const cleared = await gql(NOTE, { p: cz, n: ' \n ' });
    expect(cleared.data).toEqual({ cockpitSetPartnerNote: { note: null } });
    const moved = await gql(MOVE, { p: cz, s: 'HIDDEN_ON_WEB', n: 'Skryto do pondělí,\r\npak zpět 😀' });
    expect(moved.errors, JSON.stringify(moved.errors)).toBeUndefined();
    expect((await gql(MOVE, { p: cz, s: 'PRODUCTION', n: '\n' })).errors).toBeUndefined();
    const people = await gql(ASSIGN, { p: cz, k: 'Karel', f: '   ', a: '', o: null });
    expect(people.data).toEqual({
      cockpitAssignPartner: { kam: 'Karel', farmer: null, accountant: null, onboarding: null },
    });
  });

  it("refuses a service module, a flag's name and a watch that are not what they name", async () => {
    await leavesNoTrace(async () => {
      for (const module of [`orders${NUL}`, LONE, LONG, HUGE, '', ' orders', 'ORDERS', '__proto__', 'constructor']) {
        expectRule(await gql(SET_MODULE, { p: cz, m: module, e: false }), 'module', 'in');
      }
      for (const name of [`croatiaEnabled${NUL}`, LONE, LONG, HUGE, '', '__proto__', 'toString']) {
        expectRule(await gql(FLAG, { n: name, e: true }), 'name', 'invalid');
      }
    });
  });
});

describe('portal dialogs', () => {
  it('refuses control characters, lone surrogates and over-long text in a title or body, saving nothing', async () => {
    await leavesNoTrace(async () => {
      for (const bad of [NUL, BELL, LONE, '\udc00x']) {
        expectRule(
          await gql(SAVE_DIALOG, { i: dialog({}, { title: `News${bad}` }) }),
          'texts.0.title',
          'invalidCharacters',
        );
        expectRule(
          await gql(SAVE_DIALOG, { i: dialog({}, { body: `<p>x${bad}</p>` }) }),
          'texts.0.body',
          'invalidCharacters',
        );
      }
      for (const long of [LONG, HUGE]) {
        expectRule(await gql(SAVE_DIALOG, { i: dialog({}, { title: long }) }), 'texts.0.title', 'max');
        expectRule(await gql(SAVE_DIALOG, { i: dialog({}, { body: `<p>${long}</p>` }) }), 'texts.0.body', 'max');
      }
      expectRule(await gql(SAVE_DIALOG, { i: dialog({}, { title: '  ' }) }), 'texts.0.title', 'required');
      expectRule(
        await gql(SAVE_DIALOG, { i: dialog({}, { body: '<p> </p><script>x</script>' }) }),
        'texts.0.body',
        'required',
      );
      expectRule(await gql(SAVE_DIALOG, { i: dialog({}, { lang: `en${NUL}` }) }), 'texts.0.lang', 'invalid');
    });
  });

  it('refuses 10,000 markets or texts, and markets and languages that do not exist', async () => {
    await leavesNoTrace(async () => {
      const text = dialog().texts[0]!;
      expectRule(await gql(SAVE_DIALOG, { i: dialog({ shops: Array(10_000).fill('CZ10MA') }) }), 'shops', 'max');
      expectRule(await gql(SAVE_DIALOG, { i: dialog({ shops: [`CZ10MA${NUL}`] }) }), 'shops.0', 'invalid');
      expectRule(await gql(SAVE_DIALOG, { i: dialog({ shops: [] }) }), 'shops', 'required');
      expectRule(await gql(SAVE_DIALOG, { i: dialog({ shops: ['CZ10MA', 'CZ10MA'] }) }), 'shops', 'invalid');
      expectRule(await gql(SAVE_DIALOG, { i: dialog({ texts: Array(10_000).fill(text) }) }), 'texts', 'invalid');
      expectRule(await gql(SAVE_DIALOG, { i: dialog({ texts: [] }) }), 'texts', 'termsLanguageMissing');
    });
  });

  it('refuses dates that are no dates, or of a year the database cannot hold', async () => {
    await leavesNoTrace(async () => {
      for (const date of [
        'tomorrow',
        '',
        `2030-01-01T00:00:00Z${NUL}`,
        '2030-02-30T00:00:00Z',
        '99999-01-01T00:00:00Z',
        '+099999-01-01T00:00:00Z',
        '+275760-09-13T00:00:00Z',
        '2030-01-01',
        LONG,
      ]) {
        expectRule(await gql(SAVE_DIALOG, { i: dialog({ validFrom: date }) }), 'validFrom', 'date');
        expectRule(await gql(SAVE_DIALOG, { i: dialog({ validTo: date }) }), 'validTo', 'date');
      }
      // ISO's shape, but outside what a timestamp column holds, or past year 9999 once in UTC.
      for (const date of ['0000-01-01T00:00:00Z', '1899-12-31T23:59:59Z', '9999-12-31T23:59:59-14:00']) {
        expectRule(await gql(SAVE_DIALOG, { i: dialog({ validFrom: date }) }), 'validFrom', 'dateOutOfRange');
      }
      expectRule(
        await gql(SAVE_DIALOG, { i: dialog({ validFrom: '2030-01-02T00:00:00Z', validTo: '2030-01-01T00:00:00Z' }) }),
        'validTo',
        'dateAfterStart',
      );
    });
  });

  it('saves a dialog valid to the last second of year 9999, and its markets in any order', async () => {
    const answer = await gql(SAVE_DIALOG, {
      i: dialog({ shops: ['SK10MA', 'CZ10MA'], validFrom: '1900-01-01T00:00:00Z', validTo: '9999-12-31T23:59:59Z' }),
    });
    expect(answer.errors, JSON.stringify(answer.errors)).toBeUndefined();
  });
});

describe("the cockpit's grids: audit view, registrations, onboarding queue", () => {
  const AUDIT = 'query($g: GridInput) { cockpitAuditLog(grid: $g) { total nextCursor items { id } } }';
  const REGISTRATIONS = 'query($g: GridInput) { cockpitRegistrations(grid: $g) { total nextCursor items { id } } }';
  const ONBOARDING = 'query($g: GridInput) { cockpitOnboardingQueue(grid: $g) { total nextCursor items { id } } }';
  const audit = (g: Record<string, unknown>) => gql(AUDIT, { g });
  const filter = (field: string, operator: string, value: string | string[]) =>
    audit({ filters: [Array.isArray(value) ? { field, operator, values: value } : { field, operator, value }] });
  const decode = (cursor: string) => JSON.parse(Buffer.from(cursor, 'base64url').toString()) as unknown[];
  const encode = (parts: unknown) => Buffer.from(JSON.stringify(parts)).toString('base64url');

  it("refuses a partner, account, operator or entity filter's text that no column holds", async () => {
    for (const field of ['account', 'operator', 'entity', 'entityId', 'action']) {
      for (const bad of [NUL, LONE, `x${BELL}`]) {
        expectRule(await filter(field, 'EQUAL', `admin@demo.test${bad}`), 'filters.0.value', 'invalidCharacters');
      }
      expectRule(await filter(field, 'EQUAL', LONG), 'filters.0.value', 'invalid');
    }
    for (const value of ['1e400', '-1e400', String(2 ** 53), String(2 ** 31), '1.5', 'Infinity']) {
      expectRule(await filter('partnerId', 'EQUAL', value), 'filter.partnerId.value', 'numberOutOfRange');
    }
    expectRule(await filter('partnerId', 'EQUAL', 'abc'), 'filter.partnerId.value', 'invalid');
    const many = Array.from({ length: 10_000 }, (_, i) => String(i + 1));
    expectRule(await filter('partnerId', 'IN', many), 'filters.0.values', 'invalid');
    const filters = Array.from({ length: 10_000 }, () => ({ field: 'entity', operator: 'EQUAL', value: 'partner' }));
    expectRule(await audit({ filters }), 'filters', 'invalid');
    // Only what an index answers: a pattern, a negation or a search would read the whole trail.
    expectRule(await filter('account', 'LIKE', 'admin'), 'filter.account.operator', 'invalid');
    expectRule(await audit({ search: 'admin' }), 'search', 'invalid');
    // Nothing matches, and nothing fails: -1 is an int4, and nobody has that e-mail.
    for (const answer of [
      await filter('partnerId', 'EQUAL', '-1'),
      await filter('account', 'EQUAL', 'nobody@x.test'),
    ]) {
      expect(answer.errors, JSON.stringify(answer.errors)).toBeUndefined();
      expect(answer.data).toMatchObject({ cockpitAuditLog: { total: 0 } });
    }
  });

  it('refuses a time range that is no date or past the calendar', async () => {
    for (const range of [
      ['2024-01-01', '99999-01-01'],
      ['2024-01-01', '+275760-09-13T00:00:00.000Z'],
      ['0000-01-01', '2024-01-01'],
      ['2024-02-30', '2024-03-01'],
      ['yesterday', '2024-03-01'],
      [`2024-01-01${NUL}`, '2024-03-01'],
    ]) {
      const answer = await filter('at', 'BETWEEN', range);
      expectCode(answer, 'VALIDATION_ERROR');
      expect(fieldsOf(answer).map((f) => f.rule)).toEqual(
        expect.arrayContaining([expect.stringMatching(/^(dateOutOfRange|invalidCharacters)$/)]),
      );
    }
    expectRule(await filter('at', 'GREATER_THAN', '99999-12-31'), 'filter.at.value', 'dateOutOfRange');
    const edges = await filter('at', 'BETWEEN', ['1900-01-01', '9999-12-31T23:59:59Z']);
    expect(edges.errors, JSON.stringify(edges.errors)).toBeUndefined();
  });

  it('refuses page sizes and pages past their bounds, and numbers GraphQL cannot hold as a bad request', async () => {
    expectRule(await audit({ perPage: -1 }), 'perPage', 'invalid');
    expectRule(await audit({ perPage: 0 }), 'perPage', 'invalid');
    expectRule(await audit({ perPage: 100_000 }), 'perPage', 'invalid');
    expectRule(await audit({ page: 2 ** 31 - 1 }), 'page', 'invalid');
    for (const g of [{ perPage: 2 ** 31 }, { page: 2 ** 53 }, { perPage: 1.5 }, { page: '1' }]) {
      const answer = await audit(g);
      expect(answer.status).toBe(400);
      expectCode(answer, 'INVALID_REQUEST');
    }
    const literal = await gql('query { cockpitAuditLog(grid: { perPage: 1e400 }) { total } }');
    expect(literal.status).toBe(400);
    expectCode(literal, 'INVALID_REQUEST');
  });

  it('refuses cursors that are not base64, not JSON, or tampered with, on every keyset-paged grid', async () => {
    for (const [query, name] of [
      [AUDIT, 'cockpitAuditLog'],
      [REGISTRATIONS, 'cockpitRegistrations'],
      [ONBOARDING, 'cockpitOnboardingQueue'],
    ] as const) {
      const page = (g: Record<string, unknown>) => gql(query, { g: { perPage: 1, ...g } });
      for (const after of ['not base64!', '%%%', '====', 'e30', encode(['x']), encode({}), `${NUL}`, LONE, LONG]) {
        const answer = await page({ after });
        expectCode(answer, 'VALIDATION_ERROR');
        expect(
          fieldsOf(answer).map((f) => f.field),
          `${name} ${after.slice(0, 20)}`,
        ).toContain('after');
      }
      const first = await page({});
      expect(first.errors, JSON.stringify(first.errors)).toBeUndefined();
      const cursor = (first.data as Record<string, { nextCursor: string | null }>)[name]!.nextCursor;
      if (!cursor) continue;
      const [field, direction, value, id] = decode(cursor);
      for (const forged of [
        [field, direction, value, '1e400'],
        [field, direction, value, String(2 ** 53)],
        [field, direction, value, `1${NUL}`],
        [field, direction, 'not a value of the column', id],
        [field, direction, { $gt: 1 }, id],
        [field, direction === 'ASCENDING' ? 'DESCENDING' : 'ASCENDING', value, id],
        ['partnerName', direction, value, id],
        [field, direction, value, id, 'more'],
      ]) {
        expectRule(await page({ after: encode(forged) }), 'after', 'invalid');
      }
      // The cursor as given still pages on.
      const next = await page({ after: cursor });
      expect(next.errors, JSON.stringify(next.errors)).toBeUndefined();
    }
  });
});
