import {
  addDays,
  DAYS_TO_DELIVERY_BUCKETS,
  type DaysToDeliveryBucket,
  daysToDeliveryBucket,
  SALES_DAYS,
  SLA_TIME_ZONE,
  slaLocalDate,
} from '@pp/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { RequestContext } from '../../platform/context';
import { rowsOf } from '../../platform/db/client';
import { partnerFiguresPrefix } from '../../platform/figures-cache';
import { missingSql } from '../orders/grid';
import { orders } from '../orders/tables';
import { DASHBOARD_COUNT_CAP } from './service';

interface WorkRow {
  days: number | null;
  /** The ship-by date against today: -1 past, 0 today, 1 later, null none. */
  ship: number | null;
  n: number;
}
interface SalesRow {
  day: string;
  n: number;
  total: number;
}

/**
 * The seller's work on the home page: orders to ship today and overdue (by their ship-by date), their days to
 * delivery, orders waiting for a status, and the sales of the last 30 days. Three statements, each an index range of this partner's orders:
 * the work by orders_partner_status_idx, the missing statuses by the missing-statuses tab's own rule (capped like the grids' totals),
 * the sales by orders_partner_created_idx. Test orders are left out, as in the grids.
 */
export async function ordersOverview(ctx: RequestContext, now = new Date()) {
  const { partnerId } = await ctx.require('orders', 'read');
  const partner = (await ctx.reachablePartners()).find((p) => p.id === partnerId);
  const currency = partner?.currency ?? 'CZK';
  const today = slaLocalDate(now);
  const salesFrom = addDays(today, -(SALES_DAYS - 1));

  return ctx.platform.figures.get(`${partnerFiguresPrefix(partnerId)}home-orders:${today}`, async () => {
    const [work, missing, sales] = await Promise.all([
      ctx.db.execute(sql`
        -- greatest() skips NULL: an order without a delivery date must stay NULL, not count as late.
        -- The ship-by date is the order's own (dispatch_date, by the working-day calendar and the cut-off when it
        -- arrived), read in the same pass over the partner's work: no second scan, no per-order calendar here.
        select case when delivery_date is not null then least(greatest(delivery_date - ${today}::date, -1), 8) end as days,
               sign(dispatch_date - ${today}::date)::int as ship, count(*)::int as n
        from orders
        where partner_id = ${partnerId} and status in ('open', 'shipping') and confirmed and not is_test
        group by 1, 2`),
      ctx.db.execute(
        sql`select count(*)::int as n from (${ctx.db
          .select({ one: sql`1` })
          .from(orders)
          .where(and(eq(orders.partnerId, partnerId), eq(orders.isTest, false), missingSql(now)))
          .limit(DASHBOARD_COUNT_CAP + 1)}) as capped`,
      ),
      ctx.db.execute(sql`
        select to_char((created_at at time zone ${SLA_TIME_ZONE})::date, 'YYYY-MM-DD') as day, count(*)::int as n,
               coalesce(sum(total) filter (where currency = ${currency}), 0)::float8 as total
        from orders
        where partner_id = ${partnerId}
          and created_at >= (${salesFrom}::date)::timestamp at time zone ${SLA_TIME_ZONE}
          and not is_test and status <> 'cancelled'
        group by 1`),
    ]);

    const buckets = new Map<DaysToDeliveryBucket, number>(DAYS_TO_DELIVERY_BUCKETS.map((b) => [b.key, 0]));
    let toShipToday = 0;
    let overdue = 0;
    for (const row of rowsOf<WorkRow>(work)) {
      const key = daysToDeliveryBucket(row.days);
      buckets.set(key, (buckets.get(key) ?? 0) + row.n);
      if (row.ship === 0) toShipToday += row.n;
      else if (row.ship === -1) overdue += row.n;
    }
    const missingCount = rowsOf<{ n: number }>(missing)[0]?.n ?? 0;
    const salesByDay = new Map(rowsOf<SalesRow>(sales).map((r) => [r.day, r]));
    const days = Array.from({ length: SALES_DAYS }, (_, i) => {
      const day = addDays(salesFrom, i);
      const row = salesByDay.get(day);
      return { day, count: row?.n ?? 0, total: Number(row?.total ?? 0) };
    });
    return {
      today,
      toShipToday,
      overdue,
      toShip: [...buckets.values()].reduce((a, b) => a + b, 0),
      missingStatuses: Math.min(missingCount, DASHBOARD_COUNT_CAP),
      missingStatusesExact: missingCount <= DASHBOARD_COUNT_CAP,
      daysToDelivery: DAYS_TO_DELIVERY_BUCKETS.map((b) => ({ bucket: b.key, count: buckets.get(b.key) ?? 0 })),
      sales: {
        currency,
        from: salesFrom,
        count: days.reduce((a, d) => a + d.count, 0),
        total: Math.round(days.reduce((a, d) => a + d.total, 0) * 100) / 100,
        days,
      },
    };
  });
}

export type OrdersOverview = Awaited<ReturnType<typeof ordersOverview>>;
