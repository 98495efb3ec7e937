import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../../platform/audit/tables';
import { codeOf, startTestServer, type TestServer } from '../../../test/harness';
import { openStreamSocket } from '../../../test/stream-socket';
import { partners } from '../../partner/tables';
import { memberWith } from '../../sla/test-helpers';
import { orderDatesFor } from './settings';
import { partnerDeliverySettings } from './tables';

let server: TestServer;
let shop: number;
let other: number;
let editor: string;
let reader: string;

const FIELDS = `calendarCountry calendarType supplyDelayFrom supplyDelayTo carrierCloseTime postponementEnabled
  codPaymentDisabled transportV2 exportToFeed exportToPPC exportToAffiliate`;
const READ = `{ warehouseSettings { ${FIELDS} } }`;
const UPDATE = `mutation($input: WarehouseSettingsInput!) { warehouseSettingsUpdate(input: $input) { ${FIELDS} } }`;
const VALID = {
  calendarCountry: 'SK',
  calendarType: 'MP_WORKING_DAYS',
  supplyDelayFrom: 1,
  supplyDelayTo: 3,
  carrierCloseTime: '13:30',
  postponementEnabled: true,
  codPaymentDisabled: true,
};

beforeAll(async () => {
  // Listening: the live stream's sockets connect to it.
  server = await startTestServer({ listen: true });
  // A shop of its own (Czech market), so no demo data or other test touches its settings.
  const made = await server.database.db
    .insert(partners)
    .values([
      { partnerName: 'Sklad Test', shopId: 'CZ10MA', country: 'CZ', workflowStatus: 'PRODUCTION' },
      { partnerName: 'Sklad Jiný', shopId: 'PL20MA', country: 'PL', workflowStatus: 'PRODUCTION' },
    ])
    .returning({ id: partners.id });
  shop = made[0]!.id;
  other = made[1]!.id;
  editor = await memberWith(server, 'sklad-editor@demo.test', shop, [
    ['deliveries', 'read'],
    ['deliveries', 'update'],
  ]);
  reader = await memberWith(server, 'sklad-reader@demo.test', shop, [['deliveries', 'read']]);
});
afterAll(async () => server?.close());

type Settings = typeof VALID & {
  transportV2: boolean;
  exportToFeed: boolean;
  exportToPPC: boolean;
  exportToAffiliate: boolean;
};

describe('warehouse settings', () => {
  it("start as the market's calendar with same-day dispatch before 14:00", async () => {
    const seen = await server.gql<{ warehouseSettings: Settings }>(READ, {}, { token: reader, partnerId: shop });
    expect(seen.data?.warehouseSettings).toEqual({
      calendarCountry: 'CZ',
      calendarType: 'MP_WORKING_DAYS',
      supplyDelayFrom: 0,
      supplyDelayTo: 0,
      carrierCloseTime: '14:00',
      postponementEnabled: false,
      codPaymentDisabled: false,
      transportV2: false,
      exportToFeed: true,
      exportToPPC: true,
      exportToAffiliate: true,
    });
  });

  it('saves, audits what changed, and dates the next order by them', async () => {
    const saved = await server.gql<{ warehouseSettingsUpdate: Settings }>(
      UPDATE,
      { input: VALID },
      { token: editor, partnerId: shop },
    );
    expect(saved.errors).toBeUndefined();
    expect(saved.data?.warehouseSettingsUpdate).toMatchObject(VALID);
    const read = await server.gql<{ warehouseSettings: Settings }>(READ, {}, { token: reader, partnerId: shop });
    expect(read.data?.warehouseSettings).toMatchObject(VALID);

    const [audit] = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.partnerId, shop), eq(auditLog.action, 'warehouse.update')));
    expect(audit?.data).toMatchObject({
      calendarCountry: ['CZ', 'SK'],
      supplyDelayTo: [0, 3],
      carrierCloseTime: ['14:00', '13:30'],
      codPaymentDisabled: [false, true],
    });

    // Friday 14 November 2025, 13:00 in Bratislava: before the 13:30 cut-off. Slovakia works on 17 November since
    // 2025, so supply 1–3 working days gives dispatch Monday 17th to Wednesday 19th, a one-day carrier 18th–20th.
    const dates = await orderDatesFor(server.database.db, shop, {
      createdAt: new Date('2025-11-14T12:00:00Z'),
      deliveryDelay: 1,
    });
    expect(dates).toEqual({
      countsFrom: '2025-11-14',
      dispatchFrom: '2025-11-17',
      dispatchBy: '2025-11-19',
      deliveryFrom: '2025-11-18',
      deliveryBy: '2025-11-20',
    });
    // At 13:30 exactly the order counts from Monday.
    const late = await orderDatesFor(server.database.db, shop, {
      createdAt: new Date('2025-11-14T12:30:00Z'),
      deliveryDelay: 1,
    });
    expect(late.countsFrom).toBe('2025-11-17');
  });

  it('refuses every broken rule at once, with nothing written', async () => {
    const refused = await server.gql(
      UPDATE,
      {
        input: {
          ...VALID,
          calendarCountry: 'DE',
          supplyDelayFrom: 5,
          supplyDelayTo: 4,
          carrierCloseTime: '25:00',
          calendarType: 'OWN',
        },
      },
      { token: editor, partnerId: shop },
    );
    expect(codeOf(refused)).toBe('VALIDATION_ERROR');
    const fields = (refused.errors?.[0]?.extensions.fields ?? []) as { field: string; rule: string }[];
    expect(fields.map((f) => `${f.field}:${f.rule}`).sort()).toEqual([
      'calendarCountry:invalid',
      'calendarType:invalid',
      'carrierCloseTime:timeFormat',
    ]);
    const over = await server.gql(
      UPDATE,
      { input: { ...VALID, supplyDelayFrom: 5, supplyDelayTo: 31 } },
      { token: editor, partnerId: shop },
    );
    expect(codeOf(over)).toBe('VALIDATION_ERROR');
    const order = await server.gql(
      UPDATE,
      { input: { ...VALID, supplyDelayFrom: 5, supplyDelayTo: 4 } },
      { token: editor, partnerId: shop },
    );
    expect(order.errors?.[0]?.extensions.fields).toEqual([
      expect.objectContaining({ field: 'supplyDelayTo', rule: 'supplyDelayOrder' }),
    ]);
    const [row] = await server.database.db
      .select()
      .from(partnerDeliverySettings)
      .where(eq(partnerDeliverySettings.partnerId, shop));
    expect(row).toMatchObject({ calendarCountry: 'SK', supplyDelayFrom: 1, supplyDelayTo: 3 });
  });

  it('lets a read-only colleague read but not change them', async () => {
    const refused = await server.gql(
      UPDATE,
      { input: { ...VALID, supplyDelayTo: 9 } },
      { token: reader, partnerId: shop },
    );
    expect(codeOf(refused)).toBe('ACCESS_DENIED');
    const [row] = await server.database.db
      .select({ to: partnerDeliverySettings.supplyDelayTo })
      .from(partnerDeliverySettings)
      .where(eq(partnerDeliverySettings.partnerId, shop));
    expect(row?.to).toBe(3);
  });

  it("never reads or writes another partner's settings", async () => {
    expect(codeOf(await server.gql(READ, {}, { token: editor, partnerId: other }))).toBe('ACCESS_DENIED');
    const write = await server.gql(UPDATE, { input: VALID }, { token: editor, partnerId: other });
    expect(codeOf(write)).toBe('ACCESS_DENIED');
    const rows = await server.database.db
      .select()
      .from(partnerDeliverySettings)
      .where(eq(partnerDeliverySettings.partnerId, other));
    expect(rows).toEqual([]);
  });

  it("lets only an operator set the marketplace's switches, which the partner then reads", async () => {
    const FLAGS = `mutation($id: ID!, $input: MarketplaceFlagsInput!) {
      cockpitPartnerMarketplaceFlagsUpdate(partnerId: $id, input: $input) { transportV2 exportToFeed exportToPPC exportToAffiliate } }`;
    const input = { transportV2: true, exportToFeed: false, exportToPPC: true, exportToAffiliate: false };
    const seller = await server.gql(FLAGS, { id: String(shop), input }, { token: editor, partnerId: shop });
    expect(codeOf(seller)).toBe('ACCESS_DENIED');
    const admin = (await server.login('admin@demo.test')).token;
    const set = await server.gql(FLAGS, { id: String(shop), input }, { token: admin });
    expect(set.errors).toBeUndefined();
    const read = await server.gql<{ warehouseSettings: Settings }>(READ, {}, { token: reader, partnerId: shop });
    expect(read.data?.warehouseSettings).toMatchObject({ ...VALID, ...input });
    // The partner's own save leaves the operator's switches alone.
    await server.gql(UPDATE, { input: { ...VALID, supplyDelayTo: 4 } }, { token: editor, partnerId: shop });
    const again = await server.gql<{ warehouseSettings: Settings }>(READ, {}, { token: reader, partnerId: shop });
    expect(again.data?.warehouseSettings).toMatchObject({ ...input, supplyDelayTo: 4 });
    const unknown = await server.gql(FLAGS, { id: '999999', input }, { token: admin });
    expect(codeOf(unknown)).toBe('NOT_FOUND');
  });

  it("announces each change on the stream, at commit, to the partner's people who read deliveries", async () => {
    const seller = await openStreamSocket(server, reader, { partnerId: shop });
    const ordersOnly = await memberWith(server, 'sklad-orders@demo.test', shop, [['orders', 'read']]);
    const blind = await openStreamSocket(server, ordersOnly, { partnerId: shop });
    const FLAGS = `mutation($id: ID!, $input: MarketplaceFlagsInput!) {
      cockpitPartnerMarketplaceFlagsUpdate(partnerId: $id, input: $input) { transportV2 } }`;
    try {
      const before = (await server.gql<{ warehouseSettings: Settings }>(READ, {}, { token: reader, partnerId: shop }))
        .data!.warehouseSettings;
      // The partner switches cash on delivery the other way and moves its cut-off.
      const input = { ...VALID, carrierCloseTime: '12:15', codPaymentDisabled: !before.codPaymentDisabled };
      const saved = await server.gql(UPDATE, { input }, { token: editor, partnerId: shop });
      expect(saved.errors).toBeUndefined();
      const own = await seller.next('delivery_settings_changed');
      expect([...((own.data?.fields ?? []) as string[])].sort()).toEqual(
        ['carrierCloseTime', 'codPaymentDisabled', ...(before.supplyDelayTo === 3 ? [] : ['supplyDelayTo'])].sort(),
      );
      // The same save again changes nothing and announces nothing.
      await server.gql(UPDATE, { input }, { token: editor, partnerId: shop });
      // The marketplace's switch, set by an operator, reaches the partner's pages too.
      const admin = (await server.login('admin@demo.test')).token;
      const flags = {
        transportV2: !before.transportV2,
        exportToFeed: before.exportToFeed,
        exportToPPC: before.exportToPPC,
        exportToAffiliate: before.exportToAffiliate,
      };
      expect((await server.gql(FLAGS, { id: String(shop), input: flags }, { token: admin })).errors).toBeUndefined();
      expect((await seller.next('delivery_settings_changed')).data).toEqual({ fields: ['transportV2'] });
      await seller.settled();
      expect(seller.all('delivery_settings_changed')).toHaveLength(2);
      // A colleague without the deliveries right hears nothing of them.
      await blind.settled();
      expect(blind.all('delivery_settings_changed')).toEqual([]);
      // A refused save (a bad cut-off) announces nothing either.
      const refused = await server.gql(
        UPDATE,
        { input: { ...input, carrierCloseTime: '24:00' } },
        { token: editor, partnerId: shop },
      );
      expect(codeOf(refused)).toBe('VALIDATION_ERROR');
      await seller.settled();
      expect(seller.all('delivery_settings_changed')).toHaveLength(2);
    } finally {
      seller.close();
      blind.close();
    }
  });

  it('answers the holidays of a calendar year and refuses an unknown country or year', async () => {
    const Q = 'query($c: String!, $y: Int!) { warehouseCalendar(country: $c, year: $y) { date key } }';
    const pl = await server.gql<{ warehouseCalendar: { date: string; key: string }[] }>(
      Q,
      { c: 'PL', y: 2025 },
      { token: reader, partnerId: shop },
    );
    expect(pl.data?.warehouseCalendar).toContainEqual({ date: '2025-12-24', key: 'christmasEve' });
    expect(pl.data?.warehouseCalendar).toContainEqual({ date: '2025-06-19', key: 'corpusChristi' });
    expect(codeOf(await server.gql(Q, { c: 'XX', y: 2025 }, { token: reader, partnerId: shop }))).toBe(
      'VALIDATION_ERROR',
    );
    expect(codeOf(await server.gql(Q, { c: 'CZ', y: 1800 }, { token: reader, partnerId: shop }))).toBe(
      'VALIDATION_ERROR',
    );
    // Without the deliveries right neither the calendar nor the settings are read.
    const none = await memberWith(server, 'sklad-none@demo.test', shop, [['orders', 'read']]);
    expect(codeOf(await server.gql(READ, {}, { token: none, partnerId: shop }))).toBe('ACCESS_DENIED');
    expect(codeOf(await server.gql(Q, { c: 'CZ', y: 2025 }, { token: none, partnerId: shop }))).toBe('ACCESS_DENIED');
  });
});
