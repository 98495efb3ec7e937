import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../platform/audit/tables';
import { codeOf, partnerIdByShop, startTestServer, type TestServer } from '../../test/harness';
import { revokePolicies } from '../catalog/test-fixtures';
import { partnerContacts } from '../partner/tables';
import { notificationSettings } from './tables';

let server: TestServer;
let cz: number;
let sk: number;
let czToken: string;
let multiToken: string;
let limitedToken: string;

const FIELDS = 'eventType groups emails active isDefault';
const SETTINGS = `{ notificationSettings { ${FIELDS} } }`;
const GROUPS = '{ notificationContactGroups }';
const UPDATE = `mutation($input: NotificationSettingInput!) { updateNotificationSetting(input: $input) { ${FIELDS} } }`;

interface Setting {
  eventType: string;
  groups: string[];
  emails: string[];
  active: boolean;
  isDefault: boolean;
}
type Answer = Awaited<ReturnType<TestServer['gql']>> & {
  errors?: { message: string; extensions: { code: string; params?: Record<string, string> } }[];
};

const asCz = { token: () => czToken, partnerId: () => cz };
const update = (input: Record<string, unknown>, who = asCz) =>
  server.gql<{ updateNotificationSetting: Setting }>(
    UPDATE,
    { input: { eventType: 'ORDER_CREATED', groups: [], emails: '', active: true, ...input } },
    { token: who.token(), partnerId: who.partnerId() },
  ) as Promise<Answer & { data: { updateNotificationSetting: Setting } | null }>;
const settingsOf = async (who = asCz) => {
  const result = await server.gql<{ notificationSettings: Setting[] }>(
    SETTINGS,
    {},
    {
      token: who.token(),
      partnerId: who.partnerId(),
    },
  );
  expect(result.errors).toBeUndefined();
  return Object.fromEntries(result.data!.notificationSettings.map((s) => [s.eventType, s]));
};
const savedRow = async (partnerId: number, eventType: string) => {
  const [row] = await server.database.db
    .select()
    .from(notificationSettings)
    .where(and(eq(notificationSettings.partnerId, partnerId), eq(notificationSettings.eventType, eventType)));
  return row;
};
const emails = (n: number) => Array.from({ length: n }, (_, i) => `person${i + 1}@sport-demo.cz`);

beforeAll(async () => {
  server = await startTestServer();
  cz = await partnerIdByShop(server.database, '100001');
  sk = await partnerIdByShop(server.database, '100002');
  const db = server.database.db;
  // The test decides who the contacts are: the demo's own settings and contacts are cleared first.
  await db.delete(notificationSettings).where(eq(notificationSettings.partnerId, cz));
  await db.delete(partnerContacts).where(eq(partnerContacts.partnerId, cz));
  await db.insert(partnerContacts).values([
    {
      partnerId: cz,
      firstName: 'Eva',
      lastName: 'Prodejní',
      email: 'eva@sport-demo.cz',
      phone: '601123456',
      roles: ['SALES', 'MANAGER'],
    },
    {
      partnerId: cz,
      firstName: 'Tomáš',
      lastName: 'Technik',
      email: 'tomas@sport-demo.cz',
      phone: '601123457',
      roles: ['TECH'],
    },
  ]);
  await revokePolicies(db, 'limited@demo.test', cz, 'notifications', ['read', 'update']);
  czToken = (await server.login('partner@demo.test')).token;
  multiToken = (await server.login('multi@demo.test')).token;
  limitedToken = (await server.login('limited@demo.test')).token;
});
afterAll(async () => server?.close());

describe('notification settings', () => {
  it('lists every event type, with the defaults where nothing was saved', async () => {
    const settings = await settingsOf();
    expect(Object.keys(settings)).toEqual([
      'ORDER_CREATED',
      'ORDER_STATUS_CHANGED',
      'ORDER_CANCELLATION_REQUESTED',
      'PRODUCT_IMPORT_FINISHED',
      'BRAND_REQUEST_DECIDED',
      'WORKFLOW_STATUS_CHANGED',
      'MESSAGE_RECEIVED',
      'WEBHOOK_BROKEN',
      'MALL_DELIVERY_DECIDED',
      'FEED_RUN_WITH_ERRORS',
      'SELF_BILLING_DECIDED',
    ]);
    expect(settings.ORDER_CREATED).toEqual({
      eventType: 'ORDER_CREATED',
      groups: ['SALES'],
      emails: [],
      active: true,
      isDefault: true,
    });
    expect(settings.ORDER_STATUS_CHANGED).toMatchObject({ groups: [], active: false, isDefault: true });
    expect(settings.WEBHOOK_BROKEN).toMatchObject({ groups: ['TECH'], active: true });
    expect(settings.ORDER_CANCELLATION_REQUESTED).toMatchObject({ groups: ['SALES'], active: true, isDefault: true });
    expect(settings.MALL_DELIVERY_DECIDED).toMatchObject({ groups: ['MANAGER', 'LOGISTICS'], active: true });
    // A feed run that refused items tells the technicians, as a product import does.
    expect(settings.FEED_RUN_WITH_ERRORS).toMatchObject({ groups: ['TECH'], active: true, isDefault: true });
    // The self-billing decision reaches the manager and whoever looks after the invoices.
    expect(settings.SELF_BILLING_DECIDED).toMatchObject({
      groups: ['MANAGER', 'FINANCE'],
      active: true,
      isDefault: true,
    });
  });

  it('names the groups that have a contact', async () => {
    const result = await server.gql<{ notificationContactGroups: string[] }>(
      GROUPS,
      {},
      {
        token: czToken,
        partnerId: cz,
      },
    );
    expect(result.data!.notificationContactGroups).toEqual(['MANAGER', 'SALES', 'TECH']);
  });

  it('accepts 10 custom e-mails separated by commas and semicolons, trimmed, lower-cased and each once', async () => {
    const list = emails(10);
    const text = ` ${list.slice(0, 5).join(', ')};${list.slice(5).join(' ; ')} ;; ${list[0]!.toUpperCase()} `;
    const result = await update({ emails: text });
    expect(result.errors).toBeUndefined();
    expect(result.data!.updateNotificationSetting).toMatchObject({ emails: list, groups: [], isDefault: false });
    expect((await savedRow(cz, 'ORDER_CREATED'))!.emails).toEqual(list);
  });

  it('refuses an 11th e-mail with its code and keeps what was saved', async () => {
    const result = await update({ emails: emails(11).join(';'), groups: ['SALES'] });
    expect(codeOf(result)).toBe('NOTIFICATION_TOO_MANY_EMAILS');
    expect(result.errors![0]!.message).toBe('You can enter at most 10 e-mail addresses');
    expect((await savedRow(cz, 'ORDER_CREATED'))!).toMatchObject({ emails: emails(10), groups: [] });
  });

  it('refuses an address that is not one, naming it', async () => {
    const result = await update({ emails: 'ok@sport-demo.cz, not-an-address' });
    expect(codeOf(result)).toBe('VALIDATION_ERROR');
    expect(result.errors![0]!.extensions.fields).toEqual([
      expect.objectContaining({
        field: 'emails',
        rule: 'notificationEmails',
        message: '“not-an-address” is not a valid e-mail address',
      }),
    ]);
  });

  it('refuses an active setting without any recipient, and keeps a disabled one without', async () => {
    const none = await update({ eventType: 'PRODUCT_IMPORT_FINISHED', emails: ' ; , ' });
    expect(codeOf(none)).toBe('NOTIFICATION_RECIPIENT_REQUIRED');
    expect(none.errors![0]!.message).toBe('Choose at least one contact group or e-mail');
    expect(await savedRow(cz, 'PRODUCT_IMPORT_FINISHED')).toBeUndefined();

    const disabled = await update({ eventType: 'PRODUCT_IMPORT_FINISHED', active: false });
    expect(disabled.errors).toBeUndefined();
    expect(disabled.data!.updateNotificationSetting).toMatchObject({ groups: [], emails: [], active: false });
  });

  it('refuses a group no contact belongs to, naming it, and accepts the groups that have contacts', async () => {
    const refused = await update({ eventType: 'BRAND_REQUEST_DECIDED', groups: ['MANAGER', 'FINANCE', 'RMA'] });
    expect(codeOf(refused)).toBe('NOTIFICATION_GROUP_WITHOUT_CONTACT');
    expect(refused.errors![0]!.extensions.params).toEqual({ groups: 'Finance, Returns and complaints' });
    expect(refused.errors![0]!.message).toContain('Finance, Returns and complaints');
    expect(await savedRow(cz, 'BRAND_REQUEST_DECIDED')).toBeUndefined();

    const accepted = await update({ eventType: 'BRAND_REQUEST_DECIDED', groups: ['TECH', 'MANAGER'] });
    expect(accepted.errors).toBeUndefined();
    expect(accepted.data!.updateNotificationSetting.groups).toEqual(['MANAGER', 'TECH']);
  });

  it('lets a disabled setting keep a group that has lost its contacts', async () => {
    const result = await update({ eventType: 'WEBHOOK_BROKEN', groups: ['FINANCE'], active: false });
    expect(result.errors).toBeUndefined();
    expect(result.data!.updateNotificationSetting).toMatchObject({ groups: ['FINANCE'], active: false });
  });

  it('refuses an unknown event type or group', async () => {
    expect(codeOf(await update({ eventType: 'SOMETHING', emails: 'a@b.cz' }))).toBe('VALIDATION_ERROR');
    expect(codeOf(await update({ groups: ['BOSSES'] }))).toBe('VALIDATION_ERROR');
  });

  it('records who changed what, without the addresses', async () => {
    const rows = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.partnerId, cz), eq(auditLog.action, 'notifications.update')));
    expect(rows.map((r) => r.entityId).sort()).toEqual(
      ['BRAND_REQUEST_DECIDED', 'ORDER_CREATED', 'PRODUCT_IMPORT_FINISHED', 'WEBHOOK_BROKEN'].sort(),
    );
    expect(JSON.stringify(rows.map((r) => r.data))).not.toContain('@');
  });

  it("never shows or changes another partner's settings", async () => {
    const asSk = { token: () => multiToken, partnerId: () => sk };
    const before = await settingsOf(asSk);
    expect(before.ORDER_CREATED).toMatchObject({ isDefault: true, emails: [] });
    const saved = await update({ emails: 'shop@zahrada-demo.sk' }, asSk);
    expect(saved.errors).toBeUndefined();
    expect((await savedRow(cz, 'ORDER_CREATED'))!.emails).toEqual(emails(10));
    expect((await savedRow(sk, 'ORDER_CREATED'))!.emails).toEqual(['shop@zahrada-demo.sk']);
    // A Czech account naming the Slovak shop it does not belong to is refused.
    const foreign = await server.gql(SETTINGS, {}, { token: czToken, partnerId: sk });
    expect(codeOf(foreign)).toBe('ACCESS_DENIED');
  });

  it('refuses an account without the notifications permission', async () => {
    const asLimited = { token: () => limitedToken, partnerId: () => cz };
    expect(codeOf(await server.gql(SETTINGS, {}, { token: limitedToken, partnerId: cz }))).toBe('ACCESS_DENIED');
    expect(codeOf(await server.gql(GROUPS, {}, { token: limitedToken, partnerId: cz }))).toBe('ACCESS_DENIED');
    expect(codeOf(await update({ emails: 'x@sport-demo.cz' }, asLimited))).toBe('ACCESS_DENIED');
    expect((await savedRow(cz, 'ORDER_CREATED'))!.emails).toEqual(emails(10));
  });
});
