import { describe, expect, it } from 'vitest';
import {
  V1_AVAILABILITY_BATCH_MAX,
  v1ActivateSelectedBody,
  v1AvailabilityBatchBody,
  v1AvailabilityBody,
  v1StatusLetter,
  v1SupplyDelayBody,
} from './v1-availability';

const rules = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.success ? [] : (result.error?.issues ?? []).map((i) => `${i.path.join('.')}:${i.message}`);

describe('availability on the wire', () => {
  it('reads the letters and stock as the marketplace’s clients send them', () => {
    expect(v1AvailabilityBody.parse({ status: 'A', in_stock: 3 })).toEqual({ status: 'ACTIVE', in_stock: 3 });
    expect(v1AvailabilityBody.parse({ status: ' n ', in_stock: '12' })).toEqual({ status: 'INACTIVE', in_stock: 12 });
    expect(v1AvailabilityBody.parse({ in_stock: 7.0 })).toEqual({ in_stock: 7 });
    // X reaches the service, which refuses it as the portal does.
    expect(v1AvailabilityBody.parse({ status: 'X', in_stock: 0 }).status).toBe('NOT_FOR_RESALE');
  });

  it('refuses the form’s out-of-bounds stock and unknown letters', () => {
    expect(rules(v1AvailabilityBody.safeParse({ in_stock: 10_000 }))).toEqual(['in_stock:numberBetween']);
    expect(rules(v1AvailabilityBody.safeParse({ in_stock: 1.5 }))).toEqual(['in_stock:integer']);
    expect(rules(v1AvailabilityBody.safeParse({ in_stock: 1, status: 'Y' }))).toEqual(['status:invalid']);
  });

  it('takes 1 to 1,000 batch items, naming a bad one by its index', () => {
    const item = { id: 'SKU-1', in_stock: 1, status: 'A' };
    expect(v1AvailabilityBatchBody.parse([{ ...item, id: 42 }])[0]!.id).toBe('42');
    expect(v1AvailabilityBatchBody.safeParse(Array(V1_AVAILABILITY_BATCH_MAX).fill(item)).success).toBe(true);
    expect(rules(v1AvailabilityBatchBody.safeParse(Array(V1_AVAILABILITY_BATCH_MAX + 1).fill(item)))).toEqual([':max']);
    expect(rules(v1AvailabilityBatchBody.safeParse([]))).toEqual([':required']);
    expect(rules(v1AvailabilityBatchBody.safeParse([item, { ...item, in_stock: -1 }]))).toEqual([
      '1.in_stock:numberBetween',
    ]);
  });

  it('writes stored statuses as letters', () => {
    expect(['ACTIVE', 'INACTIVE', 'NOT_FOR_RESALE'].map(v1StatusLetter)).toEqual(['A', 'N', 'X']);
  });

  it('reads the products to activate and a supply delay in wire dates', () => {
    expect(v1ActivateSelectedBody.parse([{ productId: 'A-1' }])).toEqual([{ productId: 'A-1' }]);
    const delay = v1SupplyDelayBody.parse({ valid_from: '2027-01-10 08:00:00', valid_to: '2027-01-20 00:00:00' });
    expect(delay.valid_from?.toISOString()).toBe('2027-01-10T07:00:00.000Z');
    expect(rules(v1SupplyDelayBody.safeParse({ valid_to: '2027-02-30 00:00:00' }))).toEqual(['valid_to:date']);
  });
});
