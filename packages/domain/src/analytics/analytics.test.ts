import { describe, expect, it } from 'vitest';
import {
  clickLabel,
  isTrackedRoute,
  routeNameOf,
  USAGE_BATCH_MAX,
  UNTRACKED_ROUTES,
  usageBatchSchema,
} from './analytics';

const event = { kind: 'view', route: 'orders', at: '2026-11-22T10:00:00.000Z' };

describe('routeNameOf', () => {
  it('names list pages by their path and entity pages as their detail', () => {
    expect(routeNameOf('/')).toBe('home');
    expect(routeNameOf('/orders')).toBe('orders');
    expect(routeNameOf('/orders/open-status')).toBe('orders-open-status');
    expect(routeNameOf('/orders/$orderId')).toBe('orders-detail');
    expect(routeNameOf('/products/detail/{-$id}')).toBe('products-detail');
    expect(routeNameOf('/billings/invoice-detail/$id')).toBe('billings-invoice-detail');
    expect(routeNameOf('/cockpit/usage')).toBe('cockpit-usage');
    expect(routeNameOf('/workflow/{-$step}')).toBe('workflow');
  });

  it('never carries a token, an id or an e-mail of the address', () => {
    expect(routeNameOf('/registration-confirm/$token')).toBe('registration-confirm');
    expect(routeNameOf('/registration-complete/$passwordToken/$loginToken')).toBe('registration-complete');
    expect(routeNameOf('/login/token/$token')).toBe('login-token');
    const name = routeNameOf('/registration-confirm/$token');
    expect(name).not.toContain('$');
    expect(name).not.toContain('token');
  });

  it('makes names the server accepts', () => {
    for (const template of ['/', '/Orders/$orderId', '/a_b/c', `/${'x'.repeat(200)}`]) {
      const route = routeNameOf(template);
      expect(usageBatchSchema.safeParse([{ ...event, route }]).success).toBe(true);
    }
  });
});

describe('isTrackedRoute', () => {
  it('skips the registration form and its submitted page only', () => {
    expect(UNTRACKED_ROUTES).toEqual(['registration', 'registration-submit']);
    expect(isTrackedRoute(routeNameOf('/registration'))).toBe(false);
    expect(isTrackedRoute(routeNameOf('/registration-submit'))).toBe(false);
    expect(isTrackedRoute(routeNameOf('/registration-confirm/$token'))).toBe(true);
    expect(isTrackedRoute('orders')).toBe(true);
  });
});

describe('usageBatchSchema', () => {
  it('accepts 1 to 50 events and refuses an empty or a longer batch', () => {
    expect(usageBatchSchema.safeParse([event]).success).toBe(true);
    expect(usageBatchSchema.safeParse(Array(USAGE_BATCH_MAX).fill(event)).success).toBe(true);
    expect(usageBatchSchema.safeParse(Array(USAGE_BATCH_MAX + 1).fill(event)).success).toBe(false);
    expect(usageBatchSchema.safeParse([]).success).toBe(false);
  });

  it('refuses route names with anything but lower-case letters, digits and - . / $', () => {
    for (const route of ['orders/$orderid', 'a.b', 'x-1']) {
      expect(usageBatchSchema.safeParse([{ ...event, route }]).success).toBe(true);
    }
    for (const route of ['', 'Orders', 'orders/123?token=abc', 'a b', 'jan@example.com', 'x'.repeat(81)]) {
      expect(usageBatchSchema.safeParse([{ ...event, route }]).success).toBe(false);
    }
  });

  it('limits labels to 80 characters without control characters', () => {
    expect(usageBatchSchema.safeParse([{ ...event, kind: 'click', label: 'x'.repeat(80) }]).success).toBe(true);
    expect(usageBatchSchema.safeParse([{ ...event, kind: 'click', label: 'x'.repeat(81) }]).success).toBe(false);
    expect(usageBatchSchema.safeParse([{ ...event, kind: 'click', label: 'a\u0000b' }]).success).toBe(false);
  });

  it('refuses other kinds and times that are not ISO', () => {
    expect(usageBatchSchema.safeParse([{ ...event, kind: 'scroll' }]).success).toBe(false);
    expect(usageBatchSchema.safeParse([{ ...event, at: 'yesterday' }]).success).toBe(false);
    expect(usageBatchSchema.safeParse([{ ...event, at: '2026-11-22T10:00:00+01:00' }]).success).toBe(true);
  });
});

describe('clickLabel', () => {
  it('collapses white space and cuts at 80 characters', () => {
    expect(clickLabel('  Save\n  changes ')).toBe('Save changes');
    expect(clickLabel('y'.repeat(100))).toHaveLength(80);
  });

  it('keeps e-mail addresses and record numbers out of labels', () => {
    expect(clickLabel('jan.novak@example.com')).toBe('@');
    expect(clickLabel('Order 20261122001')).toBe('Order #');
    expect(clickLabel('Top 10')).toBe('Top 10');
  });
});
