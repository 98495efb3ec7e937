import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { partners } from '../partner/tables';

/**
 * A partner's webhooks (at most 5). The signing secret is never stored: it is derived from the server's
 * secret and `secret_salt`, shown once at creation (and after a rotation), and re-derived to sign.
 */
export const webhooks = pgTable(
  'webhooks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    /** WEBHOOK_EVENTS in the domain. */
    event: text('event').notNull(),
    isEnabled: boolean('is_enabled').notNull().default(true),
    /** OK or BROKEN. */
    status: text('status').notNull().default('OK'),
    secretSalt: text('secret_salt').notNull(),
    /** Deliveries given up in a row; reset by a success. Reaching the domain's limit turns the hook BROKEN. */
    failedInRow: integer('failed_in_row').notNull().default(0),
    brokenAt: timestamp('broken_at', { withTimezone: true }),
    /** An ORDERS_CHANGED hook: the clock minute of its last batch (one batch a minute, order-batches.ts). */
    ordersBatchMinute: timestamp('orders_batch_minute', { withTimezone: true }),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
    updated: timestamp('updated', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('webhooks_partner_idx').on(t.partnerId, t.id),
    // The orders trigger asks on every order statement whether the partner has an ORDERS_CHANGED hook.
    index('webhooks_orders_batch_idx').on(t.partnerId).where(sql`${t.event} = 'ORDERS_CHANGED'`),
    // The operator home's broken webhooks (migration 0055).
    index('webhooks_broken_idx').on(t.id).where(sql`${t.status} = 'BROKEN'`),
  ],
);

/**
 * Orders changed since an ORDERS_CHANGED hook's last batch, noted by the trigger on `orders` (migration 0034)
 * whoever changed them; the flush job moves them into one delivery a minute. The key keeps an id once.
 */
export const webhookOrderChanges = pgTable(
  'webhook_order_changes',
  {
    webhookId: integer('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    partnerId: integer('partner_id').notNull(),
    notedAt: timestamp('noted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.webhookId, t.orderId] })],
);

/**
 * One event to deliver to one webhook; the delivery job works from this row, so a restart loses nothing.
 * `payload` is the JSON body as sent (without the signature headers).
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    partnerId: integer('partner_id').notNull(),
    webhookId: integer('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    /** The event's id, sent in the body and the X-Webhook-Id header, so a receiver can drop repeats. */
    eventId: uuid('event_id').notNull(),
    event: text('event').notNull(),
    payload: jsonb('payload').notNull(),
    /** PENDING, SENT or FAILED (given up). */
    state: text('state').notNull().default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.state} = 'PENDING'`),
    index('webhook_deliveries_webhook_idx').on(t.webhookId, t.id),
  ],
);

/** Every attempt of a delivery (spec webhook logs: timestamp, response code, timeout flag, timing, error). */
export const webhookLogs = pgTable(
  'webhook_logs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    partnerId: integer('partner_id').notNull(),
    webhookId: integer('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    deliveryId: bigint('delivery_id', { mode: 'number' }).notNull(),
    event: text('event').notNull(),
    attempt: integer('attempt').notNull(),
    timestamp: timestamp('timestamp', { withTimezone: true }).notNull().defaultNow(),
    /** Whether the request reached the receiver and got a 2xx answer. */
    sent: boolean('sent').notNull(),
    responseCode: integer('response_code'),
    isTimeout: boolean('is_timeout').notNull().default(false),
    /** Milliseconds from the start of the request to the answer (or the failure). */
    timing: integer('timing').notNull(),
    err: text('err'),
  },
  (t) => [index('webhook_logs_hook_idx').on(t.partnerId, t.webhookId, t.id)],
);
