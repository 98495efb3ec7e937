import { describe, expect, it } from 'vitest';
import { daysToDeliveryBucket, deliveryDateFilter, overdueFilter, shipTodayFilter } from './dashboard';
import {
  LAST_SEVEN_DAYS,
  meetsTarget,
  SLA_INDICATORS,
  SLA_TYPES,
  slaLocalDate,
  slaPeriods,
  slaRatio,
  slaRequestSchema,
  slaStatistics,
  slaStatus,
} from './sla';

describe('SLA targets', () => {
  it('cancel rate: under 1.5% meets it, exactly 1.5% does not', () => {
    expect(slaStatus('cancel-rate', 14, 1000)).toBe('ok');
    expect(slaStatus('cancel-rate', 15, 1000)).not.toBe('ok');
  });

  it('status error: under 0.5% meets it, exactly 0.5% does not', () => {
    expect(slaStatus('status-error', 4, 1000)).toBe('ok');
    expect(slaStatus('status-error', 5, 1000)).not.toBe('ok');
  });

  it('tracking: 90% of shipped orders with tracking meets it (10% without), 89.9% does not', () => {
    expect(slaStatus('tracking', 100, 1000)).toBe('ok');
    expect(slaStatus('tracking', 101, 1000)).not.toBe('ok');
  });

  it('delivery: at most 3% late meets it, one order more does not', () => {
    expect(slaStatus('delivery', 30, 1000)).toBe('ok');
    expect(slaStatus('delivery', 31, 1000)).not.toBe('ok');
  });

  it('a period without judged orders is ok with ratio 0', () => {
    for (const type of SLA_TYPES) expect(slaStatus(type, 0, 0)).toBe('ok');
    expect(slaRatio(0, 0)).toBe(0);
    expect(slaRatio(3, 4)).toBe(0.75);
    expect(meetsTarget(SLA_INDICATORS.delivery, 0, 0)).toBe(true);
  });
});

describe('warning and critical', () => {
  it('is a warning up to 1.5× the target, critical beyond it', () => {
    // cancel rate 1.5% → 2.25% is the last warning: 225 of 10,000 warns, 226 is critical.
    expect(slaStatus('cancel-rate', 225, 10_000)).toBe('warning');
    expect(slaStatus('cancel-rate', 226, 10_000)).toBe('critical');
    // tracking 10% → 15%.
    expect(slaStatus('tracking', 150, 1000)).toBe('warning');
    expect(slaStatus('tracking', 151, 1000)).toBe('critical');
    // status error 0.5% → 0.75%.
    expect(slaStatus('status-error', 75, 10_000)).toBe('warning');
    expect(slaStatus('status-error', 76, 10_000)).toBe('critical');
    // delivery 3% → 4.5%.
    expect(slaStatus('delivery', 45, 1000)).toBe('warning');
    expect(slaStatus('delivery', 46, 1000)).toBe('critical');
  });

  it('never calls a period critical while its broken orders stay within the seller-quality limit', () => {
    expect(slaStatus('cancel-rate', 12, 20)).toBe('warning');
    expect(slaStatus('cancel-rate', 13, 20)).toBe('critical');
    expect(slaStatus('tracking', 3, 4)).toBe('warning');
    expect(slaStatus('tracking', 4, 5)).toBe('critical');
    expect(slaStatus('status-error', 3, 10)).toBe('warning');
    expect(slaStatus('status-error', 4, 10)).toBe('critical');
    expect(slaStatus('delivery', 12, 20)).toBe('warning');
    expect(slaStatus('delivery', 13, 20)).toBe('critical');
  });
});

describe('SLA periods', () => {
  it('judges the last completed month and lists the months newest first', () => {
    const periods = slaPeriods(new Date('2026-11-22T12:00:00Z'), 3);
    expect(periods).toEqual({
      today: '2026-11-22',
      lastSevenDaysFrom: '2026-11-16',
      currentMonth: '2026-11',
      previousMonths: ['2026-10', '2026-09', '2026-08'],
      judgedMonth: '2026-10',
      from: '2026-08-01',
    });
  });

  it('crosses the year and counts days and months in Central European time', () => {
    // 23:30 UTC on 31 December is already 1 January in Prague.
    const periods = slaPeriods(new Date('2026-12-31T23:30:00Z'), 2);
    expect(periods.today).toBe('2027-01-01');
    expect(periods.currentMonth).toBe('2027-01');
    expect(periods.previousMonths).toEqual(['2026-12', '2026-11']);
    expect(periods.lastSevenDaysFrom).toBe('2026-12-26');
    expect(slaLocalDate(new Date('2026-07-31T21:59:00Z'))).toBe('2026-07-31');
    expect(slaLocalDate(new Date('2026-07-31T22:00:00Z'))).toBe('2026-08-01'); // summer time: UTC+2
  });

  it('reaches back to the last seven days when they begin before the oldest month', () => {
    const periods = slaPeriods(new Date('2026-11-03T10:00:00Z'), 1);
    expect(periods.lastSevenDaysFrom).toBe('2026-10-28');
    expect(periods.from).toBe('2026-10-01');
    expect(slaPeriods(new Date('2026-11-03T10:00:00Z'), 1).judgedMonth).toBe('2026-10');
  });
});

describe('SLA request', () => {
  it('takes 1 to 12 months, six by default, and any of the four indicators', () => {
    expect(slaRequestSchema.parse({})).toEqual({ numberOfMonths: 6, slaTypes: [...SLA_TYPES] });
    expect(slaRequestSchema.safeParse({ numberOfMonths: 12 }).success).toBe(true);
    expect(slaRequestSchema.safeParse({ numberOfMonths: 13 }).success).toBe(false);
    expect(slaRequestSchema.safeParse({ numberOfMonths: 0 }).success).toBe(false);
    expect(slaRequestSchema.safeParse({ slaTypes: [] }).success).toBe(false);
    expect(slaRequestSchema.safeParse({ slaTypes: ['speed'] }).success).toBe(false);
    expect(slaRequestSchema.parse({ slaTypes: ['delivery', 'cancel-rate', 'delivery'] }).slaTypes).toEqual([
      'cancel-rate',
      'delivery',
    ]);
  });
});

describe('SLA statistics', () => {
  it('fills every period, zero where nothing was counted, and takes the status of the judged month', () => {
    const periods = slaPeriods(new Date('2026-11-22T12:00:00Z'), 2);
    const stats = slaStatistics(
      [
        { slaType: 'delivery', period: '2026-10', broken: 50, total: 1000 },
        { slaType: 'delivery', period: '2026-11', broken: 0, total: 10 },
        { slaType: 'delivery', period: LAST_SEVEN_DAYS, broken: 1, total: 4 },
      ],
      periods,
      ['delivery'],
    );
    expect(stats).toEqual([
      {
        slaType: 'delivery',
        targetPerMille: 30,
        targetInclusive: true,
        status: 'critical',
        judged: { month: '2026-10', broken: 50, total: 1000, ratio: 0.05, status: 'critical' },
        lastSevenDays: { broken: 1, total: 4, ratio: 0.25, status: 'warning' },
        currentMonth: { month: '2026-11', broken: 0, total: 10, ratio: 0, status: 'ok' },
        previousMonths: [
          { month: '2026-10', broken: 50, total: 1000, ratio: 0.05, status: 'critical' },
          { month: '2026-09', broken: 0, total: 0, ratio: 0, status: 'ok' },
        ],
      },
    ]);
  });
});

describe('dashboard work to ship', () => {
  it('puts each day count in one bucket, on both sides of each bound', () => {
    expect([-30, -1, 0, 1, 2, 3, 4, 7, 8, 60, null].map(daysToDeliveryBucket)).toEqual([
      'late',
      'late',
      'today',
      'tomorrow',
      'in2',
      'in3',
      'in4to7',
      'in4to7',
      'later',
      'later',
      'undated',
    ]);
  });

  it('links each bucket and the dispatch figures to the grid filter that lists exactly those orders', () => {
    const today = '2026-11-30';
    // The dispatch figures read the ship-by date the working-day calendar gave each order when it arrived.
    expect(shipTodayFilter(today)).toEqual({ field: 'dispatchDate', operator: 'EQUAL', value: '2026-11-30' });
    expect(overdueFilter(today)).toEqual({
      field: 'dispatchDate',
      operator: 'LESS_THAN_OR_EQUAL',
      value: '2026-11-29',
    });
    expect(deliveryDateFilter('late', today)).toEqual({
      field: 'deliveryDate',
      operator: 'LESS_THAN_OR_EQUAL',
      value: '2026-11-29',
    });
    expect(deliveryDateFilter('in4to7', today)).toEqual({
      field: 'deliveryDate',
      operator: 'BETWEEN',
      values: ['2026-12-04', '2026-12-07'],
    });
    expect(deliveryDateFilter('later', today)).toEqual({
      field: 'deliveryDate',
      operator: 'GREATER_THAN_OR_EQUAL',
      value: '2026-12-08',
    });
    expect(deliveryDateFilter('undated', today)).toEqual({ field: 'deliveryDate', operator: 'EMPTY' });
  });
});
