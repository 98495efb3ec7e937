import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts } from '../account/tables';
import { categories } from '../catalog/tables';
import { partners } from '../partner/tables';

/** A price list of one shop (spec commerce §3): its versions follow each other in time. */
export const priceLists = pgTable(
  'price_lists',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    shopId: text('shop_id').notNull(),
    name: text('name').notNull(),
    /** PRICE_LIST_TYPES in the domain (STANDARD). */
    type: text('type').notNull().default('STANDARD'),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('price_lists_shop_idx').on(t.shopId)],
);

/**
 * One version of a list: in force from valid_from (inclusive) to valid_to (exclusive; null = open). A
 * version whose first day has come is never changed again; only a planned one is edited.
 */
export const priceListVersions = pgTable(
  'price_list_versions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    priceListId: integer('price_list_id')
      .notNull()
      .references(() => priceLists.id, { onDelete: 'cascade' }),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    validTo: date('valid_to', { mode: 'string' }),
    /** The default commission (percent of the price with VAT) where no node of the tree has one. */
    commission: numeric('commission', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    createdBy: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('price_list_versions_from_uq').on(t.priceListId, t.validFrom),
    check('price_list_versions_range_ck', sql`${t.validTo} is null or ${t.validTo} > ${t.validFrom}`),
  ],
);

/** A node of a version's tree (division, category or subcategory) with its own commission and brand exceptions. */
export const priceListItems = pgTable(
  'price_list_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    versionId: integer('version_id')
      .notNull()
      .references(() => priceListVersions.id, { onDelete: 'cascade' }),
    /** No cascade: removing a category must not rewrite versions already charged (the catalogue hides instead). */
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    level: smallint('level').notNull(),
    /** null: the node takes its parent's commission. */
    commission: numeric('commission', { precision: 5, scale: 2, mode: 'number' }),
    /** Brand exceptions of this node: [{ brandId, commission }]. */
    brands: jsonb('brands').$type<{ brandId: string; commission: number }[]>().notNull().default([]),
  },
  (t) => [uniqueIndex('price_list_items_node_uq').on(t.versionId, t.categoryId)],
);

/**
 * Which standard list a partner sells under in a shop, from a day on: the row with the latest valid_from
 * not after a day is the one in force then (one list per partner and shop at a time; history kept so an
 * order is charged by the list of its own day).
 */
export const priceListAssignments = pgTable(
  'price_list_assignments',
  {
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    shopId: text('shop_id').notNull(),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    priceListId: integer('price_list_id')
      .notNull()
      .references(() => priceLists.id, { onDelete: 'cascade' }),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.partnerId, t.shopId, t.validFrom] }),
    index('price_list_assignments_list_idx').on(t.priceListId),
  ],
);

/** The fee types' amounts of a shop (commerce §3 fee types), in the shop's currency. */
export const shopFees = pgTable(
  'shop_fees',
  {
    shopId: text('shop_id').notNull(),
    /** FEE_TYPES in the domain. */
    type: text('type').notNull(),
    amount: numeric('amount', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    updated: timestamp('updated', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.type] })],
);
