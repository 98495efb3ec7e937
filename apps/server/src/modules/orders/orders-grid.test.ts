import { and, asc, eq, isNotNull, not } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, partnerIdByShop, startTestServer, type TestServer } from '../../test/harness';
import { orderItems, orders } from './tables';

/**
 * Issue 18, points 11 and 20 on the server: the spec's MALL Delivery and ready-to-return chips, the order
 * type as a column and filter, and the detail's blocked date, item references and transport block — each
 * read against the demo order book of the partner asking, never another's.
 */

let server: TestServer;
let cz: number;
let sk: number;
let pl: number;
let partnerToken: string;
let multiToken: string;

beforeAll(async () => {
  server = await startTestServer();
  cz = await partnerIdByShop(server.database, '100001');
  sk = await partnerIdByShop(server.database, '100002');
  pl = await partnerIdByShop(server.database, '100003');
  partnerToken = (await server.login('partner@demo.test')).token;
  multiToken = (await server.login('multi@demo.test')).token;
});
afterAll(async () => server?.close());

const ORDERS = `query($view: OrdersView!, $grid: GridInput) {
  orders(view: $view, grid: $grid) { items { id orderType chips isMallDelivery readyToReturn } total totalExact } }`;

interface Row {
  id: string;
  orderType: string;
  chips: string[];
  isMallDelivery: boolean;
  readyToReturn: boolean;
}

async function grid(filters: unknown[], token = partnerToken, partnerId = cz): Promise<Row[]> {
  const answer = await server.gql<{ orders: { items: Row[]; total: number; totalExact: boolean } }>(
    ORDERS,
    { view: 'ALL', grid: { filters, perPage: 500 } },
    { token, partnerId },
  );
  expect(answer.errors).toBeUndefined();
  expect(answer.data!.orders.totalExact).toBe(true);
  expect(answer.data!.orders.items).toHaveLength(answer.data!.orders.total);
  return answer.data!.orders.items;
}

/** The partner's non-test orders matching a condition, newest first, straight from the table. */
async function expectedIds(partnerId: number, condition: ReturnType<typeof eq>): Promise<string[]> {
  const rows = await server.database.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.partnerId, partnerId), not(orders.isTest), condition));
  return rows.map((r) => String(r.id)).sort((a, b) => Number(b) - Number(a));
}

const isTrue = (field: string) => ({ field, operator: 'EQUAL', value: 'true' });

describe('the MALL Delivery and ready-to-return chips', () => {
  it('filters exactly the partner’s orders with the chip, and every one of them carries it', async () => {
    for (const [chip, column] of [
      ['mallDelivery', orders.isMallDelivery],
      ['readyToReturn', orders.readyToReturn],
    ] as const) {
      const expected = await expectedIds(cz, eq(column, true));
      // The demo book has some of each, and not only those.
      expect(expected.length, chip).toBeGreaterThan(0);
      const rows = await grid([isTrue(chip)]);
      expect(rows.map((r) => r.id)).toEqual(expected);
      expect(rows.every((r) => r.chips.includes(chip))).toBe(true);
      // Without the chip: the rest of the book, none with it.
      const without = await grid([{ field: chip, operator: 'EQUAL', value: 'false' }]);
      expect(without.some((r) => r.chips.includes(chip))).toBe(false);
      expect(without.length).toBe((await expectedIds(cz, eq(column, false))).length);
    }
  });

  it('never shows another partner’s orders with the chip', async () => {
    const slovak = new Set(await expectedIds(sk, eq(orders.isMallDelivery, true)));
    expect(slovak.size).toBeGreaterThan(0);
    const rows = await grid([isTrue('mallDelivery')]);
    expect(rows.filter((r) => slovak.has(r.id))).toEqual([]);
  });
});

describe('the order type', () => {
  it('is a column and a filter: all, allegro or mall, of the partner asking', async () => {
    const allegro = await expectedIds(pl, eq(orders.orderType, 'allegro'));
    const mall = await expectedIds(pl, eq(orders.orderType, 'mall'));
    expect(allegro.length).toBeGreaterThan(0);
    expect(mall.length).toBeGreaterThan(0);
    const onlyAllegro = await grid([{ field: 'orderType', operator: 'EQUAL', value: 'allegro' }], multiToken, pl);
    expect(onlyAllegro.map((r) => r.id)).toEqual(allegro);
    expect(new Set(onlyAllegro.map((r) => r.orderType))).toEqual(new Set(['allegro']));
    const onlyMall = await grid([{ field: 'orderType', operator: 'IN', values: ['mall'] }], multiToken, pl);
    expect(onlyMall.map((r) => r.id)).toEqual(mall);
    // "All" is no filter: both kinds.
    expect((await grid([], multiToken, pl)).length).toBe(allegro.length + mall.length);
    // The Czech partner sells on the marketplace only: its Allegro filter is empty, never Polish orders.
    expect(await grid([{ field: 'orderType', operator: 'EQUAL', value: 'allegro' }])).toEqual([]);
  });

  it('refuses a type that does not exist with the rule, not an internal error', async () => {
    const answer = await server.gql(
      ORDERS,
      { view: 'ALL', grid: { filters: [{ field: 'orderType', operator: 'EQUAL', value: 'ebay' }] } },
      { token: partnerToken, partnerId: cz },
    );
    expect(codeOf(answer)).toBe('VALIDATION_ERROR');
  });
});

const DETAIL = `query($orderId: ID!) { order(orderId: $orderId) {
  id orderType blockedAt transportId isMallDelivery isMdp isDip deliveryType branchId
  items { id references }
} }`;

interface Detail {
  id: string;
  orderType: string;
  blockedAt: string | null;
  transportId: string | null;
  isMallDelivery: boolean;
  isMdp: boolean;
  isDip: boolean;
  deliveryType: string | null;
  branchId: string | null;
  items: { id: string; references: string[] }[];
}

async function detail(orderId: number, token = partnerToken, partnerId = cz) {
  return server.gql<{ order: Detail }>(DETAIL, { orderId: String(orderId) }, { token, partnerId });
}

describe('the order detail', () => {
  it('shows the blocked date, the transport block and the item references of the partner’s order', async () => {
    const db = server.database.db;
    const [blocked] = await db
      .select()
      .from(orders)
      .where(and(eq(orders.partnerId, cz), eq(orders.status, 'blocked'), isNotNull(orders.blockedAt)))
      .limit(1);
    expect(blocked).toBeDefined();
    const answer = await detail(blocked!.id);
    expect(answer.errors).toBeUndefined();
    expect(new Date(answer.data!.order.blockedAt!).getTime()).toBe(blocked!.blockedAt!.getTime());

    // A MALL Delivery order to a pickup point is a DIP one; to an address an MDP one; others travel by carrier.
    for (const [delivery, mallDelivery, mdp, dip] of [
      ['PICKUP_POINT', true, false, true],
      ['ADDRESS', true, true, false],
      ['ADDRESS', false, false, false],
    ] as const) {
      const [row] = await db
        .select()
        .from(orders)
        .where(
          and(eq(orders.partnerId, cz), eq(orders.deliveryType, delivery), eq(orders.isMallDelivery, mallDelivery)),
        )
        .orderBy(asc(orders.id))
        .limit(1);
      expect(row, `${delivery} ${mallDelivery}`).toBeDefined();
      const order = (await detail(row!.id)).data!.order;
      expect([order.isMallDelivery, order.isMdp, order.isDip]).toEqual([mallDelivery, mdp, dip]);
      expect(order.transportId).toBe(mallDelivery ? 'MALL_DELIVERY' : 'PPL');
    }

    // Every line carries the marketplace's reference; a business customer's lines its purchase order too.
    const [company] = await db
      .select({ id: orders.id, purchaseId: orders.purchaseId })
      .from(orders)
      .where(and(eq(orders.partnerId, cz), isNotNull(orders.deliveryCompany), not(orders.isTest)))
      .limit(1);
    expect(company).toBeDefined();
    const items = (await detail(company!.id)).data!.order.items;
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) {
      expect(item.references[0]).toBe(`${company!.purchaseId}-${item.id}`);
      expect(item.references[1]).toMatch(/^PO-\d{4}-\d{5}$/);
    }
    const stored = await db
      .select({ references: orderItems.references })
      .from(orderItems)
      .where(and(eq(orderItems.partnerId, cz), eq(orderItems.orderId, company!.id)));
    expect(items.map((i) => i.references)).toEqual(stored.map((s) => s.references));
  });

  it('is not found for another partner’s order', async () => {
    const [slovak] = await server.database.db.select().from(orders).where(eq(orders.partnerId, sk)).limit(1);
    const answer = await detail(slovak!.id);
    expect(codeOf(answer)).toBe('ORDER_NOT_FOUND');
  });
});
