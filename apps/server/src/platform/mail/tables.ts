import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Outgoing e-mail, written in the same transaction as the change that causes it and sent by a job. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    recipient: text('recipient').notNull(),
    template: text('template').notNull(),
    lang: text('lang').notNull(),
    data: jsonb('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Delivery attempts so far; a refused mail waits until `nextAttemptAt` (growing back-off). */
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    lastError: text('last_error'),
    /** Set when the mail was given up after the last attempt. */
    failedAt: timestamp('failed_at', { withTimezone: true }),
  },
  (t) => [
    index('mail_outbox_unsent_idx').on(t.sentAt, t.id),
    index('mail_outbox_due_idx').on(t.nextAttemptAt, t.id).where(sql`${t.sentAt} is null and ${t.failedAt} is null`),
  ],
);

/**
 * The demo's mailbox: with no SMTP relay configured outside production, delivery writes the whole
 * message here and /dev/mailbox shows it, links included (it is the delivery, not the outbox).
 */
export const devMailbox = pgTable(
  'dev_mailbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    template: text('template'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('dev_mailbox_recipient_idx').on(t.recipient, t.id)],
);
