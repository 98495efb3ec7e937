import { addDays, campaignDay, type StatisticsRequest, statisticsMonths } from '@pp/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../platform/db/client';
import { partnerIdByShop, startTestServer, type TestServer } from '../../test/harness';
import { orderItems, orders } from '../orders/tables';
import { partnerStatistics, statisticsFrom } from './service';
import { directSources, recountAllStatistics } from './summary';
import { orderStatsMonthChanges, orderStatsMonths } from './tables';

/**
 * The statistics summary (tables.ts) gives exactly the figures of a direct count of the orders: for the demo's
 * order book, after every kind of change the figures count, and after the seeds' recount of everything.
 */

let server: TestServer;
let partners: number[];
let cz: number;
const today = campaignDay();
const TWO_YEARS: StatisticsRequest = { from: addDays(today, -730), to: today, granularity: 'DAY', market: null };

beforeAll(async () => {
  server = await startTestServer();
  cz = await partnerIdByShop(server.database, '100001');
  partners = rowsOf<{ id: number }>(
    await server.database.db.execute(sql`select distinct partner_id as id from orders order by 1`),
  ).map((r) => r.id);
});
afterAll(async () => server?.close());

async function both(partnerId: number, request: StatisticsRequest = TWO_YEARS) {
  const db = server.database.db;
  const direct = await db.transaction((tx) =>
    statisticsFrom(tx, partnerId, request, directSources(partnerId, statisticsMonths(request.from, request.to)), 'en'),
  );
  return { direct, summary: await partnerStatistics(db, partnerId, request, 'en') };
}

async function expectEqual(partnerId: number) {
  for (const granularity of ['DAY', 'MONTH'] as const) {
    for (const market of [null, 'CZ'] as const) {
      const { direct, summary } = await both(partnerId, { ...TWO_YEARS, granularity, market });
      expect(summary, `partner ${partnerId} ${granularity} ${market}`).toEqual(direct);
    }
  }
}

const marks = async (partnerId: number) =>
  (
    await server.database.db
      .select({ month: orderStatsMonthChanges.month })
      .from(orderStatsMonthChanges)
      .where(eq(orderStatsMonthChanges.partnerId, partnerId))
  )
    .map((m) => m.month)
    .sort();

/** The first day of the month `back` months before the current one. */
const monthFirst = (back: number) => statisticsMonths(addDays(today, -31 * back - 1), today)[0]!;

/** An order of the CZ partner created at noon of a day of a month, with one item. */
let nextId = 8_200_000_000_000;
async function orderIn(month: string, values: Partial<typeof orders.$inferInsert> = {}) {
  const id = nextId++;
  await server.database.db.insert(orders).values({
    partnerId: cz,
    id,
    status: 'open',
    paymentType: 'B',
    currency: 'CZK',
    deliveryCountry: 'CZ',
    total: 120,
    createdAt: new Date(`${month.slice(0, 8)}12T11:00:00Z`),
    ...values,
  });
  await server.database.db.insert(orderItems).values({
    partnerId: cz,
    orderId: id,
    id: 1,
    partnerArticleId: 'SUM-1',
    title: 'Mug',
    quantity: 2,
    unitPrice: 60,
    vat: 21,
  });
  return id;
}

describe('the statistics summary', () => {
  it("gives the direct count's figures for every demo partner, counted first and then read back", async () => {
    expect(partners.length).toBeGreaterThan(1);
    for (const partnerId of partners) await expectEqual(partnerId);
    const counted = await server.database.db.select().from(orderStatsMonths).where(eq(orderStatsMonths.partnerId, cz));
    expect(counted.length).toBe(statisticsMonths(TWO_YEARS.from, TWO_YEARS.to).length);
    for (const partnerId of partners) await expectEqual(partnerId);
  });

  it('reads counted months from the summary, not from the orders', async () => {
    const month = monthFirst(3);
    const before = await both(cz);
    const db = server.database.db;
    try {
      await db.execute(sql`update order_stats_days set orders = orders + 1000
        where partner_id = ${cz} and day = (select min(day) from order_stats_days
          where partner_id = ${cz} and date_trunc('month', day)::date = ${month}::date)`);
      const after = await both(cz);
      expect(after.direct).toEqual(before.direct);
      expect(after.summary.totals.orders).toBe(before.summary.totals.orders + 1000);
    } finally {
      await db.execute(
        sql`update order_stats_days set orders = orders - 1000 where partner_id = ${cz} and orders >= 1000`,
      );
    }
    expect((await both(cz)).summary).toEqual(before.summary);
  });

  it('stays equal after inserts, status changes, item changes and deletes, marking only the months touched', async () => {
    const db = server.database.db;
    await expectEqual(cz);
    expect(await marks(cz)).toEqual([]);
    const month2 = monthFirst(2);
    const month5 = monthFirst(5);

    // A change the figures do not count marks nothing.
    await db
      .update(orders)
      .set({ customerName: 'Renamed Customer', trackingNumber: 'DR-STAT' })
      .where(and(eq(orders.partnerId, cz), sql`order_stats_month(${orders.createdAt}) = ${month2}::date`));
    expect(await marks(cz)).toEqual([]);

    // A new order in a counted month.
    const added = await orderIn(month2);
    expect(await marks(cz)).toEqual([month2]);
    await expectEqual(cz);
    expect(await marks(cz)).toEqual([]);

    // Its status moves to cancelled (pieces and sales leave), then to delivered.
    await db
      .update(orders)
      .set({ status: 'cancelled' })
      .where(and(eq(orders.partnerId, cz), eq(orders.id, added)));
    await expectEqual(cz);
    await db
      .update(orders)
      .set({ status: 'delivered', shippedAt: new Date(`${month2.slice(0, 8)}13T08:00:00Z`) })
      .where(and(eq(orders.partnerId, cz), eq(orders.id, added)));
    await expectEqual(cz);

    // Its item changes quantity and product.
    await db
      .update(orderItems)
      .set({ quantity: 5, partnerArticleId: 'SUM-2' })
      .where(and(eq(orderItems.partnerId, cz), eq(orderItems.orderId, added)));
    expect(await marks(cz)).toEqual([month2]);
    await expectEqual(cz);

    // The order is moved to another month: both months are marked.
    await db
      .update(orders)
      .set({ createdAt: new Date(`${month5.slice(0, 8)}03T11:00:00Z`) })
      .where(and(eq(orders.partnerId, cz), eq(orders.id, added)));
    expect(await marks(cz)).toEqual([month5, month2].sort());
    await expectEqual(cz);

    // A bulk status change of a whole month, and a market change.
    await db
      .update(orders)
      .set({ status: 'returned' })
      .where(and(eq(orders.partnerId, cz), sql`order_stats_month(${orders.createdAt}) = ${month2}::date`));
    await db
      .update(orders)
      .set({ deliveryCountry: 'SK' })
      .where(and(eq(orders.partnerId, cz), eq(orders.id, added)));
    await expectEqual(cz);

    // The order is deleted, its item first; then one deleted before its items.
    await db.delete(orderItems).where(and(eq(orderItems.partnerId, cz), eq(orderItems.orderId, added)));
    await db.delete(orders).where(and(eq(orders.partnerId, cz), eq(orders.id, added)));
    await expectEqual(cz);
    const other = await orderIn(month5);
    await expectEqual(cz);
    await db.delete(orders).where(and(eq(orders.partnerId, cz), eq(orders.id, other)));
    await expectEqual(cz);
    await db.delete(orderItems).where(and(eq(orderItems.partnerId, cz), eq(orderItems.orderId, other)));
    await expectEqual(cz);

    // A test order counts nowhere, but the month is marked and counted again all the same.
    await orderIn(month5, { isTest: true });
    await expectEqual(cz);
  });

  it("the seeds' recount of every partner gives the same figures", async () => {
    const before = await Promise.all(partners.map((p) => both(p).then((b) => b.summary)));
    await recountAllStatistics(server.database.db);
    const marked = await server.database.db.select().from(orderStatsMonthChanges);
    expect(marked).toEqual([]);
    for (const [i, partnerId] of partners.entries()) {
      const { direct, summary } = await both(partnerId);
      expect(summary).toEqual(direct);
      expect(summary).toEqual(before[i]);
    }
  });
});
