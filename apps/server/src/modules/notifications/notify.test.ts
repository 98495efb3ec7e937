import type { PartnerEvent } from '@pp/domain';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../platform/mail/tables';
import { codeOf, partnerIdByShop, startTestServer, type TestServer } from '../../test/harness';
import { openStreamSocket } from '../../test/stream-socket';
import { emitPartnerEvent } from '../events/emit';
import { partnerContacts } from '../partner/tables';
import { notifyPartner } from './notify';
import { notificationSettings, partnerNotifications } from './tables';

let server: TestServer;
let cz: number;
let sk: number;
let czToken: string;
let multiToken: string;
let adminToken: string;

const LIST = `query($grid: GridInput) { partnerNotifications(grid: $grid) {
  items { id eventType params created read } total nextCursor } }`;
const UNREAD = '{ notificationUnreadCount }';
const MARK = 'mutation($ids: [ID!], $all: Boolean) { markNotificationsRead(ids: $ids, all: $all) }';
const UPDATE = `mutation($input: NotificationSettingInput!) { updateNotificationSetting(input: $input) { eventType } }`;
const COCKPIT_MOVE = `mutation($id: ID!, $status: String!) { cockpitChangeWorkflow(partnerId: $id, status: $status) { status } }`;

interface Item {
  id: string;
  eventType: string;
  params: Record<string, string | number>;
  read: boolean;
}

const event = (type: PartnerEvent['type'], data: PartnerEvent['data'], partnerId = cz): PartnerEvent => ({
  partnerId,
  type,
  data,
  at: new Date().toISOString(),
});
const list = async (token: string, partnerId: number, grid: Record<string, unknown> = {}) => {
  const result = await server.gql<{
    partnerNotifications: { items: Item[]; total: number; nextCursor: string | null };
  }>(LIST, { grid }, { token, partnerId });
  expect(result.errors).toBeUndefined();
  return result.data!.partnerNotifications;
};
const unread = async (token: string, partnerId = cz) =>
  (await server.gql<{ notificationUnreadCount: number }>(UNREAD, {}, { token, partnerId })).data!
    .notificationUnreadCount;
const notificationsOf = (partnerId: number) =>
  server.database.db
    .select()
    .from(partnerNotifications)
    .where(eq(partnerNotifications.partnerId, partnerId))
    .orderBy(desc(partnerNotifications.id));

beforeAll(async () => {
  server = await startTestServer({ listen: true });
  cz = await partnerIdByShop(server.database, '100001');
  sk = await partnerIdByShop(server.database, '100002');
  const db = server.database.db;
  // The test decides who hears what: the demo's settings, contacts and notifications of the shop are cleared.
  await db.delete(notificationSettings).where(eq(notificationSettings.partnerId, cz));
  await db.delete(partnerNotifications).where(eq(partnerNotifications.partnerId, cz));
  await db.delete(partnerContacts).where(eq(partnerContacts.partnerId, cz));
  await db.insert(partnerContacts).values([
    {
      partnerId: cz,
      firstName: 'Eva',
      lastName: 'Prodejní',
      email: 'Eva@Sport-Demo.cz',
      phone: '601123456',
      roles: ['SALES'],
    },
    {
      partnerId: cz,
      firstName: 'Ota',
      lastName: 'Obchodní',
      email: 'ota@sport-demo.cz',
      phone: '601123458',
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
  czToken = (await server.login('partner@demo.test')).token;
  multiToken = (await server.login('multi@demo.test')).token;
  adminToken = (await server.login('admin@demo.test')).token;
  await server.deliverMail();
});
afterAll(async () => server?.close());

describe('an event', () => {
  it('mails the contacts of the chosen groups and the custom addresses, each once, in the master account language', async () => {
    const saved = await server.gql(
      UPDATE,
      {
        input: {
          eventType: 'ORDER_CREATED',
          groups: ['SALES'],
          emails: 'boss@sport-demo.cz; eva@sport-demo.cz',
          active: true,
        },
      },
      { token: czToken, partnerId: cz },
    );
    expect(saved.errors).toBeUndefined();
    await server.database.db.transaction((tx) => emitPartnerEvent(tx, event('ORDER_CREATED', { orderId: 'CZ-4711' })));

    const sent = await server.deliverMail();
    expect(sent.map((m) => m.to).sort()).toEqual(['boss@sport-demo.cz', 'eva@sport-demo.cz', 'ota@sport-demo.cz']);
    const mail = sent.find((m) => m.to === 'boss@sport-demo.cz')!;
    expect(mail.subject).toBe('Nová objednávka CZ-4711');
    expect(mail.text).toContain('Objednávka CZ-4711 byla vytvořena.');
    expect(mail.text).toContain('Sportovní potřeby Demo s.r.o.');
    // The link selects the notification's partner first, then opens the order.
    expect(mail.text).toContain(`/switch-partner/${cz}?to=%2Forders%2FCZ-4711`);
    expect(mail.html).toContain(`/switch-partner/${cz}?to=%2Forders%2FCZ-4711`);

    const [row] = await notificationsOf(cz);
    expect(row).toMatchObject({
      eventType: 'ORDER_CREATED',
      params: { orderId: 'CZ-4711' },
      recipients: ['eva@sport-demo.cz', 'ota@sport-demo.cz', 'boss@sport-demo.cz'],
    });
  });

  it('says code values in words: statuses and decisions are translated', async () => {
    await server.database.db.transaction(async (tx) => {
      await notifyPartner(tx, event('WORKFLOW_STATUS_CHANGED', { from: 'PRODUCTION', to: 'HIDDEN_ON_WEB' }));
      await notifyPartner(tx, event('BRAND_REQUEST_DECIDED', { requestId: 7, brand: 'Acme', decision: 'ACCEPTED' }));
    });
    const sent = await server.deliverMail();
    expect(sent.map((m) => m.subject).sort()).toEqual([
      'Stav onboardingu: Skrytý na webu',
      'Žádost o značku Acme: Schváleno',
    ]);
  });

  it('mails nobody and records nothing while the event is disabled, or by default for order status changes', async () => {
    const before = (await notificationsOf(cz)).length;
    await server.database.db.transaction((tx) =>
      notifyPartner(tx, event('ORDER_STATUS_CHANGED', { orderId: 'CZ-4711', from: 'open', to: 'shipped' })),
    );
    const disabled = await server.gql(
      UPDATE,
      { input: { eventType: 'ORDER_CREATED', groups: ['SALES'], emails: '', active: false } },
      { token: czToken, partnerId: cz },
    );
    expect(disabled.errors).toBeUndefined();
    await server.database.db.transaction((tx) => notifyPartner(tx, event('ORDER_CREATED', { orderId: 'CZ-4712' })));
    expect(await server.deliverMail()).toEqual([]);
    expect((await notificationsOf(cz)).length).toBe(before);
  });

  it("tells the partner's open pages on the live stream, and only once it is committed", async () => {
    const czSocket = await streamSocket(czToken);
    // Another shop's master (not a member of the Czech shop) hears nothing of it.
    const otherSocket = await streamSocket((await server.login('onboarding@demo.test')).token);
    try {
      await server.database.db.transaction((tx) =>
        notifyPartner(tx, event('WEBHOOK_BROKEN', { webhookId: 3, url: 'https://erp.sport-demo.cz/hook' })),
      );
      const [row] = await notificationsOf(cz);
      expect(row!.eventType).toBe('WEBHOOK_BROKEN');
      expect((await czSocket.next('notification_created')).data).toEqual({ id: row!.id });
      await server.database.db
        .transaction(async (tx) => {
          await notifyPartner(tx, event('WEBHOOK_BROKEN', { webhookId: 4, url: 'https://erp.sport-demo.cz/x' }));
          throw new Error('rolled back');
        })
        .catch(() => undefined);
      // Markers published after the rollback arrive after anything it could have announced.
      await czSocket.settled();
      await otherSocket.settled();
      expect(czSocket.all('notification_created')).toHaveLength(1);
      expect(otherSocket.all('notification_created')).toHaveLength(0);
      // This test's notification leaves the list as it was for the tests below.
      await server.database.db.delete(partnerNotifications).where(eq(partnerNotifications.id, row!.id));
      await server.deliverMail();
    } finally {
      czSocket.close();
      otherSocket.close();
    }
  });

  it('leaves nothing behind when the change that caused it rolls back', async () => {
    const before = (await notificationsOf(cz)).length;
    await expect(
      server.database.db.transaction(async (tx) => {
        await notifyPartner(tx, event('PRODUCT_IMPORT_FINISHED', { jobId: 'j1', imported: 5, refused: 1 }));
        throw new Error('the import failed after all');
      }),
    ).rejects.toThrow('the import failed after all');
    expect((await notificationsOf(cz)).length).toBe(before);
    const queued = await server.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.template, 'partner-notification'), eq(mailOutbox.recipient, 'tomas@sport-demo.cz')));
    expect(queued.filter((m) => (m.data as { eventType?: string }).eventType === 'PRODUCT_IMPORT_FINISHED')).toEqual(
      [],
    );
  });
});

describe('the notification list', () => {
  it("shows the partner's notifications newest first with each account's own read marks", async () => {
    const mine = await list(czToken, cz);
    expect(mine.items.map((n) => n.eventType)).toEqual([
      'BRAND_REQUEST_DECIDED',
      'WORKFLOW_STATUS_CHANGED',
      'ORDER_CREATED',
    ]);
    expect(mine.items.every((n) => !n.read)).toBe(true);
    expect(await unread(czToken)).toBe(3);

    const marked = await server.gql(MARK, { ids: [mine.items[2]!.id] }, { token: czToken, partnerId: cz });
    expect(marked.data).toEqual({ markNotificationsRead: 1 });
    expect((await list(czToken, cz)).items.map((n) => n.read)).toEqual([false, false, true]);
    expect(await unread(czToken)).toBe(2);
    // Another member of the shop has read nothing yet.
    expect((await list(multiToken, cz)).items.map((n) => n.read)).toEqual([false, false, false]);
    expect(await unread(multiToken)).toBe(3);

    const unreadOnly = await list(czToken, cz, { filters: [{ field: 'read', operator: 'EQUAL', value: 'false' }] });
    expect(unreadOnly.items).toHaveLength(2);

    const all = await server.gql(MARK, { all: true }, { token: czToken, partnerId: cz });
    expect(all.data).toEqual({ markNotificationsRead: 2 });
    expect(await unread(czToken)).toBe(0);
    expect(await unread(multiToken)).toBe(3);
  });

  it('pages by keyset', async () => {
    const first = await list(czToken, cz, { perPage: 2 });
    expect(first.items).toHaveLength(2);
    expect(first.nextCursor).not.toBeNull();
    const second = await list(czToken, cz, { perPage: 2, after: first.nextCursor });
    expect(second.items.map((n) => n.eventType)).toEqual(['ORDER_CREATED']);
  });

  it("never shows or marks another partner's notifications", async () => {
    const czIds = (await list(multiToken, cz)).items.map((n) => n.id);
    const slovak = await list(multiToken, sk);
    expect(slovak.items.map((n) => n.id)).not.toEqual(expect.arrayContaining([czIds[0]]));
    const marked = await server.gql(MARK, { ids: czIds }, { token: multiToken, partnerId: sk });
    expect(marked.data).toEqual({ markNotificationsRead: 0 });
    expect(await unread(multiToken)).toBe(3);
    // partner@demo.test is not a member of the Slovak shop.
    expect(codeOf(await server.gql(LIST, {}, { token: czToken, partnerId: sk }))).toBe('ACCESS_DENIED');
    expect(codeOf(await server.gql(MARK, { all: true }, { token: czToken, partnerId: sk }))).toBe('ACCESS_DENIED');
  });

  it('refuses ids that are not ids', async () => {
    const result = await server.gql(MARK, { ids: ['1; drop table x'] }, { token: czToken, partnerId: cz });
    expect(codeOf(result)).toBe('VALIDATION_ERROR');
  });
});

describe('a workflow move', () => {
  it('creates a notification for the managers and still mails the master, but one mail per address', async () => {
    const move = (status: string) => server.gql(COCKPIT_MOVE, { id: String(cz), status }, { token: adminToken });
    const hidden = await move('HIDDEN_ON_WEB');
    expect(hidden.errors).toBeUndefined();
    const [row] = await notificationsOf(cz);
    expect(row).toMatchObject({
      eventType: 'WORKFLOW_STATUS_CHANGED',
      params: { from: 'PRODUCTION', to: 'HIDDEN_ON_WEB' },
      recipients: ['ota@sport-demo.cz'],
    });
    let sent = await server.deliverMail();
    expect(sent.map((m) => m.to).sort()).toEqual(['ota@sport-demo.cz', 'partner@demo.test']);
    expect(sent.find((m) => m.to === 'ota@sport-demo.cz')!.text).toContain('?to=%2Fworkflow');

    // The master is also a manager contact: it gets the notification, not a second mail.
    await server.database.db
      .update(partnerContacts)
      .set({ email: 'partner@demo.test' })
      .where(eq(partnerContacts.email, 'ota@sport-demo.cz'));
    expect((await move('PRODUCTION')).errors).toBeUndefined();
    sent = await server.deliverMail();
    expect(sent.map((m) => m.to)).toEqual(['partner@demo.test']);
    expect(sent[0]!.subject).toBe('Stav onboardingu: V provozu');
    expect((await list(czToken, cz)).items[0]).toMatchObject({
      eventType: 'WORKFLOW_STATUS_CHANGED',
      params: { from: 'HIDDEN_ON_WEB', to: 'PRODUCTION' },
      read: false,
    });
  });
});

/** A logged-in live stream socket of the session, as the web opens it. */
function streamSocket(token: string, partnerId?: number) {
  return openStreamSocket(server, token, { partnerId });
}
