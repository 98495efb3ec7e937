import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  foreignKey,
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

const money = (name: string) => numeric(name, { precision: 14, scale: 2, mode: 'number' });
const measure = (name: string) => numeric(name, { precision: 10, scale: 3, mode: 'number' });

/** A promotion or a label with its validity (spec "Promotion", "Label"); dates are days (00:00:00). */
export interface PromotionValue {
  price: number;
  from: string | null;
  to: string | null;
  source: 'PARTNER' | 'CAMPAIGN';
  /** A campaign's promotion of one variant (campaigns/promotions.ts); absent for the product's own. */
  variantId?: string;
  /** The campaign that put a CAMPAIGN entry there. */
  campaignId?: number;
}
export interface LabelValue {
  label: string;
  from: string | null;
  to: string | null;
  source: 'PARTNER' | 'CAMPAIGN';
  /** The campaign that put a CAMPAIGN entry there. */
  campaignId?: number;
}
/** Parameter values by parameter code: one value, or a list for a `multiple` parameter. */
export type ParameterValues = Record<string, string | string[]>;

/**
 * A partner's product (commerce spec §3 "Product"). Keyed by partner first; `id` is the partner's own
 * product id (PRODUCT_ID rule). Prices are in the currency of the partner's shop. A product with variants
 * keeps its shared fields here and each variant's own price, stock and barcode in `product_variants`.
 */
export const products = pgTable(
  'products',
  {
    partnerId: integer('partner_id').notNull(),
    id: text('id').notNull(),
    /** The full title, built from brand, product type and line (domain `productTitle`). */
    title: text('title').notNull(),
    productType: text('product_type').notNull().default(''),
    line: text('line'),
    shortDesc: text('short_desc'),
    /** Sanitised HTML (server allow-list), never raw input. */
    longDesc: text('long_desc'),
    brandId: text('brand_id'),
    categoryId: integer('category_id'),
    barcode: text('barcode'),
    taricCode: text('taric_code'),
    priority: integer('priority').notNull().default(1),
    price: money('price'),
    /**
     * The spec's force_price, stored as the seller sent it and exported with the feed. It bypasses the 30 %
     * hold only as part of the incoming row (import, batch, API), never as a stored value (docs/decisions.md).
     */
    forcePrice: boolean('force_price').notNull().default(false),
    rrp: money('rrp'),
    purchasePrice: money('purchase_price'),
    fairPrice: money('fair_price'),
    /** The recycling fee (WEEE / PHE). */
    weeeFee: money('weee_fee'),
    vat: numeric('vat', { precision: 5, scale: 2, mode: 'number' }),
    inStock: integer('in_stock').notNull().default(0),
    deliveryDelay: integer('delivery_delay').notNull().default(0),
    freeDelivery: boolean('free_delivery').notNull().default(false),
    /** smallbox or bigbox: set together with the dimensions, or delivery will not work. */
    packageSize: text('package_size'),
    weight: measure('weight'),
    width: measure('width'),
    length: measure('length'),
    height: measure('height'),
    parameters: jsonb('parameters').$type<ParameterValues>().notNull().default({}),
    /** The codes of the (at most two) parameters the variants are built from. */
    variableParameters: text('variable_parameters').array().notNull().default([]),
    promotions: jsonb('promotions').$type<PromotionValue[]>().notNull().default([]),
    labels: jsonb('labels').$type<LabelValue[]>().notNull().default([]),
    recommended: text('recommended').array().notNull().default([]),
    mallboxAllowed: boolean('mallbox_allowed').notNull().default(false),
    /** ACTIVE, INACTIVE, or NOT_FOR_RESALE (set only by the marketplace). */
    status: text('status').notNull().default('ACTIVE'),
    /** DRAFT or LIVE. */
    stage: text('stage').notNull().default('DRAFT'),
    /** Blocked by the marketplace (content control); the reason is shown to the partner. */
    blocked: boolean('blocked').notNull().default(false),
    blockedReason: text('blocked_reason'),
    /** The last save or import found problems the marketplace would refuse (grid status "error"). */
    hasErrors: boolean('has_errors').notNull().default(false),
    variantCount: integer('variant_count').notNull().default(0),
    /** The main image's thumbnail, kept on the row so that the grid needs no join. */
    mainThumbUrl: text('main_thumb_url'),
    sentToApprovalAt: timestamp('sent_to_approval_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.partnerId, t.id] }),
    // The grid's sorts and tabs (keyset both ways on NOT NULL columns).
    index('products_partner_title_idx').on(t.partnerId, t.title, t.id),
    index('products_partner_stock_idx').on(t.partnerId, t.inStock, t.title, t.id),
    index('products_partner_updated_idx').on(t.partnerId, t.updatedAt, t.id),
    index('products_partner_created_idx').on(t.partnerId, t.createdAt, t.id),
    index('products_partner_status_idx').on(t.partnerId, t.status, t.stage, t.id),
    index('products_partner_price_idx').on(t.partnerId, t.price.desc().nullsLast(), t.id.desc().nullsFirst()),
    index('products_partner_category_idx').on(t.partnerId, t.categoryId, t.id),
    index('products_partner_brand_idx').on(t.partnerId, t.brandId, t.id),
    index('products_partner_blocked_idx').on(t.partnerId, t.id).where(sql`${t.blocked}`),
    // "Contains" filters and the search on 200,000 products.
    // The title without case and diacritics ("zidle" finds "Židle"), as platform/grid.ts accentFolded spells it.
    index('products_title_fold_trgm_idx').using('gin', sql`lower(pp_unaccent(${t.title})) gin_trgm_ops`),
    // On lower(id), not id: PostgreSQL would take a trigram index on the id itself for plain `id = …` lookups
    // (1,000 ids: 16 s instead of 17 ms). Only the search says lower(id).
    index('products_id_lower_trgm_idx').using('gin', sql`lower(${t.id}) gin_trgm_ops`),
    index('products_barcode_idx').on(t.partnerId, t.barcode),
  ],
);

/** A variant of a product (spec "Variant"): its own price, stock, barcode, image, delay and status. */
export const productVariants = pgTable(
  'product_variants',
  {
    partnerId: integer('partner_id').notNull(),
    productId: text('product_id').notNull(),
    id: text('id').notNull(),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    price: money('price'),
    rrp: money('rrp'),
    inStock: integer('in_stock').notNull().default(0),
    barcode: text('barcode'),
    /** The URL of one of the product's images. */
    imageUrl: text('image_url'),
    deliveryDelay: integer('delivery_delay').notNull().default(0),
    status: text('status').notNull().default('ACTIVE'),
    /** This variant's values of the variable parameters (and any other per-variant parameter). */
    parameters: jsonb('parameters').$type<ParameterValues>().notNull().default({}),
  },
  (t) => [
    primaryKey({ columns: [t.partnerId, t.productId, t.id] }),
    // A variant id is an item id of its own in the marketplace: unique within the partner.
    uniqueIndex('product_variants_partner_id_idx').on(t.partnerId, t.id),
  ],
);

/** An image (or document) of a product, in order; `variantId` null for the product's own media. */
export const productMedia = pgTable(
  'product_media',
  {
    partnerId: integer('partner_id').notNull(),
    productId: text('product_id').notNull(),
    position: integer('position').notNull(),
    url: text('url').notNull(),
    /** The stored file when the image was uploaded to the portal (null for an external URL from a feed). */
    fileId: uuid('file_id'),
    thumbUrl: text('thumb_url'),
    main: boolean('main').notNull().default(false),
    energyLabel: boolean('energy_label').notNull().default(false),
    informationList: boolean('information_list').notNull().default(false),
    width: integer('width'),
    height: integer('height'),
  },
  (t) => [primaryKey({ columns: [t.partnerId, t.productId, t.position] })],
);

/** Why an imported or saved item was refused (the products "errors" tab, 100 per page). */
export const productErrors = pgTable(
  'product_errors',
  {
    partnerId: integer('partner_id').notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    productId: text('product_id').notNull(),
    /** IMPORT (XML file), FORM, MARKETPLACE (content control), or MEDIA (an image at a seller's URL, remote-media.ts). */
    source: text('source').notNull(),
    importId: uuid('import_id'),
    /** [{ field, rule, params }] — the domain's FieldIssue list, translated when shown. */
    issues: jsonb('issues')
      .$type<{ field: string; rule: string; params?: Record<string, string | number> }[]>()
      .notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.partnerId, t.id] }),
    index('product_errors_partner_product_idx').on(t.partnerId, t.productId),
  ],
);

/** A product XML import: one unfinished per partner (IMPORT_IN_PROGRESS). */
export const productImports = pgTable(
  'product_imports',
  {
    partnerId: integer('partner_id').notNull(),
    id: uuid('id').notNull(),
    accountId: integer('account_id'),
    /** QUEUED, RUNNING, DONE or FAILED. */
    status: text('status').notNull(),
    fileName: text('file_name').notNull(),
    /** Where the uploaded file was spooled (a stored file of kind product-import). */
    fileId: uuid('file_id'),
    done: integer('done').notNull().default(0),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    /** Price changes over the confirmation bound the import held back (product_price_holds); 0 once confirmed. */
    held: integer('held').notNull().default(0),
    /** Price changes over the bound applied at once because their item said FORCE_PRICE (audited as forced). */
    forced: integer('forced').notNull().default(0),
    errorCode: text('error_code'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.partnerId, t.id] }),
    uniqueIndex('product_imports_one_running_idx').on(t.partnerId).where(sql`${t.status} in ('QUEUED', 'RUNNING')`),
  ],
);

/**
 * A price change an XML import or a batch apply did not write, because it moves the price by more than the
 * confirmation bound (domain `priceChangesOverBound`). It waits for the seller's confirmation
 * (`productPriceHoldsApply`), which writes it only while the price is still `price_from`. A later write of
 * the product by an import, a batch or the form drops it: the newer price is the seller's word.
 */
export const productPriceHolds = pgTable(
  'product_price_holds',
  {
    partnerId: integer('partner_id').notNull(),
    /** The import's id (IMPORT) or the batch job's id (BATCH): what the seller confirms as one. */
    sourceId: uuid('source_id').notNull(),
    source: text('source').notNull(),
    productId: text('product_id').notNull(),
    /** '' for the product's own price, else the variant's id. */
    variantId: text('variant_id').notNull().default(''),
    priceFrom: money('price_from').notNull(),
    priceTo: money('price_to').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.partnerId, t.sourceId, t.productId, t.variantId] }),
    index('product_price_holds_partner_product_idx').on(t.partnerId, t.productId),
  ],
);

/**
 * An image a product names by the seller's own URL (XML import, the form, later the API and feeds), fetched by
 * the remote-media job and kept as the partner's public file. One row per product and URL: the same URL sent
 * again is not fetched again, and a URL that gave no image keeps why (shown on the product and in its errors).
 */
export const productRemoteMedia = pgTable(
  'product_remote_media',
  {
    partnerId: integer('partner_id').notNull(),
    productId: text('product_id').notNull(),
    url: text('url').notNull(),
    /** The key of the URL: a URL may be 2,000 characters of UTF-8, more than a B-tree entry holds. */
    urlHash: text('url_hash').notNull().generatedAlwaysAs(sql`md5(url)`),
    /** PENDING (waiting or being fetched), STORED or FAILED. */
    status: text('status').notNull().default('PENDING'),
    fileId: uuid('file_id'),
    thumbUrl: text('thumb_url'),
    width: integer('width'),
    height: integer('height'),
    /** Why the URL gave no image (a catalogue code); on a PENDING row, why the last attempt failed. */
    errorCode: text('error_code'),
    attempts: integer('attempts').notNull().default(0),
    /** When it may be tried (again); a claim moves it past the lease. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set by the process fetching it, until the longest attempt would end: the per-partner bound counts these. */
    leasedUntil: timestamp('leased_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.partnerId, t.productId, t.urlHash] }),
    index('product_remote_media_due_idx').on(t.partnerId, t.nextAttemptAt).where(sql`${t.status} = 'PENDING'`),
  ],
);

/**
 * The CN codes a product's TARIC code is picked from (spec "taric codes"), with a description per language
 * (cs, en, hr, hu, pl, sk, sl). Data, not a domain constant: the nomenclature changes every 1 January and an
 * operator updates it without a release. The migration that made the table seeds the demo categories' codes.
 */
export const taricCodes = pgTable(
  'taric_codes',
  {
    /** Eight digits (domain TARIC_CODE_PATTERN). */
    code: text('code').primaryKey(),
    descriptions: jsonb('descriptions').$type<Record<string, string>>().notNull(),
    /** Every language's description without case and diacritics, for the search ("nabytek" finds "Nábytek"). */
    search: text('search')
      .notNull()
      .generatedAlwaysAs(
        sql`lower(pp_unaccent(coalesce(descriptions->>'cs', '') || ' ' || coalesce(descriptions->>'en', '') || ' ' ||
          coalesce(descriptions->>'hr', '') || ' ' || coalesce(descriptions->>'hu', '') || ' ' ||
          coalesce(descriptions->>'pl', '') || ' ' || coalesce(descriptions->>'sk', '') || ' ' ||
          coalesce(descriptions->>'sl', '')))`,
      ),
  },
  (t) => [
    index('taric_codes_search_trgm_idx').using('gin', sql`${t.search} gin_trgm_ops`),
    // The code's prefix ("9403" finds 9403 10 51 …): a pattern index, whatever the database's collation.
    index('taric_codes_code_prefix_idx').using('btree', sql`${t.code} text_pattern_ops`),
  ],
);

/**
 * A supply delay of a product, or of one of its variants (`variantId`, '' for the product's own), as the
 * marketplace's API sets it (issue 20): the item waits for its supplier from `validFrom` to `validTo`. Goes
 * with its product; a variant's delay is keyed by the variant's id, which a save of the product keeps.
 */
export const productSupplyDelays = pgTable(
  'product_supply_delays',
  {
    partnerId: integer('partner_id').notNull(),
    productId: text('product_id').notNull(),
    variantId: text('variant_id').notNull().default(''),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
    validTo: timestamp('valid_to', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.partnerId, t.productId, t.variantId] }),
    check('product_supply_delays_order_ck', sql`${t.validTo} > ${t.validFrom}`),
    foreignKey({
      name: 'product_supply_delays_product_fk',
      columns: [t.partnerId, t.productId],
      foreignColumns: [products.partnerId, products.id],
    }).onDelete('cascade'),
  ],
);
