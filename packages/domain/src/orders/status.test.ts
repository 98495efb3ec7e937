import { describe, expect, it } from 'vitest';
import {
  allowedStatusMoves,
  bulkStatusOutcome,
  deliveryDateRefusal,
  needsConfirmation,
  ORDER_STATUSES,
  type OrderStatus,
  statusChangeRefusal,
  statusChangeSchema,
  trackingNumberSchema,
  trackingUrlSchema,
} from './status';

const confirmed = (status: OrderStatus, mallDelivery = false) => ({ status, confirmed: true, mallDelivery });

/** The whole table the orders issue states, as (from, to) pairs a partner may make. */
const ALLOWED = new Set([
  'open>shipping',
  'open>shipped',
  'open>cancelled',
  'shipping>shipped',
  'shipping>cancelled',
  'shipped>delivered',
  'shipped>returned',
]);

describe('order status moves', () => {
  it('allows exactly the moves of the table and refuses every other pair', () => {
    for (const from of ORDER_STATUSES) {
      for (const to of ORDER_STATUSES) {
        const refusal = statusChangeRefusal(confirmed(from), to);
        expect([`${from}>${to}`, refusal === null]).toEqual([`${from}>${to}`, ALLOWED.has(`${from}>${to}`)]);
      }
    }
  });

  it('names why: blocked, unconfirmed, MALL Delivery shipped, cancelled, anything else invalid', () => {
    expect(statusChangeRefusal(confirmed('blocked'), 'shipped')).toBe('ORDER_BLOCKED_STATUS_CANNOT_CHANGE');
    expect(statusChangeRefusal({ status: 'open', confirmed: false, mallDelivery: false }, 'shipped')).toBe(
      'ORDER_UNCONFIRMED_CANNOT_CHANGE',
    );
    // An unconfirmed order in another status is judged by the table: only open orders wait for confirmation.
    expect(statusChangeRefusal({ status: 'shipping', confirmed: false, mallDelivery: false }, 'shipped')).toBeNull();
    expect(statusChangeRefusal(confirmed('shipped', true), 'delivered')).toBe('ORDER_MDP_SHIPPED_CANNOT_CHANGE');
    expect(statusChangeRefusal(confirmed('shipped', false), 'delivered')).toBeNull();
    // MALL Delivery orders may still be moved before they are shipped.
    expect(statusChangeRefusal(confirmed('open', true), 'shipped')).toBeNull();
    expect(statusChangeRefusal(confirmed('cancelled'), 'open')).toBe('ORDER_CANCELLED');
    expect(statusChangeRefusal(confirmed('delivered'), 'returned')).toBe('INVALID_OPERATION');
    expect(statusChangeRefusal(confirmed('open'), 'open')).toBe('INVALID_OPERATION');
  });

  it('offers the web only the allowed moves, and asks to confirm the ones that cannot be undone', () => {
    expect(allowedStatusMoves(confirmed('open'))).toEqual(['shipping', 'shipped', 'cancelled']);
    expect(allowedStatusMoves(confirmed('shipped', true))).toEqual([]);
    expect(allowedStatusMoves(confirmed('delivered'))).toEqual([]);
    expect(ORDER_STATUSES.filter(needsConfirmation)).toEqual(['cancelled', 'returned']);
  });
});

describe('status change input', () => {
  it('takes tracking numbers of letters, digits, dash and underscore only, up to 64', () => {
    expect(trackingNumberSchema.safeParse('DR-1234_56').success).toBe(true);
    expect(trackingNumberSchema.safeParse('a'.repeat(64)).success).toBe(true);
    expect(trackingNumberSchema.safeParse('a'.repeat(65)).success).toBe(false);
    for (const bad of ['12 34', 'č123', '12/34', '12.34', '']) {
      expect([bad, trackingNumberSchema.safeParse(bad).success]).toEqual([bad, false]);
    }
  });

  it('takes http(s) tracking addresses only', () => {
    expect(trackingUrlSchema.safeParse('https://track.example/abc?id=1').success).toBe(true);
    expect(trackingUrlSchema.safeParse('http://track.example').success).toBe(true);
    for (const bad of ['javascript:alert(1)', 'ftp://x.example', 'track.example', 'https://x\u0000y.example']) {
      expect([bad, trackingUrlSchema.safeParse(bad).success]).toEqual([bad, false]);
    }
  });

  it('needs the delivered-at date for delivered, and nothing more for the others', () => {
    expect(statusChangeSchema.safeParse({ status: 'delivered' }).success).toBe(false);
    expect(statusChangeSchema.safeParse({ status: 'delivered', deliveredAt: '2026-11-20' }).success).toBe(true);
    expect(statusChangeSchema.safeParse({ status: 'shipped' }).success).toBe(true);
    expect(statusChangeSchema.safeParse({ status: 'shipped', trackingNumber: '' }).success).toBe(true);
    expect(statusChangeSchema.safeParse({ status: 'shipped', trackingNumber: 'no spaces' }).success).toBe(false);
    expect(statusChangeSchema.safeParse({ status: 'cancelled' }).success).toBe(true);
    expect(statusChangeSchema.safeParse({ status: 'open' }).success).toBe(false);
  });
});

describe('delivery dates', () => {
  const order = { createdAt: new Date('2026-11-01T10:00:00Z') };
  const now = new Date('2026-11-22T12:00:00Z');
  const at = (iso: string) => new Date(iso);

  it('accepts the creation moment, now, and a first attempt between them or equal to the delivery', () => {
    expect(deliveryDateRefusal(order, { deliveredAt: at('2026-11-01T10:00:00Z') }, now)).toBeNull();
    expect(deliveryDateRefusal(order, { deliveredAt: now }, now)).toBeNull();
    const deliveredAt = at('2026-11-10T09:00:00Z');
    expect(deliveryDateRefusal(order, { deliveredAt, firstDeliveryAttemptAt: deliveredAt }, now)).toBeNull();
    expect(
      deliveryDateRefusal(order, { deliveredAt, firstDeliveryAttemptAt: at('2026-11-01T10:00:00Z') }, now),
    ).toBeNull();
  });

  it('refuses a delivery before creation or in the future, and a first attempt outside creation–delivery', () => {
    expect(deliveryDateRefusal(order, { deliveredAt: at('2026-11-01T09:59:59Z') }, now)).toBe(
      'DELIVERY_DATE_BEFORE_CREATION',
    );
    expect(deliveryDateRefusal(order, { deliveredAt: at('2026-11-22T12:00:01Z') }, now)).toBe(
      'DELIVERY_DATE_IN_FUTURE',
    );
    const deliveredAt = at('2026-11-10T09:00:00Z');
    expect(deliveryDateRefusal(order, { deliveredAt, firstDeliveryAttemptAt: at('2026-11-10T09:00:01Z') }, now)).toBe(
      'FIRST_DELIVERY_ATTEMPT_INVALID',
    );
    expect(deliveryDateRefusal(order, { deliveredAt, firstDeliveryAttemptAt: at('2026-11-01T09:59:59Z') }, now)).toBe(
      'FIRST_DELIVERY_ATTEMPT_INVALID',
    );
  });
});

describe('bulk status change', () => {
  it('ends with the spec’s flash: all done, some failed, all failed', () => {
    expect(bulkStatusOutcome([{ ok: true }, { ok: true }])).toBe('statusesUpdate');
    expect(bulkStatusOutcome([{ ok: true }, { ok: false }])).toBe('statusesUpdateWithErr');
    expect(bulkStatusOutcome([{ ok: false }, { ok: false }])).toBe('statusesUpdateErr');
  });
});
