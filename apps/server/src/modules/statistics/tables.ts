import { bigint, date, index, integer, numeric, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The statistics summary (docs/decisions.md, "Statistics summary"): per partner, the figures of its orders by day
 * and market, and by month and product, so two years of a large partner are a few thousand rows instead of every
 * order. Counted per month from the orders (summary.ts) and kept current by the marks below, as the SLA summary.
 * Every figure is of the orders CREATED that day (a cohort): a status change moves the counts of the day the order
 * was created. Test orders count nowhere. Money is exact (numeric), per currency, never converted.
 */
export const orderStatsDays = pgTable(
  'order_stats_days',
  {
    partnerId: integer('partner_id').notNull(),
    /** The order's creation day in the shops' calendar (Central European time). */
    day: date('day', { mode: 'string' }).notNull(),
    /** The market: the order's delivery country ('' when unknown). */
    country: text('country').notNull(),
    currency: text('currency').notNull(),
    orders: integer('orders').notNull(),
    /** Pieces ordered, cancelled orders aside. */
    items: integer('items').notNull(),
    /** The order totals, cancelled orders aside. */
    sales: numeric('sales', { precision: 16, scale: 2, mode: 'string' }).notNull(),
    delivered: integer('delivered').notNull(),
    cancelled: integer('cancelled').notNull(),
    returned: integer('returned').notNull(),
    /** Orders with a shipping time, and the sum of their seconds from creation to shipping. */
    shipped: integer('shipped').notNull(),
    dispatchSeconds: bigint('dispatch_seconds', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.partnerId, t.day, t.country, t.currency] })],
);

/** Pieces and sales per product and month (cancelled orders aside), for the top products and categories. */
export const orderStatsProducts = pgTable(
  'order_stats_products',
  {
    partnerId: integer('partner_id').notNull(),
    /** The first day of the orders' creation month. */
    month: date('month', { mode: 'string' }).notNull(),
    country: text('country').notNull(),
    currency: text('currency').notNull(),
    /** The partner's product id of the item (its article id or title when it has none). */
    product: text('product').notNull(),
    title: text('title').notNull(),
    quantity: integer('quantity').notNull(),
    sales: numeric('sales', { precision: 16, scale: 2, mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.partnerId, t.month, t.country, t.currency, t.product] })],
);

/** The months of a partner whose figures are in the two tables above and current (no mark since counted). */
export const orderStatsMonths = pgTable(
  'order_stats_months',
  {
    partnerId: integer('partner_id').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    countedAt: timestamp('counted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.partnerId, t.month] })],
);

/**
 * Months a committed change of orders or their items made stale, written by the triggers of migration
 * 0051_statistics. An append-only log, so writers of one partner never wait for each other.
 */
export const orderStatsMonthChanges = pgTable(
  'order_stats_month_changes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    partnerId: integer('partner_id').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
  },
  (t) => [index('order_stats_month_changes_partner_idx').on(t.partnerId, t.month)],
);
