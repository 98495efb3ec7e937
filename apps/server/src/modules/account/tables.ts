import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const accounts = pgTable(
  'accounts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    lang: text('lang').notNull().default('cs'),
    isConfirmed: boolean('is_confirmed').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    /** A marketplace operator (administrator), who works in the cockpit and may sign in as a partner. */
    isAdmin: boolean('is_admin').notNull().default(false),
    /** An operator's roles (the domain's OPERATOR_ROLES); what each grants is the domain's `operatorPolicies`. */
    operatorRoles: text('operator_roles').array().notNull().default(sql`'{}'`),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
    updated: timestamp('updated', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('accounts_email_uq').on(sql`lower(${t.email})`)],
);

/** Access policies: per partner and account, the (resource, action) pairs allowed. */
export const accessPolicies = pgTable(
  'access_policies',
  {
    partnerId: integer('partner_id').notNull(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    action: text('action').notNull(),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.partnerId, t.accountId, t.subject, t.action] }),
    index('access_policies_account_idx').on(t.accountId),
  ],
);

/**
 * Invitations to work for a partner that wait for their answer. Every "add a person" makes one, whatever the
 * address: an unknown address also gets its account (and link) at once and is done when it sets its first
 * password; an existing account is linked only when its owner, signed in, accepts. The row goes away on
 * acceptance, refusal or withdrawal.
 */
export const accountInvitations = pgTable(
  'account_invitations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    partnerId: integer('partner_id').notNull(),
    /** Lower-case, as typed by the inviter: the list shows only this until the invitation is accepted. */
    email: text('email').notNull(),
    /** What the account may do once it accepts ("subject:action"), cut to what the inviter held. */
    policies: text('policies').array().notNull().default(sql`'{}'::text[]`),
    invitedBy: integer('invited_by').references(() => accounts.id, { onDelete: 'set null' }),
    /** The hash of the live acceptance link, made when its mail is sent; a new mail replaces it. */
    tokenHash: text('token_hash'),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('account_invitations_partner_email_uq').on(t.partnerId, t.email),
    uniqueIndex('account_invitations_token_uq').on(t.tokenHash),
  ],
);
