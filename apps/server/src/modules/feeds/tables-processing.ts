import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { feeds } from './tables';

/**
 * What each item of a feed looked like when it was last applied (hashes.ts): an item whose content hash is
 * unchanged is skipped on the next run. Only applied items have a row; a feed's reset deletes its rows, so the
 * next run applies everything again.
 */
export const feedItemHashes = pgTable(
  'feed_item_hashes',
  {
    feedId: integer('feed_id')
      .notNull()
      .references(() => feeds.id, { onDelete: 'cascade' }),
    partnerId: integer('partner_id').notNull(),
    /** The item's id in the file: a product's (ID or ITEMGROUP_ID) or an availability's ID. */
    itemId: text('item_id').notNull(),
    /** 128 bits of SHA-256 of the item's normalised content, base64url. */
    hash: text('hash').notNull(),
  },
  (t) => [primaryKey({ columns: [t.feedId, t.itemId] })],
);
