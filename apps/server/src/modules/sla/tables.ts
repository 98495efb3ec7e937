import { bigint, date, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The service-quality summary (docs/decisions.md, "Service quality summary"): per partner and completed month,
 * the judged and broken orders of each indicator, so a year of figures is a few hundred rows instead of every
 * order. Filled by the first read of a month and kept current by the marks below; the current month and the
 * last seven days are always counted from the orders.
 */
export const slaMonthCounts = pgTable(
  'sla_month_counts',
  {
    partnerId: integer('partner_id').notNull(),
    /** The first day of the month the indicator dates the orders in (Central European time). */
    month: date('month', { mode: 'string' }).notNull(),
    slaType: text('sla_type').notNull(),
    /**
     * The day the orders were created, for orders created more than the look-back (62 days) before the month
     * began; for all others the month's first day less the look-back. A period counts a row when this is not
     * before its own scan start, which is exactly the orders the direct count reads.
     */
    createdFrom: date('created_from', { mode: 'string' }).notNull(),
    total: integer('total').notNull(),
    broken: integer('broken').notNull(),
  },
  (t) => [primaryKey({ columns: [t.partnerId, t.month, t.slaType, t.createdFrom] })],
);

/** The months of a partner whose counts are in `sla_month_counts` and current (no mark since they were counted). */
export const slaMonths = pgTable(
  'sla_months',
  {
    partnerId: integer('partner_id').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    countedAt: timestamp('counted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.partnerId, t.month] })],
);

/**
 * Months whose counts a committed change of orders made stale, written by the triggers on `orders` and
 * `order_status_history` (migration 0020_sla_summary). A log without a unique key, so writers of one partner
 * never wait for each other; the next read of the partner's figures takes the marks and counts those months again.
 */
export const slaMonthChanges = pgTable(
  'sla_month_changes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    partnerId: integer('partner_id').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
  },
  (t) => [index('sla_month_changes_partner_idx').on(t.partnerId, t.month)],
);
