import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, real, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from '../account/tables';

export const partners = pgTable(
  'partners',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    partnerName: text('partner_name').notNull(),
    mallName: text('mall_name'),
    sapId: text('sap_id'),
    shopId: text('shop_id').notNull(),
    clientId: text('client_id'),
    provider: text('provider'),
    pluginProvider: text('plugin_provider'),
    rating: real('rating'),
    kam: text('kam'),
    farmer: text('farmer'),
    accountant: text('accountant'),
    workflowStatus: text('workflow_status').notNull().default('REGISTERED'),
    mdpStatus: text('mdp_status').notNull().default('inactive'),
    billingStatus: text('billing_status').notNull().default('inactive'),
    urlSlug: text('url_slug'),
    country: text('country').notNull(),
    note: text('note'),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
    updated: timestamp('updated', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('partners_shop_id_idx').on(t.shopId, t.id),
    index('partners_workflow_idx').on(t.workflowStatus, t.id),
    index('partners_name_idx').on(sql`lower(${t.partnerName})`),
    index('partners_sap_id_idx').on(t.sapId),
  ],
);

/** Which accounts belong to which partner; exactly one master per partner. */
export const accountPartners = pgTable(
  'account_partners',
  {
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    isMaster: boolean('is_master').notNull().default(false),
    /** The partner the server selects when the client names none. */
    isDefault: boolean('is_default').notNull().default(false),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.partnerId, t.accountId] }), index('account_partners_account_idx').on(t.accountId)],
);
