import { index, integer, pgTable, real, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { categories } from '../catalog/tables';
import { partners } from '../partner/tables';

/** Who paired a seller's category: the automatic pairing (feeds/pairing.ts in the domain) or a person. */
export const HEUREKA_PAIRED_BY = ['AUTO', 'PERSON'] as const;
export type HeurekaPairedBy = (typeof HEUREKA_PAIRED_BY)[number];

/**
 * The categories a partner's Heureka feed names (CATEGORYTEXT), one row per distinct path, and the
 * marketplace category each is paired with. A feed run notes them (noteHeurekaCategories); a person pairs
 * them, or the automatic pairing does when one category is clearly the right one. `paired_by` PERSON with
 * no category means a person unpaired it: the automatic pairing leaves such a row alone.
 */
export const heurekaCategories = pgTable(
  'heureka_categories',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    /** The path as the feed writes it, normalised to single spaces and " | " between levels. */
    categoryText: text('category_text').notNull(),
    /** Items of the latest run that named this path. */
    itemCount: integer('item_count').notNull().default(0),
    categoryId: integer('category_id').references(() => categories.id, { onDelete: 'set null' }),
    /** AUTO or PERSON (HEUREKA_PAIRED_BY); null while nobody decided. */
    pairedBy: text('paired_by'),
    /** The similarity score the automatic pairing chose the category with. */
    pairedScore: real('paired_score'),
    /** When a run last named this path. */
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the pairing last changed. */
    updated: timestamp('updated', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('heureka_categories_partner_text_idx').on(t.partnerId, t.categoryText),
    index('heureka_categories_partner_category_idx').on(t.partnerId, t.categoryId),
  ],
);
