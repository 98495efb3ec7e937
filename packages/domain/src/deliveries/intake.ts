import { z } from 'zod';
import type { ErrorCode } from '../errors/codes';
import { MARKETS, type ShopId } from '../markets/markets';
import { DELIVERY_METHODS, ORDER_TYPES } from '../orders/chips';
import { PAYMENT_TYPE_CODES, paymentGroupOf } from '../orders/payment';
import { type OrderStatus, SHIPMENT_STATUSES, type ShipmentStatus } from '../orders/status';
import { VAT_RATES } from '../products/rules';
import { safeText } from '../text/safeText';

/**
 * Orders the marketplace's shop hands to the portal (issue 19 point 7). The marketplace's order id is the
 * order's id here too; ids from TEST_ORDER_ID_BASE up belong to the partner's test orders and are never
 * the marketplace's.
 */
export const INTAKE_ORDER_ID_MAX = 8_999_999_999_999;
export const INTAKE_ITEMS_MAX = 100;
export const INTAKE_QUANTITY_MAX = 9999;
export const INTAKE_PRICE_MAX = 999_999_999.99;
const TEXT_MAX = 200;
const CREATED_AT_MIN = Date.UTC(2000, 0, 1);
const CREATED_AT_AHEAD_MS = 24 * 60 * 60_000;
const SHORT_MAX = 64;

const money = (max = INTAKE_PRICE_MAX) =>
  z
    .number({ message: 'required' })
    .min(0, 'min')
    .max(max, 'max')
    .refine((p) => Math.abs(p * 100 - Math.round(p * 100)) < 1e-6, 'invalid');

const text = (max: number) => safeText().trim().max(max, 'max');
const optionalText = (max: number) =>
  text(max)
    .nullish()
    .transform((v) => (v ? v : null));

export const intakeItemSchema = z.object({
  /** The marketplace's line number inside the order. */
  id: z.number({ message: 'required' }).int('invalid').min(1, 'min').max(2_147_483_647, 'max'),
  articleId: optionalText(SHORT_MAX),
  partnerArticleId: optionalText(SHORT_MAX),
  title: text(TEXT_MAX).min(1, 'required'),
  quantity: z.number({ message: 'required' }).int('invalid').min(1, 'min').max(INTAKE_QUANTITY_MAX, 'max'),
  unitPrice: money(),
  totalDiscount: money().default(0),
  vat: z.number({ message: 'required' }).min(0, 'min').max(100, 'max'),
  commission: money().default(0),
  codFee: money().default(0),
  prepaid: money().default(0),
  purchasePrice: money().nullish(),
  serialNumbers: z.array(text(SHORT_MAX)).max(INTAKE_QUANTITY_MAX, 'max').default([]),
  references: z.array(text(SHORT_MAX)).max(10, 'max').default([]),
});

/** An order as the marketplace sends it: every field bound, the money in the partner's currency. */
export const intakeOrderSchema = z.object({
  orderId: z.number({ message: 'required' }).int('invalid').min(1, 'min').max(INTAKE_ORDER_ID_MAX, 'max'),
  partnerId: z.number({ message: 'required' }).int('invalid').min(1, 'min').max(2_147_483_647, 'max'),
  purchaseId: optionalText(SHORT_MAX),
  externalId: optionalText(SHORT_MAX),
  /**
   * When the customer ordered; now when not given. Not before 2000 nor more than a day ahead of our clock: the
   * dates of the order (ship-by, delivery) are counted from it on the working-day calendar.
   */
  createdAt: z.coerce
    .date({ message: 'date' })
    .refine((d) => d.getTime() >= CREATED_AT_MIN && d.getTime() <= Date.now() + CREATED_AT_AHEAD_MS, 'date')
    .optional(),
  /** A new order is open, or blocked while the marketplace checks it (fraud, stock). */
  status: z.enum(['open', 'blocked'], { message: 'invalid' }).default('open'),
  /** False while the marketplace waits for the customer's payment. */
  confirmed: z.boolean({ message: 'invalid' }).default(true),
  orderType: z.enum(ORDER_TYPES, { message: 'invalid' }).default('mall'),
  paymentType: z.enum(PAYMENT_TYPE_CODES as [string, ...string[]], { message: 'invalid' }),
  currency: z.string({ message: 'required' }).max(3, 'max'),
  customer: z.object({
    name: text(TEXT_MAX).min(1, 'required'),
    email: z.email('email').max(254, 'max').nullish(),
    phone: optionalText(32),
  }),
  address: z
    .object({
      company: optionalText(TEXT_MAX),
      street: optionalText(TEXT_MAX),
      city: optionalText(TEXT_MAX),
      zip: optionalText(16),
      country: z
        .string()
        .regex(/^[A-Z]{2}$/, 'invalid')
        .nullish(),
    })
    .default({ company: null, street: null, city: null, zip: null, country: null }),
  transport: z.object({
    deliveryType: z.enum(DELIVERY_METHODS, { message: 'invalid' }),
    /** The carrier's code (a DELIVERY_CARRIERS code, or MALL_DELIVERY); none for a personal pickup. */
    transportId: optionalText(SHORT_MAX),
    branchId: optionalText(SHORT_MAX),
    secondaryBranchId: optionalText(SHORT_MAX),
    isMallDelivery: z.boolean({ message: 'invalid' }).default(false),
    isMdp: z.boolean({ message: 'invalid' }).default(false),
    isDip: z.boolean({ message: 'invalid' }).default(false),
  }),
  prices: z.object({ delivery: money().default(0), codFee: money().default(0) }).default({ delivery: 0, codFee: 0 }),
  items: z.array(intakeItemSchema).min(1, 'required').max(INTAKE_ITEMS_MAX, 'max'),
});
export type IntakeOrderInput = z.input<typeof intakeOrderSchema>;
export type IntakeOrder = z.output<typeof intakeOrderSchema>;

export interface IntakeIssue {
  field: string;
  rule: string;
  params?: Record<string, string | number>;
}

/**
 * The rules that need the partner's market: its currency, its VAT rates, whole prices in CZK and HUF; and
 * the transport's own consistency (MDP and DIP are kinds of MALL Delivery, a pickup point needs its branch,
 * an address delivery its address). Empty when the order may be written.
 */
export function intakeOrderIssues(order: IntakeOrder, shopId: ShopId): IntakeIssue[] {
  const market = MARKETS[shopId];
  const issues: IntakeIssue[] = [];
  if (order.currency !== market.currency) {
    issues.push({ field: 'currency', rule: 'intakeCurrency', params: { 0: market.currency } });
  }
  const rates = VAT_RATES[shopId] ?? [];
  const seen = new Set<number>();
  order.items.forEach((item, i) => {
    if (!rates.some((rate) => Math.abs(rate - item.vat) < 1e-9)) {
      issues.push({ field: `items.${i}.vat`, rule: 'vatRate', params: { 0: rates.join(', ') } });
    }
    if (market.wholePrices && !Number.isInteger(item.unitPrice)) {
      issues.push({ field: `items.${i}.unitPrice`, rule: 'invalid' });
    }
    if (seen.has(item.id)) issues.push({ field: `items.${i}.id`, rule: 'intakeItemTwice' });
    seen.add(item.id);
    if (item.totalDiscount > item.unitPrice * item.quantity) {
      issues.push({ field: `items.${i}.totalDiscount`, rule: 'max', params: { 0: item.unitPrice * item.quantity } });
    }
  });
  const t = order.transport;
  if ((t.isMdp || t.isDip) && !t.isMallDelivery) issues.push({ field: 'transport.isMallDelivery', rule: 'required' });
  if (t.isMdp && t.isDip) issues.push({ field: 'transport.isDip', rule: 'invalid' });
  if (t.deliveryType === 'PICKUP_POINT' && !t.branchId) issues.push({ field: 'transport.branchId', rule: 'required' });
  if (t.deliveryType === 'ADDRESS') {
    for (const key of ['street', 'city', 'zip'] as const) {
      if (!order.address[key]) issues.push({ field: `address.${key}`, rule: 'required' });
    }
  }
  if (t.deliveryType !== 'PERSONAL_PICKUP' && !t.transportId) {
    issues.push({ field: 'transport.transportId', rule: 'required' });
  }
  return issues;
}

/**
 * The code a malformed order answers with before its fields are judged (the spec's Orders API codes): no
 * order id is MISSING_ORDER_ID, one that is not a whole number in range INVALID_ORDER_ID, an item without
 * its id MISSING_ITEM_ID, an unknown partner INVALID_PARTNER_ID (decided by the caller, who looks it up).
 */
export function intakeShapeRefusal(input: unknown): ErrorCode | null {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return 'BAD_REQUEST';
  const body = input as Record<string, unknown>;
  if (body.orderId === undefined || body.orderId === null || body.orderId === '') return 'MISSING_ORDER_ID';
  const id = body.orderId;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1 || id > INTAKE_ORDER_ID_MAX) {
    return 'INVALID_ORDER_ID';
  }
  if (typeof body.partnerId !== 'number' || !Number.isSafeInteger(body.partnerId) || body.partnerId < 1) {
    return 'INVALID_PARTNER_ID';
  }
  if (Array.isArray(body.items)) {
    for (const item of body.items) {
      if (typeof item === 'object' && item !== null && (item as { id?: unknown }).id == null) return 'MISSING_ITEM_ID';
    }
  }
  return null;
}

/** The order's totals from its items: what the customer pays, and the cash to collect on delivery. */
export function intakeTotals(order: IntakeOrder): { total: number; totalDiscount: number; cod: number } {
  const cents = (n: number) => Math.round(n * 100);
  const items = order.items.reduce((sum, i) => sum + cents(i.unitPrice) * i.quantity - cents(i.totalDiscount), 0);
  const totalDiscount = order.items.reduce((sum, i) => sum + cents(i.totalDiscount), 0);
  const total = items + cents(order.prices.delivery) + cents(order.prices.codFee);
  const cod = paymentGroupOf(order.paymentType) === 'CASH_ON_DELIVERY' ? total : 0;
  return { total: total / 100, totalDiscount: totalDiscount / 100, cod: cod / 100 };
}

// --- Events the marketplace reports about an order ---

/** MALL Delivery consignment statuses: the shipment statuses of the spec, and LOST (the carrier lost it). */
export const CONSIGNMENT_STATUSES = [...SHIPMENT_STATUSES, 'LOST'] as const;
export type ConsignmentStatus = (typeof CONSIGNMENT_STATUSES)[number];

export const marketplaceEventSchema = z.object({
  partnerId: z.number({ message: 'required' }).int('invalid').min(1, 'min').max(2_147_483_647, 'max'),
  event: z.discriminatedUnion(
    'type',
    [
      /** The customer cancelled (spec §4: CANCELLED automatically only while OPEN). */
      z.object({ type: z.literal('customerCancellation') }),
      /** The marketplace's check of a blocked order is done: it opens or is cancelled. */
      z.object({ type: z.literal('unblock'), status: z.enum(['open', 'cancelled'], { message: 'invalid' }) }),
      /** The customer's payment arrived (confirmed) or was taken back (unconfirmed again). */
      z.object({ type: z.literal('confirmation'), confirmed: z.boolean({ message: 'required' }) }),
      /** A MALL Delivery consignment moved. */
      z.object({
        type: z.literal('consignment'),
        status: z.enum(CONSIGNMENT_STATUSES, { message: 'invalid' }),
        at: z.coerce.date({ message: 'date' }).optional(),
      }),
    ],
    { message: 'invalid' },
  ),
});
export type MarketplaceEventInput = z.input<typeof marketplaceEventSchema>;
export type MarketplaceEvent = z.output<typeof marketplaceEventSchema>['event'];

export interface MarketplaceOrderFacts {
  status: OrderStatus;
  confirmed: boolean;
  mallDelivery: boolean;
  readyToReturn: boolean;
}

/**
 * What an event does to an order: a status move (written by the same writer as a partner's change), flags,
 * a shipment history entry, or a request for the partner; `refusal` when the event does not apply now;
 * `nothing` when the order is already where the event would put it (a repeated event is harmless).
 */
export interface MarketplaceEffect {
  refusal: ErrorCode | null;
  to: OrderStatus | null;
  confirmed: boolean | null;
  readyToReturn: boolean | null;
  shipment: ShipmentStatus | 'LOST' | null;
  /** The customer cancelled an order past OPEN: the marketplace's call centre calls the partner. */
  cancellationRequested: boolean;
  nothing: boolean;
}

const FINAL: readonly OrderStatus[] = ['delivered', 'cancelled', 'returned', 'lost'];
/** Consignment statuses that mean the parcel is with the carrier: an open or shipping order is shipped. */
const ON_THE_WAY: readonly ConsignmentStatus[] = ['RECEIVED', 'DELIVERING', 'READY_FOR_PICKUP'];

function effect(partial: Partial<MarketplaceEffect>): MarketplaceEffect {
  const base: MarketplaceEffect = {
    refusal: null,
    to: null,
    confirmed: null,
    readyToReturn: null,
    shipment: null,
    cancellationRequested: false,
    nothing: false,
  };
  return { ...base, ...partial };
}

const refused = (code: ErrorCode) => effect({ refusal: code });

/** The marketplace's rules for its own events (docs/decisions.md, "Orders that arrive"). */
export function marketplaceEventEffect(order: MarketplaceOrderFacts, event: MarketplaceEvent): MarketplaceEffect {
  switch (event.type) {
    case 'customerCancellation':
      if (order.status === 'open') return effect({ to: 'cancelled' });
      if (order.status === 'cancelled') return effect({ nothing: true });
      // A blocked order is the marketplace's own to resolve (unblock → cancelled), never the partner's.
      if (order.status === 'blocked') return refused('ORDER_BLOCKED_STATUS_CANNOT_CHANGE');
      // Delivered, returned or lost: what the customer wants now is a return, not a cancellation.
      if (FINAL.includes(order.status)) return refused('ORDER_NOT_AVAILABLE');
      return effect({ cancellationRequested: true });
    case 'unblock':
      if (order.status === event.status) return effect({ nothing: true });
      if (order.status !== 'blocked') return refused('INVALID_OPERATION');
      return effect({ to: event.status });
    case 'confirmation':
      if (order.status !== 'open' && order.status !== 'blocked') return refused('ORDER_INVALID_CONFIRMED_VALUE');
      if (order.confirmed === event.confirmed) return effect({ nothing: true });
      return effect({ confirmed: event.confirmed });
    case 'consignment':
      return consignmentEffect(order, event.status);
  }
}

function consignmentEffect(order: MarketplaceOrderFacts, status: ConsignmentStatus): MarketplaceEffect {
  if (!order.mallDelivery) return refused('ONLY_FOR_MDP_ORDERS');
  if (order.status === 'blocked' || order.status === 'cancelled') return refused('WRONG_STATUS_FOR_CONSIGNMENT');
  if (order.status === 'open' && !order.confirmed) return refused('WRONG_STATUS_FOR_CONSIGNMENT');
  const shipment = status;
  const final = FINAL.includes(order.status);
  if (ON_THE_WAY.includes(status)) {
    return effect({ shipment, to: order.status === 'open' || order.status === 'shipping' ? 'shipped' : null });
  }
  if (status === 'DELIVERED') return effect({ shipment, to: final ? null : 'delivered' });
  if (status === 'LOST') return effect({ shipment, to: final ? null : 'lost' });
  // The return waits for the partner at the branch: the order shows "ready to return" until it is collected.
  if (status === 'RETURN_READY_FOR_PICKUP') return effect({ shipment, readyToReturn: true });
  if (status === 'RETURNED') {
    return effect({
      shipment,
      to: order.status === 'shipped' ? 'returned' : null,
      readyToReturn: order.readyToReturn ? false : null,
    });
  }
  // CREATED, EXPIRED, RETURNING: the history records them; the order's status waits for the outcome.
  return effect({ shipment });
}

/** A marketplace move the writer may make (the partner's table does not apply to the marketplace). */
export const MARKETPLACE_MOVES: Record<OrderStatus, readonly OrderStatus[]> = {
  blocked: ['open', 'cancelled'],
  open: ['cancelled', 'shipped', 'delivered', 'lost'],
  shipping: ['shipped', 'delivered', 'lost'],
  shipped: ['delivered', 'returned', 'lost'],
  delivered: [],
  cancelled: [],
  returned: [],
  lost: [],
};

export function marketplaceMoveRefusal(from: OrderStatus, to: OrderStatus): ErrorCode | null {
  return MARKETPLACE_MOVES[from].includes(to) ? null : 'INVALID_OPERATION';
}

// --- The demo generator and the pull feed ---

/** Demo shops get this many new orders per minute at most (a few a minute: visibly alive, never a flood). */
export const DEMO_ORDERS_PER_MINUTE_MAX = 3;
/** The spec's "order feed every 15 minutes": the schedule of the pull from the marketplace's feed. */
export const ORDER_FEED_CRON = '*/15 * * * *';
/** Orders taken from one pull of the feed; the rest wait for the next pull. */
export const ORDER_FEED_BATCH_MAX = 5000;
