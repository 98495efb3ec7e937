import { type Language, REGISTRATION_CONFIRM_TTL_MS } from '@pp/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../platform/i18n';
import type { OutgoingMail } from '../../platform/mail/transport';
import { startTestServer, type TestServer } from '../../test/harness';
import { accounts } from '../account/tables';
import { products } from '../products/tables';
import { accountPartners, partnerContacts } from '../partner/tables';
import { freshCompanyId, input, nextIp, REGISTER } from '../registration/test-fixtures';
import { agreements, businessTerms, businessTermsContents } from './tables';

/**
 * Issue 18, point 13: every onboarding mail in its reader's language. An English registrant of a Czech shop
 * walks the whole workflow; each mail (the confirmation, the master's own workflow mails and the notification
 * mails its contacts get once it has them) is English, subject and body, and the operator's note is in it.
 */
let server: TestServer;
let adminToken: string;

const CHANGE = 'mutation($status: String!) { changeWorkflow(status: $status) { status } }';
const COCKPIT_CHANGE = `mutation($id: ID!, $status: String!, $ticks: [WorkflowTickInput!], $note: String) {
  cockpitChangeWorkflow(partnerId: $id, status: $status, ticks: $ticks, note: $note) { status } }`;
const tick = (...keys: string[]) => keys.map((text) => ({ text, checked: true }));
const today = () => new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  server = await startTestServer();
  adminToken = (await server.login('admin@demo.test')).token;
});
afterAll(async () => server?.close());

/** Registers a shop as a person whose browser speaks `language`, and lets them sign in (as confirming would). */
async function register(language: Language, email: string) {
  const data = input({ language, email, companyId: freshCompanyId() });
  const result = await server.gql(REGISTER, { input: data }, { ip: nextIp() });
  expect(result.errors).toBeUndefined();
  const db = server.database.db;
  const [demo] = await db.select().from(accounts).where(eq(accounts.email, 'partner@demo.test'));
  const [account] = await db
    .update(accounts)
    .set({ isConfirmed: true, passwordHash: demo!.passwordHash })
    .where(eq(accounts.email, email))
    .returning();
  const [link] = await db.select().from(accountPartners).where(eq(accountPartners.accountId, account!.id));
  return { partnerId: link!.partnerId, shop: data.shopName, token: (await server.login(email)).token };
}

async function agreeToTerms(partnerId: number, version: string) {
  const db = server.database.db;
  const [terms] = await db
    .insert(businessTerms)
    .values({ shopId: 'CZ10MA', version, validFrom: today(), publishedAt: new Date() })
    .returning({ id: businessTerms.id });
  const [content] = await db
    .insert(businessTermsContents)
    .values({ termsId: terms!.id, lang: 'cs', title: 'VOP', body: '<p>VOP</p>' })
    .returning({ id: businessTermsContents.id });
  await db
    .insert(agreements)
    .values({ partnerId, termsId: terms!.id, contentId: content!.id, version, names: 'Jan Novák', email: 'x@y.cz' });
}

function operatorMove(partnerId: number, status: string, ticks: string[] = [], note?: string) {
  return server.gql(COCKPIT_CHANGE, { id: partnerId, status, ticks: tick(...ticks), note }, { token: adminToken });
}

/** What a mail of the workflow says in `lang` about a move to `to`: the heading any of its two templates uses. */
function expectedSubjects(lang: Language, to: string): string[] {
  const status = translate(lang, `partner.workflowStatus.${to}`);
  return [
    translate(lang, 'mail.workflowChanged.subject', { status }),
    translate(lang, 'notifications.events.WORKFLOW_STATUS_CHANGED.subject', { to: status, status }),
  ];
}

function expectWrittenIn(lang: Language, mail: OutgoingMail, to?: string) {
  expect(mail.text, `${mail.to}: ${mail.subject}`).toContain(translate(lang, 'mail.layout.footer'));
  expect(mail.html).toContain(translate(lang, 'mail.layout.brand'));
  if (to) {
    expect(expectedSubjects(lang, to)).toContain(mail.subject);
    expect(mail.text).toContain(translate(lang, `workflow.next.${to}`));
  }
}

describe('onboarding mails', () => {
  it('reach an English registrant of a Czech shop, and its contacts, in English all the way, the note included', async () => {
    const email = 'anna.smith@bikes-uk.example';
    const office = 'office@bikes-uk.example';
    const { partnerId, shop, token } = await register('en', email);
    const mails: OutgoingMail[] = [];
    const collect = async () => {
      const sent = await server.deliverMail();
      mails.push(...sent);
      return sent;
    };

    // 1. The confirmation.
    const [confirm] = await collect();
    expect(confirm).toMatchObject({ to: email, template: 'registration-confirm' });
    expect(confirm!.subject).toBe(
      translate('en', 'mail.registrationConfirm.subject', {
        name: 'Jan',
        shop,
        hours: REGISTRATION_CONFIRM_TTL_MS / 3_600_000,
      }),
    );
    expectWrittenIn('en', confirm!);

    // 2. The partner chooses its path: its master hears of it (nobody else would yet).
    await agreeToTerms(partnerId, 'lang-test-1');
    expect(
      (await server.gql(CHANGE, { status: 'VENDOR_CHECK_STANDARD' }, { token, partnerId })).errors,
    ).toBeUndefined();
    const [path] = await collect();
    expect(path).toMatchObject({ to: email, template: 'workflow-changed' });
    expectWrittenIn('en', path!, 'VENDOR_CHECK_STANDARD');

    // 3. Settings: the registrant is its own manager, beside an office address that has no account.
    await server.database.db.insert(partnerContacts).values([
      { partnerId, firstName: 'Anna', lastName: 'Smith', email, roles: ['MANAGER', 'FINANCE'] },
      { partnerId, firstName: 'Office', lastName: 'Bikes', email: office, roles: ['MANAGER', 'LOGISTICS', 'RMA'] },
    ]);

    // 4. The operator's moves, the first with a note; from now on the contacts' notification mails carry them.
    const note = 'Please sign the contract we sent you by post.';
    expect((await operatorMove(partnerId, 'DRAFT_CONTRACT', ['companyVerified'], note)).errors).toBeUndefined();
    const drafted = await collect();
    expect(drafted.map((m) => m.to).sort()).toEqual([email, office].sort());
    for (const mail of drafted) {
      expectWrittenIn('en', mail, 'DRAFT_CONTRACT');
      expect(mail.text).toContain(translate('en', 'mail.workflowChanged.note', { note }));
      expect(mail.html).toContain(note);
    }
    for (const [to, ticks] of [
      ['PARTNER_ACCESS', ['contractSigned']],
      ['TESTING', []],
    ] as const) {
      expect((await operatorMove(partnerId, to, [...ticks])).errors).toBeUndefined();
      const sent = await collect();
      expect(sent).toHaveLength(2);
      for (const mail of sent) expectWrittenIn('en', mail, to);
    }

    // 5. The partner asks for content control once products were sent for approval; the operator launches it.
    await server.database.db
      .insert(products)
      .values({ partnerId, id: 'LANG-1', title: 'Road bike', sentToApprovalAt: new Date() });
    expect((await server.gql(CHANGE, { status: 'CONTENT_CONTROL' }, { token, partnerId })).errors).toBeUndefined();
    for (const mail of await collect()) expectWrittenIn('en', mail, 'CONTENT_CONTROL');
    expect((await operatorMove(partnerId, 'PRODUCTION', ['contentApproved'])).errors).toBeUndefined();
    for (const mail of await collect()) expectWrittenIn('en', mail, 'PRODUCTION');

    // Every mail of the walk, none in Czech: 1 confirmation, 1 master mail, 5 moves × 2 contacts.
    expect(mails).toHaveLength(12);
    const czechFooter = translate('cs', 'mail.layout.footer');
    expect(mails.filter((m) => m.text.includes(czechFooter) || m.html.includes(czechFooter))).toEqual([]);
  });

  it('reach a Polish registrant and its contacts in Polish, with the note', async () => {
    const email = 'jan.kowalski@rowery.example';
    const { partnerId } = await register('pl', email);
    await server.deliverMail();
    await server.database.db
      .insert(partnerContacts)
      .values({ partnerId, firstName: 'Biuro', lastName: 'Rowery', email: 'biuro@rowery.example', roles: ['MANAGER'] });
    const note = 'Rejestracja anulowana na Twoją prośbę.';
    expect((await operatorMove(partnerId, 'ONBOARDING_CANCELLED', [], note)).errors).toBeUndefined();
    const sent = await server.deliverMail();
    // The master is no contact here: it gets its own workflow mail, the contact the notification.
    expect(sent.map((m) => m.to).sort()).toEqual(['biuro@rowery.example', email]);
    for (const mail of sent) {
      expectWrittenIn('pl', mail, 'ONBOARDING_CANCELLED');
      expect(mail.text).toContain(translate('pl', 'mail.workflowChanged.note', { note }));
    }
  });
});
