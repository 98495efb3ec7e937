import { z } from 'zod';
import { DomainError } from '../errors/codes';
import { LABEL_FORMATS, LABEL_ORDERS_MAX } from '../orders/labels';
import {
  ORDER_STATUSES,
  type OrderStatus,
  type StatusChange,
  statusChangeRefusal,
  trackingNumberSchema,
  trackingUrlSchema,
} from '../orders/status';
import { safeText } from '../text/safeText';
import { parseWireDate, wireMap } from './v1';

/**
 * The wire of the partner REST API v1 for orders (issue 20 point 4), as the marketplace's clients send it:
 * `PUT /orders/{id}` with `confirmed`, `status`, `tracking_number`, `tracking_url`, `delivered_at`,
 * `first_delivery_attempt`; `PUT /orders/{id}/tracking`; `PUT …/items/{itemId}/serial-numbers` with a JSON array
 * of strings; `POST /orders/labels`. Refusals are the spec's partner-API order codes (commerce §8): the
 * marketplace's connectors read those codes, so a malformed confirmed value or tracking number is named as such
 * rather than as a generic validation error.
 */

/** An order id of the path: a positive whole number, else ORDER_ID_INVALID (the order cannot even be looked for). */
export function v1OrderId(text: string): number {
  const value = text.trim();
  const id = /^\d{1,16}$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(id) || id < 1) throw new DomainError('ORDER_ID_INVALID', { orderId: value.slice(0, 40) });
  return id;
}

/** An item id of the path, read like an order id; an item the order does not have is MISSING_ITEM_ID. */
export function v1ItemId(text: string): number {
  const value = text.trim();
  const id = /^\d{1,16}$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(id) || id < 1) throw new DomainError('MISSING_ITEM_ID', { itemId: value.slice(0, 40) });
  return id;
}

const loose = z.union([z.string(), z.number(), z.boolean(), z.null()]);

/**
 * The body of `PUT /orders/{id}` as documented and first read: loose types, so that the spec's own codes
 * (below) name a wrong confirmed value or tracking number instead of a generic VALIDATION_ERROR.
 */
export const v1OrderUpdateBody = wireMap(
  z.object({
    status: z
      .string()
      .optional()
      .describe(
        `The new status: ${ORDER_STATUSES.join(', ')} (the partner moves shipping, shipped, delivered, cancelled, returned)`,
      ),
    confirmed: loose.optional().describe('true acknowledges an order the marketplace has confirmed'),
    tracking_number: loose.optional().describe('0-9, a-z, A-Z, dash and underscore; with status shipped'),
    tracking_url: loose.optional().describe('http(s) address of the tracking page; with status shipped'),
    delivered_at: loose.optional().describe('YYYY-MM-DD HH:MM:SS (Prague time); with status delivered, now if absent'),
    first_delivery_attempt: loose.optional().describe('YYYY-MM-DD HH:MM:SS (Prague time); with status delivered'),
  }),
);

export interface V1OrderUpdate {
  /** `confirmed: true` was sent (the only value a partner may send). */
  confirm: boolean;
  status: OrderStatus | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
  deliveredAt: Date | null;
  firstDeliveryAttemptAt: Date | null;
}

const given = (value: unknown) => value !== undefined && value !== null && value !== '';

function trackingNumberOf(value: unknown): string | null {
  if (!given(value)) return null;
  const parsed = trackingNumberSchema.safeParse(typeof value === 'number' ? String(value) : value);
  if (!parsed.success || parsed.data === '') throw new DomainError('ORDER_INVALID_TRACKING_NUMBER');
  return parsed.data;
}

function trackingUrlOf(value: unknown): string | null {
  if (!given(value)) return null;
  const parsed = trackingUrlSchema.safeParse(value);
  if (!parsed.success) {
    throw new DomainError('VALIDATION_ERROR', {}, [{ field: 'body.tracking_url', rule: 'url' }]);
  }
  return parsed.data;
}

function dateOf(value: unknown, field: string): Date | null {
  if (!given(value)) return null;
  const moment = typeof value === 'string' ? parseWireDate(value.trim()) : null;
  if (!moment) throw new DomainError('VALIDATION_ERROR', {}, [{ field: `body.${field}`, rule: 'date' }]);
  return moment;
}

/**
 * Reads the body of `PUT /orders/{id}`: `confirmed` may only be true (true, 1, "1", "true"; anything else is
 * ORDER_INVALID_CONFIRMED_VALUE: a partner cannot take a confirmation back), a status must be an order status,
 * and one of the two must be there (ORDER_MISSING_CONFIRMED_AND_STATUS).
 */
export function readV1OrderUpdate(body: z.output<typeof v1OrderUpdateBody>): V1OrderUpdate {
  let confirm = false;
  if (body.confirmed !== undefined && body.confirmed !== null) {
    if (![true, 1, '1', 'true'].includes(body.confirmed)) throw new DomainError('ORDER_INVALID_CONFIRMED_VALUE');
    confirm = true;
  }
  let status: OrderStatus | null = null;
  if (given(body.status)) {
    const name = String(body.status).trim().toLowerCase();
    if (!(ORDER_STATUSES as readonly string[]).includes(name)) {
      throw new DomainError('VALIDATION_ERROR', {}, [{ field: 'body.status', rule: 'invalid' }]);
    }
    status = name as OrderStatus;
  }
  if (!confirm && !status) throw new DomainError('ORDER_MISSING_CONFIRMED_AND_STATUS');
  return {
    confirm,
    status,
    trackingNumber: trackingNumberOf(body.tracking_number),
    trackingUrl: trackingUrlOf(body.tracking_url),
    deliveredAt: dateOf(body.delivered_at, 'delivered_at'),
    firstDeliveryAttemptAt: dateOf(body.first_delivery_attempt, 'first_delivery_attempt'),
  };
}

/**
 * The portal's status change an API update asks for, or the refusal of a move only the marketplace makes
 * (to open, blocked or lost), named by the same status rules as the portal's (a blocked order first …).
 * Delivered without a date means delivered now, as the marketplace's API reads it.
 */
export function v1StatusChangeOf(
  order: { status: OrderStatus; confirmed: boolean; mallDelivery: boolean },
  update: V1OrderUpdate & { status: OrderStatus },
  now: Date,
): StatusChange {
  switch (update.status) {
    case 'shipping':
    case 'cancelled':
    case 'returned':
      return { status: update.status };
    case 'shipped':
      return { status: 'shipped', trackingNumber: update.trackingNumber, trackingUrl: update.trackingUrl };
    case 'delivered':
      return {
        status: 'delivered',
        deliveredAt: update.deliveredAt ?? now,
        firstDeliveryAttemptAt: update.firstDeliveryAttemptAt,
      };
    default:
      throw new DomainError(statusChangeRefusal(order, update.status) ?? 'INVALID_OPERATION', {
        status: update.status,
      });
  }
}

/** `PUT /orders/{id}/tracking`: the tracking number is required, the address optional. */
export const v1TrackingBody = wireMap(
  z.object({
    tracking_number: loose.optional().describe('0-9, a-z, A-Z, dash and underscore'),
    tracking_url: loose.optional().describe('http(s) address of the tracking page'),
  }),
);

export function readV1Tracking(body: z.output<typeof v1TrackingBody>): {
  trackingNumber: string;
  trackingUrl: string | null;
} {
  const trackingNumber = trackingNumberOf(body.tracking_number);
  if (!trackingNumber) throw new DomainError('ORDER_INVALID_TRACKING_NUMBER');
  return { trackingNumber, trackingUrl: trackingUrlOf(body.tracking_url) };
}

/** Serial numbers one item may carry, and the length of one. */
export const V1_SERIAL_NUMBERS_MAX = 1_000;
export const SERIAL_NUMBER_MAX = 100;

/**
 * `PUT /orders/{id}/items/{itemId}/serial-numbers`: the item's serial numbers, all of them (an empty array clears
 * them). A blank one is MISSING_SERIAL_NUMBER; repeats are kept once, in the order sent.
 */
export const v1SerialNumbersBody = z
  .array(z.union([z.string(), z.number()]))
  .max(V1_SERIAL_NUMBERS_MAX, 'max')
  .describe('Every serial number of the item, as strings; [] clears them');

export function readV1SerialNumbers(body: z.output<typeof v1SerialNumbersBody>): string[] {
  const issues: { field: string; rule: string }[] = [];
  const numbers = body.map((value, index) => {
    const text = String(value).trim();
    if (text === '') throw new DomainError('MISSING_SERIAL_NUMBER', { index });
    if (!safeText().max(SERIAL_NUMBER_MAX).safeParse(text).success) {
      issues.push({ field: `body.${index}`, rule: 'invalid' });
    }
    return text;
  });
  if (issues.length) throw new DomainError('VALIDATION_ERROR', {}, issues);
  return [...new Set(numbers)];
}

/** A whole number from the wire (`4`, `4.0`, `"4"`) within bounds. */
const wireIntIn = (min: number, max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' && /^\d{1,9}(\.0+)?$/.test(value.trim()) ? Number(value) : value),
    z.number('invalid').int('invalid').min(min, 'min').max(max, 'max'),
  );

/** A parcel's place in its order is three digits of its barcode (`parcelNumber`). */
export const V1_PARCELS_PER_ORDER_MAX = 999;

/** `POST /orders/labels`, as the marketplace's client sends it. */
export const v1LabelsBody = z.object({
  labels_type: z.enum(LABEL_FORMATS, 'invalid').describe('pdf, or zpl for thermal printers'),
  first_position: wireIntIn(1, 4).default(1).describe('Where the first label goes on a 4-per-page sheet (1-4)'),
  labels_per_page: wireIntIn(1, 4)
    .pipe(z.union([z.literal(1), z.literal(4)], 'invalid'))
    .default(1)
    .describe('1 (A6 pages) or 4 (A4 sheets in quarters)'),
  labels: z
    .array(
      z.object({
        order_id: wireIntIn(1, Number.MAX_SAFE_INTEGER),
        parcel_count: wireIntIn(1, V1_PARCELS_PER_ORDER_MAX).optional(),
      }),
    )
    .min(1, 'required')
    .max(LABEL_ORDERS_MAX, 'max'),
});

/** `/orders/stats?days=`: orders created in the last days (30 unless asked, at most a year). */
export const V1_STATS_DAYS_DEFAULT = 30;
export const V1_STATS_DAYS_MAX = 365;

export const v1StatsQuery = z.object({
  days: z
    .string()
    .trim()
    .regex(/^\d{1,4}$/, 'invalid')
    .transform(Number)
    .pipe(z.number().int().min(1, 'min').max(V1_STATS_DAYS_MAX, 'max'))
    .optional(),
});
