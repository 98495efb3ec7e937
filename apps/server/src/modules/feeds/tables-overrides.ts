import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { categories } from '../catalog/tables';
import { partners } from '../partner/tables';

/**
 * The seller's overrides of its Heureka feed (feeds/overrides.ts in the domain), one table per kind, keyed by
 * the feed's ITEM_ID (`product_id`, the product's id the item becomes). An override may exist before the item
 * is in a feed or a product: it waits for the run that names it. `updated` orders the grids (newest first).
 */

/**
 * A category override: the item goes into `category_id` whatever its CATEGORYTEXT is paired with. A row with
 * `param` '' is the category alone; each other row also sets one parameter (code `param`) to `value`. The rows
 * of one product always name the same category (an upload moves them all).
 */
export const heurekaCategoryOverrides = pgTable(
  'heureka_category_overrides',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    productId: text('product_id').notNull(),
    // A category the marketplace removes takes its overrides with it: they could never apply again.
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    param: text('param').notNull().default(''),
    value: text('value').notNull().default(''),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
    updated: timestamp('updated', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('heureka_category_overrides_key_idx').on(t.partnerId, t.productId, t.param),
    index('heureka_category_overrides_updated_idx').on(t.partnerId, t.updated),
  ],
);

/** A box override: the item's package size (SMALLBOX or BIGBOX). */
export const heurekaBoxOverrides = pgTable(
  'heureka_box_overrides',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    productId: text('product_id').notNull(),
    boxType: text('box_type').notNull(),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
    updated: timestamp('updated', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('heureka_box_overrides_key_idx').on(t.partnerId, t.productId),
    index('heureka_box_overrides_updated_idx').on(t.partnerId, t.updated),
  ],
);

/** A media override: what one picture URL of the item is (energy label, information sheet) or that it is left out. */
export const heurekaMediaOverrides = pgTable(
  'heureka_media_overrides',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    productId: text('product_id').notNull(),
    url: text('url').notNull(),
    energyLabel: boolean('energy_label').notNull().default(false),
    informationList: boolean('information_list').notNull().default(false),
    excluded: boolean('excluded').notNull().default(false),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
    updated: timestamp('updated', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('heureka_media_overrides_key_idx').on(t.partnerId, t.productId, t.url),
    index('heureka_media_overrides_updated_idx').on(t.partnerId, t.updated),
  ],
);
