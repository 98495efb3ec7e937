import { boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const featureFlags = pgTable('feature_flags', {
  name: text('name').primaryKey(),
  enabled: boolean('enabled').notNull(),
  updated: timestamp('updated', { withTimezone: true }).notNull().defaultNow(),
  /** The operator who switched it last; null while it holds the environment's initial value. */
  updatedBy: integer('updated_by'),
});
