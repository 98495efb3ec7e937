import { z } from 'zod';
import type { PartnerEventType } from '../events/events';
import { safeText } from '../text/safeText';

/** The partner events a webhook may subscribe to one by one (the others are for people, not machines). */
export const WEBHOOK_PARTNER_EVENTS = [
  'ORDER_CREATED',
  'ORDER_STATUS_CHANGED',
  'PRODUCT_IMPORT_FINISHED',
  'BRAND_REQUEST_DECIDED',
] as const satisfies readonly PartnerEventType[];

/**
 * The marketplace's order webhook (issue 20): the body is a JSON array of the ids of the partner's orders
 * that changed (created, status, confirmation, tracking, anything of the order) since the hook's last batch,
 * sent at most once in each clock minute. Not a partner event: the batches are collected from the orders
 * themselves (apps/server/src/modules/webhooks/order-batches.ts).
 */
export const WEBHOOK_ORDERS_BATCH_EVENT = 'ORDERS_CHANGED';
/** At most this many ids go in one batch; the rest wait for the next minute, oldest change first. */
export const WEBHOOK_ORDERS_BATCH_MAX_IDS = 10_000;

export const WEBHOOK_EVENTS = [...WEBHOOK_PARTNER_EVENTS, WEBHOOK_ORDERS_BATCH_EVENT] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** The event a "send test" delivers right away; it is never emitted by the business. */
export const WEBHOOK_PING_EVENT = 'PING';

export const WEBHOOK_STATUSES = ['OK', 'BROKEN'] as const;
export type WebhookStatus = (typeof WEBHOOK_STATUSES)[number];

/** Spec §5/§9: at most 5 webhooks per partner. */
export const MAX_WEBHOOKS = 5;
export const WEBHOOK_URL_MAX = 2000;
/** A receiver that has not answered within this long is counted as a timeout. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/**
 * The wait before the next attempt after each failed one: 1 min, 5 min, 30 min, 2 h, 12 h. After the last
 * wait one more attempt is made, then the delivery is given up (about 15 hours of trying in all).
 */
export const WEBHOOK_RETRY_DELAYS_MS = [60_000, 300_000, 1_800_000, 7_200_000, 43_200_000] as const;
export const WEBHOOK_MAX_ATTEMPTS = WEBHOOK_RETRY_DELAYS_MS.length + 1;
/** Deliveries given up in a row that turn a hook BROKEN (it then gets no new deliveries until re-enabled). */
export const WEBHOOK_BROKEN_AFTER = 3;
/** Spec §9: the log grid answers within 10 seconds or says it timed out. */
export const WEBHOOK_LOGS_TIMEOUT_MS = 10_000;
/** Attempts older than this are purged from the logs. */
export const WEBHOOK_LOG_RETENTION_DAYS = 30;
/** Of a receiver's answer only this much is read (and discarded). */
export const WEBHOOK_RESPONSE_MAX_BYTES = 64 * 1024;

/**
 * The wait before attempt `attempts + 1`, or null when `attempts` failed attempts mean giving up.
 * `delays` lets a test run the same rule on a schedule of milliseconds.
 */
export function webhookRetryDelayMs(
  attempts: number,
  delays: readonly number[] = WEBHOOK_RETRY_DELAYS_MS,
): number | null {
  if (attempts < 1) return 0;
  if (attempts > delays.length) return null;
  return delays[attempts - 1]!;
}

/**
 * Why a URL cannot be a webhook target by its text alone, or null. Only http(s); no user or password in the
 * URL (it would be sent to the receiver and shown in the portal in clear); no fragment (never sent).
 */
export function webhookUrlRefusal(value: string): 'url' | 'urlCredentials' | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'url';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'url';
  if (!url.hostname) return 'url';
  if (url.username || url.password) return 'urlCredentials';
  if (url.hash) return 'url';
  return null;
}

export const webhookSchema = z.object({
  url: safeText()
    .trim()
    .min(1, 'required')
    .max(WEBHOOK_URL_MAX, 'max')
    .superRefine((value, ctx) => {
      const refusal = webhookUrlRefusal(value);
      if (refusal) ctx.addIssue({ code: 'custom', message: refusal });
    }),
  event: z.enum(WEBHOOK_EVENTS, 'required'),
  isEnabled: z.boolean().default(true),
});
export type WebhookInput = z.input<typeof webhookSchema>;
export type Webhook = z.output<typeof webhookSchema>;

/**
 * What the signature covers: the timestamp header and the exact body, joined by a dot. A receiver checks
 * `hex(HMAC-SHA256(secret, signatureBase(X-Webhook-Timestamp, body)))` against X-Webhook-Signature and
 * refuses timestamps far from its clock (replays).
 */
export function signatureBase(timestamp: number | string, body: string): string {
  return `${timestamp}.${body}`;
}

/** The webhook request headers, named once for the server and the receiver's documentation. */
export const WEBHOOK_HEADERS = {
  id: 'x-webhook-id',
  event: 'x-webhook-event',
  timestamp: 'x-webhook-timestamp',
  signature: 'x-webhook-signature',
} as const;
