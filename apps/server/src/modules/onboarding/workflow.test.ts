import { streamPath } from '@pp/domain';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { auditLog } from '../../platform/audit/tables';
import { mailOutbox } from '../../platform/mail/tables';
import { codeOf, partnerIdByShop, startTestServer, type TestServer } from '../../test/harness';
import { accounts } from '../account/tables';
import { revokePolicies } from '../catalog/test-fixtures';
import { products } from '../products/tables';
import {
  accountPartners,
  partnerAddresses,
  partnerContacts,
  partnerContracts,
  partnerDeliveries,
  partners,
} from '../partner/tables';
import { workflowMailRenderers } from './mails';
import { agreements, businessTerms, businessTermsContents, partnerWorkflows } from './tables';

let server: TestServer;
let fresh: number;
let cz: number;
let freshToken: string;
let czToken: string;
let limitedToken: string;
let adminToken: string;

const WORKFLOW_FIELDS =
  'status updated ticks { text checked } path availableStates step history { fromStatus toStatus byOperator note created }';
const WORKFLOW = `{ workflow { ${WORKFLOW_FIELDS} } }`;
const CHANGE = `mutation($status: String!, $ticks: [WorkflowTickInput!]) { changeWorkflow(status: $status, ticks: $ticks) { ${WORKFLOW_FIELDS} } }`;
const COCKPIT = `query($id: ID!) { cockpitWorkflow(partnerId: $id) { ${WORKFLOW_FIELDS} } }`;
const COCKPIT_CHANGE = `mutation($id: ID!, $status: String!, $ticks: [WorkflowTickInput!], $note: String) {
  cockpitChangeWorkflow(partnerId: $id, status: $status, ticks: $ticks, note: $note) { ${WORKFLOW_FIELDS} } }`;
const CHECKLIST = `{ checklist { addresses { type ok } contacts { type ok } products productsLive transport contract terms
  provider productsForApprovalSent productsForApprovalSentWhen } }`;

interface Workflow {
  status: string;
  ticks: { text: string; checked: boolean }[];
  availableStates: string[];
  step: string;
  path: string | null;
  history: { fromStatus: string; toStatus: string; byOperator: boolean; note: string | null }[];
}

/** Newest of the day wins among versions valid from the same day, so a test's version is the current one. */
const today = () => new Date().toISOString().slice(0, 10);
const tick = (...keys: string[]) => keys.map((text) => ({ text, checked: true }));

async function setStatus(partnerId: number, status: string) {
  await server.database.db.update(partners).set({ workflowStatus: status }).where(eq(partners.id, partnerId));
  await server.database.db.delete(partnerWorkflows).where(eq(partnerWorkflows.partnerId, partnerId));
  // As every real status change does: sessions read the partner again rather than in up to 5 s.
  await server.app.platform.authCache.changed({ all: true });
}

async function statusOf(partnerId: number) {
  const [row] = await server.database.db
    .select({ status: partners.workflowStatus })
    .from(partners)
    .where(eq(partners.id, partnerId));
  return row!.status;
}

function partnerMove(status: string, token = freshToken, partnerId = fresh) {
  return server.gql<{ changeWorkflow: Workflow }>(CHANGE, { status }, { token, partnerId });
}

function operatorMove(partnerId: number, status: string, ticks?: { text: string; checked: boolean }[], note?: string) {
  return server.gql<{ cockpitChangeWorkflow: Workflow }>(
    COCKPIT_CHANGE,
    { id: partnerId, status, ticks, note },
    { token: adminToken },
  );
}

/** Everything the settings step asks for, as real rows of the partner. */
async function completeSettings(partnerId: number) {
  const db = server.database.db;
  await db
    .insert(partnerContracts)
    .values({
      partnerId,
      company: 'Nový obchod Demo s.r.o.',
      firstName: 'Olga',
      lastName: 'Nová',
      email: 'olga@novy-obchod.cz',
      phone: '+420 601 123 456',
      companyId: '27082440',
      bankAccount: '19-2000145399/0800',
      street: 'Dlouhá 12',
      city: 'Praha',
      state: 'CZ',
      zip: '110 00',
      web: 'https://www.novy-obchod.cz',
    })
    .onConflictDoUpdate({
      target: partnerContracts.partnerId,
      set: { bankAccount: '19-2000145399/0800', phone: '+420 601 123 456', web: 'https://www.novy-obchod.cz' },
    });
  await db.insert(partnerAddresses).values([
    {
      partnerId,
      street: 'Dlouhá 12',
      city: 'Praha',
      state: 'CZ',
      zip: '110 00',
      types: ['BILLING_ADDRESS', 'MAIN_WAREHOUSE'],
    },
  ]);
  await db.insert(partnerContacts).values([
    { partnerId, firstName: 'Olga', lastName: 'Nová', email: 'olga@novy-obchod.cz', roles: ['MANAGER', 'FINANCE'] },
    { partnerId, firstName: 'Petr', lastName: 'Sklad', email: 'sklad@novy-obchod.cz', roles: ['LOGISTICS', 'RMA'] },
  ]);
  await db.insert(partnerDeliveries).values({ partnerId, code: 'PPL', transport: 'PPL', title: 'PPL', price: 99 });
  await agreeToCurrentTerms(partnerId, 'wf-test-1');
  await db.update(partners).set({ provider: 'MANUAL' }).where(eq(partners.id, partnerId));
}

/** Publishes a new current terms version of the Czech shop and records the partner's agreement to it. */
async function agreeToCurrentTerms(partnerId: number, version: string) {
  const db = server.database.db;
  const [terms] = await db
    .insert(businessTerms)
    .values({ shopId: 'CZ10MA', version, validFrom: today(), publishedAt: new Date() })
    .returning({ id: businessTerms.id });
  const [content] = await db
    .insert(businessTermsContents)
    .values({ termsId: terms!.id, lang: 'cs', title: 'VOP', body: '<p>VOP</p>' })
    .returning({ id: businessTermsContents.id });
  await db.insert(agreements).values({
    partnerId,
    termsId: terms!.id,
    contentId: content!.id,
    version,
    names: 'Olga Nová',
    email: 'olga@novy-obchod.cz',
  });
}

beforeAll(async () => {
  server = await startTestServer({ listen: true });
  cz = await partnerIdByShop(server.database, '100001');
  const [row] = await server.database.db
    .select({ id: partners.id })
    .from(partners)
    .where(eq(partners.partnerName, 'Nový obchod Demo s.r.o.'));
  fresh = row!.id;
  // The master of the new shop reads Slovak: its mails must follow.
  await server.database.db.update(accounts).set({ lang: 'sk' }).where(eq(accounts.email, 'onboarding@demo.test'));
  await revokePolicies(server.database.db, 'limited@demo.test', cz, 'partner', ['update']);
  freshToken = (await server.login('onboarding@demo.test')).token;
  czToken = (await server.login('partner@demo.test')).token;
  limitedToken = (await server.login('limited@demo.test')).token;
  adminToken = (await server.login('admin@demo.test')).token;
});
afterAll(async () => server?.close());

describe('the workflow of a partner', () => {
  it('shows a new shop where it stands and what it may do', async () => {
    await setStatus(fresh, 'REGISTERED');
    const result = await server.gql<{ workflow: Workflow }>(WORKFLOW, {}, { token: freshToken, partnerId: fresh });
    expect(result.errors).toBeUndefined();
    expect(result.data!.workflow).toMatchObject({
      status: 'REGISTERED',
      step: 'company',
      availableStates: ['VENDOR_CHECK_STANDARD', 'VENDOR_CHECK_VIP', 'ONBOARDING_CANCELLED'],
    });
    const operator = await server.gql<{ cockpitWorkflow: Workflow }>(COCKPIT, { id: fresh }, { token: adminToken });
    expect(operator.data!.cockpitWorkflow.availableStates).toEqual(['ONBOARDING_CANCELLED']);
  });

  it('lets the partner choose a path, records history and audit, and mails the master in its language', async () => {
    await setStatus(fresh, 'REGISTERED');
    // Choosing a path is agreeing to the terms: without an agreement to the current version it is refused.
    const early = await partnerMove('VENDOR_CHECK_STANDARD');
    expect(codeOf(early)).toBe('WORKFLOW_TICKS_INCOMPLETE');
    expect(early.errors![0]!.extensions).toMatchObject({ params: { missing: 'terms' } });
    await agreeToCurrentTerms(fresh, 'wf-test-0');
    const result = await partnerMove('VENDOR_CHECK_VIP');
    expect(result.errors).toBeUndefined();
    expect(result.data!.changeWorkflow).toMatchObject({
      status: 'VENDOR_CHECK_VIP',
      step: 'settings',
      availableStates: ['ONBOARDING_CANCELLED'],
    });
    expect(result.data!.changeWorkflow.history[0]).toMatchObject({
      fromStatus: 'REGISTERED',
      toStatus: 'VENDOR_CHECK_VIP',
      byOperator: false,
    });
    const [audit] = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'workflow.change'), eq(auditLog.partnerId, fresh)))
      .orderBy(desc(auditLog.id));
    expect(audit!.data).toMatchObject({ from: 'REGISTERED', to: 'VENDOR_CHECK_VIP', by: 'partner' });
    const [mail] = await server.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.template, 'workflow-changed'))
      .orderBy(desc(mailOutbox.id));
    expect(mail).toMatchObject({ recipient: 'onboarding@demo.test', lang: 'sk' });
    const rendered = await workflowMailRenderers(server.app.platform)['workflow-changed']!(server.database.db, mail!);
    expect(rendered.mail.subject).toContain('Preverenie predajcu (VIP)');
    expect(rendered.mail.text).toContain('Nový obchod Demo s.r.o.');
    expect(rendered.mail.text).toContain('/workflow');
    expect(rendered.mail.html).toContain('Nový obchod Demo s.r.o.');
  });

  it("refuses the operators' moves to the partner, and a partner's ticks do not count", async () => {
    await setStatus(fresh, 'VENDOR_CHECK_STANDARD');
    const refused = await server.gql(
      CHANGE,
      { status: 'DRAFT_CONTRACT', ticks: tick('companyVerified') },
      { token: freshToken, partnerId: fresh },
    );
    expect(codeOf(refused)).toBe('WORKFLOW_TRANSITION_NOT_ALLOWED');
    expect(refused.errors![0]!.message).not.toBe('WORKFLOW_TRANSITION_NOT_ALLOWED');
    for (const [from, to] of [
      ['REGISTERED', 'PRODUCTION'],
      ['CONTENT_CONTROL', 'PRODUCTION'],
      ['DRAFT_CONTRACT', 'PARTNER_ACCESS'],
      ['PRODUCTION', 'HIDDEN_ON_WEB'],
      ['ONBOARDING_CANCELLED', 'REGISTERED'],
    ]) {
      await setStatus(fresh, from!);
      // A cancelled partner is out of its accounts' reach: refused before the workflow is asked.
      const code = from === 'ONBOARDING_CANCELLED' ? 'ACCESS_DENIED' : 'WORKFLOW_TRANSITION_NOT_ALLOWED';
      expect(codeOf(await partnerMove(to!)), `${from} → ${to}`).toBe(code);
      expect(await statusOf(fresh)).toBe(from);
    }
    await setStatus(fresh, 'REGISTERED');
    expect(codeOf(await partnerMove('NONSENSE'))).toBe('VALIDATION_ERROR');
  });

  it('lets the partner cancel its own onboarding, but not a live shop', async () => {
    await setStatus(fresh, 'DRAFT_CONTRACT');
    expect((await partnerMove('ONBOARDING_CANCELLED')).data!.changeWorkflow.status).toBe('ONBOARDING_CANCELLED');
    await setStatus(fresh, 'PRODUCTION');
    expect(codeOf(await partnerMove('ONBOARDING_CANCELLED'))).toBe('WORKFLOW_TRANSITION_NOT_ALLOWED');
  });
});

describe('the operator', () => {
  it('moves a partner along the table only with the required ticks, keeping them and the note', async () => {
    await setStatus(fresh, 'VENDOR_CHECK_STANDARD');
    const missing = await operatorMove(fresh, 'DRAFT_CONTRACT');
    expect(codeOf(missing)).toBe('WORKFLOW_TICKS_INCOMPLETE');
    expect(await statusOf(fresh)).toBe('VENDOR_CHECK_STANDARD');
    const unchecked = await operatorMove(fresh, 'DRAFT_CONTRACT', [{ text: 'companyVerified', checked: false }]);
    expect(codeOf(unchecked)).toBe('WORKFLOW_TICKS_INCOMPLETE');

    const moved = await operatorMove(fresh, 'DRAFT_CONTRACT', tick('companyVerified'), 'IČO ověřeno v rejstříku');
    expect(moved.errors).toBeUndefined();
    expect(moved.data!.cockpitChangeWorkflow).toMatchObject({
      status: 'DRAFT_CONTRACT',
      ticks: [{ text: 'companyVerified', checked: true }],
      availableStates: ['PARTNER_ACCESS', 'ONBOARDING_CANCELLED'],
    });
    expect(moved.data!.cockpitChangeWorkflow.history[0]).toMatchObject({
      fromStatus: 'VENDOR_CHECK_STANDARD',
      toStatus: 'DRAFT_CONTRACT',
      byOperator: true,
      note: 'IČO ověřeno v rejstříku',
    });
    // The partner reads the same history, note included (it explains the move).
    const seen = await server.gql<{ workflow: Workflow }>(WORKFLOW, {}, { token: freshToken, partnerId: fresh });
    expect(seen.data!.workflow.history[0]!.note).toBe('IČO ověřeno v rejstříku');
    expect(seen.data!.workflow.availableStates).toEqual(['ONBOARDING_CANCELLED']);

    // Ticks already checked count for the next moves; the next one needs its own.
    expect(codeOf(await operatorMove(fresh, 'PARTNER_ACCESS'))).toBe('WORKFLOW_TICKS_INCOMPLETE');
    const access = await operatorMove(fresh, 'PARTNER_ACCESS', tick('contractSigned'));
    expect(access.data!.cockpitChangeWorkflow.ticks).toEqual(tick('companyVerified', 'contractSigned'));
  });

  it.each([
    ['VENDOR_CHECK_VIP', 'DRAFT_CONTRACT', ['companyVerified']],
    ['PARTNER_ACCESS', 'TESTING', []],
    ['CONTENT_CONTROL', 'PRODUCTION', ['contentApproved']],
    ['CONTENT_CONTROL', 'TESTING', []],
    ['PRODUCTION', 'HIDDEN_ON_WEB', []],
    ['HIDDEN_ON_WEB', 'PRODUCTION', []],
    ['PRODUCTION', 'DEACTIVATED', []],
    ['HIDDEN_ON_WEB', 'DEACTIVATED', []],
    ['DEACTIVATED', 'PRODUCTION', []],
    ['TESTING', 'ONBOARDING_CANCELLED', []],
    ['ONBOARDING_CANCELLED', 'REGISTERED', []],
  ])('moves %s → %s', async (from, to, ticks) => {
    await setStatus(fresh, from);
    const result = await operatorMove(fresh, to, tick(...ticks));
    expect(result.errors).toBeUndefined();
    expect(await statusOf(fresh)).toBe(to);
  });

  it.each([
    ['REGISTERED', 'VENDOR_CHECK_STANDARD'],
    ['REGISTERED', 'PRODUCTION'],
    ['TESTING', 'CONTENT_CONTROL'],
    ['TESTING', 'PRODUCTION'],
    ['PRODUCTION', 'ONBOARDING_CANCELLED'],
    ['DEACTIVATED', 'REGISTERED'],
  ])('may not move %s → %s', async (from, to) => {
    await setStatus(fresh, from);
    const result = await operatorMove(fresh, to, tick('companyVerified', 'contractSigned', 'contentApproved'));
    expect(codeOf(result)).toBe('WORKFLOW_TRANSITION_NOT_ALLOWED');
    expect(await statusOf(fresh)).toBe(from);
  });

  it('is the only one who may use the cockpit operations, and an unknown partner is not found', async () => {
    expect(codeOf(await server.gql(COCKPIT, { id: fresh }, { token: freshToken, partnerId: fresh }))).toBe(
      'ACCESS_DENIED',
    );
    expect(
      codeOf(await server.gql(COCKPIT_CHANGE, { id: fresh, status: 'ONBOARDING_CANCELLED' }, { token: czToken })),
    ).toBe('ACCESS_DENIED');
    expect(codeOf(await operatorMove(999_999, 'ONBOARDING_CANCELLED'))).toBe('ENTITY_NOT_FOUND');
    expect(codeOf(await operatorMove(fresh, 'DRAFT_CONTRACT', [{ text: 'madeUp', checked: true }]))).toBe(
      'VALIDATION_ERROR',
    );
    expect(codeOf(await operatorMove(fresh, 'ONBOARDING_CANCELLED', [], 'x'.repeat(2001)))).toBe('VALIDATION_ERROR');
  });

  it('tells the partner on the live stream after the move, and its session shows the new status', async () => {
    await setStatus(fresh, 'CONTENT_CONTROL');
    const socket = await partnerSocket(freshToken);
    try {
      await operatorMove(fresh, 'PRODUCTION', tick('contentApproved'));
      expect((await socket.next('workflow_changed')).data).toEqual({ status: 'PRODUCTION' });
      const session = await server.gql<{ session: { selectedPartner: { workflowStatus: string } } }>(
        '{ session { selectedPartner { workflowStatus } } }',
        {},
        { token: freshToken, partnerId: fresh },
      );
      expect(session.data!.session.selectedPartner.workflowStatus).toBe('PRODUCTION');
      // A refused move says nothing: the next event on the socket is that of the next real move.
      expect(codeOf(await operatorMove(fresh, 'TESTING'))).toBe('WORKFLOW_TRANSITION_NOT_ALLOWED');
      await operatorMove(fresh, 'HIDDEN_ON_WEB');
      await socket.nextNth('workflow_changed', 2);
      expect(socket.all('workflow_changed').map((m) => m.data)).toEqual([
        { status: 'PRODUCTION' },
        { status: 'HIDDEN_ON_WEB' },
      ]);
    } finally {
      socket.close();
    }
  });
});

describe("moves that need the partner's work", () => {
  it('lets the partner start testing only with the settings complete, naming what is missing', async () => {
    await setStatus(fresh, 'PARTNER_ACCESS');
    const refused = await partnerMove('TESTING');
    expect(codeOf(refused)).toBe('WORKFLOW_TICKS_INCOMPLETE');
    expect(await statusOf(fresh)).toBe('PARTNER_ACCESS');
    await completeSettings(fresh);
    const moved = await partnerMove('TESTING');
    expect(moved.errors).toBeUndefined();
    expect(moved.data!.changeWorkflow).toMatchObject({ status: 'TESTING', step: 'data' });
  });

  it('lets the partner ask for content control only once products were sent for approval', async () => {
    await setStatus(fresh, 'TESTING');
    await server.database.db.insert(products).values({ partnerId: fresh, id: 'WF-1', title: 'Testovací produkt' });
    expect(codeOf(await partnerMove('CONTENT_CONTROL'))).toBe('WORKFLOW_TICKS_INCOMPLETE');
    const sentAt = new Date('2026-03-04T10:00:00Z');
    await server.database.db
      .update(products)
      .set({ sentToApprovalAt: sentAt })
      .where(and(eq(products.partnerId, fresh), eq(products.id, 'WF-1')));
    expect((await partnerMove('CONTENT_CONTROL')).data!.changeWorkflow.status).toBe('CONTENT_CONTROL');
  });
});

describe('the checklist', () => {
  it("is computed from the partner's rows", async () => {
    const result = await server.gql<{ checklist: Record<string, unknown> }>(
      CHECKLIST,
      {},
      { token: freshToken, partnerId: fresh },
    );
    expect(result.data!.checklist).toEqual({
      addresses: [
        { type: 'BILLING_ADDRESS', ok: true },
        { type: 'MAIN_WAREHOUSE', ok: true },
      ],
      contacts: [
        { type: 'MANAGER', ok: true },
        { type: 'LOGISTICS', ok: true },
        { type: 'FINANCE', ok: true },
        { type: 'RMA', ok: true },
      ],
      products: 1,
      productsLive: 0,
      transport: true,
      contract: true,
      terms: true,
      provider: true,
      productsForApprovalSent: true,
      productsForApprovalSentWhen: '2026-03-04T10:00:00.000Z',
    });
  });

  it('follows the data: a removed address, an inactive delivery, a blank contract field, a newer terms version', async () => {
    const db = server.database.db;
    await db
      .update(partnerAddresses)
      .set({ types: ['BILLING_ADDRESS'] })
      .where(eq(partnerAddresses.partnerId, fresh));
    await db.update(partnerDeliveries).set({ active: false }).where(eq(partnerDeliveries.partnerId, fresh));
    await db.update(partnerContracts).set({ bankAccount: ' ' }).where(eq(partnerContracts.partnerId, fresh));
    await db
      .update(partnerContacts)
      .set({ roles: ['MANAGER'] })
      .where(eq(partnerContacts.email, 'sklad@novy-obchod.cz'));
    await db
      .insert(businessTerms)
      .values({ shopId: 'CZ10MA', version: 'wf-test-2', validFrom: today(), publishedAt: new Date() });
    // Live products are counted apart from the others.
    await db
      .update(products)
      .set({ stage: 'LIVE' })
      .where(and(eq(products.partnerId, fresh), eq(products.id, 'WF-1')));
    const result = await server.gql<{ checklist: Record<string, unknown> }>(
      CHECKLIST,
      {},
      { token: freshToken, partnerId: fresh },
    );
    expect(result.data!.checklist).toMatchObject({
      addresses: [
        { type: 'BILLING_ADDRESS', ok: true },
        { type: 'MAIN_WAREHOUSE', ok: false },
      ],
      contacts: [
        { type: 'MANAGER', ok: true },
        { type: 'LOGISTICS', ok: false },
        { type: 'FINANCE', ok: true },
        { type: 'RMA', ok: false },
      ],
      productsLive: 1,
      transport: false,
      contract: false,
      terms: false,
    });
  });

  it('of a partner with nothing yet is all undone', async () => {
    const [other] = await server.database.db
      .select({ id: accountPartners.partnerId })
      .from(accountPartners)
      .innerJoin(accounts, eq(accounts.id, accountPartners.accountId))
      .where(eq(accounts.email, 'seller1@demo.test'));
    const token = (await server.login('seller1@demo.test')).token;
    const result = await server.gql<{ checklist: { contract: boolean; terms: boolean; transport: boolean } }>(
      CHECKLIST,
      {},
      { token, partnerId: other!.id },
    );
    expect(result.data!.checklist).toMatchObject({ contract: false, terms: false, transport: false });
  });
});

describe('access', () => {
  it("shows a partner only its own workflow: another partner's id is refused", async () => {
    const other = await server.gql(WORKFLOW, {}, { token: freshToken, partnerId: cz });
    expect(codeOf(other)).toBe('ACCESS_DENIED');
    expect(codeOf(await server.gql(CHECKLIST, {}, { token: freshToken, partnerId: cz }))).toBe('ACCESS_DENIED');
    expect(codeOf(await partnerMove('ONBOARDING_CANCELLED', freshToken, cz))).toBe('ACCESS_DENIED');
  });

  it('refuses a move to an account without partner/update, and a signed-out caller', async () => {
    const refused = await server.gql(
      CHANGE,
      { status: 'ONBOARDING_CANCELLED' },
      { token: limitedToken, partnerId: cz },
    );
    expect(codeOf(refused)).toBe('ACCESS_DENIED');
    expect(await statusOf(cz)).toBe('PRODUCTION');
    expect(codeOf(await server.gql(WORKFLOW, {}, {}))).toBe('AUTHENTICATION_ERROR');
  });
});

/** A logged-in live stream socket of the session, as the web opens it. */
async function partnerSocket(as: string) {
  const { streamToken } = (await server.gql<{ streamToken: string }>('{ streamToken }', {}, { token: as })).data!;
  const port = (server.app.app.server.address() as { port: number }).port;
  const socket = new WebSocket(`ws://127.0.0.1:${port}${streamPath(streamToken)}`);
  const received: { type: string; data?: unknown }[] = [];
  socket.on('message', (raw) => received.push(JSON.parse(String(raw))));
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  // Resolves on the message itself (listeners run in order, after the one collecting): no polling, no deadline
  // of its own beyond the test's.
  const nextNth = (type: string, n: number) =>
    new Promise<{ type: string; data?: unknown }>((resolve) => {
      const check = () => {
        const found = received.filter((m) => m.type === type)[n - 1];
        if (!found) return;
        socket.off('message', check);
        resolve(found);
      };
      socket.on('message', check);
      check();
    });
  const next = (type: string) => nextNth(type, 1);
  socket.send(JSON.stringify({ type: 'login', token: as }));
  await next('logged_in');
  const all = (type: string) => received.filter((m) => m.type === type);
  return { next, nextNth, all, close: () => socket.close() };
}
