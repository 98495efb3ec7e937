import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** A text in every portal language, keyed by language code (cs, en, hr, hu, pl, sk, sl). */
export type Translated = Record<string, string>;

/**
 * The marketplace's category tree, one per shop (commerce spec §3 "Category"). Categories belong to the
 * marketplace, not to a partner: every partner of the shop reads the same tree. Three levels; products
 * are listed only in a leaf (level 3).
 */
export const categories = pgTable(
  'categories',
  {
    id: integer('id').primaryKey(),
    shopId: text('shop_id').notNull(),
    parentId: integer('parent_id'),
    level: smallint('level').notNull(),
    /** The marketplace's SAP id of the category (e.g. "NP123"). */
    sapId: text('sap_id').notNull(),
    names: jsonb('names').$type<Translated>().notNull(),
    /** The parameter conditions combine with AND or OR (spec "conditions"). */
    conditions: text('conditions').notNull().default('AND'),
    /** Products here carry the recycling fee (PHE): saving asks the seller to confirm it. */
    recyclingFee: boolean('recycling_fee').notNull().default(false),
    energyLabelRequired: boolean('energy_label_required').notNull().default(false),
    informationSheetRequired: boolean('information_sheet_required').notNull().default(false),
    visible: boolean('visible').notNull().default(true),
    /** Locked for every partner of the shop: listing needs the category specialists. */
    locked: boolean('locked').notNull().default(false),
    /** Search words in every language, lower case without diacritics, for the catalogue search. */
    keywords: text('keywords').notNull().default(''),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    index('categories_shop_parent_idx').on(t.shopId, t.parentId, t.position),
    index('categories_keywords_trgm_idx').using('gin', t.keywords.op('gin_trgm_ops')),
  ],
);

/** A parameter of a category (spec "Category parameter"), with its options and constraint. */
export const categoryParameters = pgTable(
  'category_parameters',
  {
    id: integer('id').primaryKey(),
    categoryId: integer('category_id').notNull(),
    /** The parameter's code, as products carry it in their parameters (e.g. "COLOR", "SCREEN_SIZE"). */
    code: text('code').notNull(),
    names: jsonb('names').$type<Translated>().notNull(),
    unit: text('unit'),
    multiple: boolean('multiple').notNull().default(false),
    /** TEXT, NUMBER, ENUM or BOOLEAN (spec "class"). */
    class: text('class').notNull(),
    mandatoryForListing: boolean('mandatory_for_listing').notNull().default(false),
    /** Whether variants may be built from it (at most two per product: HCI_API_TOO_MANY_PARAMS). */
    variant: boolean('variant').notNull().default(false),
    options: jsonb('options').$type<{ value: string; text: Translated }[]>().notNull().default([]),
    /** { type: ALL | BETWEEN | EQUAL | GREATER_THEN | IN | LESS_THEN | NOT_EQUAL | NOT_IN, values: string[] } */
    constraint: jsonb('constraint').$type<{ type: string; values: string[] }>(),
    position: integer('position').notNull().default(0),
  },
  (t) => [uniqueIndex('category_parameters_category_code_idx').on(t.categoryId, t.code)],
);

/** A category locked for one partner (platform spec §6): the partner must contact the specialists. */
export const categoryLocks = pgTable(
  'category_locks',
  {
    partnerId: integer('partner_id').notNull(),
    categoryId: integer('category_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.partnerId, t.categoryId] })],
);

/**
 * Brands of the marketplace (spec "Brand"). Shared by every partner; a partner asks for a new one with a
 * brand request, which an operator accepts (the brand appears here) or rejects.
 */
export const brands = pgTable(
  'brands',
  {
    /** The normalised id (upper case, letters and digits; BRAND_ID rule in the domain). */
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    guid: uuid('guid').notNull().defaultRandom(),
    accepted: boolean('accepted').notNull().default(true),
    claimed: boolean('claimed').notNull().default(false),
    mallBrand: boolean('mall_brand').notNull().default(false),
    description: jsonb('description').$type<Translated>().notNull().default({}),
    /** The logo: a public stored file (see platform/files, public kinds). */
    mediaId: uuid('media_id'),
    urlKey: text('url_key').notNull(),
    /** The similarity key (domain `brandTag`): lower case, no diacritics, letters and digits only. */
    tag: text('tag').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('brands_name_idx').on(sql`lower(${t.name})`, t.id),
    index('brands_tag_trgm_idx').using('gin', t.tag.op('gin_trgm_ops')),
  ],
);

/** A partner's request for a new brand, decided by an operator in the cockpit. */
export const brandRequests = pgTable(
  'brand_requests',
  {
    partnerId: integer('partner_id').notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    /** The brand id the request would create (normalised from the name). */
    brandId: text('brand_id').notNull(),
    name: text('name').notNull(),
    webTitle: text('web_title'),
    description: text('description'),
    logoFileId: uuid('logo_file_id'),
    /** { name, street, city, country, zip, email } */
    manufacturer: jsonb('manufacturer').$type<Record<string, string>>(),
    /** The person responsible for the product in the EU (GPSR): { name, street, city, country, zip, email }. */
    responsiblePerson: jsonb('responsible_person').$type<Record<string, string>>(),
    /** [{ languageId, name, description }] */
    translations: jsonb('translations')
      .$type<{ languageId: string; name: string; description: string }[]>()
      .notNull()
      .default([]),
    /** PENDING, ACCEPTED or REJECTED. */
    status: text('status').notNull().default('PENDING'),
    /** The operator's reason, shown to the partner with a rejection. */
    reason: text('reason'),
    email: text('email'),
    accountId: integer('account_id'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: integer('decided_by'),
  },
  (t) => [
    primaryKey({ columns: [t.partnerId, t.id] }),
    index('brand_requests_partner_requested_idx').on(t.partnerId, t.requestedAt, t.id),
    index('brand_requests_pending_idx').on(t.requestedAt).where(sql`${t.status} = 'PENDING'`),
    // One open request per brand across the marketplace: a second partner asking for it is told it exists.
    uniqueIndex('brand_requests_pending_brand_idx').on(t.brandId).where(sql`${t.status} = 'PENDING'`),
  ],
);
