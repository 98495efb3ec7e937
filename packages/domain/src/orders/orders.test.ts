import { describe, expect, it } from 'vitest';
import { exportIntervalIssue, filterInterval } from './exports';
import { isMissingStatus, MISSING_STATUS_AFTER_DAYS, missingStatusCutoff } from './missing';
import { PAYMENT_GROUPS, PAYMENT_TYPE_CODES, paymentGroupOf, paymentTypesOf } from './payment';

describe('payment types', () => {
  it('gives every code of the spec a group, and the groups the codes the spec names', () => {
    expect(PAYMENT_TYPE_CODES.sort()).toEqual(
      ['1', '6', '8', '9', 'A', 'B', 'C', 'D', 'E', 'F', 'H', 'J', 'L', 'N', 'U', 'W'].sort(),
    );
    expect(paymentTypesOf('CASH_ON_DELIVERY').sort()).toEqual(['9', 'A']);
    expect(paymentTypesOf('INSTALLMENT_PAYMENT').sort()).toEqual(['D', 'N', 'W']);
    expect(paymentTypesOf('BANK_TRANSFER')).toEqual(['B']);
    expect(paymentTypesOf('ONLINE_PAYMENT').sort()).toEqual(['8', 'C', 'E', 'F', 'H', 'J', 'L', 'U']);
    for (const group of PAYMENT_GROUPS) expect(paymentTypesOf(group).length).toBeGreaterThan(0);
  });

  it('treats an unknown code as an inactive payment', () => {
    expect(paymentGroupOf('Z')).toBe('INACTIVE_PAYMENT');
    expect(paymentGroupOf('constructor')).toBe('INACTIVE_PAYMENT');
  });
});

describe('missing statuses', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  const daysAgo = (d: number) => new Date(now.getTime() - d * 24 * 60 * 60_000);

  it('lists an order without a final status only after seven days past its expected delivery', () => {
    expect(isMissingStatus({ status: 'shipped', deliveryDate: daysAgo(MISSING_STATUS_AFTER_DAYS) }, now)).toBe(false);
    expect(isMissingStatus({ status: 'shipped', deliveryDate: daysAgo(MISSING_STATUS_AFTER_DAYS + 0.001) }, now)).toBe(
      true,
    );
    expect(isMissingStatus({ status: 'open', deliveryDate: daysAgo(30) }, now)).toBe(true);
    expect(missingStatusCutoff(now)).toEqual(daysAgo(MISSING_STATUS_AFTER_DAYS));
  });

  it('never lists final, blocked or undated orders', () => {
    for (const status of ['delivered', 'cancelled', 'returned', 'lost', 'blocked'] as const) {
      expect(isMissingStatus({ status, deliveryDate: daysAgo(30) }, now)).toBe(false);
    }
    expect(isMissingStatus({ status: 'shipping', deliveryDate: null }, now)).toBe(false);
  });
});

describe('export interval', () => {
  const d = (iso: string) => new Date(`${iso}T00:00:00Z`);

  it('allows up to the same day three months later, and not a day more', () => {
    expect(exportIntervalIssue(d('2026-01-15'), d('2026-04-15'))).toBeNull();
    expect(exportIntervalIssue(d('2026-01-15'), d('2026-04-16'))).toBe('maxThreeMonths');
    expect(exportIntervalIssue(d('2026-11-22'), d('2026-11-22'))).toBeNull();
  });

  it('counts the last day whole, to its last moment', () => {
    expect(exportIntervalIssue(d('2026-01-15'), new Date('2026-04-15T23:59:59.999Z'))).toBeNull();
    expect(exportIntervalIssue(d('2026-01-15'), new Date('2026-04-16T00:00:00.000Z'))).toBe('maxThreeMonths');
  });

  it('reads the interval of a date column from the grid filters, narrowed by each and open to now', () => {
    const now = new Date('2026-11-22T12:00:00Z');
    const f = (operator: string, value?: string, values?: string[]) => ({
      field: 'createdAt',
      operator,
      value,
      values,
    });
    expect(filterInterval([], 'createdAt', now)).toEqual({ from: null, to: now });
    expect(filterInterval([f('GREATER_THAN', '2026-10-01')], 'createdAt', now)).toEqual({
      from: d('2026-10-01'),
      to: now,
    });
    expect(
      filterInterval(
        [
          f('BETWEEN', undefined, ['2026-01-01', '2026-06-30']),
          f('GREATER_THAN_OR_EQUAL', '2026-03-01'),
          f('LESS_THAN', '2026-05-01'),
        ],
        'createdAt',
        now,
      ),
    ).toEqual({ from: d('2026-03-01'), to: d('2026-05-01') });
    expect(
      filterInterval([{ field: 'shippedAt', operator: 'GREATER_THAN', value: '2026-10-01' }], 'createdAt', now).from,
    ).toBeNull();
  });

  it('clamps to the month’s end: from 30 November the limit is the end of February', () => {
    expect(exportIntervalIssue(d('2025-11-30'), d('2026-02-28'))).toBeNull();
    expect(exportIntervalIssue(d('2025-11-30'), d('2026-03-01'))).toBe('maxThreeMonths');
  });

  it('refuses a missing or reversed interval', () => {
    expect(exportIntervalIssue(null, d('2026-01-01'))).toBe('rangeIncomplete');
    expect(exportIntervalIssue(d('2026-02-01'), d('2026-01-01'))).toBe('rangeIncomplete');
    expect(exportIntervalIssue(new Date('x'), d('2026-01-01'))).toBe('rangeIncomplete');
  });
});
