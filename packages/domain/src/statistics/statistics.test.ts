import { describe, expect, it } from 'vitest';
import {
  averageDispatchHours,
  statisticsBuckets,
  statisticsMonths,
  statisticsQuickRange,
  statisticsRequestSchema,
} from './statistics';

const messages = (input: unknown) => {
  const result = statisticsRequestSchema.safeParse(input);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('statistics request', () => {
  it('takes a range of at most two years, from before to, by day unless told', () => {
    expect(statisticsRequestSchema.parse({ from: '2026-01-01', to: '2026-01-31' })).toEqual({
      from: '2026-01-01',
      to: '2026-01-31',
      granularity: 'DAY',
      market: null,
    });
    expect(messages({ from: '2024-12-01', to: '2026-11-30' })).toEqual({});
    expect(messages({ from: '2024-11-29', to: '2026-11-30' })).toEqual({ from: 'statisticsMaxTwoYears' });
    expect(messages({ from: '2026-02-01', to: '2026-01-31' })).toEqual({ to: 'statisticsDates' });
    expect(messages({ from: '2026-02-30', to: '2026-03-01' })).toEqual({ from: 'date' });
    expect(messages({ from: '2026-01-01', to: '2026-01-02', market: 'DE' })).toEqual({ market: 'invalid' });
    expect(messages({ from: '2026-01-01', to: '2026-01-02', granularity: 'YEAR' })).toEqual({ granularity: 'invalid' });
  });

  it('gives the quick ranges ending today', () => {
    expect(statisticsQuickRange('last30', '2026-11-30')).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(statisticsQuickRange('last90', '2026-11-30')).toEqual({ from: '2026-09-02', to: '2026-11-30' });
    expect(statisticsQuickRange('last12Months', '2026-11-30')).toEqual({ from: '2025-12-01', to: '2026-11-30' });
    expect(statisticsQuickRange('last12Months', '2026-01-15')).toEqual({ from: '2025-02-01', to: '2026-01-15' });
  });
});

describe('statistics buckets', () => {
  it('lists every day, ISO week (Monday) or month of a range', () => {
    expect(statisticsBuckets('2026-11-27', '2026-11-30', 'DAY')).toEqual([
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
      '2026-11-30',
    ]);
    // 2026-11-27 is a Friday, 2026-11-30 a Monday.
    expect(statisticsBuckets('2026-11-27', '2026-12-08', 'WEEK')).toEqual(['2026-11-23', '2026-11-30', '2026-12-07']);
    expect(statisticsBuckets('2025-12-31', '2026-02-01', 'MONTH')).toEqual(['2025-12-01', '2026-01-01', '2026-02-01']);
    expect(statisticsMonths('2025-11-15', '2026-01-02')).toEqual(['2025-11-01', '2025-12-01', '2026-01-01']);
  });

  it('averages the dispatch time in hours, none when nothing shipped', () => {
    expect(averageDispatchHours(3 * 3600 + 36 * 60, 1)).toBe(3.6);
    expect(averageDispatchHours(36 * 3600, 2)).toBe(18);
    expect(averageDispatchHours(0, 0)).toBeNull();
  });
});
