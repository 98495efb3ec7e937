import { boolean, index, integer, pgTable, real, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { partners } from '../partner/tables';
import { heurekaCategories } from './tables-heureka';

/**
 * The PARAM_NAMEs a partner's Heureka feed gives the items of one feed category (heureka_categories), and
 * the marketplace parameter each is paired with: a code of the paired marketplace category's parameters
 * (category_parameters.code). The pairing is by code, so it survives re-pairing the feed category with a
 * category that has the same parameter; a code the category does not have is not used. `paired_by` as for
 * categories: AUTO, PERSON, null while nobody decided; PERSON without a code means a person unpaired it.
 */
export const heurekaParams = pgTable(
  'heureka_params',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    heurekaCategoryId: integer('heureka_category_id')
      .notNull()
      .references(() => heurekaCategories.id, { onDelete: 'cascade' }),
    /** PARAM_NAME as the feed writes it (single-spaced). */
    name: text('name').notNull(),
    /** Items of the latest run that carried it. */
    itemCount: integer('item_count').notNull().default(0),
    /** Variant groups (ITEMGROUP_ID) of the latest run whose items differ by it: it makes their variants. */
    variantGroups: integer('variant_groups').notNull().default(0),
    parameterCode: text('parameter_code'),
    pairedBy: text('paired_by'),
    pairedScore: real('paired_score'),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
    updated: timestamp('updated', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('heureka_params_category_name_idx').on(t.heurekaCategoryId, t.name),
    index('heureka_params_partner_category_idx').on(t.partnerId, t.heurekaCategoryId),
  ],
);

/**
 * The distinct VALs of one feed PARAM and a person's choice of the marketplace value for one. Without a
 * choice the value is converted automatically (domain autoParamValue); `paired_by` PERSON with no value
 * means the person wants it left out.
 */
export const heurekaParamValues = pgTable(
  'heureka_param_values',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    paramId: integer('param_id')
      .notNull()
      .references(() => heurekaParams.id, { onDelete: 'cascade' }),
    value: text('value').notNull(),
    itemCount: integer('item_count').notNull().default(0),
    /** The marketplace value a person chose (an option's value for ENUM parameters). */
    mappedValue: text('mapped_value'),
    pairedBy: text('paired_by'),
    updated: timestamp('updated', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('heureka_param_values_param_value_idx').on(t.paramId, t.value),
    index('heureka_param_values_partner_idx').on(t.partnerId, t.paramId),
  ],
);

/**
 * The MANUFACTURERs of a partner's Heureka feed and the accepted marketplace brand each is paired with. A
 * brand requested for it (`requested`) names the requested brand's id: its items wait (HEUREKA_BRAND_UNPAIRED)
 * until an operator accepts the request, and go through from the next run after.
 */
export const heurekaBrands = pgTable(
  'heureka_brands',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    manufacturer: text('manufacturer').notNull(),
    itemCount: integer('item_count').notNull().default(0),
    brandId: text('brand_id'),
    pairedBy: text('paired_by'),
    requested: boolean('requested').notNull().default(false),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
    updated: timestamp('updated', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('heureka_brands_partner_manufacturer_idx').on(t.partnerId, t.manufacturer)],
);
