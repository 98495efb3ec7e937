import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { BillingParty, RecapRow } from '@pp/domain';

/** The VAT rates of each shop (spec §3 VAT rate); the default is the shop's standard rate. */
export const vatRates = pgTable(
  'vat_rates',
  {
    id: serial('id').primaryKey(),
    shopId: text('shop_id').notNull(),
    rate: numeric('rate', { precision: 5, scale: 2 }).notNull(),
    isDefault: boolean('is_default').notNull().default(false),
  },
  (t) => [
    uniqueIndex('vat_rates_shop_rate_uq').on(t.shopId, t.rate),
    uniqueIndex('vat_rates_shop_default_uq').on(t.shopId).where(sql`${t.isDefault}`),
  ],
);

/**
 * Gap-free numbering: one counter per series and year, taken under its row lock in the transaction that
 * issues the documents, so a rolled-back issue gives its numbers back and parallel issuers wait in turn.
 */
export const billingSeries = pgTable(
  'billing_series',
  {
    series: text('series').notNull(),
    year: integer('year').notNull(),
    last: integer('last').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.series, t.year] })],
);

/**
 * Invoices, credit notes and debit notes (spec §3), immutable once issued except `remaining` (what offsets
 * have not settled yet). Amounts are numeric in the document's currency; the parties are snapshots.
 */
export const billingDocuments = pgTable(
  'billing_documents',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    partnerId: integer('partner_id').notNull(),
    shopId: text('shop_id').notNull(),
    documentType: text('document_type').notNull(),
    kind: text('kind').notNull(),
    invoiceTypeTag: text('invoice_type_tag'),
    invoiceNumber: text('invoice_number').notNull(),
    documentNumber: text('document_number').notNull(),
    originDocumentId: bigint('origin_document_id', { mode: 'number' }),
    referenceId: text('reference_id'),
    purchNoC: text('purch_no_c'),
    /** The billed month's first day, for the documents of the period run; null for an operator's document. */
    period: date('period'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveryAt: date('delivery_at').notNull(),
    dueDate: date('due_date').notNull(),
    currency: text('currency').notNull(),
    totalWithoutVat: numeric('total_without_vat', { precision: 14, scale: 2 }).notNull(),
    totalVat: numeric('total_vat', { precision: 14, scale: 2 }).notNull(),
    total: numeric('total', { precision: 14, scale: 2 }).notNull(),
    /** The part offsets have not settled (always ≥ 0; a credit note's is what it still gives back). */
    remaining: numeric('remaining', { precision: 14, scale: 2 }).notNull(),
    variableSymbol: text('variable_symbol').notNull(),
    note: text('note'),
    reverseCharge: boolean('reverse_charge').notNull().default(false),
    supplier: jsonb('supplier').$type<BillingParty>().notNull(),
    customer: jsonb('customer').$type<BillingParty>().notNull(),
    taxRecap: jsonb('tax_recap').$type<RecapRow[]>().notNull(),
    /** The run that issued it (null: an operator's document). */
    runId: integer('run_id'),
  },
  (t) => [
    uniqueIndex('billing_documents_number_uq').on(t.invoiceNumber),
    // The grid: newest first by the partner, keyset on (created_at, id).
    index('billing_documents_partner_created_idx').on(t.partnerId, t.createdAt.desc(), t.id.desc()),
    // A period is billed once: one document of each period kind per partner and month (a return credit
    // per invoice it corrects).
    uniqueIndex('billing_documents_period_uq')
      .on(t.partnerId, t.period, t.kind, sql`coalesce(${t.originDocumentId}, 0)`)
      .where(sql`${t.period} is not null`),
    // Offsets look for what is still open.
    index('billing_documents_open_idx').on(t.partnerId, t.dueDate, t.id).where(sql`${t.remaining} <> 0`),
    index('billing_documents_origin_idx').on(t.originDocumentId),
  ],
);

/** The lines of a document as printed. */
export const billingDocumentItems = pgTable(
  'billing_document_items',
  {
    partnerId: integer('partner_id').notNull(),
    documentId: bigint('document_id', { mode: 'number' }).notNull(),
    position: integer('position').notNull(),
    /** A fee type, COMMISSION, GOODS (self-billing) or CORRECTION. */
    code: text('code').notNull(),
    articleId: text('article_id'),
    orderId: bigint('order_id', { mode: 'number' }),
    title: text('title').notNull(),
    quantity: numeric('quantity', { precision: 14, scale: 3 }).notNull(),
    unit: text('unit').notNull(),
    unitPrice: numeric('unit_price', { precision: 14, scale: 4 }).notNull(),
    vatRate: numeric('vat_rate', { precision: 5, scale: 2 }).notNull(),
    priceWithoutVat: numeric('price_without_vat', { precision: 14, scale: 2 }).notNull(),
    priceWithVat: numeric('price_with_vat', { precision: 14, scale: 2 }).notNull(),
    totalPrice: numeric('total_price', { precision: 14, scale: 2 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.partnerId, t.documentId, t.position] })],
);

/**
 * The overview of a commission invoice or a return credit: one line per order item with the price the
 * customer paid, the rate of the price list valid on the order's day and the commission. An order item is
 * billed once and credited once (the unique index), whatever runs again.
 */
export const billingOverviewLines = pgTable(
  'billing_overview_lines',
  {
    partnerId: integer('partner_id').notNull(),
    documentId: bigint('document_id', { mode: 'number' }).notNull(),
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    itemId: bigint('item_id', { mode: 'number' }).notNull(),
    credit: boolean('credit').notNull().default(false),
    articleId: text('article_id'),
    title: text('title').notNull(),
    quantity: integer('quantity').notNull(),
    priceWithVat: numeric('price_with_vat', { precision: 14, scale: 2 }).notNull(),
    commissionRate: numeric('commission_rate', { precision: 6, scale: 2 }).notNull(),
    /** Where the rate came from: NODE, BRAND, DEFAULT (the list's), FALLBACK (no list that day). */
    rateSource: text('rate_source').notNull(),
    commission: numeric('commission', { precision: 14, scale: 2 }).notNull(),
    orderedAt: timestamp('ordered_at', { withTimezone: true }).notNull(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.partnerId, t.documentId, t.orderId, t.itemId] }),
    uniqueIndex('billing_overview_item_uq').on(t.partnerId, t.orderId, t.itemId, t.credit),
  ],
);

/** Returned orders whose return the billing has handled (the return shipping fee, the commission credit). */
export const billingReturns = pgTable(
  'billing_returns',
  {
    partnerId: integer('partner_id').notNull(),
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    period: date('period').notNull(),
  },
  (t) => [primaryKey({ columns: [t.partnerId, t.orderId] })],
);

/**
 * Offsets (spec §3): the settlement of what the partner owes (invoices, debit notes) against what the
 * marketplace owes (credit notes, self-billing invoices, the customers' payments it collected for
 * delivered orders). `diffPrice` is what remains to be paid: positive to the partner, negative by it.
 */
export const billingOffsets = pgTable(
  'billing_offsets',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    partnerId: integer('partner_id').notNull(),
    shopId: text('shop_id').notNull(),
    documentNumber: text('document_number').notNull(),
    period: date('period').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    dueDate: date('due_date').notNull(),
    currency: text('currency').notNull(),
    /** What the partner owed before the offset (invoices and debit notes still open). */
    sumPrice: numeric('sum_price', { precision: 14, scale: 2 }).notNull(),
    /** What the marketplace owed (credit notes, self-billing invoices, collected payments). */
    creditPrice: numeric('credit_price', { precision: 14, scale: 2 }).notNull(),
    /** What the partner still owes after the offset (carried to the next one). */
    remainingPrice: numeric('remaining_price', { precision: 14, scale: 2 }).notNull(),
    diffPrice: numeric('diff_price', { precision: 14, scale: 2 }).notNull(),
    variableSymbol: text('variable_symbol').notNull(),
    supplier: jsonb('supplier').$type<BillingParty>().notNull(),
    customer: jsonb('customer').$type<BillingParty>().notNull(),
    runId: integer('run_id'),
  },
  (t) => [
    uniqueIndex('billing_offsets_number_uq').on(t.documentNumber),
    uniqueIndex('billing_offsets_period_uq').on(t.partnerId, t.period),
    index('billing_offsets_partner_created_idx').on(t.partnerId, t.createdAt.desc(), t.id.desc()),
  ],
);

/** The documents and orders an offset settled, with what it took from each. */
export const billingOffsetLines = pgTable(
  'billing_offset_lines',
  {
    partnerId: integer('partner_id').notNull(),
    offsetId: bigint('offset_id', { mode: 'number' }).notNull(),
    position: integer('position').notNull(),
    /** invoice (a document the partner owes), credit (one the marketplace owes) or order (a collected payment). */
    lineKind: text('line_kind').notNull(),
    documentId: bigint('document_id', { mode: 'number' }),
    orderId: bigint('order_id', { mode: 'number' }),
    reference: text('reference').notNull(),
    created: timestamp('created', { withTimezone: true }).notNull(),
    dueDate: date('due_date'),
    sumPrice: numeric('sum_price', { precision: 14, scale: 2 }).notNull(),
    offsetPrice: numeric('offset_price', { precision: 14, scale: 2 }).notNull(),
    remainPrice: numeric('remain_price', { precision: 14, scale: 2 }).notNull(),
    currency: text('currency').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.partnerId, t.offsetId, t.position] }),
    index('billing_offset_lines_document_idx').on(t.partnerId, t.documentId),
  ],
);

/** A billing run: one period for every partner (the monthly schedule) or for one (an operator's run). */
export const billingRuns = pgTable(
  'billing_runs',
  {
    id: serial('id').primaryKey(),
    period: date('period').notNull(),
    partnerId: integer('partner_id'),
    status: text('status').notNull().default('QUEUED'),
    requestedBy: integer('requested_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** Partners done so far, to continue after a restart (runs go by partner id). */
    lastPartnerId: integer('last_partner_id').notNull().default(0),
    counts: jsonb('counts').$type<Record<string, number>>().notNull().default({}),
    error: text('error'),
  },
  (t) => [index('billing_runs_created_idx').on(t.createdAt.desc())],
);

/** Self-billing activation: when it starts (the first period it covers) and who decided. */
export const selfBillingDecisions = pgTable(
  'self_billing_decisions',
  {
    id: serial('id').primaryKey(),
    partnerId: integer('partner_id').notNull(),
    decision: text('decision').notNull(),
    /** The first period billed by self-billing (an acceptance only). */
    fromPeriod: date('from_period'),
    reason: text('reason'),
    decidedBy: integer('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('self_billing_decisions_partner_idx').on(t.partnerId, t.decidedAt.desc())],
);

/** The billing exports (zip of every document's PDF and an XLSX summary), built by a job. */
export const billingExports = pgTable(
  'billing_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partnerId: integer('partner_id').notNull(),
    accountId: integer('account_id').notNull(),
    fromDay: date('from_day').notNull(),
    toDay: date('to_day').notNull(),
    status: text('status').notNull().default('QUEUED'),
    fileId: uuid('file_id'),
    fileName: text('file_name'),
    documents: integer('documents').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('billing_exports_partner_idx').on(t.partnerId, t.createdAt.desc())],
);
