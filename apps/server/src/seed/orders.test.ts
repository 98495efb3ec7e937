import {
  FINAL_STATUSES,
  isMissingStatus,
  MARKETS,
  ORDER_STATUSES,
  type OrderStatus,
  paymentGroupOf,
  SLA_TYPES,
  type ShopId,
} from '@pp/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, startTestServer, type TestServer } from '../test/harness';
import { slaFor } from '../modules/sla/service';
import { MARKET_CONTENT } from './order-markets';
import { seedDemoOrders } from './orders';

let server: TestServer;

interface Row {
  partner_id: number;
  shop_id: ShopId;
  id: string;
  status: OrderStatus;
  confirmed: boolean;
  delivery_type: string;
  payment_type: string;
  currency: string;
  delivery_country: string;
  branch_id: string | null;
  /** The seeded pickup point the order names (carrier_branches), if any. */
  branch: { carrier: string; country: string; active: boolean } | null;
  tracking_number: string | null;
  is_test: boolean;
  is_mall_delivery: boolean;
  ready_to_return: boolean;
  total: string;
  cod: string;
  delivery_price: string;
  cod_fee: string;
  created_at: Date;
  delivery_date: string;
  shipped_at: Date | null;
  delivered_at: Date | null;
  items: { quantity: number; unit_price: string; total_discount: string; vat: string; serial_numbers: string[] }[];
  history: { status: string; at: string; source: string; account_id: number | null }[];
  shipments: { status: string; at: string }[];
}

let rows: Row[];

/** Each demo partner's orders with their items and both histories, in the order they happened. */
async function orderBook(): Promise<Row[]> {
  const { rows } = await server.database.executeSql(`
    select o.*, p.shop_id, o.id::text as id, o.delivery_date::text as delivery_date,
      (select json_build_object('carrier', b.carrier, 'country', b.country, 'active', b.active)
         from carrier_branches b where b.id = o.branch_id) as branch,
      (select coalesce(json_agg(i order by i.id), '[]') from order_items i where i.partner_id = o.partner_id and i.order_id = o.id) as items,
      (select coalesce(json_agg(h order by h.id), '[]') from order_status_history h where h.partner_id = o.partner_id and h.order_id = o.id) as history,
      (select coalesce(json_agg(s order by s.id), '[]') from order_shipment_history s where s.partner_id = o.partner_id and s.order_id = o.id) as shipments
    from orders o join partners p on p.id = o.partner_id
    where p.sap_id in ('100001', '100002', '100003', '100004')`);
  return rows as Row[];
}

beforeAll(async () => {
  server = await startTestServer();
  rows = await orderBook();
});
afterAll(async () => server?.close());

const byShop = (shop: ShopId) => rows.filter((r) => r.shop_id === shop);
const SHOPS: ShopId[] = ['CZ10MA', 'SK10MA', 'PL20MA', 'HR10MA'];

/** The statuses an order passes through on its way to each status (the marketplace's and the partner's moves). */
const PATHS: Record<OrderStatus, string[][]> = {
  open: [['open']],
  blocked: [['open', 'blocked']],
  shipping: [['open', 'shipping']],
  shipped: [
    ['open', 'shipped'],
    ['open', 'shipping', 'shipped'],
  ],
  delivered: [
    ['open', 'shipped', 'delivered'],
    ['open', 'shipping', 'shipped', 'delivered'],
  ],
  cancelled: [
    ['open', 'cancelled'],
    ['open', 'shipping', 'cancelled'],
  ],
  returned: [
    ['open', 'shipped', 'returned'],
    ['open', 'shipping', 'shipped', 'returned'],
  ],
  lost: [
    ['open', 'shipped', 'lost'],
    ['open', 'shipping', 'shipped', 'lost'],
  ],
};

describe('the demo order book', () => {
  it('gives each demo partner a few hundred orders over the last six months, in every status', () => {
    for (const shop of SHOPS) {
      const book = byShop(shop);
      expect(book.length, shop).toBeGreaterThan(250);
      expect(book.length, shop).toBeLessThan(800);
      expect(new Set(book.map((r) => r.status)), shop).toEqual(new Set(ORDER_STATUSES));
      const oldest = Math.min(...book.map((r) => r.created_at.getTime()));
      expect(Date.now() - oldest).toBeGreaterThan(150 * 24 * 60 * 60_000);
      expect(Date.now() - oldest).toBeLessThan(220 * 24 * 60 * 60_000);
      // Open orders both confirmed and waiting for the customer's payment.
      expect(book.some((r) => r.status === 'open' && r.confirmed && !r.is_test)).toBe(true);
      expect(book.some((r) => r.status === 'open' && !r.confirmed)).toBe(true);
      // Order ids are unique per partner.
      expect(new Set(book.map((r) => r.id)).size).toBe(book.length);
    }
  });

  it('has cash on delivery, MALL Delivery, pickup points, personal pickups, test, ready-to-return and missing cases', () => {
    const now = new Date();
    for (const shop of SHOPS) {
      const book = byShop(shop);
      const cod = book.filter((r) => paymentGroupOf(r.payment_type) === 'CASH_ON_DELIVERY');
      expect(cod.length, shop).toBeGreaterThan(30);
      for (const r of cod) expect(Number(r.cod)).toBe(Number(r.total));
      for (const r of book.filter((o) => paymentGroupOf(o.payment_type) !== 'CASH_ON_DELIVERY')) {
        expect(Number(r.cod)).toBe(0);
      }
      expect(book.some((r) => r.is_mall_delivery && r.status === 'shipped')).toBe(true);
      const pickup = book.filter((r) => r.delivery_type === 'PICKUP_POINT');
      expect(pickup.length).toBeGreaterThan(50);
      // Every pickup-point order names a real, active branch of its country's network (so its label prints it).
      for (const r of pickup)
        expect([r.branch_id, r.branch]).toEqual([
          r.branch_id,
          expect.objectContaining({ country: r.delivery_country, active: true }),
        ]);
      expect(book.some((r) => r.delivery_type === 'ADDRESS')).toBe(true);
      expect(book.some((r) => r.delivery_type === 'PERSONAL_PICKUP')).toBe(true);
      expect(book.filter((r) => r.is_test)).toHaveLength(3);
      expect(book.some((r) => r.ready_to_return)).toBe(true);
      const missing = book.filter((r) =>
        isMissingStatus({ status: r.status, deliveryDate: new Date(`${r.delivery_date}T00:00:00Z`) }, now),
      );
      expect(missing.map((r) => r.status).sort(), shop).toEqual(['open', 'shipped']);
    }
  });

  it('prices items in the market currency with its VAT, and totals add up', () => {
    for (const shop of SHOPS) {
      for (const r of byShop(shop)) {
        expect(r.currency).toBe(MARKETS[shop].currency);
        expect(r.delivery_country).toBe(MARKET_CONTENT[shop].country);
        expect(r.items.length).toBeGreaterThanOrEqual(1);
        expect(r.items.length).toBeLessThanOrEqual(4);
        let goods = 0;
        for (const item of r.items) {
          expect(Number(item.vat)).toBe(MARKET_CONTENT[shop].vat);
          goods += Number(item.unit_price) * item.quantity - Number(item.total_discount);
          if (MARKETS[shop].wholePrices) expect(Number.isInteger(Number(item.unit_price))).toBe(true);
          if (item.serial_numbers.length) expect(item.serial_numbers).toHaveLength(item.quantity);
        }
        const expected = goods + Number(r.delivery_price) + Number(r.cod_fee);
        expect(Math.abs(Number(r.total) - expected)).toBeLessThan(0.011);
      }
      expect(byShop(shop).some((r) => r.items.some((i) => i.serial_numbers.length > 0))).toBe(true);
    }
  });

  it('keeps both histories consistent with the status, in time order', () => {
    const now = Date.now();
    for (const r of rows) {
      const path = r.history.map((h) => h.status);
      expect(PATHS[r.status], `${r.id} ${path.join('>')}`).toContainEqual(path);
      const times = r.history.map((h) => Date.parse(h.at));
      expect(times[0]).toBe(r.created_at.getTime());
      for (let i = 1; i < times.length; i++) expect(times[i]!).toBeGreaterThanOrEqual(times[i - 1]!);
      expect(times.at(-1)!).toBeLessThanOrEqual(now);
      expect(r.history[0]!.source).toBe('marketplace');
      for (const h of r.history) {
        expect(['partner', 'import', 'api', 'marketplace']).toContain(h.source);
        if (h.source === 'partner' || h.source === 'import') expect(h.account_id).not.toBeNull();
      }
      const shipped = r.history.find((h) => h.status === 'shipped');
      expect(r.shipped_at?.getTime() ?? null).toBe(shipped ? Date.parse(shipped.at) : null);
      const delivered = r.history.find((h) => h.status === 'delivered');
      expect(r.delivered_at?.getTime() ?? null).toBe(delivered ? Date.parse(delivered.at) : null);

      // The carrier's shipment statuses exist once a parcel is handed over (not for personal pickups).
      const carried = shipped !== undefined && r.delivery_type !== 'PERSONAL_PICKUP';
      expect(r.shipments.length > 0, `${r.id}`).toBe(carried);
      if (carried) {
        expect(r.shipments[0]!.status).toBe('CREATED');
        const shipmentTimes = r.shipments.map((s) => Date.parse(s.at));
        for (let i = 1; i < shipmentTimes.length; i++) {
          expect(shipmentTimes[i]!).toBeGreaterThanOrEqual(shipmentTimes[i - 1]!);
        }
        expect(shipmentTimes.at(-1)!).toBeLessThanOrEqual(now);
      }
      if (r.status === 'delivered' && carried) expect(r.shipments.at(-1)!.status).toBe('DELIVERED');
      if (r.status === 'returned') expect(r.shipments.at(-1)!.status).toBe('RETURNED');
      if (FINAL_STATUSES.includes(r.status) && r.status !== 'cancelled') expect(shipped).toBeDefined();
    }
  });

  it('keeps every row of an order with its own partner', async () => {
    const { rows: orphans } = await server.database.executeSql(`
      select 'item' as kind from order_items i where not exists (select 1 from orders o where o.partner_id = i.partner_id and o.id = i.order_id)
      union all
      select 'status' from order_status_history h where not exists (select 1 from orders o where o.partner_id = h.partner_id and o.id = h.order_id)
      union all
      select 'shipment' from order_shipment_history s where not exists (select 1 from orders o where o.partner_id = s.partner_id and o.id = s.order_id)`);
    expect(orphans).toEqual([]);

    // Through the API: the Czech partner reads its own order, and a Slovak order is not there for it.
    const cz = byShop('CZ10MA')[0]!;
    const sk = byShop('SK10MA')[0]!;
    const { token } = await server.login('partner@demo.test');
    const query = 'query($id: ID!) { order(orderId: $id) { id items { title } statusHistory { status } } }';
    const own = await server.gql<{ order: { id: string } }>(query, { id: cz.id }, { token, partnerId: cz.partner_id });
    expect(own.data?.order.id).toBe(cz.id);
    const other = await server.gql(query, { id: sk.id }, { token, partnerId: cz.partner_id });
    expect(codeOf(other)).toBe('ORDER_NOT_FOUND');
  });

  it('shows exactly one SLA indicator in warning for the last completed month: the cancel rate', async () => {
    const { token } = await server.login('partner@demo.test');
    const cz = byShop('CZ10MA')[0]!.partner_id;
    const answer = await server.gql<{
      slaStatistics: { indicators: { slaType: string; status: string; judged: { broken: number; total: number } }[] };
    }>(
      '{ slaStatistics { judgedMonth indicators { slaType status judged { broken total } } } }',
      {},
      { token, partnerId: cz },
    );
    expect(answer.errors).toBeUndefined();
    const statuses = Object.fromEntries(answer.data!.slaStatistics.indicators.map((i) => [i.slaType, i.status]));
    expect(statuses).toEqual({ CANCEL_RATE: 'warning', TRACKING: 'ok', STATUS_ERROR: 'ok', DELIVERY: 'ok' });
    const cancel = answer.data!.slaStatistics.indicators.find((i) => i.slaType === 'CANCEL_RATE')!;
    // One cancellation by the partner among the month's orders: just over the 1.5 % target.
    expect(cancel.judged.broken).toBe(1);
    expect(cancel.judged.broken / cancel.judged.total).toBeGreaterThan(0.015);
    expect(cancel.judged.broken / cancel.judged.total).toBeLessThan(0.02);
  });

  it('keeps that SLA picture whatever day the demo starts on', async () => {
    // Month ends and starts in Central European time, summer and winter, and a day in the middle of a month.
    const days = [
      '2026-12-01T00:30:00Z',
      '2026-11-30T23:30:00Z',
      '2026-03-01T10:00:00Z',
      '2027-01-03T08:00:00Z',
      '2026-07-15T12:00:00Z',
      '2026-10-31T22:59:00Z',
    ];
    const { rows: partners } = await server.database.executeSql(
      `select id, shop_id from partners where sap_id::int >= 200000 order by id limit ${days.length}`,
    );
    expect(partners).toHaveLength(days.length);
    for (const [i, day] of days.entries()) {
      const partner = partners[i] as { id: number; shop_id: ShopId };
      const now = new Date(day);
      await seedDemoOrders(server.database.db, [{ id: partner.id, shopId: partner.shop_id, accountId: null }], now);
      const view = await slaFor(
        { db: server.database.db, platform: server.app.platform },
        partner.id,
        6,
        SLA_TYPES,
        now,
      );
      const statuses = Object.fromEntries(view.indicators.map((s) => [s.slaType, s.status]));
      expect(statuses, day).toEqual({ 'cancel-rate': 'warning', tracking: 'ok', 'status-error': 'ok', delivery: 'ok' });
    }
  });
});
