import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../platform/audit/tables';
import { codeOf, startTestServer, type TestServer } from '../../test/harness';
import { registrations } from '../registration/tables';
import { freshCompanyId, input, nextIp, REGISTER } from '../registration/test-fixtures';

let server: TestServer;
let adminToken: string;
let supportToken: string;
let salesToken: string;
beforeAll(async () => {
  server = await startTestServer();
  adminToken = (await server.login('admin@demo.test')).token;
  supportToken = (await server.login('support@demo.test')).token;
  salesToken = (await server.login('sales@demo.test')).token;
});
afterAll(async () => server?.close());

const QUEUE = `query($g: GridInput) { cockpitOnboardingQueue(grid: $g) { total items {
  id partnerName workflowStatus checklistDone checklistTotal lastMove { at fromStatus toStatus byOperator by }
} } }`;
const REGISTRATIONS = `query($g: GridInput) { cockpitRegistrations(grid: $g) { total items {
  id partnerId created company shopName email country shopId source workflowStatus
} } }`;
const RESEND = 'mutation($id: ID!) { cockpitResendRegistrationConfirmation(registrationId: $id) }';
const CONFIRM = 'mutation($t: String!) { confirmRegistration(token: $t) { passwordToken loginToken } }';
const MOVE =
  'mutation($p: ID!, $s: String!, $n: String) { cockpitChangeWorkflow(partnerId: $p, status: $s, note: $n) { status } }';

type QueueRow = {
  id: string;
  partnerName: string;
  workflowStatus: string;
  checklistDone: number;
  checklistTotal: number;
  lastMove: { at: string; fromStatus: string; toStatus: string; byOperator: boolean; by: string | null } | null;
};
type RegistrationRow = { id: string; partnerId: string; company: string; email: string; source: string };

async function registerOne() {
  const data = input({ companyId: freshCompanyId() });
  const result = await server.gql(REGISTER, { input: data }, { ip: nextIp() });
  expect(result.errors).toBeUndefined();
  const [row] = await server.database.db
    .select({ id: registrations.id, partnerId: registrations.partnerId })
    .from(registrations)
    .where(eq(registrations.email, data.email));
  return { data, id: row!.id, partnerId: row!.partnerId };
}

async function queue(filters: unknown[], token = adminToken) {
  const result = await server.gql<{ cockpitOnboardingQueue: { total: number; items: QueueRow[] } }>(
    QUEUE,
    { g: { filters, perPage: 100 } },
    { token },
  );
  expect(result.errors).toBeUndefined();
  return result.data!.cockpitOnboardingQueue;
}

async function registrationsList(search?: string, token = adminToken) {
  const result = await server.gql<{ cockpitRegistrations: { total: number; items: RegistrationRow[] } }>(
    REGISTRATIONS,
    { g: { search, perPage: 100 } },
    { token },
  );
  return result;
}

async function mailedConfirmToken(email: string): Promise<string> {
  await server.deliverMail();
  const mail = server.mailbox.filter((m) => m.to === email).at(-1);
  const link = /\/registration-confirm\/([A-Za-z0-9_-]+)/.exec(mail?.text ?? '');
  if (!link) throw new Error(`no confirmation link was mailed to ${email}`);
  return link[1]!;
}

describe('onboarding queue', () => {
  it('shows the last move with who made it, and the checklist done of total', async () => {
    const { data, partnerId } = await registerOne();
    let rows = (await queue([{ field: 'cancelled', operator: 'EQUAL', value: 'false' }])).items;
    const fresh = rows.find((r) => r.id === String(partnerId))!;
    // Nobody moved it yet; the checklist has its contract (registration filled it) and its connection type.
    expect(fresh).toMatchObject({ workflowStatus: 'REGISTERED', lastMove: null });
    expect(fresh.checklistTotal).toBe(12);
    expect(fresh.checklistDone).toBeGreaterThan(0);
    expect(fresh.checklistDone).toBeLessThan(fresh.checklistTotal);

    const moved = await server.gql(
      MOVE,
      { p: partnerId, s: 'ONBOARDING_CANCELLED', n: 'Nereaguje.' },
      {
        token: salesToken,
      },
    );
    expect(moved.errors).toBeUndefined();
    // Cancelled partners are out of the ongoing tab and in the cancelled one, with the move that put them there.
    rows = (await queue([{ field: 'cancelled', operator: 'EQUAL', value: 'false' }])).items;
    expect(rows.some((r) => r.id === String(partnerId))).toBe(false);
    const cancelled = (await queue([{ field: 'cancelled', operator: 'EQUAL', value: 'true' }])).items;
    expect(cancelled.every((r) => r.workflowStatus === 'ONBOARDING_CANCELLED')).toBe(true);
    expect(cancelled.find((r) => r.id === String(partnerId))).toMatchObject({
      partnerName: data.company,
      lastMove: {
        fromStatus: 'REGISTERED',
        toStatus: 'ONBOARDING_CANCELLED',
        byOperator: true,
        by: 'Ondřej Obchodník',
      },
    });
  });

  it('leaves partners in production out, sorts by the last move, and support may read it', async () => {
    const all = await queue([], supportToken);
    expect(all.items.length).toBeGreaterThan(0);
    expect(all.items.some((r) => ['PRODUCTION', 'DEACTIVATED', 'HIDDEN_ON_WEB'].includes(r.workflowStatus))).toBe(
      false,
    );
    const sorted = await server.gql<{ cockpitOnboardingQueue: { items: QueueRow[] } }>(
      QUEUE,
      { g: { sort: { field: 'lastMoveAt', direction: 'DESCENDING' }, perPage: 5 } },
      { token: adminToken },
    );
    expect(sorted.errors).toBeUndefined();
    expect(sorted.data!.cockpitOnboardingQueue.items[0]!.lastMove).not.toBeNull();
    const { token } = await server.login('partner@demo.test');
    expect(codeOf(await server.gql(QUEUE, {}, { token }))).toBe('ACCESS_DENIED');
  });
});

describe('registrations view', () => {
  it('lists an unconfirmed sign-up and not a confirmed one', async () => {
    const waiting = await registerOne();
    const confirmed = await registerOne();
    const token = await mailedConfirmToken(confirmed.data.email);
    expect((await server.gql(CONFIRM, { t: token })).errors).toBeUndefined();

    const result = await registrationsList();
    expect(result.errors).toBeUndefined();
    const emails = result.data!.cockpitRegistrations.items.map((r) => r.email);
    expect(emails).toContain(waiting.data.email);
    expect(emails).not.toContain(confirmed.data.email);
    expect(result.data!.cockpitRegistrations.items.find((r) => r.email === waiting.data.email)).toMatchObject({
      id: String(waiting.id),
      partnerId: String(waiting.partnerId),
      company: waiting.data.company,
      shopName: waiting.data.shopName,
      country: 'CZ',
      shopId: 'CZ10MA',
      source: 'portal',
      workflowStatus: 'REGISTERED',
    });
    // The search finds it by company.
    const found = await registrationsList(waiting.data.company);
    expect(found.data!.cockpitRegistrations.items.map((r) => r.email)).toEqual([waiting.data.email]);
    // Support reads it; a partner does not.
    expect((await registrationsList(undefined, supportToken)).errors).toBeUndefined();
    const partner = await server.login('partner@demo.test');
    expect(codeOf(await registrationsList(undefined, partner.token))).toBe('ACCESS_DENIED');
  });

  it('mails the confirmation again, audited, within the registration limit; support may not', async () => {
    const { data, id, partnerId } = await registerOne();
    await server.deliverMail();
    const sent = () => server.mailbox.filter((m) => m.to === data.email).length;
    const before = sent();
    expect(codeOf(await server.gql(RESEND, { id }, { token: supportToken }))).toBe('ACCESS_DENIED');
    await server.deliverMail();
    expect(sent()).toBe(before);

    const resent = await server.gql(RESEND, { id }, { token: salesToken });
    expect(resent.errors).toBeUndefined();
    await server.deliverMail();
    expect(sent()).toBe(before + 1);
    const entries = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.partnerId, partnerId), eq(auditLog.action, 'cockpit.registration.resend')));
    expect(entries).toHaveLength(1);
    // The new link confirms the account.
    const token = await mailedConfirmToken(data.email);
    expect((await server.gql(CONFIRM, { t: token })).errors).toBeUndefined();
    // Confirmed, there is nothing to resend.
    expect(codeOf(await server.gql(RESEND, { id }, { token: adminToken }))).toBe('ACCOUNT_ALREADY_CONFIRMED');
    expect(codeOf(await server.gql(RESEND, { id: 999_999 }, { token: adminToken }))).toBe('ENTITY_NOT_FOUND');
  });

  it('stops at the registration limit of three mails an hour per account', async () => {
    const { id } = await registerOne();
    const codes: (string | undefined)[] = [];
    for (let i = 0; i < 4; i++) codes.push(codeOf(await server.gql(RESEND, { id }, { token: adminToken })));
    expect(codes).toEqual([undefined, undefined, undefined, 'TOO_MANY_ATTEMPTS']);
  });
});
