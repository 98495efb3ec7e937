import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog } from '../../../platform/audit/tables';
import { mailOutbox } from '../../../platform/mail/tables';
import { codeOf, partnerIdByShop, signInAsPartner, startTestServer, type TestServer } from '../../../test/harness';
import { captureStream } from '../../../test/waits';
import { revokePolicies } from '../../catalog/test-fixtures';
import { partnerNotifications } from '../../notifications/tables';
import { partnerAddresses, partnerContacts, partners } from '../../partner/tables';
import { mallDeliveryConfigs, mallDeliveryRequests } from './tables';

let server: TestServer;
let cz: number;
let sk: number;
let pl: number;
let czToken: string;
let multiToken: string;
let limitedToken: string;
let colleagueToken: string;
let adminToken: string;

const VIEW = `state readiness shopId
  config { fee spectrumFee registerBranch returnBranch returnPin openingHours { mon { from to } tue { from to } }
    spectrumStatus labelType collectionsEnabled collectionsOnDemand collectionsTimeStart collectionsTimeEnd }
  warehouse { id city } contact { id phone } lastRequest { status reason }`;
const STATE = `query { mallDelivery { ${VIEW} } }`;
const REQUEST = `mutation { mallDeliveryRequest { ${VIEW} } }`;
const DECIDE = `mutation($p: ID!, $input: MallDeliveryDecisionInput!) { mallDeliveryDecide(partnerId: $p, input: $input) { ${VIEW} } }`;
const DEACTIVATE = `mutation($p: ID!, $r: String!) { mallDeliveryDeactivate(partnerId: $p, reason: $r) { state } }`;
const CLASSIC = `mutation($input: MallDeliveryClassicInput!) { mallDeliveryConfigUpdate(input: $input) { ${VIEW} } }`;
const SPECTRUM = `mutation($input: SpectrumConfigInput!) { spectrumConfigUpdate(input: $input) { ${VIEW} } }`;
const QUEUE = `query($grid: GridInput) { cockpitMallDeliveryRequests(grid: $grid) { items { id partnerId partnerName status partnerState reason } total } }`;
const DIP = `query($grid: GridInput) { dipDeliveries(grid: $grid) { items { id status shipmentStatus shipmentAt } total nextCursor } }`;
const DELETE_ADDRESS = 'mutation($id: ID!) { deleteAddress(id: $id) }';
const DELETE_CONTACT = 'mutation($id: ID!) { deleteContact(id: $id) }';
const SAVE_CONTACT = 'mutation($id: ID, $input: ContactInput!) { saveContact(id: $id, input: $input) { id } }';

type View = {
  state: string;
  readiness: string[];
  config: Record<string, unknown>;
  warehouse: { id: string } | null;
  contact: { id: string } | null;
  lastRequest: { status: string; reason: string | null } | null;
};

const asSk = () => ({ token: multiToken, partnerId: sk });
const asPl = () => ({ token: multiToken, partnerId: pl });
const asAdmin = () => ({ token: adminToken });

const ACCEPT_SK = { decision: 'ACCEPT', fee: '1.90', registerBranch: 'SK-BTS-SEN', returnBranch: 'SK-ZIL-TEP' };

async function setState(partnerId: number, state: string) {
  await server.database.db.update(partners).set({ mdpStatus: state }).where(eq(partners.id, partnerId));
  await server.database.db.delete(mallDeliveryRequests).where(eq(mallDeliveryRequests.partnerId, partnerId));
  await server.database.db.delete(mallDeliveryConfigs).where(eq(mallDeliveryConfigs.partnerId, partnerId));
}

/** The Slovak shop's MDP warehouse and MALL Delivery contact (the seed gives it neither). */
async function prepareSk() {
  const db = server.database.db;
  await db.delete(partnerAddresses).where(and(eq(partnerAddresses.partnerId, sk), eq(partnerAddresses.city, 'Senec')));
  await db
    .delete(partnerContacts)
    .where(and(eq(partnerContacts.partnerId, sk), eq(partnerContacts.lastName, 'Kuriér')));
  const [address] = await db
    .insert(partnerAddresses)
    .values({
      partnerId: sk,
      street: 'Diaľničná 5',
      city: 'Senec',
      state: 'SK',
      zip: '903 01',
      types: ['MDP_WAREHOUSE'],
    })
    .returning();
  const [contact] = await db
    .insert(partnerContacts)
    .values({
      partnerId: sk,
      firstName: 'Peter',
      lastName: 'Kuriér',
      email: 'kurier@zahrada-demo.sk',
      phone: '+421 905 111 222',
      roles: ['MALL_DELIVERY'],
    })
    .returning();
  return { addressId: address!.id, contactId: contact!.id };
}

async function view(as: { token: string; partnerId: number }): Promise<View> {
  const result = await server.gql<{ mallDelivery: View }>(STATE, {}, as);
  expect(result.errors).toBeUndefined();
  return result.data!.mallDelivery;
}

beforeAll(async () => {
  server = await startTestServer();
  cz = await partnerIdByShop(server.database, '100001');
  sk = await partnerIdByShop(server.database, '100002');
  pl = await partnerIdByShop(server.database, '100003');
  czToken = (await server.login('partner@demo.test')).token;
  multiToken = (await server.login('multi@demo.test')).token;
  limitedToken = (await server.login('limited@demo.test')).token;
  colleagueToken = (await server.login('colleague@demo.test')).token;
  adminToken = (await server.login('admin@demo.test')).token;
});
afterAll(async () => server?.close());

describe('requesting MALL Delivery', () => {
  beforeEach(async () => {
    await setState(sk, 'inactive');
  });

  it('is refused while the MDP warehouse and the MALL Delivery contact are missing, naming both', async () => {
    const db = server.database.db;
    await db
      .delete(partnerAddresses)
      .where(and(eq(partnerAddresses.partnerId, sk), eq(partnerAddresses.city, 'Senec')));
    await db
      .delete(partnerContacts)
      .where(and(eq(partnerContacts.partnerId, sk), eq(partnerContacts.lastName, 'Kuriér')));
    expect((await view(asSk())).readiness).toEqual([
      'MDP_WAREHOUSE_ADDRESS_MANDATORY',
      'MALL_DELIVERY_CONTACT_MANDATORY',
    ]);
    const refused = await server.gql(REQUEST, {}, asSk());
    expect(codeOf(refused)).toBe('MDP_WAREHOUSE_ADDRESS_MANDATORY');
    expect(refused.errors![0]!.message).not.toContain('MDP_WAREHOUSE');
    expect((await view(asSk())).state).toBe('inactive');
  });

  it('moves the partner to requested, records who asked, audits it and tells the operators live', async () => {
    await prepareSk();
    const stream = await captureStream(server.app.platform, (m) =>
      m.event?.type === 'mall_delivery_changed' ? m.audience : undefined,
    );
    const result = await server.gql<{ mallDeliveryRequest: View }>(REQUEST, {}, asSk());
    expect(result.errors).toBeUndefined();
    expect(result.data!.mallDeliveryRequest.state).toBe('requested');
    expect(result.data!.mallDeliveryRequest.lastRequest).toEqual({ status: 'pending', reason: null });
    await stream.next('operators hear of the request', (a) => 'operators' in a);
    await stream.next('the partner hears of it', (a) => 'partnerId' in a && a.partnerId === sk);
    const [audit] = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.partnerId, sk), eq(auditLog.action, 'deliveries.mall.request')))
      .orderBy(desc(auditLog.id));
    expect(audit?.data).toEqual({ from: 'inactive', to: 'requested' });
    // Asked twice: refused, and still one open request.
    expect(codeOf(await server.gql(REQUEST, {}, asSk()))).toBe('MALL_DELIVERY_REQUEST_NOT_ALLOWED');
    const open = await server.database.db
      .select()
      .from(mallDeliveryRequests)
      .where(and(eq(mallDeliveryRequests.partnerId, sk), eq(mallDeliveryRequests.status, 'pending')));
    expect(open).toHaveLength(1);
    await stream.stop();
  });

  it('a read-only colleague and an account without deliveries cannot request', async () => {
    await prepareSk();
    await revokePolicies(server.database.db, 'limited@demo.test', cz, 'deliveries', ['update']);
    await setState(cz, 'inactive');
    expect(codeOf(await server.gql(REQUEST, {}, { token: colleagueToken, partnerId: cz }))).toBe('ACCESS_DENIED');
    expect(codeOf(await server.gql(REQUEST, {}, { token: limitedToken, partnerId: cz }))).toBe('ACCESS_DENIED');
    // The colleague still reads the state.
    expect((await view({ token: colleagueToken, partnerId: cz })).state).toBe('inactive');
    await setState(cz, 'active');
  });
});

describe('the operator decision', () => {
  beforeEach(async () => {
    await setState(sk, 'inactive');
    await prepareSk();
    expect((await server.gql(REQUEST, {}, asSk())).errors).toBeUndefined();
  });

  it('shows the request in the queue and accepts it with the fee and depots: notification, mail, audit', async () => {
    const queue = await server.gql<{ cockpitMallDeliveryRequests: { items: { partnerId: string; status: string }[] } }>(
      QUEUE,
      { grid: { filters: [{ field: 'status', operator: 'IN', values: ['pending'] }] } },
      asAdmin(),
    );
    expect(queue.data!.cockpitMallDeliveryRequests.items.map((r) => [r.partnerId, r.status])).toContainEqual([
      String(sk),
      'pending',
    ]);
    const notificationsBefore = await server.database.db
      .select()
      .from(partnerNotifications)
      .where(eq(partnerNotifications.partnerId, sk));
    const result = await server.gql<{ mallDeliveryDecide: View }>(DECIDE, { p: sk, input: ACCEPT_SK }, asAdmin());
    expect(result.errors).toBeUndefined();
    const decided = result.data!.mallDeliveryDecide;
    expect(decided.state).toBe('active');
    expect(decided.config).toMatchObject({
      fee: 1.9,
      spectrumFee: 1.9,
      registerBranch: 'SK-BTS-SEN',
      returnBranch: 'SK-ZIL-TEP',
    });
    // The partner sees it active, and so does its session's partner summary.
    expect((await view(asSk())).state).toBe('active');
    const [notification] = await server.database.db
      .select()
      .from(partnerNotifications)
      .where(and(eq(partnerNotifications.partnerId, sk), eq(partnerNotifications.eventType, 'MALL_DELIVERY_DECIDED')))
      .orderBy(desc(partnerNotifications.id));
    expect(notification?.params).toEqual({ state: 'active' });
    expect(notification?.recipients).toContain('zuzana@zahrada-demo.sk');
    const list = await server.database.db
      .select()
      .from(partnerNotifications)
      .where(eq(partnerNotifications.partnerId, sk));
    expect(list.length).toBe(notificationsBefore.length + 1);
    // Mailed in each reader's language: the manager contact reads the master's (multi@ chose English), and the
    // master, not among the notified, gets the decision mail.
    const sent = await server.deliverMail();
    const contactMail = sent.find((m) => m.to === 'zuzana@zahrada-demo.sk');
    expect(contactMail?.subject).toMatch(/MALL Delivery/);
    const masterMail = sent.find((m) => m.to === 'multi@demo.test');
    expect(masterMail?.subject).toBe('MALL Delivery is active');
    expect(masterMail?.text).toContain('/switch-partner/');
    const [audit] = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.partnerId, sk), eq(auditLog.action, 'deliveries.mall.accept')))
      .orderBy(desc(auditLog.id));
    expect(audit?.data).toMatchObject({ from: 'requested', to: 'active', fee: 1.9 });
    // Decided once: the second decision finds nothing pending.
    expect(codeOf(await server.gql(DECIDE, { p: sk, input: ACCEPT_SK }, asAdmin()))).toBe('MALL_DELIVERY_NOT_PENDING');
  });

  it('declines with a reason the partner reads; the partner may ask again', async () => {
    const missing = await server.gql(DECIDE, { p: sk, input: { decision: 'DECLINE', reason: ' ' } }, asAdmin());
    expect(codeOf(missing)).toBe('VALIDATION_ERROR');
    expect(missing.errors![0]!.extensions.fields).toMatchObject([{ field: 'reason', rule: 'required' }]);
    const reason = 'Warehouse outside our collection area — please use the Senec depot address.';
    const result = await server.gql<{ mallDeliveryDecide: View }>(
      DECIDE,
      { p: sk, input: { decision: 'DECLINE', reason } },
      asAdmin(),
    );
    expect(result.data!.mallDeliveryDecide.state).toBe('declined');
    expect((await view(asSk())).lastRequest).toEqual({ status: 'declined', reason });
    const [mail] = await server.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.recipient, 'multi@demo.test'), eq(mailOutbox.template, 'mall-delivery-decided')))
      .orderBy(desc(mailOutbox.id));
    expect(mail?.data).toMatchObject({ state: 'declined', reason });
    expect(mail?.lang).toBe('en');
    // The partner's notification says why too: the list entry keeps the reason, its e-mail quotes it.
    const [notification] = await server.database.db
      .select()
      .from(partnerNotifications)
      .where(and(eq(partnerNotifications.partnerId, sk), eq(partnerNotifications.eventType, 'MALL_DELIVERY_DECIDED')))
      .orderBy(desc(partnerNotifications.id));
    expect(notification?.params).toEqual({ state: 'declined', reason });
    const sent = await server.deliverMail();
    const contactMail = sent.find((m) => m.to === 'zuzana@zahrada-demo.sk' && m.subject === 'MALL Delivery: Declined');
    expect(contactMail?.text).toContain(`Your MALL Delivery is now “Declined”. The marketplace’s note: “${reason}”`);
    const list = await server.gql<{ partnerNotifications: { items: { eventType: string; params: unknown }[] } }>(
      '{ partnerNotifications { items { eventType params } } }',
      {},
      asSk(),
    );
    expect(list.data!.partnerNotifications.items.find((n) => n.eventType === 'MALL_DELIVERY_DECIDED')?.params).toEqual({
      state: 'declined',
      reason,
    });
    const again = await server.gql<{ mallDeliveryRequest: View }>(REQUEST, {}, asSk());
    expect(again.data!.mallDeliveryRequest.state).toBe('requested');
  });

  it('refuses a fee off the market money rules and depots of another market, all at once', async () => {
    const result = await server.gql(
      DECIDE,
      { p: sk, input: { decision: 'ACCEPT', fee: '1.999', registerBranch: 'CZ-PRG-ZLI', returnBranch: '' } },
      asAdmin(),
    );
    expect(codeOf(result)).toBe('VALIDATION_ERROR');
    expect(
      (result.errors![0]!.extensions.fields as { field: string; rule: string }[]).map((f) => [f.field, f.rule]),
    ).toEqual([
      ['fee', 'priceDecimals'],
      ['registerBranch', 'in'],
      ['returnBranch', 'required'],
    ]);
    expect((await view(asSk())).state).toBe('requested');
  });

  it('refuses to accept when the contact lost its phone meanwhile (MALL_DELIVERY_CONTACT_INCONSISTENT)', async () => {
    await server.database.db
      .update(partnerContacts)
      .set({ phone: '' })
      .where(and(eq(partnerContacts.partnerId, sk), eq(partnerContacts.lastName, 'Kuriér')));
    expect(codeOf(await server.gql(DECIDE, { p: sk, input: ACCEPT_SK }, asAdmin()))).toBe(
      'MALL_DELIVERY_CONTACT_INCONSISTENT',
    );
    expect((await view(asSk())).state).toBe('requested');
  });

  it('a partner, even its master, cannot decide; an operator impersonating cannot either', async () => {
    expect(codeOf(await server.gql(DECIDE, { p: sk, input: ACCEPT_SK }, asSk()))).toBe('ACCESS_DENIED');
    expect(codeOf(await server.gql(QUEUE, {}, asSk()))).toBe('ACCESS_DENIED');
    const impersonation = await signInAsPartner(server, adminToken, sk);
    expect(codeOf(await server.gql(DECIDE, { p: sk, input: ACCEPT_SK }, { token: impersonation, partnerId: sk }))).toBe(
      'ACCESS_DENIED',
    );
    expect((await view(asSk())).state).toBe('requested');
  });
});

describe('the warehouse and contact rules with the real state', () => {
  it('while active neither can be deleted or lose its role; once switched off they can', async () => {
    await setState(sk, 'inactive');
    const { addressId, contactId } = await prepareSk();
    await server.gql(REQUEST, {}, asSk());
    // Requested is not active yet: the rules that keep them do not hold.
    expect(await server.gql(DECIDE, { p: sk, input: ACCEPT_SK }, asAdmin())).toMatchObject({ errors: undefined });
    expect(codeOf(await server.gql(DELETE_ADDRESS, { id: addressId }, asSk()))).toBe('MDP_WAREHOUSE_ADDRESS_MANDATORY');
    expect(codeOf(await server.gql(DELETE_CONTACT, { id: contactId }, asSk()))).toBe('MALL_DELIVERY_CONTACT_MANDATORY');
    const demoted = await server.gql(
      SAVE_CONTACT,
      {
        id: contactId,
        input: {
          firstName: 'Peter',
          lastName: 'Kuriér',
          email: 'kurier@zahrada-demo.sk',
          phone: '+421 905 111 222',
          roles: ['SALES'],
        },
      },
      asSk(),
    );
    expect(codeOf(demoted)).toBe('MALL_DELIVERY_CONTACT_MANDATORY');
    // The operator switches it off (with a reason); then the warehouse may go.
    expect(codeOf(await server.gql(DEACTIVATE, { p: sk, r: '' }, asAdmin()))).toBe('VALIDATION_ERROR');
    const off = await server.gql<{ mallDeliveryDeactivate: { state: string } }>(
      DEACTIVATE,
      { p: sk, r: 'Contract ended on request.' },
      asAdmin(),
    );
    expect(off.data!.mallDeliveryDeactivate.state).toBe('inactive');
    expect(await server.gql(DELETE_ADDRESS, { id: addressId }, asSk())).toMatchObject({ errors: undefined });
    expect(codeOf(await server.gql(DEACTIVATE, { p: sk, r: 'again' }, asAdmin()))).toBe('MALL_DELIVERY_NOT_ACTIVE');
  });
});

const hours = { mon: { open: true, from: '08:00', to: '16:00' }, tue: { open: false } };

describe('classic and Spectrum settings', () => {
  beforeEach(async () => {
    await setState(sk, 'inactive');
    await prepareSk();
    await server.gql(REQUEST, {}, asSk());
    await server.gql(DECIDE, { p: sk, input: ACCEPT_SK }, asAdmin());
  });

  it('saves the classic settings; the fee stays the operator’s', async () => {
    const input = { registerBranch: 'SK-ZIL-TEP', returnBranch: 'SK-ZIL-TEP', returnPin: '0427', openingHours: hours };
    const result = await server.gql<{ mallDeliveryConfigUpdate: View }>(CLASSIC, { input }, asSk());
    expect(result.errors).toBeUndefined();
    expect(result.data!.mallDeliveryConfigUpdate.config).toMatchObject({
      fee: 1.9,
      registerBranch: 'SK-ZIL-TEP',
      returnPin: '0427',
      openingHours: { mon: { from: '08:00', to: '16:00' }, tue: null },
    });
    const bad = await server.gql(
      CLASSIC,
      { input: { ...input, returnPin: '12', openingHours: { mon: { open: true, from: '16:00', to: '08:00' } } } },
      asSk(),
    );
    expect(
      (bad.errors![0]!.extensions.fields as { field: string; rule: string }[]).map((f) => [f.field, f.rule]),
    ).toEqual([
      ['returnPin', 'returnPin'],
      ['openingHours.mon.to', 'timeOrder'],
    ]);
  });

  it('switches Spectrum on only with the warehouse and contact ready; classic is then disabled', async () => {
    const spectrum = {
      status: 'active',
      labelType: 'zpl',
      collectionsEnabled: true,
      collectionsOnDemand: true,
      collectionsTimeStart: '13:00',
      collectionsTimeEnd: '12:00',
    };
    const reversed = await server.gql(SPECTRUM, { input: spectrum }, asSk());
    expect(codeOf(reversed)).toBe('VALIDATION_ERROR');
    await server.database.db
      .update(partnerAddresses)
      .set({ types: ['MDP_WAREHOUSE', 'WAREHOUSE'] })
      .where(and(eq(partnerAddresses.partnerId, sk), eq(partnerAddresses.city, 'Senec')));
    const notReady = await server.gql(SPECTRUM, { input: { ...spectrum, collectionsTimeEnd: '16:00' } }, asSk());
    expect(codeOf(notReady)).toBe('MDP_WAREHOUSE_STANDALONE_TYPE');
    await server.database.db
      .update(partnerAddresses)
      .set({ types: ['MDP_WAREHOUSE'] })
      .where(and(eq(partnerAddresses.partnerId, sk), eq(partnerAddresses.city, 'Senec')));
    const on = await server.gql<{ spectrumConfigUpdate: View }>(
      SPECTRUM,
      { input: { ...spectrum, collectionsTimeEnd: '16:00' } },
      asSk(),
    );
    expect(on.errors).toBeUndefined();
    expect(on.data!.spectrumConfigUpdate.config).toMatchObject({
      spectrumStatus: 'active',
      labelType: 'zpl',
      collectionsTimeStart: '13:00',
      collectionsTimeEnd: '16:00',
    });
    const classic = {
      registerBranch: 'SK-ZIL-TEP',
      returnBranch: 'SK-ZIL-TEP',
      returnPin: '0427',
      openingHours: hours,
    };
    expect(codeOf(await server.gql(CLASSIC, { input: classic }, asSk()))).toBe('MALL_DELIVERY_CLASSIC_DISABLED');
  });

  it('refuses settings while MALL Delivery is not active', async () => {
    await setState(pl, 'inactive');
    const input = { status: 'inactive', labelType: 'pdf', collectionsEnabled: false, collectionsOnDemand: false };
    expect(codeOf(await server.gql(SPECTRUM, { input }, asPl()))).toBe('MALL_DELIVERY_NOT_ACTIVE');
  });
});

describe('the DIP deliveries grid', () => {
  it("shows only the partner's own DIP orders, newest first, with their latest shipment status", async () => {
    const result = await server.gql<{
      dipDeliveries: { items: { id: string; shipmentStatus: string | null }[]; total: number };
    }>(DIP, { grid: { perPage: 50 } }, { token: czToken, partnerId: cz });
    expect(result.errors).toBeUndefined();
    const page = result.data!.dipDeliveries;
    const { rows } = await server.database.executeSql(
      'select count(*)::int as n from orders where partner_id = $1 and is_dip',
      [cz],
    );
    expect(page.total).toBe((rows[0] as { n: number }).n);
    expect(page.total).toBeGreaterThan(0);
    const ids = page.items.map((r) => Number(r.id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const own = await server.database.executeSql(
      'select id from orders where partner_id = $1 and is_dip and id = any($2::bigint[])',
      [cz, ids],
    );
    expect(own.rows).toHaveLength(ids.length);
    const withStatus = page.items.find((r) => r.shipmentStatus);
    const { rows: last } = await server.database.executeSql(
      'select status from order_shipment_history where partner_id = $1 and order_id = $2 order by id desc limit 1',
      [cz, withStatus!.id],
    );
    expect(withStatus!.shipmentStatus).toBe((last[0] as { status: string }).status);
    const filtered = await server.gql<{ dipDeliveries: { items: { shipmentStatus: string }[] } }>(
      DIP,
      { grid: { filters: [{ field: 'shipmentStatus', operator: 'IN', values: ['DELIVERED'] }] } },
      { token: czToken, partnerId: cz },
    );
    expect(filtered.data!.dipDeliveries.items.every((r) => r.shipmentStatus === 'DELIVERED')).toBe(true);
    // The next page by the cursor the grid hands out (order ids are past 2^31), and a filter on an id.
    expect(ids.length).toBeGreaterThan(1);
    const sorted = { perPage: 1, sort: { field: 'id', direction: 'DESCENDING' } };
    const one = await server.gql<{ dipDeliveries: { items: { id: string }[]; nextCursor: string | null } }>(
      DIP,
      { grid: sorted },
      { token: czToken, partnerId: cz },
    );
    expect(Number(one.data!.dipDeliveries.items[0]!.id)).toBeGreaterThan(2 ** 31);
    const next = await server.gql<{ dipDeliveries: { items: { id: string }[] } }>(
      DIP,
      { grid: { ...sorted, page: 2, after: one.data!.dipDeliveries.nextCursor } },
      { token: czToken, partnerId: cz },
    );
    expect(next.errors).toBeUndefined();
    expect(next.data!.dipDeliveries.items.map((r) => r.id)).toEqual([String(ids[1])]);
    const byId = await server.gql<{ dipDeliveries: { items: { id: string }[] } }>(
      DIP,
      { grid: { filters: [{ field: 'id', operator: 'EQUAL', value: String(ids[1]) }] } },
      { token: czToken, partnerId: cz },
    );
    expect(byId.data!.dipDeliveries.items.map((r) => r.id)).toEqual([String(ids[1])]);
    // A rare status is found among the orders that ever had it, then judged by the latest: an order returned
    // once and now waiting at the pickup point again is not "returned".
    await server.database.executeSql(
      "insert into order_shipment_history (partner_id, order_id, status, at) values ($1, $2, 'RETURNED', now() - interval '2 hours'), ($1, $2, 'RETURN_READY_FOR_PICKUP', now() - interval '1 hour')",
      [cz, ids[0]],
    );
    const byStatus = async (status: string) =>
      (
        await server.gql<{ dipDeliveries: { items: { id: string; shipmentStatus: string }[] } }>(
          DIP,
          { grid: { perPage: 100, filters: [{ field: 'shipmentStatus', operator: 'IN', values: [status] }] } },
          { token: czToken, partnerId: cz },
        )
      ).data!.dipDeliveries.items;
    const waiting = await byStatus('RETURN_READY_FOR_PICKUP');
    expect(waiting.map((r) => r.id)).toContain(String(ids[0]));
    expect(waiting.every((r) => r.shipmentStatus === 'RETURN_READY_FOR_PICKUP')).toBe(true);
    const returned = await byStatus('RETURNED');
    expect(returned.map((r) => r.id)).not.toContain(String(ids[0]));
    expect(returned.every((r) => r.shipmentStatus === 'RETURNED')).toBe(true);
    // The Slovak shop's grid holds none of the Czech orders.
    const skPage = await server.gql<{ dipDeliveries: { items: { id: string }[] } }>(DIP, {}, asSk());
    expect(skPage.data!.dipDeliveries.items.some((r) => ids.includes(Number(r.id)))).toBe(false);
    await revokePolicies(server.database.db, 'limited@demo.test', cz, 'deliveries', ['read']);
    expect(codeOf(await server.gql(DIP, {}, { token: limitedToken, partnerId: cz }))).toBe('ACCESS_DENIED');
  });
});

describe('register branches', () => {
  it("lists the depots of the partner's market", async () => {
    const result = await server.gql<{ mallDeliveryRegisterBranches: { id: string }[] }>(
      'query { mallDeliveryRegisterBranches { id name city } }',
      {},
      asSk(),
    );
    expect(result.data!.mallDeliveryRegisterBranches.map((b) => b.id)).toEqual(['SK-BTS-SEN', 'SK-ZIL-TEP']);
  });
});
