import { z } from 'zod';
import { dateValueRule } from '../grid/grid';
import { safeText } from '../text/safeText';

/** Kinds of API credentials (spec: API key type legacy or master). */
export const API_KEY_TYPES = ['legacy', 'master'] as const;
export type ApiKeyType = (typeof API_KEY_TYPES)[number];

/** Keys that still count: not revoked and not expired (keys waiting for their start count too). */
export const MAX_ACTIVE_API_KEYS = 10;
/**
 * Master keys carry every right of the partner's integration, so few may live at once; two, not one, so a
 * partner can roll a new master key out before revoking the old one.
 */
export const MAX_ACTIVE_MASTER_KEYS = 2;
/** Test accounts in the marketplace's sandbox per partner. */
export const MAX_SANDBOX_ACCOUNTS = 3;

export const API_KEY_STATES = ['valid', 'notYetValid', 'expired', 'revoked'] as const;
export type ApiKeyState = (typeof API_KEY_STATES)[number];

/** Where a key stands at `now`: revoked wins over its time window. */
export function apiKeyState(
  key: { validFrom: Date; validTo: Date | null; revokedAt: Date | null },
  now: Date,
): ApiKeyState {
  if (key.revokedAt) return 'revoked';
  if (key.validTo && key.validTo.getTime() <= now.getTime()) return 'expired';
  if (key.validFrom.getTime() > now.getTime()) return 'notYetValid';
  return 'valid';
}

const moment = safeText()
  .trim()
  .refine((value) => dateValueRule(value) === null, { message: 'dateOutOfRange', abort: true })
  .transform((value) => new Date(value));

/**
 * A new API key: its type and validity window. No start means now; no end (or null) means unlimited. The
 * end must come after the start and must not be past at `now`, or the key would be born expired.
 */
export function apiKeySchema(now: Date = new Date()) {
  return z
    .object({
      type: z.enum(API_KEY_TYPES, 'invalid'),
      validFrom: moment.optional(),
      validTo: moment.nullable().optional(),
    })
    .transform((key, ctx) => {
      const validFrom = key.validFrom ?? now;
      const validTo = key.validTo ?? null;
      if (validTo && validTo.getTime() <= now.getTime()) {
        ctx.addIssue({ code: 'custom', path: ['validTo'], message: 'dateInPast' });
        return z.NEVER;
      }
      if (validTo && validTo.getTime() <= validFrom.getTime()) {
        ctx.addIssue({ code: 'custom', path: ['validTo'], message: 'dateAfterStart' });
        return z.NEVER;
      }
      return { type: key.type, validFrom, validTo };
    });
}
export type ApiKeyInput = z.input<ReturnType<typeof apiKeySchema>>;

export const SANDBOX_EMAIL_MAX = 254;

/** A sandbox account is named by the e-mail of the person who tries the integration. */
export const sandboxAccountSchema = z.object({
  email: safeText().trim().min(1, 'required').max(SANDBOX_EMAIL_MAX, 'max').pipe(z.email('email')),
});

/** The domains the partner REST API counts requests by (spec rate limit: per-domain usage). */
export const API_DOMAINS = ['products', 'availability', 'orders', 'other'] as const;
export type ApiDomain = (typeof API_DOMAINS)[number];

const AVAILABILITY_SEGMENTS = new Set(['availability', 'availabilities', 'stock', 'stocks']);
const PRODUCT_SEGMENTS = new Set(['products', 'variants', 'media']);

/**
 * The domain a partner REST API request is counted in: stock and availability paths (also those under a
 * product, `/products/{id}/availability`) are availability, then products, then orders, anything else
 * other. Path parameters and the query never change the answer; a preflight is not a request of any domain.
 */
export function apiDomainOfPath(method: string, path: string): ApiDomain {
  if (method.toUpperCase() === 'OPTIONS') return 'other';
  const segments = (path.split(/[?#]/, 1)[0] ?? '')
    .toLowerCase()
    .split('/')
    .filter((s) => s !== '');
  // The prefix /api/v2 (or any version) names no domain.
  while (segments[0] === 'api' || /^v\d+$/.test(segments[0] ?? '')) segments.shift();
  if (segments.some((s) => AVAILABILITY_SEGMENTS.has(s))) return 'availability';
  const head = segments[0] ?? '';
  if (PRODUCT_SEGMENTS.has(head)) return 'products';
  if (head === 'orders') return 'orders';
  return 'other';
}

/** API limits renew at midnight in the marketplace's time zone (its operator sits in Prague). */
export const API_LIMIT_TIME_ZONE = 'Europe/Prague';

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: API_LIMIT_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

const HOUR_MS = 3_600_000;
/** The day of the last UTC hour asked about: Prague's midnight (and its summer-time turns) fall on whole UTC hours. */
let dayOfHour: { hour: number; day: string } | null = null;

/** The limit day (YYYY-MM-DD) a moment belongs to. Asked on every API call: Intl is asked once an hour. */
export function apiDayOf(moment: Date): string {
  const hour = Math.floor(moment.getTime() / HOUR_MS);
  if (dayOfHour?.hour !== hour) dayOfHour = { hour, day: dayFormat.format(new Date(hour * HOUR_MS)) };
  return dayOfHour.day;
}

/** The limit day before `day` (YYYY-MM-DD). */
export function previousApiDay(day: string): string {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

/** The share of the daily limit used, in percent with one decimal (may pass 100 once refused requests count). */
export function usedPercentage(used: number, max: number): number {
  if (max <= 0) return used > 0 ? 100 : 0;
  return Math.round((used / max) * 1000) / 10;
}

/** The limit day after `day` (YYYY-MM-DD). */
export function nextApiDay(day: string): string {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** The moment a limit day begins (midnight in Prague, an hour or two before midnight UTC). */
export function apiDayStart(day: string): Date {
  const midnightUtc = Date.parse(`${day}T00:00:00Z`);
  for (const hours of [2, 1, 0]) {
    const candidate = new Date(midnightUtc - hours * 3_600_000);
    if (apiDayOf(candidate) === day && apiDayOf(new Date(candidate.getTime() - 1)) !== day) return candidate;
  }
  return new Date(midnightUtc);
}
