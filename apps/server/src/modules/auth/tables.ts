import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from '../account/tables';

/** Sessions live in the database so any server process can serve any request. Tokens are stored hashed. */
export const sessions = pgTable(
  'sessions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: text('token_hash').notNull().unique(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** Set while an administrator signs in as a partner: the administrator's account. */
    adminAccountId: integer('admin_account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    /** An impersonation session is bound to the one partner the administrator chose. */
    boundPartnerId: integer('bound_partner_id'),
    /** The operator's own session that opened this impersonation: it ends when that one ends. */
    originSessionId: bigint('origin_session_id', { mode: 'number' }),
    /** An impersonation by an operator whose roles may only look (support): every change is refused. */
    readOnly: boolean('read_only').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The end however much the session is used (the sliding `expiresAt` never passes it). */
    absoluteExpiresAt: timestamp('absolute_expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [
    index('sessions_account_idx').on(t.accountId),
    // Live (not revoked) sessions of an account by expiry: the dashboard counts them from the index alone.
    index('sessions_account_live_idx').on(t.accountId, t.expiresAt).where(sql`${t.revokedAt} is null`),
    index('sessions_expires_idx').on(t.expiresAt),
    index('sessions_origin_idx').on(t.originSessionId),
  ],
);

/**
 * One-time tokens: login links (login/token/{token}), administrators' remote-login links, password resets,
 * registration confirmations (registration-confirm/{token}) and the first password (registration-complete).
 */
export const loginTokens = pgTable(
  'login_tokens',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: text('token_hash').notNull().unique(),
    purpose: text('purpose', { enum: ['login', 'remote', 'reset', 'confirm', 'password', 'invite'] }).notNull(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    partnerId: integer('partner_id'),
    adminAccountId: integer('admin_account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    /** For remote-login links: the operator's session that asked for the link. */
    originSessionId: bigint('origin_session_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    index('login_tokens_expires_idx').on(t.expiresAt),
    index('login_tokens_account_idx').on(t.accountId, t.purpose),
  ],
);

/** Short-lived tokens that open the live stream websocket for one session. */
export const streamTokens = pgTable(
  'stream_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: bigint('session_id', { mode: 'number' })
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('stream_tokens_expires_idx').on(t.expiresAt)],
);

/**
 * Attempt counters for throttling (login, reset requests, token links), one row per key and fixed window.
 * A row is taken and counted in one statement, so parallel requests cannot all pass a check made before
 * their attempts were written.
 */
export const authThrottle = pgTable('auth_throttle', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
  count: integer('count').notNull().default(0),
  /** No attempt for this key before this moment (growing delays). */
  notBefore: timestamp('not_before', { withTimezone: true }),
});

/** Addresses that signed in to an account: they skip the account's delays (an attacker elsewhere does not). */
export const authKnownClients = pgTable(
  'auth_known_clients',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    ip: text('ip').notNull(),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.ip] })],
);
