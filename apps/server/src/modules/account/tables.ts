import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const accounts = pgTable(
  'accounts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    lang: text('lang').notNull().default('cs'),
    isConfirmed: boolean('is_confirmed').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    /** A marketplace operator (administrator), who works in the cockpit and may sign in as a partner. */
    isAdmin: boolean('is_admin').notNull().default(false),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
    updated: timestamp('updated', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('accounts_email_uq').on(sql`lower(${t.email})`)],
);

/** Access policies: per partner and account, the (resource, action) pairs allowed. */
export const accessPolicies = pgTable(
  'access_policies',
  {
    partnerId: integer('partner_id').notNull(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    action: text('action').notNull(),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.partnerId, t.accountId, t.subject, t.action] }),
    index('access_policies_account_idx').on(t.accountId),
  ],
);
