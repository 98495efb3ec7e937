import { date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from '../account/tables';
import { partners } from '../partner/tables';

/**
 * API credentials of a partner (spec API key): the client id is public, the secret is shown once and only
 * its hash kept. `validTo` null means unlimited; `revokedAt` ends a key before its time.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    clientId: text('client_id').notNull(),
    secretHash: text('secret_hash').notNull(),
    /** legacy or master. */
    type: text('type').notNull(),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull().defaultNow(),
    validTo: timestamp('valid_to', { withTimezone: true }),
    createdBy: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: integer('revoked_by').references(() => accounts.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('api_keys_client_id_uq').on(t.clientId),
    index('api_keys_partner_idx').on(t.partnerId, t.id),
    // The REST API v1 finds a key by its secret (the client_id an integration sends) on every request.
    uniqueIndex('api_keys_secret_hash_uq').on(t.secretHash),
  ],
);

/**
 * Test accounts of a partner in the marketplace's sandbox environment, where an integration can be tried
 * without touching live orders. The password is set by the link mailed to the address; only its hash is kept.
 */
export const sandboxAccounts = pgTable(
  'sandbox_accounts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    /** The sandbox API client id issued with the account; its secret is shown once and kept hashed. */
    clientId: text('client_id').notNull(),
    secretHash: text('secret_hash').notNull(),
    createdBy: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sandbox_accounts_client_id_uq').on(t.clientId),
    index('sandbox_accounts_partner_idx').on(t.partnerId, t.id),
    // The REST API v1 finds a sandbox account by its secret (the client_id an integration sends).
    uniqueIndex('sandbox_accounts_secret_hash_uq').on(t.secretHash),
  ],
);

/** Limit plans: daily request limits per API domain (products, availability, orders, other). */
export const apiTiers = pgTable('api_tiers', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  productsLimit: integer('products_limit').notNull(),
  availabilityLimit: integer('availability_limit').notNull(),
  ordersLimit: integer('orders_limit').notNull(),
  otherLimit: integer('other_limit').notNull(),
});

/** A partner's tier over time (spec: history tierName, tierId, date); the latest row is the current tier. */
export const partnerApiTiers = pgTable(
  'partner_api_tiers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    tierId: integer('tier_id')
      .notNull()
      .references(() => apiTiers.id),
    since: timestamp('since', { withTimezone: true }).notNull().defaultNow(),
    changedBy: integer('changed_by').references(() => accounts.id, { onDelete: 'set null' }),
  },
  (t) => [index('partner_api_tiers_partner_idx').on(t.partnerId, t.since)],
);

/**
 * Requests per partner, day (marketplace time, limits renew at midnight) and domain, counted by the
 * partner REST API's recorder with one atomic upsert per request.
 */
export const apiUsageDaily = pgTable(
  'api_usage_daily',
  {
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    /** products, availability, orders or other. */
    domain: text('domain').notNull(),
    usedRequests: integer('used_requests').notNull().default(0),
    lastUpdated: timestamp('last_updated', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.partnerId, t.day, t.domain] }), index('api_usage_daily_day_idx').on(t.day)],
);

/**
 * The applications an API key's integration said it was (X-Application-Name/-Version/-Tag, '' when a header is
 * absent), each with when it was first and last seen. Written by the v1 plugin when a key is first seen in a
 * process and then at most once a minute (api/integrations.ts), never per request; the newest few per key stay.
 */
export const apiKeyApplications = pgTable(
  'api_key_applications',
  {
    keyId: integer('key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    name: text('name').notNull().default(''),
    version: text('version').notNull().default(''),
    tag: text('tag').notNull().default(''),
    firstSeen: timestamp('first_seen', { withTimezone: true }).notNull().defaultNow(),
    lastSeen: timestamp('last_seen', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.keyId, t.name, t.version, t.tag] }),
    index('api_key_applications_partner_idx').on(t.partnerId, t.lastSeen.desc().nullsLast()),
  ],
);
