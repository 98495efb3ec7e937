import { addDays, campaignDay, type StatisticsRequest, statisticsMonths } from '@pp/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../platform/db/client';
import { partnerIdByShop, startTestServer, type TestServer } from '../../test/harness';
import { orders } from '../orders/tables';
import { partnerStatistics, statisticsFrom } from './service';
import { directSources } from './summary';
import { orderStatsMonthChanges } from './tables';

/**
 * The statistics summary while orders are being written (PostgreSQL, transactions side by side): a read never
 * counts a month into the summary past a change still in flight, and the change is counted once it commits.
 */

let server: TestServer;
let cz: number;
const today = campaignDay();
const YEAR: StatisticsRequest = { from: addDays(today, -365), to: today, granularity: 'MONTH', market: null };

beforeAll(async () => {
  server = await startTestServer();
  cz = await partnerIdByShop(server.database, '100001');
});
afterAll(async () => server?.close());

async function both() {
  const db = server.database.db;
  const direct = await db.transaction((tx) =>
    statisticsFrom(tx, cz, YEAR, directSources(cz, statisticsMonths(YEAR.from, YEAR.to)), 'en'),
  );
  return { direct, summary: await partnerStatistics(db, cz, YEAR, 'en') };
}

describe('the statistics summary beside writers', () => {
  it('answers what is committed while a change is in flight, and counts the change after it commits', async () => {
    const db = server.database.db;
    const first = await both();
    expect(first.summary).toEqual(first.direct);
    const [delivered] = await db
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(
          eq(orders.partnerId, cz),
          eq(orders.status, 'delivered'),
          sql`not ${orders.isTest}`,
          sql`${orders.createdAt} < date_trunc('month', now()) - interval '1 month'`,
          sql`${orders.createdAt} > now() - interval '300 days'`,
        ),
      )
      .limit(1);
    expect(delivered).toBeDefined();

    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let written!: () => void;
    const inFlight = new Promise<void>((resolve) => {
      written = resolve;
    });
    const writer = db.transaction(async (tx) => {
      await tx
        .update(orders)
        .set({ status: 'returned' })
        .where(and(eq(orders.partnerId, cz), eq(orders.id, delivered!.id)));
      written();
      await gate;
    });
    await inFlight;
    // The writer holds the partner's lock: the read gives what is committed, counting stale months directly.
    const during = await both();
    expect(during.summary).toEqual(during.direct);
    expect(during.direct).toEqual(first.direct);
    release();
    await writer;
    expect(
      (await db.select().from(orderStatsMonthChanges).where(eq(orderStatsMonthChanges.partnerId, cz))).length,
    ).toBeGreaterThan(0);
    const after = await both();
    expect(after.summary).toEqual(after.direct);
    expect(after.direct.totals.returned).toBe(first.direct.totals.returned + 1);
    expect(after.direct.totals.delivered).toBe(first.direct.totals.delivered - 1);
  });

  it('counts every order of writers inserting side by side with reads', async () => {
    const db = server.database.db;
    const month = statisticsMonths(addDays(today, -40), today)[0]!;
    let id = 8_300_000_000_000;
    const insertOne = () =>
      db.insert(orders).values({
        partnerId: cz,
        id: id++,
        status: 'open',
        paymentType: 'B',
        currency: 'CZK',
        deliveryCountry: 'CZ',
        total: 10,
        createdAt: new Date(`${month.slice(0, 8)}15T10:00:00Z`),
      });
    const before = (await both()).direct.totals.orders;
    const writers = Array.from({ length: 4 }, async () => {
      for (let i = 0; i < 10; i++) await insertOne();
    });
    const readers = Array.from({ length: 3 }, async () => {
      for (let i = 0; i < 5; i++) await partnerStatistics(db, cz, YEAR, 'en');
    });
    await Promise.all([...writers, ...readers]);
    const after = await both();
    expect(after.summary).toEqual(after.direct);
    expect(after.summary.totals.orders).toBe(before + 40);
  });

  it('marks a change to the orders of 20,000 partners in one statement without running out of locks', async () => {
    const locks = await server.database.db.transaction(async (tx) => {
      await tx.execute(sql`select order_stats_mark_months(
        array(select g from generate_series(1, 20000) as g),
        array(select current_date from generate_series(1, 20000)))`);
      const [row] = rowsOf<{ n: number }>(
        await tx.execute(
          sql`select count(*)::int as n from pg_locks where locktype = 'advisory' and pid = pg_backend_pid()`,
        ),
      );
      return row!.n;
    });
    expect(locks).toBeGreaterThan(0);
    expect(locks).toBeLessThanOrEqual(1024);
  });
});
