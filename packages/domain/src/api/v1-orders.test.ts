import { describe, expect, it } from 'vitest';
import type { DomainError } from '../errors/codes';
import {
  readV1OrderUpdate,
  readV1SerialNumbers,
  readV1Tracking,
  v1LabelsBody,
  v1OrderId,
  v1OrderUpdateBody,
  v1StatusChangeOf,
} from './v1-orders';

function codeOf(run: () => unknown): string | null {
  try {
    run();
    return null;
  } catch (error) {
    return (error as DomainError).code;
  }
}

const update = (body: unknown) => readV1OrderUpdate(v1OrderUpdateBody.parse(body));

describe('v1 order updates', () => {
  it('takes confirmed as the marketplace’s clients send it, and only true', () => {
    for (const confirmed of [true, 1, '1', 'true']) expect(update({ confirmed }).confirm).toBe(true);
    for (const confirmed of [false, 0, 'no', 'TRUE ']) {
      expect(
        codeOf(() => update({ confirmed })),
        String(confirmed),
      ).toBe('ORDER_INVALID_CONFIRMED_VALUE');
    }
    expect(update({ confirmed: null, status: 'SHIPPED' })).toMatchObject({ confirm: false, status: 'shipped' });
  });

  it('needs a status or confirmed, and names a bad tracking number or date', () => {
    for (const body of [{}, [], { tracking_number: 'X1' }, { status: '' }]) {
      expect(
        codeOf(() => update(body)),
        JSON.stringify(body),
      ).toBe('ORDER_MISSING_CONFIRMED_AND_STATUS');
    }
    expect(codeOf(() => update({ status: 'shipped', tracking_number: 'a b' }))).toBe('ORDER_INVALID_TRACKING_NUMBER');
    expect(codeOf(() => update({ status: 'nowhere' }))).toBe('VALIDATION_ERROR');
    expect(codeOf(() => update({ status: 'delivered', delivered_at: '2026-02-30 10:00:00' }))).toBe('VALIDATION_ERROR');
    expect(update({ status: 'shipped', tracking_number: 12345 }).trackingNumber).toBe('12345');
    expect(codeOf(() => readV1Tracking({}))).toBe('ORDER_INVALID_TRACKING_NUMBER');
  });

  it('turns an update into the portal’s status change, and a marketplace move into the rules’ refusal', () => {
    const now = new Date('2026-03-10T12:00:00Z');
    const open = { status: 'open' as const, confirmed: true, mallDelivery: false };
    const delivered = update({ status: 'delivered' });
    expect(v1StatusChangeOf(open, { ...delivered, status: 'delivered' }, now)).toEqual({
      status: 'delivered',
      deliveredAt: now,
      firstDeliveryAttemptAt: null,
    });
    const shipped = update({ status: 'shipped', tracking_number: 'T-1', tracking_url: 'https://t.example/1' });
    expect(v1StatusChangeOf(open, { ...shipped, status: 'shipped' }, now)).toEqual({
      status: 'shipped',
      trackingNumber: 'T-1',
      trackingUrl: 'https://t.example/1',
    });
    const reopen = { ...update({ status: 'open' }), status: 'open' as const };
    expect(codeOf(() => v1StatusChangeOf({ ...open, status: 'shipping' }, reopen, now))).toBe('INVALID_OPERATION');
    expect(codeOf(() => v1StatusChangeOf({ ...open, status: 'blocked' }, reopen, now))).toBe(
      'ORDER_BLOCKED_STATUS_CANNOT_CHANGE',
    );
  });

  it('reads path ids, serial numbers and label requests liberally but exactly', () => {
    expect(v1OrderId(' 42 ')).toBe(42);
    for (const id of ['0', 'x', '1e3', '12345678901234567'])
      expect(
        codeOf(() => v1OrderId(id)),
        id,
      ).toBe('ORDER_ID_INVALID');
    expect(readV1SerialNumbers(['A1', 7, 'A1'])).toEqual(['A1', '7']);
    expect(codeOf(() => readV1SerialNumbers(['A1', ' ']))).toBe('MISSING_SERIAL_NUMBER');
    expect(
      v1LabelsBody.parse({ labels_type: 'pdf', labels_per_page: '4', labels: [{ order_id: '5', parcel_count: 2.0 }] }),
    ).toEqual({
      labels_type: 'pdf',
      first_position: 1,
      labels_per_page: 4,
      labels: [{ order_id: 5, parcel_count: 2 }],
    });
    expect(v1LabelsBody.safeParse({ labels_type: 'pdf', labels_per_page: 2, labels: [{ order_id: 5 }] }).success).toBe(
      false,
    );
  });
});
