import { type SlaCount, slaPeriods } from '@pp/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../platform/db/client';
import { partnerIdByShop, startTestServer, type TestServer } from '../../test/harness';
import { orders } from '../orders/tables';
import { countSla } from './service';
import { countSlaSummarized } from './summary';
import { slaMonthChanges } from './tables';

/**
 * The summary while orders are being written (PostgreSQL, transactions side by side): a read never counts a month
 * into the summary past a change still in flight, and the change is counted once it commits.
 */

let server: TestServer;
let cz: number;

beforeAll(async () => {
  server = await startTestServer();
  cz = await partnerIdByShop(server.database, '100001');
});
afterAll(async () => server?.close());

const sorted = (counts: SlaCount[]) =>
  counts
    .map((c) => `${c.slaType} ${c.period} ${c.broken}/${c.total}`)
    .sort()
    .join('\n');

async function bothCounts() {
  const periods = slaPeriods(new Date(), 12);
  const db = server.database.db;
  return {
    direct: sorted(await countSla(db, cz, periods)),
    summary: sorted(await countSlaSummarized(db, cz, periods)),
  };
}

describe('the SLA summary beside writers', () => {
  it('answers what is committed while a change is in flight, and counts the change after it commits', async () => {
    const db = server.database.db;
    const first = await bothCounts();
    expect(first.summary).toBe(first.direct);
    const [shipped] = await db
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(
          eq(orders.partnerId, cz),
          sql`${orders.shippedAt} < date_trunc('month', now()) - interval '1 month'`,
          sql`${orders.status} in ('shipped', 'delivered')`,
          sql`coalesce(${orders.trackingNumber}, '') <> ''`,
          sql`not ${orders.isTest} and not ${orders.isMallDelivery}`,
          sql`${orders.deliveryType} is distinct from 'PERSONAL_PICKUP'`,
        ),
      )
      .orderBy(sql`${orders.shippedAt} desc`)
      .limit(1);
    expect(shipped).toBeDefined();

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
        .set({ trackingNumber: null })
        .where(and(eq(orders.partnerId, cz), eq(orders.id, shipped!.id)));
      written();
      await gate;
    });
    await inFlight;
    // The writer holds the partner's lock: the read counts stale months straight from the orders it can see.
    const during = await bothCounts();
    expect(during.summary).toBe(during.direct);
    expect(during.direct).toBe(first.direct);
    release();
    await writer;
    expect((await db.select().from(slaMonthChanges).where(eq(slaMonthChanges.partnerId, cz))).length).toBeGreaterThan(
      0,
    );
    const after = await bothCounts();
    expect(after.summary).toBe(after.direct);
    expect(after.direct).not.toBe(first.direct);
  });

  it('marks a change to the orders of 20,000 partners in one statement without running out of locks', async () => {
    // One shared lock per partner took 20,000 advisory locks and PostgreSQL answered "out of shared memory" (the
    // large seed's 50,000-order statements did); partners now share a lock per bucket.
    const locks = await server.database.db.transaction(async (tx) => {
      await tx.execute(sql`select sla_mark_months(
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
