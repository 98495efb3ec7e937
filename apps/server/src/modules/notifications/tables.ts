import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from '../account/tables';
import { partners } from '../partner/tables';

/**
 * Who hears of an event (spec: notification event setting): recipients by contact group and custom e-mails.
 * One row per partner and event type; no row means the domain's default for that event.
 */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    /** NOTIFICATION_EVENT_TYPES in the domain. */
    eventType: text('event_type').notNull(),
    /** CONTACT_GROUPS values. */
    groups: text('groups').array().notNull(),
    /** Custom e-mail recipients, at most 10. */
    emails: text('emails').array().notNull(),
    active: boolean('active').notNull().default(true),
    updatedBy: integer('updated_by').references(() => accounts.id, { onDelete: 'set null' }),
    updated: timestamp('updated', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.partnerId, t.eventType] })],
);

/**
 * What happened to a partner, as the user area's notification list shows it; each row is also what the
 * notification e-mails were made from. `params` are the values the translated text is filled with.
 */
export const partnerNotifications = pgTable(
  'partner_notifications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    eventType: text('event_type').notNull(),
    params: jsonb('params').$type<Record<string, string | number>>().notNull(),
    /** Recipients the e-mails went to (after groups were resolved to contacts), for the record. */
    recipients: text('recipients').array().notNull(),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('partner_notifications_partner_idx').on(t.partnerId, t.id)],
);

/** Which notifications an account has read (the list marks the others as new). */
export const notificationReads = pgTable(
  'notification_reads',
  {
    notificationId: bigint('notification_id', { mode: 'number' })
      .notNull()
      .references(() => partnerNotifications.id, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.notificationId, t.accountId] })],
);
