import { statusChangeSchema } from '@pp/domain';
import { describe, expect, it } from 'vitest';
import { statusInput, toLocalInput } from './StatusChangeDialog';

const empty = { trackingNumber: '', trackingUrl: '', deliveredAt: '', firstDeliveryAttemptAt: '' };

describe('what the status dialog sends', () => {
  it('sends the tracking of a shipment trimmed, and nothing else', () => {
    const input = statusInput('shipped', { ...empty, trackingNumber: ' DR-1_2 ', deliveredAt: '2026-11-20T10:00' });
    expect(input).toEqual({ status: 'shipped', trackingNumber: 'DR-1_2', trackingUrl: '' });
    expect(statusChangeSchema.safeParse(input).success).toBe(true);
  });

  it('sends delivery times as instants, the first attempt only when given', () => {
    const local = new Date(2026, 10, 20, 10, 30);
    const input = statusInput('delivered', { ...empty, deliveredAt: toLocalInput(local) });
    expect(input).toEqual({ status: 'delivered', deliveredAt: local.toISOString() });
    expect(statusChangeSchema.safeParse(input).success).toBe(true);
    const both = statusInput('delivered', {
      ...empty,
      deliveredAt: '2026-11-20T10:30',
      firstDeliveryAttemptAt: '2026-11-19T09:00',
    });
    expect(both.firstDeliveryAttemptAt).toBe(new Date(2026, 10, 19, 9, 0).toISOString());
  });

  it('lets the domain refuse a delivery without a date or with a broken one', () => {
    expect(statusChangeSchema.safeParse(statusInput('delivered', empty)).success).toBe(false);
    const broken = statusInput('delivered', { ...empty, deliveredAt: 'yesterday' });
    expect(statusChangeSchema.safeParse(broken).success).toBe(false);
  });

  it('sends the bare status for moves that ask nothing', () => {
    for (const status of ['shipping', 'cancelled', 'returned'] as const) {
      expect(statusInput(status, { ...empty, trackingNumber: 'X' })).toEqual({ status });
    }
  });

  it('shows a moment to the minute in local time', () => {
    expect(toLocalInput(new Date(2026, 0, 5, 7, 3, 59))).toBe('2026-01-05T07:03');
  });
});
