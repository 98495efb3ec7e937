import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/**
 * Orders of the marketplace, one row each, keyed by partner first (architecture §3): every read is scoped by
 * partner, and the table can be distributed by `partner_id`. `id` is the marketplace's order id.
 * Money is numeric(14,2) in the order's currency.
 */
export const orders = pgTable(
  'orders',
  {
    partnerId: integer('partner_id').notNull(),
    id: bigint('id', { mode: 'number' }).notNull(),
    purchaseId: text('purchase_id'),
    externalId: text('external_id'),
    status: text('status').notNull(),
    /** An open order waits for the marketplace's confirmation before the partner may change it. */
    confirmed: boolean('confirmed').notNull().default(true),
    orderType: text('order_type').notNull().default('mall'),
    deliveryType: text('delivery_type'),
    paymentType: text('payment_type').notNull(),
    currency: text('currency').notNull(),
    parcelCount: integer('parcel_count').notNull().default(1),
    trackingNumber: text('tracking_number'),
    trackingUrl: text('tracking_url'),
    customerName: text('customer_name').notNull().default(''),
    customerEmail: text('customer_email'),
    customerPhone: text('customer_phone'),
    deliveryCompany: text('delivery_company'),
    deliveryStreet: text('delivery_street'),
    deliveryCity: text('delivery_city'),
    deliveryZip: text('delivery_zip'),
    deliveryCountry: text('delivery_country'),
    /** A pickup point (branch) and its alternative, for pickup-point deliveries. */
    branchId: text('branch_id'),
    secondaryBranchId: text('secondary_branch_id'),
    /**
     * The transport (commerce spec §3 Order, Transport): the carrier's code the order travels with (a code of
     * DELIVERY_CARRIERS, or MALL_DELIVERY), null for a personal pickup. MALL Delivery is the marketplace's own
     * delivery; of its orders, MDP ones are handed over at a MALL Delivery branch and carried to the address
     * (the partner's MDP service), DIP ones are collected from the partner's warehouse and delivered to a
     * delivery point (the Spectrum/DIP service, whose shipment statuses the shipment history holds).
     */
    transportId: text('transport_id'),
    isMdp: boolean('is_mdp').notNull().default(false),
    isDip: boolean('is_dip').notNull().default(false),
    invoiceNumber: text('invoice_number'),
    isTest: boolean('is_test').notNull().default(false),
    isMallDelivery: boolean('is_mall_delivery').notNull().default(false),
    necessaryInspection: boolean('necessary_inspection').notNull().default(false),
    readyToReturn: boolean('ready_to_return').notNull().default(false),
    /**
     * The customer cancelled after the order left OPEN (spec §4): the marketplace's call centre calls the
     * partner; the order shows it until the partner cancels, ships or it is delivered.
     */
    cancelRequestedAt: timestamp('cancel_requested_at', { withTimezone: true }),
    total: numeric('total', { precision: 14, scale: 2, mode: 'number' }).notNull().default(0),
    totalDiscount: numeric('total_discount', { precision: 14, scale: 2, mode: 'number' }).notNull().default(0),
    cod: numeric('cod', { precision: 14, scale: 2, mode: 'number' }).notNull().default(0),
    deliveryPrice: numeric('delivery_price', { precision: 14, scale: 2, mode: 'number' }).notNull().default(0),
    codFee: numeric('cod_fee', { precision: 14, scale: 2, mode: 'number' }).notNull().default(0),
    /** The open date: when the customer ordered. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The expected delivery date (the missing-status rule counts from it). */
    deliveryDate: date('delivery_date', { mode: 'date' }),
    /**
     * The expected dispatch ("ship by") date, fixed when the order arrives by the working-day calendar
     * (domain `expectedOrderDates`): the home page's "to ship today" and "overdue" read it.
     */
    dispatchDate: date('dispatch_date', { mode: 'date' }),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    firstDeliveryAttemptAt: timestamp('first_delivery_attempt_at', { withTimezone: true }),
    blockedAt: timestamp('blocked_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.partnerId, t.id] }),
    index('orders_partner_status_idx').on(t.partnerId, t.status, t.id),
    index('orders_partner_created_idx').on(t.partnerId, t.createdAt, t.id),
    index('orders_partner_delivery_date_idx').on(t.partnerId, t.deliveryDate),
    // The grids (docs/decisions.md, "Orders grids"). Nullable sort columns are indexed DESC NULLS LAST with
    // the id descending: read forwards that is the grid's descending order, backwards its ascending one, so
    // both directions seek by cursor and stop after one page.
    index('orders_partner_shipped_idx').on(t.partnerId, t.shippedAt.desc().nullsLast(), t.id.desc().nullsFirst()),
    index('orders_partner_delivered_idx').on(t.partnerId, t.deliveredAt.desc().nullsLast(), t.id.desc().nullsFirst()),
    index('orders_partner_delivery_sort_idx').on(
      t.partnerId,
      t.deliveryDate.desc().nullsLast(),
      t.id.desc().nullsFirst(),
    ),
    // Sorting by the customer's name or the total, both NOT NULL: seeks by cursor both ways.
    index('orders_partner_customer_name_idx').on(t.partnerId, t.customerName, t.id),
    index('orders_partner_total_idx').on(t.partnerId, t.total, t.id),
    // The order-type filter (all / allegro / mall): Allegro orders are a small part of a book, found by seek.
    index('orders_partner_order_type_idx').on(t.partnerId, t.orderType, t.id),
    // The Spectrum/DIP deliveries grid (deliveries/mall): a partner's DIP orders are a small part of its book,
    // read as one index range newest first.
    index('orders_partner_dip_idx').on(t.partnerId, t.id).where(sql`${t.isDip}`),
    // Status tabs sorted or filtered by date, and the tab counts as an index-only scan: test orders are
    // left out of both, so they are left out of the index.
    index('orders_partner_status_created_idx').on(t.partnerId, t.status, t.createdAt, t.id).where(sql`not ${t.isTest}`),
    // The missing-statuses list and its count: only orders still waiting for a final status, a small part
    // of the book. The status list is spelled as in grid.ts (missingSql) so the planner can match it.
    index('orders_partner_unfinished_idx')
      .on(t.partnerId, t.deliveryDate, t.id)
      .where(sql`${t.status} not in ('delivered', 'cancelled', 'returned', 'lost', 'blocked')`),
    // "Contains" filters and the search (ILIKE '%…%') on 1,000,000 orders: trigram indexes (pg_trgm).
    // Names are searched without case and diacritics ("novak" finds "Novák"): the index holds the expression
    // the grid compares (platform/grid.ts accentFolded; pp_unaccent comes from migration 0021).
    index('orders_customer_name_fold_trgm_idx').using('gin', sql`lower(pp_unaccent(${t.customerName})) gin_trgm_ops`),
    index('orders_purchase_id_trgm_idx').using('gin', t.purchaseId.op('gin_trgm_ops')),
    index('orders_external_id_trgm_idx').using('gin', t.externalId.op('gin_trgm_ops')),
    index('orders_tracking_number_trgm_idx').using('gin', t.trackingNumber.op('gin_trgm_ops')),
    index('orders_id_text_trgm_idx').using('gin', sql`(${t.id}::text) gin_trgm_ops`),
  ],
);

/** The items of an order, with the prices the customer paid and the marketplace's commission. */
export const orderItems = pgTable(
  'order_items',
  {
    partnerId: integer('partner_id').notNull(),
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    id: bigint('id', { mode: 'number' }).notNull(),
    articleId: text('article_id'),
    partnerArticleId: text('partner_article_id'),
    title: text('title').notNull(),
    quantity: integer('quantity').notNull(),
    unitPrice: numeric('unit_price', { precision: 14, scale: 2, mode: 'number' }).notNull(),
    totalDiscount: numeric('total_discount', { precision: 14, scale: 2, mode: 'number' }).notNull().default(0),
    vat: numeric('vat', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    commission: numeric('commission', { precision: 14, scale: 2, mode: 'number' }).notNull().default(0),
    codFee: numeric('cod_fee', { precision: 14, scale: 2, mode: 'number' }).notNull().default(0),
    prepaid: numeric('prepaid', { precision: 14, scale: 2, mode: 'number' }).notNull().default(0),
    purchasePrice: numeric('purchase_price', { precision: 14, scale: 2, mode: 'number' }),
    serialNumbers: text('serial_numbers').array().notNull().default([]),
    /**
     * The item's references (commerce spec §3 Order, items): the marketplace's line reference the customer
     * quotes on a return, and a business customer's own purchase-order reference. `references` is an SQL word.
     */
    references: text('item_references').array().notNull().default([]),
  },
  (t) => [primaryKey({ columns: [t.partnerId, t.orderId, t.id] })],
);

/** Every status an order went through, with who set it (an operator acting for the partner included). */
export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    partnerId: integer('partner_id').notNull(),
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    status: text('status').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** partner (portal), import (CSV), api (partner API), marketplace (the marketplace's own systems). */
    source: text('source').notNull(),
    accountId: integer('account_id'),
    adminAccountId: integer('admin_account_id'),
    trackingNumber: text('tracking_number'),
  },
  (t) => [primaryKey({ columns: [t.partnerId, t.orderId, t.id] })],
);

/** The carrier's shipment statuses of an order (dip), as reported. */
export const orderShipmentHistory = pgTable(
  'order_shipment_history',
  {
    partnerId: integer('partner_id').notNull(),
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    status: text('status').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.partnerId, t.orderId, t.id] }),
    // The DIP grid's filter by latest shipment status (deliveries/mall/dip-grid.ts): the orders that ever had the
    // status, read as one range of the partner, instead of the latest status of every DIP order.
    index('order_shipment_history_status_idx').on(t.partnerId, t.status, t.orderId),
  ],
);
