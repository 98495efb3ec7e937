import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from '../account/tables';

/**
 * The portal dialog (issue 24 point 7): an announcement operators publish to the partners of chosen markets,
 * shown once per person as a modal until dismissed. Texts per language (English always, the fallback).
 */
export const portalDialogs = pgTable(
  'portal_dialogs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The markets (shop ids) whose partners see it. */
    shops: text('shops').array().notNull(),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
    /** Null: until withdrawn. */
    validTo: timestamp('valid_to', { withTimezone: true }),
    /** A draft is seen by nobody; published is shown within its validity. */
    published: boolean('published').notNull().default(false),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
    updated: timestamp('updated', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('portal_dialogs_shops_idx').using('gin', t.shops).where(sql`${t.published}`)],
);

export const portalDialogTexts = pgTable(
  'portal_dialog_texts',
  {
    dialogId: integer('dialog_id')
      .notNull()
      .references(() => portalDialogs.id, { onDelete: 'cascade' }),
    lang: text('lang').notNull(),
    title: text('title').notNull(),
    /** HTML as the server's sanitiser left it. */
    body: text('body').notNull(),
  },
  (t) => [primaryKey({ columns: [t.dialogId, t.lang] })],
);

/** Who has dismissed which dialog: once per person, whichever browser or partner they use. */
export const portalDialogDismissals = pgTable(
  'portal_dialog_dismissals',
  {
    dialogId: integer('dialog_id')
      .notNull()
      .references(() => portalDialogs.id, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.dialogId] })],
);
