import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts } from '../account/tables';
import { partners } from '../partner/tables';

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
    /** When this session's second factor was proved (sign-in or enrolment); null: the password alone. */
    secondFactorAt: timestamp('second_factor_at', { withTimezone: true }),
    /** How it was proved: totp, recovery or passkey (SECOND_FACTOR_METHODS). */
    secondFactorMethod: text('second_factor_method'),
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
    /**
     * Set for an operator's "login to stream" (cockpit/stream-watch.ts): the socket only listens to this
     * partner's events, and the session stays the operator's own.
     */
    watchPartnerId: integer('watch_partner_id'),
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

/**
 * An account's authenticator-app secret (two-factor.ts). Secrets are sealed with the server's secret box
 * (platform/secrets.ts), bound to the account: a copied value opens nowhere else. `totpLastStep` is the last
 * time step a code was accepted for, so a code is never taken twice (replay).
 */
export const twoFactorAccounts = pgTable('two_factor_accounts', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  totpSecret: text('totp_secret'),
  totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
  totpLastStep: bigint('totp_last_step', { mode: 'number' }),
  /** An enrolment started and not yet confirmed with a code: its secret, sealed. */
  pendingTotpSecret: text('pending_totp_secret'),
  pendingCreatedAt: timestamp('pending_created_at', { withTimezone: true }),
  updated: timestamp('updated', { withTimezone: true }).notNull().defaultNow(),
});

/** Recovery codes, stored as SHA-256 like every token here; each is spent once (`usedAt`). */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('two_factor_recovery_codes_account_code_idx').on(t.accountId, t.codeHash)],
);

/**
 * "Second factor pending": what a right password (or a login link) of an account with two-factor sign-in
 * gets instead of a session. Stored hashed, bound to the account, single-use, short-lived.
 */
export const twoFactorTickets = pgTable(
  'two_factor_tickets',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: text('token_hash').notNull().unique(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** What proved the first factor: password or login-link (audited with the session). */
    via: text('via', { enum: ['password', 'login-link'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('two_factor_tickets_expires_idx').on(t.expiresAt)],
);

/** An account's passkeys (WebAuthn credentials): the public key only, named by the owner. */
export const passkeys = pgTable(
  'passkeys',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    credentialId: text('credential_id').notNull().unique(),
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports').array().notNull().default(sql`'{}'`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('passkeys_account_idx').on(t.accountId)],
);

/** A passkey ceremony's challenge: made by the server, used once, expires soon. */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    challenge: text('challenge').notNull().unique(),
    purpose: text('purpose', { enum: ['register', 'authenticate'] }).notNull(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** For sign-in: the pending ticket it belongs to. */
    ticketId: bigint('ticket_id', { mode: 'number' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('webauthn_challenges_expires_idx').on(t.expiresAt)],
);

/** A partner whose master requires two-factor sign-in of every account of the partner (audited). */
export const partnerTwoFactorPolicies = pgTable('partner_two_factor_policies', {
  partnerId: integer('partner_id')
    .primaryKey()
    .references(() => partners.id, { onDelete: 'cascade' }),
  requiredAt: timestamp('required_at', { withTimezone: true }).notNull().defaultNow(),
  requiredBy: integer('required_by').references(() => accounts.id, { onDelete: 'set null' }),
});
