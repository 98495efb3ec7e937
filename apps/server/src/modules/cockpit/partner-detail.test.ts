import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../platform/audit/tables';
import { codeOf, partnerIdByShop, startTestServer, type TestServer } from '../../test/harness';
import { partners } from '../partner/tables';
import { registrations } from '../registration/tables';
import { freshCompanyId, input, nextIp, REGISTER } from '../registration/test-fixtures';

let server: TestServer;
let cz: number;
let adminToken: string;
let supportToken: string;
let salesToken: string;
let partnerToken: string;
beforeAll(async () => {
  server = await startTestServer();
  cz = await partnerIdByShop(server.database, '100001');
  adminToken = (await server.login('admin@demo.test')).token;
  supportToken = (await server.login('support@demo.test')).token;
  salesToken = (await server.login('sales@demo.test')).token;
  partnerToken = (await server.login('partner@demo.test')).token;
});
afterAll(async () => server?.close());

const DETAIL = `query($p: ID!) { cockpitPartner(partnerId: $p) {
  id partnerName shopId provider pluginProvider rating kam farmer accountant onboarding note mdpStatus billingStatus
  apiTier checklistDone checklistTotal lifecycleCommands
  master { email isConfirmed }
  contract { company companyId email }
  registration { created confirmedAt source provider company email annualTurnover salesCount offeredCount divisions
    otherDivisions countries productFeed availabilityFeed hasCarrier shopName }
  workflow { status availableStates history { fromStatus toStatus byOperator } }
} }`;
const LIFECYCLE =
  'mutation($p: ID!, $c: PartnerLifecycleCommand!, $n: String) { cockpitPartnerLifecycle(partnerId: $p, command: $c, note: $n) { workflow { status } lifecycleCommands } }';
const ASSIGN =
  'mutation($p: ID!, $k: String, $f: String, $a: String, $o: String) { cockpitAssignPartner(partnerId: $p, kam: $k, farmer: $f, accountant: $a, onboarding: $o) { kam farmer accountant onboarding } }';
const NOTE = 'mutation($p: ID!, $n: String) { cockpitSetPartnerNote(partnerId: $p, note: $n) { note } }';

type Detail = { cockpitPartner: Record<string, unknown> & { registration: Record<string, unknown> | null } };

async function detail(partnerId: number, token = adminToken) {
  return server.gql<Detail>(DETAIL, { p: partnerId }, { token });
}

async function auditCount(partnerId: number, action: string): Promise<number> {
  const rows = await server.database.db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(and(eq(auditLog.partnerId, partnerId), eq(auditLog.action, action)));
  return rows.length;
}

async function statusOf(partnerId: number): Promise<string> {
  const [row] = await server.database.db
    .select({ s: partners.workflowStatus })
    .from(partners)
    .where(eq(partners.id, partnerId));
  return row!.s;
}

describe('partner detail', () => {
  it('shows the registration info as the e-shop submitted it', async () => {
    const data = input({
      companyId: freshCompanyId(),
      provider: 'HEUREKA_FEED',
      annualTurnover: '10M_50M',
      salesCount: '500_2000',
      offeredCount: '1000_10000',
      divisions: ['SPORTS', 'TOYS_KIDS'],
      otherDivisions: 'Kola na zakázku',
      countries: ['CZ', 'SK'],
      productFeed: 'https://kola-novak.cz/feed.xml',
      availabilityFeed: 'https://kola-novak.cz/availability.xml',
      hasCarrier: true,
    });
    const registered = await server.gql(REGISTER, { input: data }, { ip: nextIp() });
    expect(registered.errors).toBeUndefined();
    const [row] = await server.database.db
      .select({ partnerId: registrations.partnerId })
      .from(registrations)
      .where(eq(registrations.email, data.email));
    const result = await detail(row!.partnerId);
    expect(result.errors).toBeUndefined();
    const partner = result.data!.cockpitPartner;
    expect(partner).toMatchObject({
      partnerName: data.company,
      provider: 'HEUREKA_FEED',
      master: { email: data.email, isConfirmed: false },
      contract: { company: data.company, companyId: data.companyId },
      workflow: { status: 'REGISTERED' },
      // A partner in onboarding is neither deactivated nor hidden: going live is the workflow's move.
      lifecycleCommands: [],
    });
    expect(partner.registration).toMatchObject({
      source: 'portal',
      provider: 'HEUREKA_FEED',
      company: data.company,
      shopName: data.shopName,
      email: data.email,
      annualTurnover: '10M_50M',
      salesCount: '500_2000',
      offeredCount: '1000_10000',
      divisions: ['SPORTS', 'TOYS_KIDS'],
      otherDivisions: 'Kola na zakázku',
      countries: ['CZ', 'SK'],
      productFeed: 'https://kola-novak.cz/feed.xml',
      availabilityFeed: 'https://kola-novak.cz/availability.xml',
      hasCarrier: true,
      confirmedAt: null,
    });
    expect(partner.checklistTotal).toBeGreaterThan(partner.checklistDone as number);
    // Deactivating a partner that is still onboarding is not a lifecycle command.
    expect(codeOf(await server.gql(LIFECYCLE, { p: row!.partnerId, c: 'DEACTIVATE' }, { token: adminToken }))).toBe(
      'WORKFLOW_TRANSITION_NOT_ALLOWED',
    );
    expect(await statusOf(row!.partnerId)).toBe('REGISTERED');
  });

  it('shows a partner without a registration, with its tier and moves; support and every role may read it', async () => {
    for (const token of [adminToken, supportToken, salesToken]) {
      const result = await detail(cz, token);
      expect(result.errors).toBeUndefined();
      expect(result.data!.cockpitPartner).toMatchObject({
        id: String(cz),
        registration: null,
        apiTier: 'Standard',
        workflow: { status: 'PRODUCTION', availableStates: ['HIDDEN_ON_WEB', 'DEACTIVATED'] },
        lifecycleCommands: ['DEACTIVATE', 'HIDE'],
      });
    }
  });

  it('is for operators only, and an unknown or sandbox partner is not found', async () => {
    expect(codeOf(await detail(cz, partnerToken))).toBe('ACCESS_DENIED');
    expect(codeOf(await detail(999_999))).toBe('ENTITY_NOT_FOUND');
    // The demo shop's API sandbox (issue 20) is nobody's partner: no operator opens, switches, watches or moves it.
    const [sandbox] = await server.database.db
      .select({ id: partners.id })
      .from(partners)
      .where(eq(partners.sandboxOf, cz));
    expect(sandbox).toBeDefined();
    const p = sandbox!.id;
    expect(codeOf(await detail(p))).toBe('ENTITY_NOT_FOUND');
    const calls = [
      'query($p: ID!) { cockpitServiceModules(partnerId: $p) { module } }',
      'mutation($p: ID!) { cockpitSetServiceModule(partnerId: $p, module: "orders", enabled: false) { module } }',
      'mutation($p: ID!) { cockpitStreamWatch(partnerId: $p) { token } }',
      'query($p: ID!) { cockpitWorkflow(partnerId: $p) { status } }',
    ];
    for (const call of calls) {
      expect(codeOf(await server.gql(call, { p }, { token: adminToken })), call).toBe('ENTITY_NOT_FOUND');
    }
    // Nothing was written for it.
    const { rows } = await server.database.executeSql(
      'select count(*)::int as n from partner_service_modules where partner_id = $1',
      [p],
    );
    expect((rows[0] as { n: number }).n).toBe(0);
  });
});

describe("a partner's commands", () => {
  it('assigns the people, audited with before and after, and clears an emptied one', async () => {
    const before = await auditCount(cz, 'cockpit.partner.assign');
    const result = await server.gql<{ cockpitAssignPartner: Record<string, string | null> }>(
      ASSIGN,
      { p: cz, k: '  Karel Klíčový ', f: 'Filip Farmář', a: 'Alena Účetní', o: '' },
      { token: salesToken },
    );
    expect(result.errors).toBeUndefined();
    expect(result.data!.cockpitAssignPartner).toEqual({
      kam: 'Karel Klíčový',
      farmer: 'Filip Farmář',
      accountant: 'Alena Účetní',
      onboarding: null,
    });
    const [entry] = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.partnerId, cz), eq(auditLog.action, 'cockpit.partner.assign')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(await auditCount(cz, 'cockpit.partner.assign')).toBe(before + 1);
    expect((entry!.data as { after: Record<string, string> }).after).toMatchObject({ kam: 'Karel Klíčový' });
    // The same names again change nothing and write no entry.
    await server.gql(
      ASSIGN,
      { p: cz, k: 'Karel Klíčový', f: 'Filip Farmář', a: 'Alena Účetní' },
      { token: adminToken },
    );
    expect(await auditCount(cz, 'cockpit.partner.assign')).toBe(before + 1);
    // A name past the limit is a validation error naming the field.
    const long = await server.gql(ASSIGN, { p: cz, k: 'x'.repeat(101) }, { token: adminToken });
    expect(codeOf(long)).toBe('VALIDATION_ERROR');
  });

  it("keeps the operators' note, audited, and never shows it to the partner", async () => {
    const result = await server.gql<{ cockpitSetPartnerNote: { note: string } }>(
      NOTE,
      { p: cz, n: 'Volat jen dopoledne.\nSmlouva u KAM.' },
      { token: adminToken },
    );
    expect(result.data!.cockpitSetPartnerNote.note).toBe('Volat jen dopoledne.\nSmlouva u KAM.');
    const [entry] = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.partnerId, cz), eq(auditLog.action, 'cockpit.partner.note')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry!.data).toMatchObject({ before: null, after: 'Volat jen dopoledne.\nSmlouva u KAM.' });
  });

  it('refuses every command to support and to a partner account, changing nothing', async () => {
    const statusBefore = await statusOf(cz);
    const auditBefore = await server.database.db.select({ id: auditLog.id }).from(auditLog);
    for (const token of [supportToken, partnerToken]) {
      for (const [query, variables] of [
        [LIFECYCLE, { p: cz, c: 'DEACTIVATE' }],
        [LIFECYCLE, { p: cz, c: 'HIDE' }],
        [ASSIGN, { p: cz, k: 'Nikdo' }],
        [NOTE, { p: cz, n: 'Nic' }],
      ] as const) {
        expect(codeOf(await server.gql(query, variables, { token, partnerId: cz }))).toBe('ACCESS_DENIED');
      }
    }
    expect(await statusOf(cz)).toBe(statusBefore);
    const detailNow = (await detail(cz)).data!.cockpitPartner;
    expect(detailNow.kam).not.toBe('Nikdo');
    expect(detailNow.note).not.toBe('Nic');
    const auditAfter = await server.database.db.select({ id: auditLog.id }).from(auditLog);
    // Reading the detail writes nothing either: the trail is as it was.
    expect(auditAfter.length).toBe(auditBefore.length);
  });

  it("hides, deactivates and reactivates, each audited; the deactivated partner's own session loses it at once", async () => {
    const sessionQuery = '{ session { partners { id } } }';
    const partnersOf = async () =>
      (
        await server.gql<{ session: { partners: { id: string }[] } }>(sessionQuery, {}, { token: partnerToken })
      ).data!.session.partners.map((p) => p.id);
    // The partner's session is in use (and cached) before the operator acts.
    expect(await partnersOf()).toContain(String(cz));
    expect(
      codeOf(await server.gql('{ dashboard { accountsCount } }', {}, { token: partnerToken, partnerId: cz })),
    ).toBe(undefined);
    const changes = async () => auditCount(cz, 'workflow.change');
    const before = await changes();

    const hidden = await server.gql<{ cockpitPartnerLifecycle: { workflow: { status: string } } }>(
      LIFECYCLE,
      { p: cz, c: 'HIDE' },
      { token: salesToken },
    );
    expect(hidden.data!.cockpitPartnerLifecycle.workflow.status).toBe('HIDDEN_ON_WEB');
    // Hidden on the web, the partner still works in its portal.
    expect(await partnersOf()).toContain(String(cz));

    const off = await server.gql<{
      cockpitPartnerLifecycle: { workflow: { status: string }; lifecycleCommands: string[] };
    }>(LIFECYCLE, { p: cz, c: 'DEACTIVATE', n: 'Smlouva ukončena.' }, { token: adminToken });
    expect(off.errors).toBeUndefined();
    expect(off.data!.cockpitPartnerLifecycle).toEqual({
      workflow: { status: 'DEACTIVATED' },
      lifecycleCommands: ['REACTIVATE'],
    });
    // The same session, at once: the partner is gone from it and its pages are refused.
    expect(await partnersOf()).not.toContain(String(cz));
    expect(
      codeOf(await server.gql('{ dashboard { accountsCount } }', {}, { token: partnerToken, partnerId: cz })),
    ).toBe('ACCESS_DENIED');
    // Deactivating twice is no move.
    expect(codeOf(await server.gql(LIFECYCLE, { p: cz, c: 'DEACTIVATE' }, { token: adminToken }))).toBe(
      'WORKFLOW_TRANSITION_NOT_ALLOWED',
    );

    const on = await server.gql<{ cockpitPartnerLifecycle: { workflow: { status: string } } }>(
      LIFECYCLE,
      { p: cz, c: 'REACTIVATE' },
      { token: adminToken },
    );
    expect(on.data!.cockpitPartnerLifecycle.workflow.status).toBe('PRODUCTION');
    expect(await partnersOf()).toContain(String(cz));
    expect(await changes()).toBe(before + 3);
    const history = (await detail(cz)).data!.cockpitPartner.workflow as { history: { toStatus: string }[] };
    expect(history.history.slice(0, 3).map((h) => h.toStatus)).toEqual(['PRODUCTION', 'DEACTIVATED', 'HIDDEN_ON_WEB']);
  });
});
