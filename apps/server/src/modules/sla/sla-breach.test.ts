import { SLA_TYPES, type SlaType, slaBreachOf, slaBreachValue } from '@pp/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, partnerIdByShop, startTestServer, type TestServer } from '../../test/harness';
import { slaFor } from './service';
import { insertOrder } from './test-helpers';

/**
 * Each SLA figure opens the orders behind it (issue 18, point 12): the orders grid filtered by `slaBreach` holds
 * exactly the broken orders the figure counts, of the selected partner only.
 */

let server: TestServer;
let cz: number;
let sk: number;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  cz = await partnerIdByShop(server.database, '100001');
  sk = await partnerIdByShop(server.database, '100002');
  token = (await server.login('partner@demo.test')).token;
});
afterAll(async () => server?.close());

const ORDERS = `query($grid: GridInput) { orders(view: ALL, grid: $grid) { items { id } total totalExact } }`;
type Page = { orders: { items: { id: string }[]; total: number; totalExact: boolean } };

async function breachOrders(value: string, partnerId = cz) {
  const answer = await server.gql<Page>(
    ORDERS,
    { grid: { perPage: 500, filters: [{ field: 'slaBreach', operator: 'EQUAL', value }] } },
    { token, partnerId },
  );
  expect(answer.errors).toBeUndefined();
  return answer.data!.orders;
}

describe('the orders behind an SLA figure', () => {
  it('are exactly the broken orders each indicator counts in each period, for every period shown', async () => {
    // Another partner's broken orders of today must not appear in the Czech partner's list.
    await insertOrder(server, sk, { status: 'cancelled', createdAt: new Date(Date.now() - 60_000) });
    const ctx = { db: server.database.db, platform: server.app.platform };
    let compared = 0;
    for (const months of [3, 12]) {
      const view = await slaFor(ctx, cz, months, SLA_TYPES);
      const oldestMonth = view.indicators[0]!.previousMonths.at(-1)!.month;
      for (const indicator of view.indicators) {
        const type = indicator.slaType as SlaType;
        const periods = [
          { figure: indicator.lastSevenDays, period: { lastSevenDaysFrom: view.lastSevenDaysFrom } },
          { figure: indicator.currentMonth, period: { month: indicator.currentMonth.month } },
          ...indicator.previousMonths.map((m) => ({ figure: m, period: { month: m.month } })),
        ];
        for (const { figure, period } of periods) {
          const value = slaBreachValue(slaBreachOf(type, period, { today: view.today, oldestMonth }));
          const page = await breachOrders(value);
          expect(page.total, `${type} ${JSON.stringify(period)} over ${months} months`).toBe(figure.broken);
          expect(page.items).toHaveLength(Math.min(figure.broken, 500));
          compared += figure.broken;
        }
      }
    }
    // The demo's order book has broken orders to compare, not just empty lists.
    expect(compared).toBeGreaterThan(20);
  });

  it("shows another partner's breaches to nobody but that partner", async () => {
    const ctx = { db: server.database.db, platform: server.app.platform };
    const view = await slaFor(ctx, sk, 6, ['cancel-rate']);
    const oldestMonth = view.indicators[0]!.previousMonths.at(-1)!.month;
    const value = slaBreachValue(
      slaBreachOf('cancel-rate', { month: view.currentMonth }, { today: view.today, oldestMonth }),
    );
    const czPage = await breachOrders(value, cz);
    const czView = await slaFor(ctx, cz, 6, ['cancel-rate']);
    expect(czPage.total).toBe(czView.indicators[0]!.currentMonth.broken);
    // multi@ belongs to the Slovak partner too: acting for it, the same link shows the Slovak figure's orders.
    const multi = (await server.login('multi@demo.test')).token;
    const own = await server.gql<Page>(
      ORDERS,
      { grid: { filters: [{ field: 'slaBreach', operator: 'EQUAL', value }] } },
      { token: multi, partnerId: sk },
    );
    expect(own.errors).toBeUndefined();
    expect(own.data!.orders.total).toBe(view.indicators[0]!.currentMonth.broken);
    expect(own.data!.orders.total).toBeGreaterThan(0);
  });

  it('refuses a value that is not a period of an indicator with a translated validation error', async () => {
    for (const value of [
      'tracking',
      'speed:2026-10-01:2026-10-31:2026-04-01',
      'tracking:2026-10-31:2026-10-01:2026-04-01',
      'tracking:2026-02-30:2026-03-01:2026-01-01',
    ]) {
      const answer = await server.gql(
        ORDERS,
        { grid: { filters: [{ field: 'slaBreach', operator: 'EQUAL', value }] } },
        { token, partnerId: cz, lang: 'cs' },
      );
      expect(codeOf(answer), value).toBe('VALIDATION_ERROR');
      expect(answer.errors![0]!.extensions.fields).toEqual([
        expect.objectContaining({ field: 'filter.slaBreach.value' }),
      ]);
    }
    const like = await server.gql(
      ORDERS,
      { grid: { filters: [{ field: 'slaBreach', operator: 'LIKE', value: 'tracking' }] } },
      { token, partnerId: cz },
    );
    expect(codeOf(like)).toBe('VALIDATION_ERROR');
  });
});
