import { bigint, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * Files the portal made for a partner (exports, documents), kept in the configured storage under
 * `storage_key` and listed here so that a download is checked against the partner and the account.
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    partnerId: integer('partner_id').notNull(),
    id: uuid('id').notNull(),
    kind: text('kind').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    /** Made by the server from the partner and the id, never from anything a caller sent. */
    storageKey: text('storage_key').notNull(),
    /** Who may download it; null for a file of the whole partner. */
    accountId: integer('account_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Null for a file kept until its owner removes it (product images, brand logos). */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.partnerId, t.id] }),
    index('stored_files_expires_idx').on(t.expiresAt),
    // The public /media/{id} route finds a product image or brand logo by id alone (no partner in the URL).
    uniqueIndex('stored_files_id_idx').on(t.id),
  ],
);
