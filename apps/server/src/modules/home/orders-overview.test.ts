import { addDays, slaLocalDate } from '@pp/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, partnerIdByShop, startTestServer, type TestServer } from '../../test/harness';
import { partners } from '../partner/tables';
import { insertOrder, insertOrders, memberWith } from '../sla/test-helpers';

let server: TestServer;
let fresh: number;
let token: string;

const OVERVIEW = `{ dashboardOrders { today toShipToday overdue toShip missingStatuses missingStatusesExact
  daysToDelivery { bucket count } sales { currency from count total days { day count total } } } }`;
type Overview = {
  today: string;
  toShipToday: number;
  overdue: number;
  toShip: number;
  missingStatuses: number;
  missingStatusesExact: boolean;
  daysToDelivery: { bucket: string; count: number }[];
  sales: {
    currency: string;
    from: string;
    count: number;
    total: number;
    days: { day: string; count: number; total: number }[];
  };
};

beforeAll(async () => {
  server = await startTestServer();
  // A shop of its own, so the demo's order book does not mix into the hand-counted figures.
  const [row] = await server.database.db
    .insert(partners)
    .values({ partnerName: 'Čerstvý obchod', shopId: 'CZ10MA', country: 'CZ', workflowStatus: 'PRODUCTION' })
    .returning({ id: partners.id });
  fresh = row!.id;
  token = await memberWith(server, 'fresh@demo.test', fresh, [
    ['orders', 'read'],
    ['partner', 'read'],
  ]);
});
afterAll(async () => server?.close());

async function overview(t = token, partnerId = fresh) {
  const result = await server.gql<{ dashboardOrders: Overview }>(OVERVIEW, {}, { token: t, partnerId });
  if (!result.data) throw new Error(JSON.stringify(result.errors));
  return result.data.dashboardOrders;
}

describe("home: the seller's work", () => {
  it('counts orders to ship today and overdue, their days to delivery, the missing statuses and the sales', async () => {
    const today = slaLocalDate(new Date());
    const date = (days: number) => new Date(`${addDays(today, days)}T00:00:00Z`);
    const old = { createdAt: new Date(Date.now() - 40 * 24 * 60 * 60_000) };
    // Each order carries its ship-by date (dispatch_date), given by the working-day calendar when it arrived.
    const due = (deliveryDays: number | null, shipDays: number | null) => ({
      ...old,
      deliveryDate: deliveryDays === null ? null : date(deliveryDays),
      dispatchDate: shipDays === null ? null : date(shipDays),
    });
    // Dispatch due today: mostly delivered tomorrow; one over a weekend or a holiday, delivered in three days.
    await insertOrders(server, fresh, 3, due(1, 0));
    await insertOrder(server, fresh, due(3, 0));
    await insertOrder(server, fresh, due(0, 0)); // a same-day courier: due today, not late
    await insertOrder(server, fresh, { ...due(1, 0), status: 'shipping' });
    await insertOrder(server, fresh, { ...due(1, 0), confirmed: false }); // waits for payment
    await insertOrder(server, fresh, { ...due(1, 0), isTest: true }); // a test order
    // Overdue: the ship-by date has passed.
    await insertOrders(server, fresh, 2, due(0, -1));
    await insertOrder(server, fresh, due(-1, -2));
    await insertOrder(server, fresh, due(-10, -11)); // overdue and missing a status
    // Later, and without a date. Delivered tomorrow yet shipped tomorrow (a same-day courier): not today's work.
    await insertOrder(server, fresh, due(1, 1));
    await insertOrder(server, fresh, due(5, 4));
    await insertOrder(server, fresh, due(10, 9));
    await insertOrder(server, fresh, due(null, null));
    // Not work: shipped (but missing a status), delivered, blocked.
    await insertOrder(server, fresh, { ...due(-10, -11), status: 'shipped' });
    await insertOrder(server, fresh, { ...due(-10, -11), status: 'delivered' });
    await insertOrder(server, fresh, { ...due(-10, -11), status: 'blocked' });
    // Sales: delivered orders created in the last 30 days; cancelled and test orders do not sell.
    const sold = { status: 'delivered', currency: 'CZK' };
    const justNow = new Date(Date.now() - 60_000);
    await insertOrder(server, fresh, { ...sold, createdAt: justNow, total: 100.5 });
    await insertOrder(server, fresh, { ...sold, createdAt: justNow, total: 200 });
    await insertOrder(server, fresh, { ...sold, createdAt: new Date(Date.now() - 3 * 24 * 60 * 60_000), total: 50 });
    await insertOrder(server, fresh, { ...sold, status: 'cancelled', createdAt: justNow, total: 999 });
    await insertOrder(server, fresh, { ...sold, isTest: true, createdAt: justNow, total: 999 });
    await insertOrder(server, fresh, {
      ...sold,
      createdAt: new Date(`${addDays(today, -30)}T11:00:00Z`),
      total: 999,
    }); // 31 days ago
    // Another partner's orders in every figure.
    const sk = await partnerIdByShop(server.database, '100002');
    await insertOrders(server, sk, 5, { deliveryDate: date(1), createdAt: justNow, total: 10 });

    const seen = await overview();
    expect(seen).toMatchObject({ today, toShipToday: 6, overdue: 4, toShip: 14, missingStatuses: 2 });
    expect(seen.missingStatusesExact).toBe(true);
    expect(seen.daysToDelivery).toEqual([
      { bucket: 'late', count: 2 },
      { bucket: 'today', count: 3 },
      { bucket: 'tomorrow', count: 5 },
      { bucket: 'in2', count: 0 },
      { bucket: 'in3', count: 1 },
      { bucket: 'in4to7', count: 1 },
      { bucket: 'later', count: 1 },
      { bucket: 'undated', count: 1 },
    ]);
    expect(seen.sales).toMatchObject({ currency: 'CZK', from: addDays(today, -29), count: 3, total: 350.5 });
    expect(seen.sales.days).toHaveLength(30);
    expect(seen.sales.days.at(-1)).toEqual({ day: today, count: 2, total: 300.5 });
    expect(seen.sales.days.filter((d) => d.count > 0)).toHaveLength(2);
  });

  it('needs the orders permission', async () => {
    const limited = (await server.login('limited@demo.test')).token;
    const cz = await partnerIdByShop(server.database, '100001');
    const refused = await server.gql(OVERVIEW, {}, { token: limited, partnerId: cz });
    expect(codeOf(refused)).toBe('ACCESS_DENIED');
    expect(refused.data).toBeNull();
  });

  it('refuses a partner the account does not belong to', async () => {
    const cz = await partnerIdByShop(server.database, '100001');
    expect(codeOf(await server.gql(OVERVIEW, {}, { token, partnerId: cz }))).toBe('ACCESS_DENIED');
  });
});
