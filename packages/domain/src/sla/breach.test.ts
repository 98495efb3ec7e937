import { describe, expect, it } from 'vitest';
import { parseSlaBreach, slaBreachOf, slaBreachValue } from './breach';

describe('SLA breach filter values', () => {
  it('names a month up to today, the last seven days, and the look-back of the oldest month shown', () => {
    const view = { today: '2026-11-26', oldestMonth: '2026-06' };
    expect(slaBreachOf('tracking', { month: '2026-10' }, view)).toEqual({
      slaType: 'tracking',
      from: '2026-10-01',
      to: '2026-10-31',
      scanFrom: '2026-03-31',
    });
    expect(slaBreachOf('delivery', { month: '2026-11' }, view)).toMatchObject({ from: '2026-11-01', to: '2026-11-26' });
    expect(slaBreachOf('cancel-rate', { lastSevenDaysFrom: '2026-11-20' }, view)).toMatchObject({
      from: '2026-11-20',
      to: '2026-11-26',
    });
    expect(slaBreachOf('status-error', { month: '2024-02' }, { today: '2026-01-01', oldestMonth: '2024-02' }).to).toBe(
      '2024-02-29',
    );
  });

  it('reads back what it writes and nothing else', () => {
    const breach = slaBreachOf('status-error', { month: '2026-10' }, { today: '2026-11-26', oldestMonth: '2026-10' });
    expect(parseSlaBreach(slaBreachValue(breach))).toEqual(breach);
    for (const bad of [
      '',
      'tracking',
      'speed:2026-10-01:2026-10-31:2026-08-01',
      'tracking:2026-10-31:2026-10-01:2026-08-01',
      'tracking:2026-10-01:2026-10-31:2026-10-02',
      'tracking:2026-02-30:2026-03-01:2026-01-01',
      'tracking:2026-10-01:2026-10-31:2026-08-01:x',
      'tracking:2026-10-01:2026-10-31:2026-08-01\u0000',
    ]) {
      expect(parseSlaBreach(bad), bad).toBeNull();
    }
  });
});
