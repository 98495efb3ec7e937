import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts } from '../account/tables';
import { partners } from '../partner/tables';

/**
 * A campaign of the marketplace (spec commerce §3 "Campaign"), maintained by operators. Not a partner's row:
 * every partner of its shops reads it (except blacklisted ones, and nobody reads a DRAFT).
 */
export const campaigns = pgTable(
  'campaigns',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** PRODUCT_LABELS codes the campaign puts on its products. */
    labels: text('labels').array().notNull().default([]),
    /** Locked by an operator: no new import (the accepted ones stay). */
    locked: boolean('locked').notNull().default(false),
    /** CAMPAIGN_STATUSES: DRAFT, PUBLISHED, CANCELLED. */
    status: text('status').notNull().default('DRAFT'),
    minDiscount: numeric('min_discount', { precision: 5, scale: 2, mode: 'number' }).notNull().default(0),
    minDiscountRrp: numeric('min_discount_rrp', { precision: 5, scale: 2, mode: 'number' }).notNull().default(0),
    /** A reduction above this percent needs the partner's confirmation; null: never asked. */
    maxReduction: numeric('max_reduction', { precision: 5, scale: 2, mode: 'number' }),
    articleCountMin: integer('article_count_min').notNull().default(1),
    articleCountMax: integer('article_count_max').notNull(),
    /** Category ids of any level (a product's leaf must be one of them or below one); empty: all. */
    categories: integer('categories').array().notNull().default([]),
    /** Level-1 category ids; empty: all. */
    divisions: integer('divisions').array().notNull().default([]),
    shops: text('shops').array().notNull(),
    /** The duration in days, both inclusive. */
    dateFrom: date('date_from', { mode: 'string' }).notNull(),
    dateTo: date('date_to', { mode: 'string' }).notNull(),
    /** When the schedule started it (wrote its prices into the history); null until then (migration 0049). */
    startedAt: timestamp('started_at', { withTimezone: true }),
    /** When the schedule ended it (its promotions removed, the regular prices recorded again). */
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
    updated: timestamp('updated', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The list's order (start, newest first) with the id as the keyset's tie-break.
    index('campaigns_from_idx').on(t.dateFrom, t.id),
    check('campaigns_dates_ck', sql`${t.dateTo} >= ${t.dateFrom}`),
    check('campaigns_count_ck', sql`${t.articleCountMax} >= ${t.articleCountMin}`),
  ],
);

/** Partners a campaign refuses (spec "partner_blacklist"): they neither see nor join it. */
export const campaignBlacklist = pgTable(
  'campaign_blacklist',
  {
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.partnerId] }),
    index('campaign_blacklist_partner_idx').on(t.partnerId),
  ],
);

/**
 * A partner's campaign file (spec "Import"): the stored file, its check's outcome and counts. One unfinished
 * import per partner and campaign (the partial unique index decides parallel uploads: AnotherImportConflict).
 */
export const campaignImports = pgTable(
  'campaign_imports',
  {
    partnerId: integer('partner_id').notNull(),
    id: uuid('id').notNull(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    /** CAMPAIGN_IMPORT_STATUSES. */
    status: text('status').notNull(),
    fileId: uuid('file_id'),
    fileName: text('file_name').notNull(),
    /** Lines that name a product (valid or not). */
    productsCount: integer('products_count').notNull().default(0),
    errorsCount: integer('errors_count').notNull().default(0),
    /** Lines whose reduction is above the allowed percent (the partner must allow them). */
    confirmCount: integer('confirm_count').notNull().default(0),
    /** The file-level code when the whole file was refused (FAILED). */
    fileError: text('file_error'),
    /** Set by allow-process: the partner allowed the reductions above the allowed percent. */
    allowToImport: boolean('allow_to_import').notNull().default(false),
    accountId: integer('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.partnerId, t.id] }),
    index('campaign_imports_partner_campaign_idx').on(t.partnerId, t.campaignId, t.createdAt, t.id),
    uniqueIndex('campaign_imports_unfinished_uq')
      .on(t.partnerId, t.campaignId)
      .where(sql`${t.status} in ('QUEUED', 'CHECKING', 'CONFIRM')`),
  ],
);

/** A structured error of an import's line (spec "structured_errors": type, data key/value; the message is the type's text). */
export const campaignImportErrors = pgTable(
  'campaign_import_errors',
  {
    partnerId: integer('partner_id').notNull(),
    importId: uuid('import_id').notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    /** 1-based line of the file; null for the whole file (a product count bound). */
    line: integer('line'),
    articleId: text('article_id'),
    /** CAMPAIGN_ERROR_TYPES. */
    type: text('type').notNull(),
    data: jsonb('data').$type<Record<string, string | number>>().notNull().default({}),
  },
  (t) => [
    primaryKey({ columns: [t.partnerId, t.id] }),
    index('campaign_import_errors_import_idx').on(t.partnerId, t.importId, t.line, t.id),
  ],
);

/**
 * The products a partner joined a campaign with (an accepted import's lines): what the product's CAMPAIGN
 * promotion says, kept so that a later import of the same campaign replaces it and the campaign's end
 * removes it. `variant_id` '' for a product without variants (part of the key).
 */
export const campaignProducts = pgTable(
  'campaign_products',
  {
    partnerId: integer('partner_id').notNull(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    productId: text('product_id').notNull(),
    variantId: text('variant_id').notNull().default(''),
    price: numeric('price', { precision: 14, scale: 2, mode: 'number' }).notNull(),
    importId: uuid('import_id').notNull(),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.partnerId, t.campaignId, t.productId, t.variantId] }),
    index('campaign_products_campaign_idx').on(t.campaignId, t.partnerId),
  ],
);
