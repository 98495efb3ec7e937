import {
  type ErrorCode,
  type OrderStatus,
  readTrackingPaste,
  statusChangeRefusal,
  TRACKING_NUMBER_MAX,
  TRACKING_URL_MAX,
  trackingNumberSchema,
  trackingUrlSchema,
} from '@pp/domain';

/** What the shipment dialog needs of a selected order (a grid row has it). */
export interface ShipOrder {
  id: string;
  status: OrderStatus;
  confirmed: boolean;
  isMallDelivery: boolean;
  trackingNumber: string | null;
  customerName: string;
}

/** Why the domain would refuse to ship this order now, or null: shown on its row before anything is sent. */
export function shipRefusal(order: ShipOrder): ErrorCode | null {
  return statusChangeRefusal(
    { status: order.status, confirmed: order.confirmed, mallDelivery: order.isMallDelivery },
    'shipped',
  );
}

export interface PasteFill {
  /** Tracking numbers by order id after the paste. */
  tracking: Record<string, string>;
  filled: number;
  /** Pasted orders that are not among the selected ones (left out). */
  notSelected: string[];
  /** Lines that name no order. */
  unreadable: number[];
}

/**
 * Fills the rows of the selected orders from two pasted columns; rows the paste does not name keep what the
 * person typed, and orders that cannot ship are not filled (their row says why).
 */
export function fillFromPaste(
  orders: readonly ShipOrder[],
  tracking: Readonly<Record<string, string>>,
  text: string,
): PasteFill {
  const paste = readTrackingPaste(text);
  const selected = new Map(orders.map((o) => [o.id, o]));
  const next = { ...tracking };
  const notSelected: string[] = [];
  let filled = 0;
  for (const row of paste.rows) {
    const order = selected.get(row.orderId);
    if (!order) {
      notSelected.push(row.orderId);
      continue;
    }
    if (shipRefusal(order)) continue;
    next[row.orderId] = row.trackingNumber;
    filled++;
  }
  return { tracking: next, filled, notSelected, unreadable: paste.unreadable };
}

/** The rule a tracking number breaks (a key under `validation.`, with its bound), or null. */
export function trackingIssue(value: string): { rule: string; params: Record<string, number> } | null {
  const trimmed = value.trim();
  if (!trimmed) return null;
  const parsed = trackingNumberSchema.safeParse(trimmed);
  if (parsed.success) return null;
  const rule = parsed.error.issues[0]?.message ?? 'trackingNumber';
  return { rule, params: { 0: TRACKING_NUMBER_MAX } };
}

/**
 * The rule a tracking link breaks (http or https only, at most 2,000 characters, no control characters: the
 * server's `trackingUrlSchema`), or null; empty is allowed.
 */
export function trackingUrlIssue(value: string): { rule: string; params: Record<string, number> } | null {
  const trimmed = value.trim();
  if (!trimmed) return null;
  const parsed = trackingUrlSchema.safeParse(trimmed);
  if (parsed.success) return null;
  return { rule: parsed.error.issues[0]?.message ?? 'url', params: { 0: TRACKING_URL_MAX } };
}

/**
 * What the dialog sends: the orders that may ship, each with its own trimmed tracking number and, when one was
 * given, its tracking link (none keeps the link the order has).
 */
export function shipItems(
  orders: readonly ShipOrder[],
  tracking: Readonly<Record<string, string>>,
  links: Readonly<Record<string, string>> = {},
) {
  return orders
    .filter((o) => !shipRefusal(o))
    .map((o) => {
      const trackingUrl = (links[o.id] ?? '').trim();
      return {
        orderId: o.id,
        trackingNumber: (tracking[o.id] ?? '').trim(),
        ...(trackingUrl ? { trackingUrl } : {}),
      };
    });
}
