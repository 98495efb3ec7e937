/**
 * The platform's security limits, in one place: the server enforces them and docs/security.md explains them.
 * Login throttling limits the attacker, not the account's owner (see docs/decisions.md, "Login throttling").
 */

/** A fixed window: at most `max` attempts per `windowMs` for one key. */
export interface AttemptWindow {
  max: number;
  windowMs: number;
}

const FIFTEEN_MINUTES = 15 * 60_000;

/** Password checks per (account, client address): tight, it only slows the one guessing from there. */
export const LOGIN_PAIR_LIMIT: AttemptWindow = { max: 5, windowMs: FIFTEEN_MINUTES };
/** Password checks per client address over all accounts: loose, an office may share one address. */
export const LOGIN_ADDRESS_LIMIT: AttemptWindow = { max: 50, windowMs: FIFTEEN_MINUTES };
/**
 * Per account, from addresses that never signed in to it: this many free attempts per window, then each
 * further attempt waits twice as long as the one before, up to `maxDelayMs`. Never a lock-out.
 */
export const LOGIN_ACCOUNT_DELAY = { free: 10, windowMs: FIFTEEN_MINUTES, firstDelayMs: 1_000, maxDelayMs: 60_000 };
/** An address that signed in to an account is "known" to it this long and skips the account's delays. */
export const KNOWN_CLIENT_TTL_MS = 30 * 24 * 60 * 60_000;

/** Reset-link e-mails per e-mail address, and public secret checks (token links, resets) per address. */
export const RESET_REQUEST_LIMIT: AttemptWindow = { max: 3, windowMs: FIFTEEN_MINUTES };
export const RESET_ADDRESS_LIMIT: AttemptWindow = { max: 20, windowMs: FIFTEEN_MINUTES };
export const SECRET_CHECK_LIMIT: AttemptWindow = { max: 20, windowMs: FIFTEEN_MINUTES };

/** The delay an account imposes after `attempts` attempts in its window (0 while attempts are free). */
export function accountDelayMs(attempts: number): number {
  const over = attempts - LOGIN_ACCOUNT_DELAY.free;
  if (over <= 0) return 0;
  return Math.min(LOGIN_ACCOUNT_DELAY.maxDelayMs, LOGIN_ACCOUNT_DELAY.firstDelayMs * 2 ** Math.min(over - 1, 20));
}

/** A session ends this long after sign-in however much it is used; an operator's impersonation sooner. */
export const SESSION_ABSOLUTE_TTL_MS = 24 * 60 * 60_000;
export const IMPERSONATION_ABSOLUTE_TTL_MS = 60 * 60_000;

/** Sent mail is kept this long for support questions, then removed. */
export const MAIL_RETENTION_MS = 30 * 24 * 60 * 60_000;

/** Limits on one GraphQL document (see the platform's graphql limits). */
export const GRAPHQL_LIMITS = {
  aliases: 15,
  depth: 10,
  tokens: 2_000,
  directives: 10,
  cost: 5_000,
} as const;

/** Requests per client (signed-in session, else address) and window. */
export const REQUEST_RATE_LIMIT = { max: 600, windowMs: 60_000 } as const;
