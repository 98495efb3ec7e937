import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from '../account/tables';
import { partners } from '../partner/tables';

/**
 * What a new e-shop told us when it registered (spec: Registration info), kept as it was given; the
 * partner, its contract and its master account are made from it in the same transaction.
 */
export const registrations = pgTable(
  'registrations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    source: text('source').notNull().default('portal'),
    shopId: text('shop_id').notNull(),
    provider: text('provider'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    language: text('language').notNull(),
    shopName: text('shop_name').notNull(),
    web: text('web').notNull(),
    company: text('company').notNull(),
    companyId: text('company_id').notNull(),
    vatId: text('vat_id').notNull().default(''),
    street: text('street').notNull(),
    city: text('city').notNull(),
    zip: text('zip').notNull(),
    country: text('country').notNull(),
    bankAccount: text('bank_account').notNull().default(''),
    annualTurnover: text('annual_turnover').notNull(),
    salesCount: text('sales_count').notNull(),
    offeredCount: text('offered_count').notNull(),
    divisions: text('divisions').array().notNull(),
    otherDivisions: text('other_divisions').notNull().default(''),
    countries: text('countries').array().notNull(),
    productFeed: text('product_feed').notNull().default(''),
    availabilityFeed: text('availability_feed').notNull().default(''),
    hasCarrier: boolean('has_carrier').notNull().default(false),
    ip: text('ip'),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (t) => [index('registrations_created_idx').on(t.created), index('registrations_partner_idx').on(t.partnerId)],
);

export type RegistrationRow = typeof registrations.$inferSelect;
