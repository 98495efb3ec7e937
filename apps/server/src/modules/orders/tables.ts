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
    invoiceNumber: text('invoice_number'),
    isTest: boolean('is_test').notNull().default(false),
    isMallDelivery: boolean('is_mall_delivery').notNull().default(false),
    necessaryInspection: boolean('necessary_inspection').notNull().default(false),
    readyToReturn: boolean('ready_to_return').notNull().default(false),
    total: numeric('total', { precision: 14, scale: 2, mode: 'number' }).notNull().default(0),
    totalDiscount: numeric('total_discount', { precision: 14, scale: 2, mode: 'number' }).notNull().default(0),
    cod: numeric('cod', { precision: 14, scale: 2, mode: 'number' }).notNull().default(0),
    deliveryPrice: numeric('delivery_price', { precision: 14, scale: 2, mode: 'number' }).notNull().default(0),
    codFee: numeric('cod_fee', { precision: 14, scale: 2, mode: 'number' }).notNull().default(0),
    /** The open date: when the customer ordered. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The expected delivery date (the missing-status rule counts from it). */
    deliveryDate: date('delivery_date', { mode: 'date' }),
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
  (t) => [primaryKey({ columns: [t.partnerId, t.orderId, t.id] })],
);
