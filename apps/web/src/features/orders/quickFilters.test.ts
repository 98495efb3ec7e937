import { describe, expect, it } from 'vitest';
import { dueWithinDays, localDay, ORDER_QUICK_FILTERS, sinceDaysAgo } from './quickFilters';

describe('order quick filters', () => {
  // Local time: the filters follow the seller's calendar, whatever zone the test runs in.
  const now = new Date(2026, 10, 22, 15, 30);

  it('counts the last 7 days as today and the six days before, from midnight', () => {
    const [filter] = sinceDaysAgo('createdAt', 7, now);
    expect(filter).toMatchObject({ field: 'createdAt', operator: 'GREATER_THAN_OR_EQUAL' });
    expect(new Date(filter!.value!).getTime()).toBe(new Date(2026, 10, 16, 0, 0).getTime());
    // One day more reaches back one day further.
    expect(new Date(sinceDaysAgo('createdAt', 8, now)[0]!.value!).getTime()).toBe(new Date(2026, 10, 15).getTime());
  });

  it('gives the same filter all day, so the active quick filter stays lit', () => {
    const morning = new Date(2026, 10, 22, 0, 1);
    const evening = new Date(2026, 10, 22, 23, 59);
    for (const quick of ORDER_QUICK_FILTERS) expect(quick.filters(morning)).toEqual(quick.filters(evening));
    expect(sinceDaysAgo('createdAt', 7, new Date(2026, 10, 23, 0, 1))).not.toEqual(sinceDaysAgo('createdAt', 7, now));
  });

  it('takes deliveries from today up to two or seven days ahead, across a month end', () => {
    expect(dueWithinDays('deliveryDate', 2, now)).toEqual([
      { field: 'deliveryDate', operator: 'BETWEEN', values: ['2026-11-22', '2026-11-24'] },
    ]);
    expect(dueWithinDays('deliveryDate', 7, new Date(2026, 11, 28, 9))[0]!.values).toEqual([
      '2026-12-28',
      '2027-01-04',
    ]);
    expect(localDay(new Date(2026, 0, 5))).toBe('2026-01-05');
  });

  it('offers the spec’s seven quick filters on the right columns', () => {
    expect(ORDER_QUICK_FILTERS.map((q) => [q.id, q.filters(now)[0]!.field])).toEqual([
      ['created7', 'createdAt'],
      ['created14', 'createdAt'],
      ['created30', 'createdAt'],
      ['delivery2', 'deliveryDate'],
      ['delivery7', 'deliveryDate'],
      ['shipped7', 'shippedAt'],
      ['shipped14', 'shippedAt'],
    ]);
  });
});
