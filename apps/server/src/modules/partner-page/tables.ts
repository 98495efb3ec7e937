import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { partners } from '../partner/tables';

/**
 * The partner's public page (issue 22 point 6), one row per partner, absent until first saved. The public
 * title and the logo are not here: they stay on `partners` (url_slug, logo_file_id), where registration, the
 * unique-title check and the logo upload already keep them.
 */
export const partnerPages = pgTable('partner_pages', {
  partnerId: integer('partner_id')
    .primaryKey()
    .references(() => partners.id, { onDelete: 'cascade' }),
  /** One line under the shop name. */
  tagline: text('tagline').notNull().default(''),
  /** "About us": HTML as the server's sanitiser left it. */
  description: text('description').notNull().default(''),
  webUrl: text('web_url').notNull().default(''),
  termsUrl: text('terms_url').notNull().default(''),
  complaintsUrl: text('complaints_url').notNull().default(''),
  contactEmail: text('contact_email').notNull(),
  contactPhone: text('contact_phone').notNull().default(''),
  updated: timestamp('updated', { withTimezone: true }).notNull().defaultNow(),
});
