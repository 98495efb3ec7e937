import { bigint, boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Page views and click events the portal sends in batches (spec section 2). No foreign keys: analytics
 * outlive the accounts and partners they describe, and writing them must never wait on a lock.
 */
export const usageEvents = pgTable(
  'usage_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: ['view', 'click'] }).notNull(),
    /** The route name (e.g. "orders", "products-detail"), never a URL with ids or tokens. */
    route: text('route').notNull(),
    /** For clicks: the label of the button or link. */
    label: text('label'),
    accountId: integer('account_id'),
    partnerId: integer('partner_id'),
    /** An operator signed in as the partner: an employee session, counted apart. */
    employee: boolean('employee').notNull().default(false),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('usage_events_occurred_idx').on(t.occurredAt)],
);
