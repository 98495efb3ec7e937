import type { SlaIndicatorStatistics, SlaType } from '@pp/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, partnerIdByShop, startTestServer, type TestServer } from '../../test/harness';
import { orderStatusHistory } from '../orders/tables';
import { slaFor } from './service';
import { insertOrder, insertOrders, memberWith } from './test-helpers';

let server: TestServer;
let cz: number;
let sk: number;

beforeAll(async () => {
  server = await startTestServer();
  cz = await partnerIdByShop(server.database, '100001');
  sk = await partnerIdByShop(server.database, '100002');
});
afterAll(async () => server?.close());

/**
 * A hand-computed order book, read at a fixed moment: 20 November 2026, 13:00 in Prague. Periods: last seven days
 * 14–20 November, the current month November, the previous months October (judged), September and August.
 * Partners without other orders, so the demo's order book does not mix in.
 */
const NOW = new Date('2026-11-20T12:00:00Z');
const P = 990_001;
const OTHER = 990_002;
const at = (iso: string) => new Date(iso);
const day = (iso: string) => new Date(`${iso}T00:00:00Z`);

async function orderBook() {
  const shippedOnTime = {
    status: 'delivered',
    createdAt: at('2026-10-05T08:00:00Z'),
    shippedAt: at('2026-10-06T08:00:00Z'),
    trackingNumber: 'DR-1',
    deliveryDate: day('2026-10-08'),
    deliveredAt: at('2026-10-08T09:00:00Z'),
  };
  // October.
  await insertOrders(server, P, 40, shippedOnTime); // A: on time, tracked
  await insertOrders(server, P, 14, { ...shippedOnTime, deliveredAt: at('2026-10-09T09:00:00Z') }); // B: a day late
  await insertOrders(server, P, 4, { ...shippedOnTime, trackingNumber: null }); // K: no tracking number
  const octoberOrder = { createdAt: at('2026-10-05T08:00:00Z'), deliveryDate: day('2026-10-08') };
  await insertOrders(server, P, 2, { ...octoberOrder, status: 'cancelled' }); // C: cancelled by the partner
  const byCustomer = await insertOrder(server, P, { ...octoberOrder, status: 'cancelled' }); // D
  await server.database.db
    .insert(orderStatusHistory)
    .values({ partnerId: P, orderId: byCustomer, status: 'cancelled', source: 'marketplace' });
  await insertOrders(server, P, 3, {
    ...shippedOnTime,
    status: 'shipped',
    deliveryDate: day('2026-10-10'),
    deliveredAt: null,
  }); // E: status due 17 October, still shipped
  await insertOrder(server, P, { ...octoberOrder, status: 'blocked', deliveryDate: day('2026-10-10') }); // F
  await insertOrder(server, P, { ...octoberOrder, status: 'cancelled', isTest: true }); // G: a test order
  await insertOrder(server, P, {
    ...octoberOrder,
    status: 'shipped',
    shippedAt: at('2026-10-06T08:00:00Z'),
    isMallDelivery: true,
    deliveryDate: null,
  }); // H: MALL Delivery, tracked by the marketplace
  await insertOrder(server, P, {
    ...shippedOnTime,
    deliveryType: 'PERSONAL_PICKUP',
    trackingNumber: null,
    deliveryDate: null,
  }); // I: picked up in person
  await insertOrder(server, P, { createdAt: at('2026-10-31T22:30:00Z') }); // J: 23:30 on 31 October in Prague
  await insertOrder(server, P, { createdAt: at('2026-10-31T23:30:00Z') }); // J2: 00:30 on 1 November
  // September.
  await insertOrders(server, P, 10, {
    status: 'delivered',
    createdAt: at('2026-09-10T08:00:00Z'),
    shippedAt: at('2026-09-11T08:00:00Z'),
    trackingNumber: 'DR-2',
    deliveryDate: day('2026-09-12'),
    deliveredAt: at('2026-09-12T10:00:00Z'),
  }); // L
  await insertOrder(server, P, { status: 'cancelled', createdAt: at('2026-09-10T08:00:00Z') }); // M
  // August: an order created in June (before the periods) delivered a day late in August.
  await insertOrder(server, P, {
    status: 'delivered',
    createdAt: at('2026-06-01T08:00:00Z'),
    shippedAt: at('2026-08-01T08:00:00Z'),
    trackingNumber: 'DR-3',
    deliveryDate: day('2026-08-02'),
    deliveredAt: at('2026-08-03T08:00:00Z'),
  });
  // November.
  await insertOrders(server, P, 5, { createdAt: at('2026-11-16T10:00:00Z'), deliveryDate: day('2026-11-25') }); // N
  await insertOrders(server, P, 2, { status: 'cancelled', createdAt: at('2026-11-03T10:00:00Z') }); // O
  await insertOrder(server, P, {
    status: 'shipping',
    createdAt: at('2026-11-01T10:00:00Z'),
    deliveryDate: day('2026-11-06'),
  }); // P: status due 13 November
  await insertOrder(server, P, { createdAt: at('2026-11-02T10:00:00Z'), deliveryDate: day('2026-11-07') }); // Q: due 14th
  await insertOrder(server, P, { createdAt: at('2026-11-02T10:00:00Z'), deliveryDate: day('2026-11-13') }); // R: due today
  await insertOrder(server, P, { createdAt: at('2026-11-02T10:00:00Z'), deliveryDate: day('2026-11-14') }); // S: tomorrow
  await insertOrder(server, P, {
    status: 'delivered',
    createdAt: at('2026-11-15T10:00:00Z'),
    shippedAt: at('2026-11-16T10:00:00Z'),
    deliveryDate: day('2026-11-17'),
    deliveredAt: at('2026-11-18T10:00:00Z'),
  }); // T: untracked and late
  // Another partner's broken orders in every period.
  await insertOrders(server, OTHER, 30, { ...octoberOrder, status: 'cancelled' });
  await insertOrders(server, OTHER, 30, {
    ...shippedOnTime,
    trackingNumber: null,
    deliveredAt: at('2026-10-20T10:00:00Z'),
  });
  await insertOrders(server, OTHER, 30, {
    status: 'open',
    createdAt: at('2026-11-02T10:00:00Z'),
    deliveryDate: day('2026-11-07'),
  });
}

function figuresOf(stats: SlaIndicatorStatistics[], type: SlaType) {
  const s = stats.find((i) => i.slaType === type)!;
  const brief = (f: { broken: number; total: number; status: string }) => [f.broken, f.total, f.status];
  return {
    status: s.status,
    last7: brief(s.lastSevenDays),
    current: brief(s.currentMonth),
    months: s.previousMonths.map((m) => [m.month, ...brief(m)]),
  };
}

describe('SLA statistics from the orders', () => {
  let stats: SlaIndicatorStatistics[];
  beforeAll(async () => {
    await orderBook();
    const ctx = { db: server.database.db, platform: server.app.platform };
    const view = await slaFor(ctx, P, 3, ['cancel-rate', 'tracking', 'status-error', 'delivery'], NOW);
    expect(view).toMatchObject({ judgedMonth: '2026-10', currentMonth: '2026-11', lastSevenDaysFrom: '2026-11-14' });
    stats = view.indicators;
  });

  it('cancel rate: cancelled by the partner among the orders created, test orders and customer cancellations aside', () => {
    expect(figuresOf(stats, 'cancel-rate')).toEqual({
      status: 'warning', // 2 of 68 is beyond 1.5%, but within the limit of 12 broken orders
      last7: [0, 6, 'ok'], // N and T
      current: [2, 13, 'warning'], // N5 O2 P Q R S J2 T; broken O
      months: [
        ['2026-10', 2, 68, 'warning'], // A40 B14 K4 C2 D E3 F H I J; broken C
        ['2026-09', 1, 11, 'warning'],
        ['2026-08', 0, 0, 'ok'], // the June order was created before the periods
      ],
    });
  });

  it('tracking: shipped orders without a tracking number, MALL Delivery and personal pickup aside', () => {
    expect(figuresOf(stats, 'tracking')).toEqual({
      status: 'ok', // 4 of 61 is within 10%
      last7: [1, 1, 'warning'],
      current: [1, 1, 'warning'],
      months: [
        ['2026-10', 4, 61, 'ok'],
        ['2026-09', 0, 10, 'ok'],
        ['2026-08', 0, 1, 'ok'],
      ],
    });
  });

  it('status error: orders whose status fell due in the period and is still not final, blocked ones aside', () => {
    expect(figuresOf(stats, 'status-error')).toEqual({
      status: 'warning', // 3 of 64: beyond 0.5%, within the limit of 3
      last7: [2, 2, 'warning'], // Q (due 14th) and R (due today); S falls due tomorrow
      current: [3, 3, 'warning'], // P, Q, R
      months: [
        ['2026-10', 3, 64, 'warning'], // A B K C D E due in October; E still shipped
        ['2026-09', 0, 10, 'ok'],
        ['2026-08', 0, 1, 'ok'],
      ],
    });
  });

  it('delivery: delivered after the original date, by the day of delivery', () => {
    expect(figuresOf(stats, 'delivery')).toEqual({
      status: 'critical', // 14 of 58 late: beyond 4.5% and beyond the limit of 12
      last7: [1, 1, 'warning'],
      current: [1, 1, 'warning'],
      months: [
        ['2026-10', 14, 58, 'critical'],
        ['2026-09', 0, 10, 'ok'],
        ['2026-08', 1, 1, 'warning'], // found through the look-back: created in June
      ],
    });
  });

  it('gives the ratio of each period', () => {
    const delivery = stats.find((s) => s.slaType === 'delivery')!;
    expect(delivery.judged).toMatchObject({ month: '2026-10', broken: 14, total: 58 });
    expect(delivery.judged.ratio).toBeCloseTo(14 / 58, 10);
    expect(delivery.previousMonths[1]!.ratio).toBe(0);
  });
});

const SLA = `query($m: Int, $t: [SlaType!]) { slaStatistics(numberOfMonths: $m, slaTypes: $t) {
  judgedMonth currentMonth
  indicators { slaType target status lastSevenDays { broken total } currentMonth { month broken total ratio status }
    previousMonths { month broken total } } } }`;
type Sla = {
  slaStatistics: {
    judgedMonth: string;
    currentMonth: string;
    indicators: {
      slaType: string;
      target: number;
      status: string;
      lastSevenDays: { broken: number; total: number };
      currentMonth: { month: string; broken: number; total: number };
      previousMonths: { month: string }[];
    }[];
  };
};

describe('slaStatistics over GraphQL', () => {
  it("shows the selected partner's indicators against the spec's targets, another partner's orders unseen", async () => {
    const { token } = await server.login('partner@demo.test');
    const ask = async () => {
      const result = await server.gql<Sla>(SLA, { m: 2 }, { token, partnerId: cz });
      expect(result.errors).toBeUndefined();
      return result.data!.slaStatistics;
    };
    const before = await ask();
    expect(before.indicators.map((i) => [i.slaType, i.target])).toEqual([
      ['CANCEL_RATE', 0.015],
      ['TRACKING', 0.1],
      ['STATUS_ERROR', 0.005],
      ['DELIVERY', 0.03],
    ]);
    expect(before.indicators[0]!.previousMonths.map((m) => m.month)[0]).toBe(before.judgedMonth);
    expect(before.indicators[0]!.previousMonths).toHaveLength(2);

    const justNow = new Date(Date.now() - 60_000);
    await insertOrder(server, sk, { status: 'cancelled', createdAt: justNow });
    expect(await ask()).toEqual(before);

    await insertOrder(server, cz, { status: 'cancelled', createdAt: justNow });
    const after = (await ask()).indicators[0]!;
    expect(after.currentMonth.total).toBe(before.indicators[0]!.currentMonth.total + 1);
    expect(after.currentMonth.broken).toBe(before.indicators[0]!.currentMonth.broken + 1);
    expect(after.lastSevenDays.broken).toBe(before.indicators[0]!.lastSevenDays.broken + 1);
  });

  it('answers only the indicators asked for', async () => {
    const { token } = await server.login('partner@demo.test');
    const result = await server.gql<Sla>(SLA, { t: ['DELIVERY', 'TRACKING'] }, { token, partnerId: cz });
    expect(result.data!.slaStatistics.indicators.map((i) => i.slaType)).toEqual(['TRACKING', 'DELIVERY']);
    expect(result.data!.slaStatistics.indicators[0]!.previousMonths).toHaveLength(6);
  });

  it('needs the sla permission, not the orders one', async () => {
    // limited@ holds every permission but orders.
    const limited = (await server.login('limited@demo.test')).token;
    expect((await server.gql<Sla>(SLA, {}, { token: limited, partnerId: cz })).errors).toBeUndefined();
    const ordersOnly = await memberWith(server, 'orders-only@demo.test', cz, [['orders', 'read']]);
    const refused = await server.gql(SLA, {}, { token: ordersOnly, partnerId: cz });
    expect(codeOf(refused)).toBe('ACCESS_DENIED');
    expect(refused.data).toBeNull();
  });

  it('refuses a partner the account does not belong to', async () => {
    const { token } = await server.login('partner@demo.test');
    expect(codeOf(await server.gql(SLA, {}, { token, partnerId: sk }))).toBe('ACCESS_DENIED');
  });

  it('answers a month count out of range with a translated validation error', async () => {
    const { token } = await server.login('partner@demo.test');
    const result = await server.gql(SLA, { m: 13 }, { token, partnerId: cz, lang: 'cs' });
    expect(codeOf(result)).toBe('VALIDATION_ERROR');
    expect(result.errors![0]!.extensions.fields).toEqual([expect.objectContaining({ field: 'numberOfMonths' })]);
    expect(result.errors![0]!.message).not.toMatch(/internal/i);
  });
});
