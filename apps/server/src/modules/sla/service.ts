import {
  addDays,
  LAST_SEVEN_DAYS,
  SLA_LOOKBACK_DAYS,
  SLA_TIME_ZONE,
  type SlaCount,
  type SlaPeriods,
  type SlaType,
  slaPeriods,
  slaRequestSchema,
  slaStatistics,
} from '@pp/domain';
import { sql } from 'drizzle-orm';
import type { RequestContext } from '../../platform/context';
import { type DbOrTx, rowsOf } from '../../platform/db/client';
import { validationError } from '../../platform/errors';
import { partnerFiguresPrefix } from '../../platform/figures-cache';
import { countSlaSummarized } from './summary';

interface SlaGroup {
  cb: number | null;
  c7: boolean;
  tb: number | null;
  t7: boolean;
  sb: number | null;
  s7: boolean;
  db: number | null;
  d7: boolean;
  total: number;
  cancelBroken: number;
  trackingBroken: number;
  statusBroken: number;
  deliveryBroken: number;
}

/** The months of the periods, oldest first, and the first day after each (the last one is tomorrow). */
function monthBounds(periods: SlaPeriods) {
  const months = [...periods.previousMonths].reverse().concat(periods.currentMonth);
  const bounds = months.map((m) => `${m}-01`).concat(addDays(periods.today, 1));
  return { months, bounds: `{${bounds.join(',')}}` };
}

/**
 * One pass over the partner's orders, read as a range of orders_partner_created_idx (partner_id, created_at, id)
 * from the start of the oldest period less the look-back. Each indicator dates an order by its own moment, and
 * width_bucket puts that moment into a month (the bounds are the months' first midnights in Central European
 * time, computed once); the orders are then counted per combination of the four months and the four "in the last
 * seven days" flags, which gives a few hundred groups that `countSla` adds up per indicator:
 * - cancel-rate: created; broken when cancelled, unless the marketplace cancelled it (a customer's cancellation,
 *   one primary-key probe of the status history per cancelled order);
 * - tracking: shipped by the seller's own carrier (not MALL Delivery, not personal pickup); broken without a
 *   tracking number;
 * - status-error: the day its status fell due (expected delivery + 7 days, up to today), blocked orders aside;
 *   broken while it has no final status;
 * - delivery: delivered; broken when delivered after the original expected delivery date.
 */
export function slaCountSql(partnerId: number, periods: SlaPeriods) {
  const scanFrom = addDays(periods.from, -SLA_LOOKBACK_DAYS);
  const { bounds } = monthBounds(periods);
  const tz = SLA_TIME_ZONE;
  return sql`
    select cb, c7, tb, t7, sb, s7, db, d7, count(*)::int as total,
           (count(*) filter (where cancel_broken))::int as "cancelBroken",
           (count(*) filter (where tracking_broken))::int as "trackingBroken",
           (count(*) filter (where status_broken))::int as "statusBroken",
           (count(*) filter (where delivery_broken))::int as "deliveryBroken"
    from (
      select
        case when o.created_at < p.until then width_bucket(o.created_at, p.ts) end as cb,
        o.created_at >= p.l7 and o.created_at < p.until as c7,
        case when tracked and o.shipped_at < p.until then width_bucket(o.shipped_at, p.ts) end as tb,
        tracked and o.shipped_at >= p.l7 and o.shipped_at < p.until as t7,
        case when o.status <> 'blocked' then width_bucket(o.delivery_date + 7, p.ds) end as sb,
        coalesce(o.status <> 'blocked' and o.delivery_date + 7 between p.l7d and p.today, false) as s7,
        case when delivered and o.delivered_at < p.until then width_bucket(o.delivered_at, p.ts) end as db,
        delivered and o.delivered_at >= p.l7 and o.delivered_at < p.until as d7,
        o.status = 'cancelled' and mc.by_marketplace is null as cancel_broken,
        coalesce(o.tracking_number, '') = '' as tracking_broken,
        o.status not in ('delivered', 'cancelled', 'returned', 'lost') as status_broken,
        o.delivered_at >= (o.delivery_date + 1)::timestamp at time zone ${tz} as delivery_broken
      from (
        select id, status, tracking_number, created_at, shipped_at, delivered_at, delivery_date,
               shipped_at is not null and status in ('shipped', 'delivered', 'returned', 'lost')
                 and not is_mall_delivery and delivery_type is distinct from 'PERSONAL_PICKUP' as tracked,
               delivered_at is not null and delivery_date is not null
                 and status in ('delivered', 'returned') as delivered
        from orders
        where partner_id = ${partnerId}
          and created_at >= (${scanFrom}::date)::timestamp at time zone ${tz}
          and not is_test
      ) as o
      cross join (
        select array(select (d::timestamp at time zone ${tz}) from unnest(${bounds}::date[]) as d) as ts,
               ${bounds}::date[] as ds,
               (${periods.lastSevenDaysFrom}::date)::timestamp at time zone ${tz} as l7,
               ${periods.lastSevenDaysFrom}::date as l7d,
               ${periods.today}::date as today,
               (${addDays(periods.today, 1)}::date)::timestamp at time zone ${tz} as until
      ) as p
      left join lateral (
        select true as by_marketplace
        from order_status_history h
        where o.status = 'cancelled' and h.partner_id = ${partnerId} and h.order_id = o.id
          and h.status = 'cancelled' and h.source = 'marketplace'
        limit 1
      ) as mc on true
    ) as f
    group by cb, c7, tb, t7, sb, s7, db, d7`;
}

/**
 * Broken and judged orders of one partner per indicator and period (a month, or the last seven days), counted
 * straight from the orders: the reference the summary (summary.ts) is held equal to, and the bench's baseline.
 */
export async function countSla(db: DbOrTx, partnerId: number, periods: SlaPeriods): Promise<SlaCount[]> {
  const { months } = monthBounds(periods);
  const groups = await db.transaction(async (tx) => {
    // The planner cannot foresee that the groups are few: it would sort every order instead of hashing, and its
    // cost estimate would switch JIT compilation on, which alone costs about a second (measured, docs/performance.md).
    await tx.execute(sql`set local jit = off`);
    await tx.execute(sql`set local work_mem = '32MB'`);
    return rowsOf<SlaGroup>(await tx.execute(slaCountSql(partnerId, periods)));
  });
  const counts = new Map<string, SlaCount>();
  const add = (slaType: SlaType, period: string, total: number, broken: number) => {
    const key = `${slaType}|${period}`;
    const entry = counts.get(key) ?? { slaType, period, broken: 0, total: 0 };
    entry.total += total;
    entry.broken += broken;
    counts.set(key, entry);
  };
  // width_bucket gives 1 for the oldest month, 0 before it and months.length + 1 from tomorrow on.
  const monthOf = (bucket: number | null) => (bucket && bucket <= months.length ? months[bucket - 1] : undefined);
  for (const g of groups) {
    const figures: [SlaType, number | null, boolean, number][] = [
      ['cancel-rate', g.cb, g.c7, g.cancelBroken],
      ['tracking', g.tb, g.t7, g.trackingBroken],
      ['status-error', g.sb, g.s7, g.statusBroken],
      ['delivery', g.db, g.d7, g.deliveryBroken],
    ];
    for (const [type, bucket, inLastSeven, broken] of figures) {
      const month = monthOf(bucket);
      if (month) add(type, month, g.total, broken);
      if (inLastSeven) add(type, LAST_SEVEN_DAYS, g.total, broken);
    }
  }
  return [...counts.values()];
}

/** Reads the statistics of a partner for an already checked caller (the SLA page, the dashboard, the export). */
export async function slaFor(
  ctx: Pick<RequestContext, 'db' | 'platform'>,
  partnerId: number,
  numberOfMonths: number,
  types: readonly SlaType[],
  now = new Date(),
) {
  const periods = slaPeriods(now, numberOfMonths);
  // Kept per partner and day: the figures change with the partner's orders, and an audited change forgets them.
  // Completed months come from the monthly summary (summary.ts), equal to the direct count.
  const counts = await ctx.platform.figures.get(
    `${partnerFiguresPrefix(partnerId)}sla:${numberOfMonths}:${periods.today}`,
    () => countSlaSummarized(ctx.db, partnerId, periods),
  );
  return {
    judgedMonth: periods.judgedMonth,
    currentMonth: periods.currentMonth,
    lastSevenDaysFrom: periods.lastSevenDaysFrom,
    today: periods.today,
    indicators: slaStatistics(counts, periods, types),
  };
}

/** The SLA statistics call (spec platform §7): numberOfMonths completed months, the chosen indicators. */
export async function slaStatisticsOf(ctx: RequestContext, input: { numberOfMonths?: number; slaTypes?: SlaType[] }) {
  const { partnerId } = await ctx.require('sla', 'read');
  const parsed = slaRequestSchema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error);
  return slaFor(ctx, partnerId, parsed.data.numberOfMonths, parsed.data.slaTypes);
}

export type SlaView = Awaited<ReturnType<typeof slaFor>>;
