import { describe, expect, it } from 'vitest';
import { figureLabels, monthFormatter, niceCeiling, percentFormatter, shownShare, targetShown } from './slaFormat';

describe('SLA figures as people read them', () => {
  it('states tracking as the share with tracking, the others as the broken share', () => {
    expect(targetShown('TRACKING', 0.1)).toBeCloseTo(0.9, 10);
    expect(targetShown('CANCEL_RATE', 0.015)).toBe(0.015);
  });

  it('writes shares and months in the reader’s language', () => {
    expect(percentFormatter('en-GB')(0.0161)).toBe('1.61%');
    expect(percentFormatter('cs-CZ')(0.0161)).toMatch(/^1,61\s?%$/);
    expect(monthFormatter('en-GB')('2026-10')).toBe('October 2026');
    expect(monthFormatter('en-GB', 'short')('2026-10')).toBe('Oct 2026');
  });

  it('rounds the chart top up to a plain number', () => {
    expect([0, 0.75, 2.25, 4.5, 15, 100].map(niceCeiling)).toEqual([1, 1, 2.5, 5, 20, 100]);
  });
});

describe('the share a person reads', () => {
  it('is the share with tracking for tracking, the failed share for the others, and none when nothing was judged', () => {
    expect(shownShare('TRACKING', { ratio: 0.08, total: 50 })).toBeCloseTo(0.92, 10);
    expect(shownShare('DELIVERY', { ratio: 0.08, total: 50 })).toBe(0.08);
    expect(shownShare('TRACKING', { ratio: 0, total: 0 })).toBeNull();
    expect(figureLabels('TRACKING').ratio).toBe('sla.indicators.tracking.columns.ratio');
    expect(figureLabels('CANCEL_RATE').ratio).toBe('sla.table.ratio');
  });
});
