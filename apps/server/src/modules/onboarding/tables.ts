import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts } from '../account/tables';
import { partners } from '../partner/tables';

/** One tick of the onboarding workflow: a text the operator checks off (spec: ticks (text, checked)). */
export interface WorkflowTick {
  text: string;
  checked: boolean;
}

/** The onboarding workflow of a partner beside its status (partners.workflow_status). */
export const partnerWorkflows = pgTable('partner_workflows', {
  partnerId: integer('partner_id')
    .primaryKey()
    .references(() => partners.id, { onDelete: 'cascade' }),
  ticks: jsonb('ticks').$type<WorkflowTick[]>().notNull().default(sql`'[]'::jsonb`),
  analysis: text('analysis'),
  estimatedLaunch: date('estimated_launch', { mode: 'string' }),
  /** The chosen path of step 2: the ordinary one or the VIP one (VENDOR_CHECK_STANDARD or _VIP). */
  path: text('path', { enum: ['STANDARD', 'VIP'] }),
  updated: timestamp('updated', { withTimezone: true }).notNull().defaultNow(),
});

/** Every status change of a partner's workflow, who made it and with which ticks. */
export const workflowHistory = pgTable(
  'workflow_history',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status').notNull(),
    toStatus: text('to_status').notNull(),
    ticks: jsonb('ticks').$type<WorkflowTick[]>().notNull().default(sql`'[]'::jsonb`),
    accountId: integer('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    byOperator: boolean('by_operator').notNull().default(false),
    note: text('note'),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('workflow_history_partner_idx').on(t.partnerId, t.id)],
);

/** A version of the general terms (GTC) of one shop; published versions are public. */
export const businessTerms = pgTable(
  'business_terms',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    shopId: text('shop_id').notNull(),
    version: text('version').notNull(),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    showInHistory: boolean('show_in_history').notNull().default(true),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** The operator who published it (name as shown: the spec's "approved by"). */
    approvedBy: text('approved_by'),
    createdBy: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
    updated: timestamp('updated', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('business_terms_version_uq').on(t.shopId, t.version),
    index('business_terms_shop_idx').on(t.shopId, t.validFrom),
  ],
);

/** The text of a terms version in one language (sanitised HTML), with an optional link to a PDF. */
export const businessTermsContents = pgTable(
  'business_terms_contents',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    termsId: integer('terms_id')
      .notNull()
      .references(() => businessTerms.id, { onDelete: 'cascade' }),
    lang: text('lang').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    url: text('url'),
  },
  (t) => [uniqueIndex('business_terms_contents_lang_uq').on(t.termsId, t.lang)],
);

/** A partner's consent to a terms version: who signed which version and when (spec: Agreement). */
export const agreements = pgTable(
  'agreements',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    termsId: integer('terms_id')
      .notNull()
      .references(() => businessTerms.id),
    contentId: integer('content_id')
      .notNull()
      .references(() => businessTermsContents.id),
    accountId: integer('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    version: text('version').notNull(),
    names: text('names').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    companyId: text('company_id').notNull().default(''),
    signed: timestamp('signed', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('agreements_partner_terms_uq').on(t.partnerId, t.termsId)],
);
