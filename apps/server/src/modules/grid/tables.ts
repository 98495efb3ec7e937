import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from '../account/tables';

/**
 * A person's saved grid views: per account, per partner (none in the cockpit) and per grid. Names are
 * unique there regardless of case (spec §5).
 */
export const savedViews = pgTable(
  'saved_views',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    partnerId: integer('partner_id'),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    gridId: text('grid_id').notNull(),
    name: text('name').notNull(),
    state: jsonb('state').notNull(),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('saved_views_name_uq').on(
      sql`coalesce(${t.partnerId}, 0)`,
      t.accountId,
      t.gridId,
      sql`lower(${t.name})`,
    ),
    index('saved_views_owner_idx').on(t.accountId, t.gridId),
  ],
);
