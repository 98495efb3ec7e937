import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * The carriers' pickup points (branches), one row per branch of one carrier. Not partner-owned: the networks
 * are the same for every seller of a market. `id` is `<CARRIER>-<code>`, the key an order's `branch_id`
 * holds, so an order arriving from the marketplace names its branch without a lookup.
 */
export const carrierBranches = pgTable(
  'carrier_branches',
  {
    id: text('id').primaryKey(),
    /** A carrier code of the domain's list (DELIVERY_CARRIERS). */
    carrier: text('carrier').notNull(),
    /** ISO country code of the branch (CZ, SK, PL, SI, HU, HR). */
    country: text('country').notNull(),
    /** The carrier's own id of the branch, unique per carrier. */
    code: text('code').notNull(),
    name: text('name').notNull(),
    street: text('street').notNull(),
    city: text('city').notNull(),
    zip: text('zip').notNull(),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    /** A branch that left the carrier's file stays (orders point at it) but is offered no more. */
    active: boolean('active').notNull().default(true),
    codAllowed: boolean('cod_allowed').notNull().default(true),
    /** The largest package size the branch accepts (SMALLBOX, BIGBOX); null when it takes any. */
    maxPackageSize: text('max_package_size'),
    openingHours: text('opening_hours'),
    /** The file load that last wrote the branch: a refresh deactivates its carrier's branches of other loads. */
    loadId: integer('load_id'),
    /**
     * What a search compares: folded (lower case, no diacritics) name, city, zip with and without its space,
     * and street. Stored, so the trigram index and the query read the same expression.
     */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(
        sql`lower(pp_unaccent(name || ' ' || city || ' ' || zip || ' ' || replace(zip, ' ', '') || ' ' || street))`,
      ),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('carrier_branches_carrier_code_idx').on(t.carrier, t.code),
    // The browse order of the picker (no search text) and the keyset of its pages.
    index('carrier_branches_browse_idx').on(t.country, t.carrier, t.name, t.id).where(sql`${t.active}`),
    index('carrier_branches_country_browse_idx').on(t.country, t.name, t.id).where(sql`${t.active}`),
    index('carrier_branches_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
  ],
);

/** One load of a carrier's branch file (command or operator upload): its progress and its outcome. */
export const carrierBranchLoads = pgTable('carrier_branch_loads', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  carrier: text('carrier'),
  /** queued, running, done, failed */
  status: text('status').notNull(),
  /** Where the uploaded file waits for its job (platform storage, under the marketplace's own prefix 0/). */
  fileKey: text('file_id'),
  fileName: text('file_name'),
  /** Who started it (an operator's account), null for the command line. */
  accountId: integer('account_id'),
  lines: integer('lines').notNull().default(0),
  inserted: integer('inserted').notNull().default(0),
  updated: integer('updated').notNull().default(0),
  deactivated: integer('deactivated').notNull().default(0),
  /** The first bad rows, as { line, field, rule }; the count says how many there were in all. */
  errors: jsonb('errors').$type<{ line: number; field: string; rule: string }[]>().notNull().default([]),
  errorCount: integer('error_count').notNull().default(0),
  /** Why the whole file was refused (a catalogue code), null when it was loaded or has not finished. */
  errorCode: text('error_code'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});

/**
 * A consignment registered with a carrier for an order (Ulozenka register), and whether it was exported
 * (handed over). One per order and carrier.
 */
export const carrierConsignments = pgTable(
  'carrier_consignments',
  {
    partnerId: integer('partner_id').notNull(),
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    carrier: text('carrier').notNull(),
    /** The carrier's id of the consignment. */
    consignmentId: text('consignment_id').notNull(),
    trackingNumber: text('tracking_number'),
    registeredAt: timestamp('registered_at', { withTimezone: true }).notNull().defaultNow(),
    exportedAt: timestamp('exported_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.partnerId, t.orderId, t.carrier] })],
);
