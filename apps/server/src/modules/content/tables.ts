import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The marketplace's content in the portal (issue 23 point 7): services, the mall-pay and financing pages and
 * the help center. Not a partner's rows: every partner reads the same content, in its language. Each entity
 * keeps its texts per language in a child table (English always present, the fallback).
 */
export const contentServices = pgTable('content_services', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  /** The address `/services/detail/{serviceName}`, unique. */
  serviceName: text('service_name').notNull().unique(),
  /** Who delivers the service (a third party, or the marketplace itself). */
  provider: text('provider').notNull(),
  /** A portal page the card leads to (domain SERVICE_LINKS), or null: the detail page only. */
  link: text('link'),
  /** The list's order, lower first. */
  position: integer('position').notNull().default(0),
  /** Inactive services are kept for the cockpit and invisible to partners and the public. */
  active: boolean('active').notNull().default(true),
  created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
  updated: timestamp('updated', { withTimezone: true }).notNull().defaultNow(),
});

export const contentServiceTexts = pgTable(
  'content_service_texts',
  {
    serviceId: integer('service_id')
      .notNull()
      .references(() => contentServices.id, { onDelete: 'cascade' }),
    lang: text('lang').notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
    /** HTML as the server's sanitiser left it. */
    body: text('body').notNull().default(''),
    /** The marketing price as text (spec §9: "29,000 CZK plus 3,900 per extra country"); never computed. */
    price: text('price').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.serviceId, t.lang] })],
);

/** The texts of the mall-pay and financing pages (domain CONTENT_PAGES), per language. */
export const contentPages = pgTable(
  'content_pages',
  {
    key: text('key').notNull(),
    lang: text('lang').notNull(),
    title: text('title').notNull(),
    /** HTML as the server's sanitiser left it. */
    body: text('body').notNull(),
    updated: timestamp('updated', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.key, t.lang] })],
);

/** A question of the help center; partners read only published ones. */
export const contentFaq = pgTable(
  'content_faq',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Domain FAQ_TOPICS. */
    topic: text('topic').notNull(),
    position: integer('position').notNull().default(0),
    published: boolean('published').notNull().default(false),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
    updated: timestamp('updated', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('content_faq_order_idx').on(t.topic, t.position, t.id)],
);

export const contentFaqTexts = pgTable(
  'content_faq_texts',
  {
    faqId: integer('faq_id')
      .notNull()
      .references(() => contentFaq.id, { onDelete: 'cascade' }),
    lang: text('lang').notNull(),
    question: text('question').notNull(),
    /** HTML as the server's sanitiser left it. */
    answer: text('answer').notNull(),
    /** The question and the answer's words without tags: what the search compares (accents folded). */
    searchText: text('search_text').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.faqId, t.lang] }),
    // The search folds case and accents (platform/grid.ts accentFolded) on both sides; pp_unaccent is 0021's.
    index('content_faq_texts_search_trgm_idx').using('gin', sql`lower(pp_unaccent(${t.searchText})) gin_trgm_ops`),
  ],
);
