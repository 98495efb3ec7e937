import { integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
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
    /**
     * The hash of the item's exact text in the file when it was last applied or found unchanged (raw-items.ts):
     * the same text again is left out of the parse. Null when the text was not known (the first look gave up).
     */
    rawHash: text('raw_hash'),
    /**
     * What the item added to the run's own notes when it was parsed (Heureka: its category, manufacturer,
     * parameters and summary figures), counted again when the same text is left out of the parse.
     */
    notes: jsonb('notes'),
  },
  (t) => [primaryKey({ columns: [t.feedId, t.itemId] })],
);
