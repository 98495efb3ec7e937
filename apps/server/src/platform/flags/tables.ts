import { boolean, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const featureFlags = pgTable('feature_flags', {
  name: text('name').primaryKey(),
  enabled: boolean('enabled').notNull(),
  updated: timestamp('updated', { withTimezone: true }).notNull().defaultNow(),
});
