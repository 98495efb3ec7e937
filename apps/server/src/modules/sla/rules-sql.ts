import { addDays, SLA_TIME_ZONE, type SlaType } from '@pp/domain';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { orders, orderStatusHistory } from '../orders/tables';

/**
 * Each indicator's rule (docs/decisions.md, "Service quality and dashboard") as SQL over `orders`, read by the
 * moment the indicator dates an order by, so a period is one range of that moment's index: the summary's months,
 * the current month and last seven days, and the orders grid's "broken in this period" filter all use these.
 * `slaCountSql` (service.ts) states the same rules as one pass over the orders; a test holds the two equal.
 */

const tz = SLA_TIME_ZONE;
/** Midnight starting a Central European day, as a timestamp. */
const dayStart = (day: string) => sql`(${day}::date)::timestamp at time zone ${tz}`;
const localDay = (column: AnyColumn | SQL) => sql`(${column} at time zone ${tz})::date`;

const FINAL = sql.raw(`('delivered', 'cancelled', 'returned', 'lost')`);

export interface IndicatorSql {
  /** The Central European day the indicator dates the order by. */
  day: SQL;
  /** The orders the indicator judges whose day lies in [from, to] (YYYY-MM-DD, inclusive). */
  judged: (from: string, to: string) => SQL;
  broken: SQL;
}

export const INDICATOR_SQL: Record<SlaType, IndicatorSql> = {
  // Orders created in the period; broken when cancelled, unless the marketplace cancelled it (the customer).
  'cancel-rate': {
    day: localDay(orders.createdAt),
    judged: (from, to) =>
      sql`${orders.createdAt} >= ${dayStart(from)} and ${orders.createdAt} < ${dayStart(addDays(to, 1))}`,
    broken: sql`(${orders.status} = 'cancelled' and not exists (
      select 1 from ${orderStatusHistory} h
      where h.partner_id = ${orders.partnerId} and h.order_id = ${orders.id}
        and h.status = 'cancelled' and h.source = 'marketplace'))`,
  },
  // Orders shipped by the seller's own carrier (not MALL Delivery, not personal pickup); broken without tracking.
  tracking: {
    day: localDay(orders.shippedAt),
    judged: (
      from,
      to,
    ) => sql`${orders.shippedAt} >= ${dayStart(from)} and ${orders.shippedAt} < ${dayStart(addDays(to, 1))}
      and ${orders.status} in ('shipped', 'delivered', 'returned', 'lost')
      and not ${orders.isMallDelivery} and ${orders.deliveryType} is distinct from 'PERSONAL_PICKUP'`,
    broken: sql`(coalesce(${orders.trackingNumber}, '') = '')`,
  },
  // Orders whose status fell due (expected delivery + 7 days) in the period, blocked ones aside; broken while
  // the status is not final.
  'status-error': {
    day: sql`(${orders.deliveryDate} + 7)`,
    judged: (from, to) => sql`${orders.deliveryDate} >= ${addDays(from, -7)}::date
      and ${orders.deliveryDate} <= ${addDays(to, -7)}::date and ${orders.status} <> 'blocked'`,
    broken: sql`(${orders.status} not in ${FINAL})`,
  },
  // Orders delivered in the period with an expected date; broken when delivered after that day.
  delivery: {
    day: localDay(orders.deliveredAt),
    judged: (
      from,
      to,
    ) => sql`${orders.deliveredAt} >= ${dayStart(from)} and ${orders.deliveredAt} < ${dayStart(addDays(to, 1))}
      and ${orders.deliveryDate} is not null and ${orders.status} in ('delivered', 'returned')`,
    broken: sql`(${orders.deliveredAt} >= (${orders.deliveryDate} + 1)::timestamp at time zone ${tz})`,
  },
};

/**
 * Every judgement of a partner's orders whose indicator day lies in [from, to]: one row per order and indicator
 * with the day, the day the order was created and whether it is broken. Test orders never count.
 */
export function judgedOrdersSql(partnerId: number, from: string, to: string): SQL {
  const arms = (Object.entries(INDICATOR_SQL) as [SlaType, IndicatorSql][]).map(
    ([type, rule]) => sql`
      select ${type}::text as sla_type, ${rule.day} as day, ${localDay(orders.createdAt)} as created_on,
             ${rule.broken} as broken
      from ${orders}
      where ${orders.partnerId} = ${partnerId} and not ${orders.isTest} and ${rule.judged(from, to)}`,
  );
  return sql.join(arms, sql` union all `);
}

/**
 * The orders an indicator counts as broken in [from, to], among those created on or after `scanFrom` (the
 * period's look-back, as the figures read them), for the orders grid. `to` is cut at `today`: an order is not
 * judged before its day has come.
 */
export function breachSql(type: SlaType, from: string, to: string, scanFrom: string, today: string): SQL {
  const rule = INDICATOR_SQL[type];
  const until = to < today ? to : today;
  return sql`(not ${orders.isTest} and ${orders.createdAt} >= ${dayStart(scanFrom)}
    and ${rule.judged(from, until)} and ${rule.broken})`;
}
