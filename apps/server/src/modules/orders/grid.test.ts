import {
  encodeGridCursor,
  isMissingStatus,
  missingStatusCutoff,
  PAYMENT_GROUPS,
  PAYMENT_TYPE_CODES,
  paymentGroupOf,
} from '@pp/domain';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { codeOf, partnerIdByShop, startTestServer, type TestServer } from '../../test/harness';
import { firstDayNotMissing } from './grid';
import { orderItems, orderShipmentHistory, orderStatusHistory, orders } from './tables';

let server: TestServer;
let cz: number;
let sk: number;
let partnerToken: string;
let nextId = 2_000_000_000_000;

const DAY = 24 * 60 * 60_000;

beforeAll(async () => {
  server = await startTestServer();
  cz = await partnerIdByShop(server.database, '100001');
  sk = await partnerIdByShop(server.database, '100002');
  partnerToken = (await server.login('partner@demo.test')).token;
});
afterAll(async () => server?.close());

// Each test starts from an empty order book of both partners, whatever the demo seed gives them.
beforeEach(async () => {
  const db = server.database.db;
  for (const table of [orderItems, orderStatusHistory, orderShipmentHistory, orders]) {
    await db.delete(table).where(inArray(table.partnerId, [cz, sk]));
  }
});

type NewOrder = Partial<typeof orders.$inferInsert>;

/** Orders as the marketplace delivers them (plain inserts); returns their ids in the given order. */
async function insertOrders(...rows: NewOrder[]): Promise<number[]> {
  const values = rows.map((row) => ({
    partnerId: cz,
    id: nextId++,
    status: 'open',
    paymentType: 'B',
    currency: 'CZK',
    customerName: 'Jana Nováková',
    deliveryType: 'PICKUP_POINT',
    createdAt: new Date(Date.now() - 3 * DAY),
    ...row,
  }));
  if (values.length) await server.database.db.insert(orders).values(values);
  return values.map((v) => v.id);
}

const ORDERS = `query($view: OrdersView!, $grid: GridInput) {
  orders(view: $view, grid: $grid) {
    items { id status chips paymentGroup isTest }
    total totalExact page perPage nextCursor
  } }`;

interface Page {
  items: { id: string; status: string; chips: string[]; paymentGroup: string; isTest: boolean }[];
  total: number;
  totalExact: boolean;
  page: number;
  perPage: number;
  nextCursor: string | null;
}

function gridQuery(view: string, grid: Record<string, unknown> = {}, token = partnerToken, partnerId = cz) {
  return server.gql<{ orders: Page }>(ORDERS, { view, grid }, { token, partnerId });
}

/** The ids a tab shows for a request (first page of 500), as numbers in the grid's order. */
async function ids(view: string, grid: Record<string, unknown> = {}): Promise<number[]> {
  const answer = await gridQuery(view, { perPage: 500, ...grid });
  expect(answer.errors).toBeUndefined();
  return answer.data!.orders.items.map((o) => Number(o.id));
}

const sorted = (list: number[]) => [...list].sort((a, b) => a - b);
const filter = (field: string, operator: string, value?: string, values?: string[]) => ({
  field,
  operator,
  ...(value !== undefined ? { value } : {}),
  ...(values ? { values } : {}),
});

/** The UTC day of a moment as a date column holds it. */
function dayOf(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
}

describe('orders grid tabs', () => {
  it('fixes the status of each status tab and lists all orders newest first on the overview', async () => {
    const statuses = ['blocked', 'open', 'shipping', 'shipped', 'delivered', 'cancelled', 'returned', 'lost'];
    const created = await insertOrders(...statuses.map((status) => ({ status })));
    const byStatus = Object.fromEntries(statuses.map((s, i) => [s, created[i]!]));
    expect(await ids('ALL')).toEqual([...created].reverse());
    expect(await ids('OPEN')).toEqual([byStatus.open]);
    expect(await ids('SHIPPING')).toEqual([byStatus.shipping]);
    expect(await ids('SHIPPED')).toEqual([byStatus.shipped]);
    expect(await ids('DELIVERED')).toEqual([byStatus.delivered]);
    // A status filter of the person narrows a tab, never widens it.
    expect(await ids('OPEN', { filters: [filter('status', 'EQUAL', 'shipped')] })).toEqual([]);
  });

  it('lists an order as missing from the first moment it is more than 7 days past its delivery day', async () => {
    const cutoff = missingStatusCutoff(new Date());
    // The last delivery day that is already missing, and the first one that is not yet.
    const lastMissingDay = dayOf(new Date(cutoff.getTime() - 1));
    const firstWaitingDay = new Date(lastMissingDay.getTime() + DAY);
    // Only the first two belong on the list: not yet due, final, blocked, without a date, or a test order.
    const [missingOpen, missingShipped] = await insertOrders(
      { status: 'open', deliveryDate: lastMissingDay },
      { status: 'shipped', deliveryDate: new Date(lastMissingDay.getTime() - 30 * DAY) },
      { status: 'shipping', deliveryDate: firstWaitingDay },
      { status: 'delivered', deliveryDate: lastMissingDay },
      { status: 'blocked', deliveryDate: lastMissingDay },
      { status: 'open', deliveryDate: null },
      { status: 'open', deliveryDate: lastMissingDay, isTest: true },
    );
    expect(sorted(await ids('MISSING'))).toEqual(sorted([missingOpen!, missingShipped!]));
    const counts = await statusCounts();
    expect(counts.missing).toBe(2);
  });

  it('turns the 7-day rule into a day bound that agrees with the domain at every moment', () => {
    expect(firstDayNotMissing(new Date('2026-11-22T00:00:00.000Z'))).toBe('2026-11-15');
    expect(firstDayNotMissing(new Date('2026-11-22T00:00:00.001Z'))).toBe('2026-11-16');
    expect(firstDayNotMissing(new Date('2026-03-08T23:59:59.999Z'))).toBe('2026-03-02');
    for (const now of ['2026-11-22T00:00:00.000Z', '2026-11-22T00:00:00.001Z', '2026-11-22T13:30:00.000Z']) {
      const at = new Date(now);
      for (let back = 5; back <= 9; back++) {
        const deliveryDate = dayOf(new Date(at.getTime() - back * DAY));
        const bySql = deliveryDate.toISOString().slice(0, 10) < firstDayNotMissing(at);
        expect([now, back, bySql]).toEqual([now, back, isMissingStatus({ status: 'open', deliveryDate }, at)]);
      }
    }
  });

  it('leaves test orders out unless the request filters on them', async () => {
    const [real, test] = await insertOrders({}, { isTest: true });
    expect(await ids('ALL')).toEqual([real]);
    expect(await ids('OPEN')).toEqual([real]);
    expect(await ids('ALL', { filters: [filter('isTest', 'EQUAL', 'true')] })).toEqual([test]);
    expect(await ids('ALL', { filters: [filter('isTest', 'EQUAL', 'false')] })).toEqual([real]);
    const answer = await gridQuery('ALL', { filters: [filter('isTest', 'EQUAL', 'true')] });
    expect(answer.data?.orders.items[0]?.isTest).toBe(true);
  });
});

describe('orders grid filters', () => {
  it('filters each chip: with it (true) and without it (false)', async () => {
    const [cod, address, personal, waiting, plain] = await insertOrders(
      { paymentType: 'A' },
      { deliveryType: 'ADDRESS' },
      { deliveryType: 'PERSONAL_PICKUP' },
      { status: 'open', confirmed: false },
      { deliveryType: null },
    );
    const all = [cod!, address!, personal!, waiting!, plain!];
    const cases: [string, number][] = [
      ['cashOnDelivery', cod!],
      ['deliveryToAddress', address!],
      ['personalPickup', personal!],
      ['waitingForPayment', waiting!],
    ];
    for (const [chip, id] of cases) {
      expect([chip, await ids('ALL', { filters: [filter(chip, 'EQUAL', 'true')] })]).toEqual([chip, [id]]);
      expect([chip, sorted(await ids('ALL', { filters: [filter(chip, 'EQUAL', 'false')] }))]).toEqual([
        chip,
        all.filter((x) => x !== id),
      ]);
    }
    const answer = await gridQuery('ALL', { filters: [filter('cashOnDelivery', 'EQUAL', 'true')] });
    expect(answer.data?.orders.items[0]).toMatchObject({ chips: ['cashOnDelivery'], paymentGroup: 'CASH_ON_DELIVERY' });
    // A payment group is the group of the row's code, as the domain reads it.
    expect(await ids('ALL', { filters: [filter('paymentGroup', 'IN', undefined, ['CASH_ON_DELIVERY'])] })).toEqual([
      cod,
    ]);
  });

  it('filters payment groups exactly as the domain groups codes, unknown codes as inactive payments', async () => {
    const codes = [...PAYMENT_TYPE_CODES, 'Z'];
    const made = await insertOrders(...codes.map((paymentType) => ({ paymentType })));
    const groupOf = new Map(made.map((id, i) => [id, paymentGroupOf(codes[i]!)]));
    for (const group of PAYMENT_GROUPS) {
      const want = made.filter((id) => groupOf.get(id) === group);
      expect([group, sorted(await ids('ALL', { filters: [filter('paymentGroup', 'EQUAL', group)] }))]).toEqual([
        group,
        want,
      ]);
      expect([group, sorted(await ids('ALL', { filters: [filter('paymentGroup', 'NOT_EQUAL', group)] }))]).toEqual([
        group,
        made.filter((id) => !want.includes(id)),
      ]);
    }
    const two = ['ONLINE_PAYMENT', 'INACTIVE_PAYMENT'];
    expect(sorted(await ids('ALL', { filters: [filter('paymentGroup', 'NIN', undefined, two)] }))).toEqual(
      made.filter((id) => !two.includes(groupOf.get(id)!)),
    );
  });

  it('answers the quick filters: created in the last days, delivery within the next days, shipped lately', async () => {
    const now = Date.now();
    const today = dayOf(new Date(now));
    const [recent, , dueSoon, , shippedRecently] = await insertOrders(
      { createdAt: new Date(now - 6 * DAY) },
      { createdAt: new Date(now - 8 * DAY) },
      { createdAt: new Date(now - 20 * DAY), deliveryDate: new Date(today.getTime() + 2 * DAY) },
      { createdAt: new Date(now - 20 * DAY), deliveryDate: new Date(today.getTime() + 3 * DAY) },
      { createdAt: new Date(now - 20 * DAY), status: 'shipped', shippedAt: new Date(now - 6 * DAY) },
      { createdAt: new Date(now - 40 * DAY), status: 'shipped', shippedAt: new Date(now - 15 * DAY) },
    );
    const sevenDaysAgo = new Date(now - 7 * DAY).toISOString();
    expect(await ids('ALL', { filters: [filter('createdAt', 'GREATER_THAN', sevenDaysAgo)] })).toEqual([recent]);
    const inTwoDays = new Date(today.getTime() + 2 * DAY).toISOString().slice(0, 10);
    expect(
      await ids('ALL', {
        filters: [filter('deliveryDate', 'BETWEEN', undefined, [today.toISOString().slice(0, 10), inTwoDays])],
      }),
    ).toEqual([dueSoon]);
    expect(await ids('SHIPPED', { filters: [filter('shippedAt', 'GREATER_THAN_OR_EQUAL', sevenDaysAgo)] })).toEqual([
      shippedRecently,
    ]);
    const fourteenDaysAgo = new Date(now - 14 * DAY).toISOString();
    expect(await ids('SHIPPED', { filters: [filter('shippedAt', 'GREATER_THAN', fourteenDaysAgo)] })).toEqual([
      shippedRecently,
    ]);
  });

  it('searches the order id, purchase id, external id, customer name and tracking number', async () => {
    const [byPurchase, byExternal, byName, byTracking] = await insertOrders(
      { purchaseId: 'P-77781' },
      { externalId: 'SHOP-4242' },
      { customerName: 'Ondřej Svoboda' },
      { status: 'shipped', trackingNumber: 'DR99887766' },
    );
    expect(await ids('ALL', { search: '7778' })).toEqual([byPurchase]);
    expect(await ids('ALL', { search: 'shop-42' })).toEqual([byExternal]);
    expect(await ids('ALL', { search: 'svoboda' })).toEqual([byName]);
    expect(await ids('ALL', { search: '998877' })).toEqual([byTracking]);
    expect(await ids('ALL', { search: String(byName) })).toEqual([byName]);
    expect(await ids('ALL', { search: '%' })).toEqual([]);
    expect(await ids('ALL', { filters: [filter('customerName', 'LIKE', 'ndřej')] })).toEqual([byName]);
    expect(await ids('ALL', { filters: [filter('trackingNumber', 'STARTS_WITH', 'dr99')] })).toEqual([byTracking]);
  });
});

describe('keyset paging', () => {
  /** Reads every page of a sort twice, by offset and by cursor, and returns both lists of ids. */
  async function bothWays(view: string, sort: { field: string; direction: string }, perPage: number) {
    const byOffset: number[] = [];
    for (let page = 1; ; page++) {
      const answer = await gridQuery(view, { sort, page, perPage });
      expect(answer.errors).toBeUndefined();
      const items = answer.data!.orders.items;
      byOffset.push(...items.map((o) => Number(o.id)));
      if (items.length < perPage) break;
    }
    const byCursor: number[] = [];
    const totals = new Set<number>();
    let after: string | null = null;
    let pages = 0;
    do {
      const answer: Awaited<ReturnType<typeof gridQuery>> = await gridQuery(view, {
        sort,
        page: pages + 1,
        perPage,
        ...(after ? { after } : {}),
      });
      expect(answer.errors).toBeUndefined();
      byCursor.push(...answer.data!.orders.items.map((o) => Number(o.id)));
      totals.add(answer.data!.orders.total);
      after = answer.data!.orders.nextCursor;
      pages++;
    } while (after && pages < 100);
    // Every page names the total of the grid, not of the rows still to come.
    expect([...totals]).toEqual([byOffset.length]);
    return { byOffset, byCursor };
  }

  it('reads the same rows by cursor as by offset, ties and NULLs included, in both directions', async () => {
    const base = Date.now() - 30 * DAY;
    // 23 orders: shipped at one of 4 moments (ties), a third never shipped (NULL), names repeating.
    await insertOrders(
      ...Array.from({ length: 23 }, (_, i) => ({
        status: i % 3 === 0 ? 'open' : 'shipped',
        shippedAt: i % 3 === 0 ? null : new Date(base + (i % 4) * DAY),
        deliveryDate: i % 5 === 0 ? null : dayOf(new Date(base + (i % 2) * DAY)),
        createdAt: new Date(base - (i % 3) * 1000),
        customerName: ['Anna', 'Bára', 'Cyril'][i % 3]!,
        total: (i % 4) * 100,
      })),
    );
    // Microseconds a JavaScript Date cannot hold: the cursor must keep them, or a seek skips or repeats.
    await server.database.executeSql(
      "update orders set shipped_at = shipped_at + interval '123 microseconds', created_at = created_at + interval '7 microseconds' where partner_id = $1 and id % 2 = 0",
      [cz],
    );
    const total = (await ids('ALL')).length;
    expect(total).toBe(23);
    const sorts = ['shippedAt', 'deliveryDate', 'createdAt', 'customerName', 'total', 'id'].flatMap((field) =>
      ['ASCENDING', 'DESCENDING'].map((direction) => ({ field, direction })),
    );
    // Pages of 3 and 4 end inside, and exactly at the end of, the NULLs of each direction.
    for (const sort of sorts) {
      for (const perPage of [3, 4]) {
        const { byOffset, byCursor } = await bothWays('ALL', sort, perPage);
        expect([sort, perPage, byCursor]).toEqual([sort, perPage, byOffset]);
        expect(byOffset).toHaveLength(23);
        expect(new Set(byOffset).size).toBe(23);
      }
    }
    // NULLs come last when descending and first when ascending.
    const descending = await ids('ALL', { sort: { field: 'shippedAt', direction: 'DESCENDING' } });
    const ascending = await ids('ALL', { sort: { field: 'shippedAt', direction: 'ASCENDING' } });
    const unshipped = new Set(await ids('OPEN'));
    expect(descending.slice(-unshipped.size).every((id) => unshipped.has(id))).toBe(true);
    expect(ascending.slice(0, unshipped.size).every((id) => unshipped.has(id))).toBe(true);
    // Within a tab, with a filter, on the default sort.
    const shipped = await bothWays('SHIPPED', { field: 'shippedAt', direction: 'DESCENDING' }, 3);
    expect(shipped.byCursor).toEqual(shipped.byOffset);
    expect(shipped.byCursor).toHaveLength(23 - unshipped.size);
  });

  it('says there is no next page on the last one', async () => {
    await insertOrders({}, {}, {});
    const first = await gridQuery('ALL', { perPage: 2 });
    expect(first.data?.orders.nextCursor).toEqual(expect.any(String));
    const last = await gridQuery('ALL', { perPage: 2, page: 2, after: first.data!.orders.nextCursor });
    expect(last.data?.orders).toMatchObject({ page: 2, total: 3, nextCursor: null });
    expect(last.data?.orders.items).toHaveLength(1);
    expect((await gridQuery('ALL', { perPage: 3 })).data?.orders.nextCursor).toBeNull();
  });

  it('refuses a cursor it did not make, or one of another sort, with VALIDATION_ERROR on after', async () => {
    await insertOrders({}, {}, {});
    const first = await gridQuery('ALL', { perPage: 1, sort: { field: 'createdAt', direction: 'DESCENDING' } });
    const cursor = first.data!.orders.nextCursor!;
    const refused = async (grid: Record<string, unknown>) => {
      const answer = await gridQuery('ALL', { perPage: 1, ...grid });
      expect(answer.errors?.[0]?.extensions).toMatchObject({
        code: 'VALIDATION_ERROR',
        fields: [expect.objectContaining({ field: 'after' })],
      });
    };
    await refused({ after: 'not a cursor' });
    await refused({ after: 'eyJ4IjoxfQ' });
    await refused({ after: 'x'.repeat(501) });
    await refused({ after: cursor, sort: { field: 'createdAt', direction: 'ASCENDING' } });
    await refused({ after: cursor });
    const forge = (value: string | null, id = '1') =>
      encodeGridCursor({ field: 'createdAt', direction: 'DESCENDING', value, id });
    const createdDesc = { sort: { field: 'createdAt', direction: 'DESCENDING' } };
    await refused({ ...createdDesc, after: forge('yesterday') });
    await refused({ ...createdDesc, after: forge(null) });
    await refused({ ...createdDesc, after: forge('2026-01-01T00:00:00.000000Z', '1.5') });
    await refused({ ...createdDesc, after: forge('2026-01-01T00:00:00.000000Z', '99999999999999999999') });
    const totalDesc = { sort: { field: 'total', direction: 'DESCENDING' } };
    await refused({
      ...totalDesc,
      after: encodeGridCursor({ field: 'total', direction: 'DESCENDING', value: '1e999', id: '1' }),
    });
    // A well-formed cursor of this sort is taken.
    expect(codeOf(await gridQuery('ALL', { ...createdDesc, after: forge('2026-01-01T00:00:00.000000Z') }))).toBe(
      undefined,
    );
  });
});

const COUNTS = '{ orderStatusCounts { all open shipping shipped delivered missing } }';

async function statusCounts(token = partnerToken, partnerId = cz) {
  const answer = await server.gql<{ orderStatusCounts: Record<string, number> }>(COUNTS, {}, { token, partnerId });
  expect(answer.errors).toBeUndefined();
  return answer.data!.orderStatusCounts;
}

describe('status counts', () => {
  it('counts each tab without test orders, and a status change moves the count', async () => {
    const [open] = await insertOrders(
      { status: 'open' },
      { status: 'open' },
      { status: 'shipping' },
      { status: 'shipped' },
      { status: 'delivered' },
      { status: 'cancelled' },
      { status: 'open', isTest: true },
      { status: 'shipped', partnerId: sk },
    );
    expect(await statusCounts()).toEqual({ all: 6, open: 2, shipping: 1, shipped: 1, delivered: 1, missing: 0 });
    const changed = await server.gql(
      'mutation($id: ID!) { orderUpdate(orderId: $id, data: { status: shipping }) { id } }',
      { id: open },
      { token: partnerToken, partnerId: cz },
    );
    expect(changed.errors).toBeUndefined();
    expect(await statusCounts()).toEqual({ all: 6, open: 1, shipping: 2, shipped: 1, delivered: 1, missing: 0 });
    expect(await ids('SHIPPING')).toContain(open);
  });
});

describe('status counts kept for a while', () => {
  it('serves the kept counts, and forgets them the moment a status change commits', async () => {
    const cached = await startTestServer({ config: { figuresCacheTtlMs: 60_000 } });
    try {
      const czHere = await partnerIdByShop(cached.database, '100001');
      const token = (await cached.login('partner@demo.test')).token;
      const counts = async () =>
        (
          await cached.gql<{ orderStatusCounts: { open: number; shipping: number } }>(
            COUNTS,
            {},
            { token, partnerId: czHere },
          )
        ).data!.orderStatusCounts;
      await cached.database.db.delete(orders).where(inArray(orders.partnerId, [czHere]));
      const id = nextId++;
      const base = { partnerId: czHere, status: 'open', paymentType: 'B', currency: 'CZK' };
      await cached.database.db.insert(orders).values({ ...base, id });
      const before = await counts();
      expect(before).toMatchObject({ open: 1, shipping: 0 });
      // An order the marketplace adds without an audited change shows once the kept figures expire.
      await cached.database.db.insert(orders).values({ ...base, id: nextId++ });
      expect(await counts()).toEqual(before);
      const changed = await cached.gql(
        'mutation($id: ID!) { orderUpdate(orderId: $id, data: { status: shipping }) { id } }',
        { id },
        { token, partnerId: czHere },
      );
      expect(changed.errors).toBeUndefined();
      // The forgetting travels as a NOTIFY, so every process hears it; it may arrive a moment after the answer.
      await expect.poll(counts, { timeout: 5000, interval: 50 }).toMatchObject({ open: 1, shipping: 1 });
    } finally {
      await cached.close();
    }
  });
});

describe('orders grid access', () => {
  it("never shows another partner's orders, and refuses a partner the account does not belong to", async () => {
    const [own] = await insertOrders({});
    const [foreign] = await insertOrders({ partnerId: sk, purchaseId: 'FOREIGN-1' });
    expect(await ids('ALL')).toEqual([own]);
    expect(await ids('ALL', { search: 'FOREIGN' })).toEqual([]);
    expect(await ids('ALL', { filters: [filter('id', 'EQUAL', String(foreign))] })).toEqual([]);
    expect((await statusCounts()).all).toBe(1);
    const asSk = await gridQuery('ALL', {}, partnerToken, sk);
    expect(asSk.data).toBeNull();
    expect(codeOf(asSk)).toEqual(expect.any(String));
    // The Slovak partner's own member sees only the Slovak order.
    const multi = (await server.login('multi@demo.test')).token;
    const sksView = await gridQuery('ALL', {}, multi, sk);
    expect(sksView.data?.orders.items.map((o) => Number(o.id))).toEqual([foreign]);
    expect((await statusCounts(multi, sk)).all).toBe(1);
  });

  it('refuses an account without the orders permission', async () => {
    await insertOrders({});
    const limited = (await server.login('limited@demo.test')).token;
    expect(codeOf(await gridQuery('ALL', {}, limited))).toBe('ACCESS_DENIED');
    expect(codeOf(await server.gql(COUNTS, {}, { token: limited, partnerId: cz }))).toBe('ACCESS_DENIED');
    expect(codeOf(await server.gql(COUNTS, {}, { partnerId: cz }))).toBe('AUTHENTICATION_ERROR');
  });

  it('refuses unknown fields and values the columns cannot hold, never with a database error', async () => {
    const refused = async (grid: Record<string, unknown>) =>
      expect(codeOf(await gridQuery('ALL', grid))).toBe('VALIDATION_ERROR');
    await refused({ filters: [filter('customerEmail', 'LIKE', 'x')] });
    await refused({ filters: [filter('status', 'EQUAL', 'missing')] });
    await refused({ filters: [filter('id', 'EQUAL', '1e30')] });
    await refused({ filters: [filter('deliveryDate', 'EQUAL', '2026-02-30')] });
    await refused({ sort: { field: 'cod', direction: 'ASCENDING' } });
  });
});
