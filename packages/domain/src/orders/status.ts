import { z } from 'zod';
import type { ErrorCode } from '../errors/codes';
import { safeText } from '../text/safeText';

/** Order statuses (commerce spec §3). "missing" is not a status but a derived list (see missing.ts). */
export const ORDER_STATUSES = [
  'blocked',
  'open',
  'shipping',
  'shipped',
  'delivered',
  'cancelled',
  'returned',
  'lost',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Statuses after which nothing more happens to an order: the missing-status rule ignores them. */
export const FINAL_STATUSES: readonly OrderStatus[] = ['delivered', 'cancelled', 'returned', 'lost'];

/** Shipment (dip) statuses, reported by the carrier. */
export const SHIPMENT_STATUSES = [
  'CREATED',
  'DELIVERED',
  'DELIVERING',
  'EXPIRED',
  'READY_FOR_PICKUP',
  'RECEIVED',
  'RETURNED',
  'RETURNING',
  'RETURN_READY_FOR_PICKUP',
] as const;
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];

/** The moves a partner may make (commerce spec §4 and the orders issue): everything else is refused. */
const PARTNER_MOVES: Record<OrderStatus, readonly OrderStatus[]> = {
  open: ['shipping', 'shipped', 'cancelled'],
  shipping: ['shipped', 'cancelled'],
  shipped: ['delivered', 'returned'],
  blocked: [],
  delivered: [],
  cancelled: [],
  returned: [],
  lost: [],
};

/** What the status rules need to know of an order. */
export interface OrderStatusFacts {
  status: OrderStatus;
  /** An open order the marketplace has not confirmed yet cannot be changed. */
  confirmed: boolean;
  /** Shipped by the marketplace's own delivery service (MALL Delivery). */
  mallDelivery: boolean;
}

/**
 * Why a partner may not move this order to `to`, or null when the move is allowed. The order of the checks
 * is the order a person understands them in: a blocked order first, then an unconfirmed one, then MALL
 * Delivery, then the table.
 */
export function statusChangeRefusal(order: OrderStatusFacts, to: OrderStatus): ErrorCode | null {
  if (order.status === 'blocked') return 'ORDER_BLOCKED_STATUS_CANNOT_CHANGE';
  if (order.status === 'open' && !order.confirmed) return 'ORDER_UNCONFIRMED_CANNOT_CHANGE';
  if (order.mallDelivery && order.status === 'shipped') return 'ORDER_MDP_SHIPPED_CANNOT_CHANGE';
  if (order.status === 'cancelled') return 'ORDER_CANCELLED';
  return PARTNER_MOVES[order.status].includes(to) ? null : 'INVALID_OPERATION';
}

/** The statuses the partner may choose for this order now (the web offers only these). */
export function allowedStatusMoves(order: OrderStatusFacts): OrderStatus[] {
  return ORDER_STATUSES.filter((to) => statusChangeRefusal(order, to) === null);
}

/** Moves that cannot be undone ask the person to confirm first (spec §4: cancelled and returned). */
export function needsConfirmation(to: OrderStatus): boolean {
  return to === 'cancelled' || to === 'returned';
}

/** Tracking numbers: 0-9, a-z, A-Z, dash and underscore (spec §5). */
export const TRACKING_NUMBER_PATTERN = /^[0-9A-Za-z_-]+$/;
export const TRACKING_NUMBER_MAX = 64;
export const TRACKING_URL_MAX = 2000;

export const trackingNumberSchema = z
  .string()
  .trim()
  .max(TRACKING_NUMBER_MAX, 'max')
  .regex(TRACKING_NUMBER_PATTERN, 'trackingNumber');

/** A tracking address the customer will open: http or https only, nothing else a browser would run. */
export const trackingUrlSchema = safeText()
  .trim()
  .max(TRACKING_URL_MAX, 'max')
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'https:' || url.protocol === 'http:';
    } catch {
      return false;
    }
  }, 'url');

const isoDate = z.coerce.date({ message: 'date' });

/** One status change as the dialogs send it: what each target status needs (spec §4). */
export const statusChangeSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('shipping') }),
  z.object({
    status: z.literal('shipped'),
    trackingNumber: z.union([trackingNumberSchema, z.literal('')]).nullish(),
    trackingUrl: z.union([trackingUrlSchema, z.literal('')]).nullish(),
  }),
  z.object({
    status: z.literal('delivered'),
    deliveredAt: isoDate,
    firstDeliveryAttemptAt: isoDate.nullish(),
  }),
  z.object({ status: z.literal('cancelled') }),
  z.object({ status: z.literal('returned') }),
]);
export type StatusChange = z.infer<typeof statusChangeSchema>;

/**
 * The delivery dates' rules (spec §5): delivered not before the order was created and not in the future; the
 * first delivery attempt, when given, not before creation and not after the delivery (it may equal it).
 */
export function deliveryDateRefusal(
  order: { createdAt: Date },
  change: { deliveredAt: Date; firstDeliveryAttemptAt?: Date | null },
  now: Date,
): ErrorCode | null {
  const delivered = change.deliveredAt.getTime();
  if (delivered < order.createdAt.getTime()) return 'DELIVERY_DATE_BEFORE_CREATION';
  if (delivered > now.getTime()) return 'DELIVERY_DATE_IN_FUTURE';
  const attempt = change.firstDeliveryAttemptAt?.getTime();
  if (attempt !== undefined && (attempt < order.createdAt.getTime() || attempt > delivered)) {
    return 'FIRST_DELIVERY_ATTEMPT_INVALID';
  }
  return null;
}

/** A bulk change takes at most this many orders per request (the grid's largest selection). */
export const BULK_STATUS_MAX = 500;

/** The flash a bulk change ends with (spec §8: statusesUpdate, statusesUpdateWithErr, statusesUpdateErr). */
export function bulkStatusOutcome(
  results: readonly { ok: boolean }[],
): 'statusesUpdate' | 'statusesUpdateWithErr' | 'statusesUpdateErr' {
  const failed = results.filter((r) => !r.ok).length;
  if (failed === 0) return 'statusesUpdate';
  return failed === results.length ? 'statusesUpdateErr' : 'statusesUpdateWithErr';
}
