import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Who changed what, when, for which partner, and on whose behalf. Append-only. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    partnerId: integer('partner_id'),
    accountId: integer('account_id'),
    /** The administrator who acted while signed in as the partner, if any. */
    adminAccountId: integer('admin_account_id'),
    action: text('action').notNull(),
    entity: text('entity'),
    entityId: text('entity_id'),
    data: jsonb('data'),
    requestId: text('request_id'),
    /** The partner REST API key whose request made the change (accountId is then null). */
    apiKeyId: integer('api_key_id'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_partner_idx').on(t.partnerId, t.id),
    index('audit_log_account_idx').on(t.accountId, t.id),
    // An account's entries of one action, read newest first (the dashboard's previous sign-in).
    index('audit_log_account_action_idx').on(t.accountId, t.action, t.id),
    // The cockpit's audit view (migration 0055): each filter, newest first by (at, id).
    index('audit_log_at_idx').on(t.at, t.id),
    index('audit_log_partner_at_idx').on(t.partnerId, t.at, t.id),
    index('audit_log_account_at_idx').on(t.accountId, t.at, t.id),
    index('audit_log_admin_at_idx').on(t.adminAccountId, t.at, t.id).where(sql`${t.adminAccountId} is not null`),
    index('audit_log_entity_at_idx').on(t.entity, t.at, t.id).where(sql`${t.entity} is not null`),
    index('audit_log_entity_id_at_idx').on(t.entityId, t.at, t.id).where(sql`${t.entityId} is not null`),
    index('audit_log_action_at_idx').on(t.action, t.at, t.id),
  ],
);
