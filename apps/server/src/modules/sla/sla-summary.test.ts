import { type SlaCount, slaPeriods } from '@pp/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../platform/db/client';
import { partnerIdByShop, startTestServer, type TestServer } from '../../test/harness';
import { orderStatusHistory, orders } from '../orders/tables';
import { countSla } from './service';
import { countSlaSummarized } from './summary';
import { slaMonthChanges, slaMonthCounts, slaMonths } from './tables';
import { insertOrder } from './test-helpers';

/**
 * The monthly summary (issue 18, point 6): the figures read from it are exactly the direct count's, for the demo's
 * order book and after every kind of change the indicators count, and completed months come from the summary.
 */

let server: TestServer;
let partners: number[];
let cz: number;

beforeAll(async () => {
  server = await startTestServer();
  cz = await partnerIdByShop(server.database, '100001');
  partners = rowsOf<{ id: number }>(
    await server.database.db.execute(sql`select distinct partner_id as id from orders order by 1`),
  ).map((r) => r.id);
});
afterAll(async () => server?.close());

const sorted = (counts: SlaCount[]) =>
  counts
    .map((c) => `${c.slaType} ${c.period} ${c.broken}/${c.total}`)
    .sort()
    .join('\n');

/** Both counts of a partner at `now` over `months` completed months, in a comparable form. */
async function bothCounts(partnerId: number, months: number, now = new Date()) {
  const periods = slaPeriods(now, months);
  const db = server.database.db;
  return {
    direct: sorted(await countSla(db, partnerId, periods)),
    summary: sorted(await countSlaSummarized(db, partnerId, periods)),
  };
}

async function expectEqualCounts(partnerId: number, monthsList = [1, 3, 6, 12], now = new Date()) {
  for (const months of monthsList) {
    const { direct, summary } = await bothCounts(partnerId, months, now);
    expect(summary, `partner ${partnerId}, ${months} months`).toBe(direct);
  }
}

const marks = async (partnerId: number) =>
  (await server.database.db.select().from(slaMonthChanges).where(eq(slaMonthChanges.partnerId, partnerId))).map(
    (m) => m.month,
  );

/** The first day of the month `back` months before the current one (Central European). */
function monthFirst(back: number): string {
  const today = slaPeriods(new Date(), 1).currentMonth;
  const [y, m] = today.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1 - back, 1)).toISOString().slice(0, 10);
}
const at = (day: string, hour = 10) => new Date(`${day}T${String(hour).padStart(2, '0')}:00:00Z`);
const plus = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe('the SLA summary', () => {
  it("gives the direct count's figures for every demo partner, counted first and then read back", async () => {
    expect(partners.length).toBeGreaterThan(1);
    for (const partnerId of partners) await expectEqualCounts(partnerId);
    // Every partner's twelve completed months are now counted and read from the summary.
    const counted = await server.database.db.select().from(slaMonths).where(eq(slaMonths.partnerId, cz));
    expect(counted).toHaveLength(12);
    for (const partnerId of partners) await expectEqualCounts(partnerId);
  });

  it('reads completed months from the summary, not from the orders', async () => {
    await expectEqualCounts(cz, [3]);
    const month = monthFirst(2);
    const before = await bothCounts(cz, 3);
    // A count changed in the summary itself shows in the figures while the orders say otherwise: proof that the
    // month is read from the summary. Put back at once.
    const db = server.database.db;
    try {
      await db.execute(sql`update sla_month_counts set broken = broken + 1000
        where partner_id = ${cz} and month = ${month}::date and sla_type = 'tracking'
          and created_from = (${month}::date - 62)`);
      const after = await bothCounts(cz, 3);
      expect(after.direct).toBe(before.direct);
      expect(after.summary).not.toBe(before.summary);
    } finally {
      await db.execute(sql`update sla_month_counts set broken = broken - 1000
        where partner_id = ${cz} and month = ${month}::date and sla_type = 'tracking'
          and created_from = (${month}::date - 62)`);
    }
    expect((await bothCounts(cz, 3)).summary).toBe(before.summary);
  });

  it('stays equal after status, tracking, date, cancellation and delete changes, marking only the months touched', async () => {
    const db = server.database.db;
    await expectEqualCounts(cz, [12]);
    expect(await marks(cz)).toEqual([]);
    const month2 = monthFirst(2);
    const month4 = monthFirst(4);
    const judged = (month: string) =>
      and(
        eq(orders.partnerId, cz),
        sql`${orders.shippedAt} >= ${month}::date and ${orders.shippedAt} < (${month}::date + interval '1 month')`,
        sql`${orders.status} in ('shipped', 'delivered')`,
        sql`not ${orders.isTest}`,
      );

    // A change that no indicator counts leaves every month as it is.
    await db.update(orders).set({ customerName: 'Renamed Customer' }).where(judged(month2));
    expect(await marks(cz)).toEqual([]);

    // Tracking numbers taken off orders shipped two months ago.
    const [shipped] = await db.select({ id: orders.id }).from(orders).where(judged(month2)).limit(3);
    expect(shipped).toBeDefined();
    await db
      .update(orders)
      .set({ trackingNumber: null })
      .where(and(eq(orders.partnerId, cz), eq(orders.id, shipped!.id)));
    expect(await marks(cz)).toContain(month2);
    await expectEqualCounts(cz);
    expect(await marks(cz)).toEqual([]);

    // A delivered order of four months ago delivered a week late, and another moved a month on.
    const delivered = await db
      .select({ id: orders.id, deliveryDate: orders.deliveryDate })
      .from(orders)
      .where(and(judged(month4), eq(orders.status, 'delivered'), sql`${orders.deliveryDate} is not null`))
      .limit(2);
    expect(delivered).toHaveLength(2);
    await db
      .update(orders)
      .set({ deliveredAt: at(plus(delivered[0]!.deliveryDate!.toISOString().slice(0, 10), 7)) })
      .where(and(eq(orders.partnerId, cz), eq(orders.id, delivered[0]!.id)));
    await db
      .update(orders)
      .set({ shippedAt: at(plus(month4, 35)), deliveredAt: at(plus(month4, 36)) })
      .where(and(eq(orders.partnerId, cz), eq(orders.id, delivered[1]!.id)));
    await expectEqualCounts(cz);

    // A status change back to open, a cancellation by the partner, then by the marketplace (the customer).
    const [open] = await db
      .insert(orders)
      .values({
        partnerId: cz,
        id: 7_100_000_000_001,
        status: 'cancelled',
        paymentType: 'B',
        currency: 'CZK',
        createdAt: at(plus(month2, 3)),
        deliveryDate: new Date(`${plus(month2, 6)}T00:00:00Z`),
      })
      .returning({ id: orders.id });
    await expectEqualCounts(cz);
    await db
      .insert(orderStatusHistory)
      .values({ partnerId: cz, orderId: open!.id, status: 'cancelled', source: 'marketplace' });
    expect(await marks(cz)).toContain(month2);
    await expectEqualCounts(cz);
    await db
      .delete(orderStatusHistory)
      .where(and(eq(orderStatusHistory.partnerId, cz), eq(orderStatusHistory.orderId, open!.id)));
    await expectEqualCounts(cz);
    await db
      .update(orders)
      .set({ status: 'shipped', shippedAt: at(plus(month2, 4)) })
      .where(and(eq(orders.partnerId, cz), eq(orders.id, open!.id)));
    await expectEqualCounts(cz);

    // A test order flag, and a delete.
    await db
      .update(orders)
      .set({ isTest: true })
      .where(and(eq(orders.partnerId, cz), eq(orders.id, shipped!.id)));
    await expectEqualCounts(cz);
    await db.delete(orders).where(and(eq(orders.partnerId, cz), eq(orders.id, open!.id)));
    await expectEqualCounts(cz);
  });

  it('keeps the look-back exact: an order created long before it shipped counts only in periods that reach it', async () => {
    // Created seven months ago, shipped two months ago without tracking: the direct count reads it over 6 and 12
    // months (its creation lies within their look-back) but not over 1 or 3.
    await insertOrder(server, cz, {
      status: 'shipped',
      createdAt: at(plus(monthFirst(7), 10)),
      shippedAt: at(plus(monthFirst(2), 10)),
      deliveryDate: new Date(`${plus(monthFirst(2), 12)}T00:00:00Z`),
    });
    await expectEqualCounts(cz, [1, 3, 6, 12]);
    const three = (await bothCounts(cz, 3)).summary;
    const twelve = (await bothCounts(cz, 12)).summary;
    const trackingOf = (text: string) =>
      text.split('\n').find((l) => l.startsWith(`tracking ${monthFirst(2).slice(0, 7)} `));
    expect(trackingOf(three)).not.toBe(trackingOf(twelve));
    // Stored once, with its creation day, so both readings come from the same rows.
    const rows = await server.database.db
      .select()
      .from(slaMonthCounts)
      .where(
        and(
          eq(slaMonthCounts.partnerId, cz),
          eq(slaMonthCounts.month, monthFirst(2)),
          eq(slaMonthCounts.slaType, 'tracking'),
        ),
      );
    expect(rows.map((r) => r.createdFrom)).toContain(plus(monthFirst(7), 10));
  });
});
