import { z } from 'zod';
import { safeText } from '../text/safeText';
import type { AttemptWindow } from './security';

/**
 * Two-factor sign-in (issue 24): TOTP as authenticator apps know it (RFC 6238, SHA-1, 30 s, 6 digits),
 * recovery codes, and passkeys. The server enforces these numbers; docs/security.md explains them.
 */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps either side of now that a code may come from: a phone's clock a little off still signs in. */
export const TOTP_DRIFT_STEPS = 1;

/** Recovery codes made at enrolment (and at each regeneration); each works once. */
export const RECOVERY_CODE_COUNT = 10;

/** The "second factor pending" ticket between the password and the code. */
export const TWO_FACTOR_TICKET_TTL_MS = 5 * 60_000;
/** Wrong codes per ticket: after these the person starts again with the password. */
export const TWO_FACTOR_TICKET_LIMIT: AttemptWindow = { max: 5, windowMs: TWO_FACTOR_TICKET_TTL_MS };
/** A passkey ceremony's challenge lives this long and is used once. */
export const WEBAUTHN_CHALLENGE_TTL_MS = 5 * 60_000;
/** Passkeys per account. */
export const PASSKEY_LIMIT = 10;

/** Ways a session's second factor was proved. */
export const SECOND_FACTOR_METHODS = ['totp', 'recovery', 'passkey'] as const;
export type SecondFactorMethod = (typeof SECOND_FACTOR_METHODS)[number];

/** A code as typed: spaces and dashes people copy along are dropped. */
export const totpCodeSchema = z
  .string()
  .transform((value) => value.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'twoFactorCode'));

/** Recovery codes are ten characters of a 32-letter alphabet without look-alikes, shown as xxxxx-xxxxx. */
export const RECOVERY_CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export const recoveryCodeSchema = z
  .string()
  .transform((value) => normalizeRecoveryCode(value))
  .pipe(z.string().regex(/^[a-z2-9]{10}$/, 'recoveryCode'));

/** Lower case, without spaces or dashes: the form a recovery code is hashed in. */
export function normalizeRecoveryCode(value: string): string {
  return value.toLowerCase().replace(/[\s-]/g, '');
}

/** How a recovery code is shown: two groups of five. */
export function formatRecoveryCode(code: string): string {
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

export const passkeyNameSchema = safeText().trim().min(1, 'required').max(60, 'max');

/**
 * A browser's answer to a passkey ceremony, as JSON text: a few kilobytes with "none" attestation. The bound
 * keeps a stranger's megabytes from being parsed and walked at every guess.
 */
export const PASSKEY_RESPONSE_MAX = 64 * 1024;
export const passkeyResponseSchema = z.string().max(PASSKEY_RESPONSE_MAX, 'max');
