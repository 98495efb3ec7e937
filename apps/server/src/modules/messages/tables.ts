import { bigint, boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from '../account/tables';
import { partners } from '../partner/tables';

/** A conversation between a partner and a marketplace department (a contact group), opened or closed. */
export const conversations = pgTable(
  'conversations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    /** A CONTACT_GROUPS value: the department the partner writes to. */
    department: text('department').notNull(),
    /** opened or closed. */
    state: text('state').notNull().default('opened'),
    createdBy: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    index('conversations_partner_idx').on(t.partnerId, t.lastMessageAt, t.id),
    index('conversations_state_idx').on(t.state, t.lastMessageAt),
  ],
);

/**
 * One message of a conversation. `fromOperator` tells the marketplace's answers from the partner's;
 * `openedAt`/`openedBy` record when the other side first read it (spec: open date, opened by).
 */
export const messages = pgTable(
  'messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    partnerId: integer('partner_id').notNull(),
    authorId: integer('author_id').references(() => accounts.id, { onDelete: 'set null' }),
    fromOperator: boolean('from_operator').notNull().default(false),
    body: text('body').notNull(),
    /** Stored files (kind 'message-attachment') of the partner. */
    attachments: uuid('attachments').array().notNull().default([]),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
    openedAt: timestamp('opened_at', { withTimezone: true }),
    openedBy: integer('opened_by').references(() => accounts.id, { onDelete: 'set null' }),
  },
  (t) => [index('messages_conversation_idx').on(t.conversationId, t.id), index('messages_partner_idx').on(t.partnerId)],
);
