import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { checkExportRange, previousMonthRange } from './exportRange';

// Without an i18next instance the texts are their keys, which is what these tests look for.
const t = ((key: string) => key) as unknown as TFunction;

describe('the billing export range before it is sent', () => {
  it('sends a quarter: three whole months', () => {
    expect(checkExportRange({ from: '2026-01-01', to: '2026-03-31' }, t)).toEqual({
      input: { from: '2026-01-01', to: '2026-03-31' },
    });
    // From the 31st: three months end at the month's last day.
    expect(checkExportRange({ from: '2025-11-30', to: '2026-02-28' }, t).input).toBeDefined();
  });

  it("refuses a day past the domain's three-month bound with the spec message", () => {
    // The export rule counts the bound's day whole (orders/exports exportIntervalIssue): 1 January – 1 April passes.
    expect(checkExportRange({ from: '2026-01-01', to: '2026-04-01' }, t).input).toBeDefined();
    expect(checkExportRange({ from: '2026-01-01', to: '2026-04-02' }, t).errors).toEqual({
      to: 'validation.maxThreeMonths',
    });
  });

  it('refuses a range that ends before it starts', () => {
    expect(checkExportRange({ from: '2026-03-10', to: '2026-03-09' }, t).errors).toEqual({
      to: 'validation.rangeIncomplete',
    });
  });

  it('says which day is missing or not a day', () => {
    expect(checkExportRange({ from: '', to: '2026-03-09' }, t).errors).toEqual({ from: 'validation.required' });
    expect(checkExportRange({ from: '', to: '' }, t).errors).toEqual({
      from: 'validation.required',
      to: 'validation.required',
    });
    expect(checkExportRange({ from: '2026-3-1', to: '2026-03-09' }, t).errors).toEqual({ from: 'validation.date' });
  });

  it('starts with the month before today', () => {
    expect(previousMonthRange(new Date(2026, 0, 15))).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(previousMonthRange(new Date(2026, 2, 31))).toEqual({ from: '2026-02-01', to: '2026-02-28' });
  });
});
