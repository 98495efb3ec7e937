import { date, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { partners } from '../../partner/tables';

/**
 * Quota a server process holds for the partner REST API's rate limit (docs/decisions.md, "Partner REST API
 * v1"): per partner, limit day and domain, how many requests each process (`holder`) may still admit or has
 * admitted without reporting yet. The counted requests stay in `api_usage_daily`; a lease is taken in chunks,
 * so a request costs no database write. A holder that stops renewing (a crashed process) no longer counts
 * after a minute.
 */
export const apiQuotaLeases = pgTable(
  'api_quota_leases',
  {
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    /** products, availability, orders or other. */
    domain: text('domain').notNull(),
    /** The process holding it (random per server start). */
    holder: text('holder').notNull(),
    amount: integer('amount').notNull(),
    renewedAt: timestamp('renewed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.partnerId, t.day, t.domain, t.holder] })],
);
