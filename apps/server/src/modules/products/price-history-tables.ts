import { sql } from 'drizzle-orm';
import { bigint, index, integer, numeric, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every price change of a product (`variantId` null) or of a variant, written only by the database's triggers
 * on `products` and `product_variants` (migration 0047), so that no writer can forget it. The first row of an
 * item is its first price (`previousPrice` null); BASELINE rows are the prices stored before the migration.
 */
export const priceHistory = pgTable(
  'price_history',
  {
    partnerId: integer('partner_id').notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    productId: text('product_id').notNull(),
    variantId: text('variant_id'),
    price: numeric('price', { precision: 14, scale: 2, mode: 'number' }).notNull(),
    previousPrice: numeric('previous_price', { precision: 14, scale: 2, mode: 'number' }),
    /** Who wrote it when the writer said so (`pp.price_source`, see price-history.ts); null otherwise. */
    source: text('source'),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
  },
  (t) => [
    primaryKey({ columns: [t.partnerId, t.id] }),
    index('price_history_item_idx').on(t.partnerId, t.productId, t.variantId, t.changedAt.desc().nullsFirst()),
  ],
);
