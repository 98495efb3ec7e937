import type { SlaTypeName } from './operations';

/** The route tab of each indicator (the spec's tab names) and its text key. */
export const SLA_TAB_OF: Record<SlaTypeName, { path: string; key: string }> = {
  CANCEL_RATE: { path: '/sla/cancel-rate', key: 'cancelRate' },
  TRACKING: { path: '/sla/tracking-rate', key: 'tracking' },
  STATUS_ERROR: { path: '/sla/status-error', key: 'statusError' },
  DELIVERY: { path: '/sla/delivery', key: 'delivery' },
};

export const SLA_TYPE_ORDER: readonly SlaTypeName[] = ['CANCEL_RATE', 'TRACKING', 'STATUS_ERROR', 'DELIVERY'];

/** Colours of the statuses; the badge always carries the word as well, never colour alone. */
export const SLA_STATUS_COLOR = { ok: 'teal', warning: 'yellow', critical: 'red' } as const;

export function percentFormatter(locale: string) {
  const format = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 });
  return (ratio: number) => format.format(ratio);
}

/** "October 2026" from "2026-10", in the reader's language. */
export function monthFormatter(locale: string, style: 'long' | 'short' = 'long') {
  const format = new Intl.DateTimeFormat(locale, { month: style, year: 'numeric', timeZone: 'UTC' });
  return (month: string) => format.format(new Date(`${month}-01T12:00:00Z`));
}

/** The target as people read it: tracking is stated as the share of orders with tracking (at least 90%). */
export function targetShown(type: SlaTypeName, target: number): number {
  return type === 'TRACKING' ? 1 - target : target;
}

/** The next round axis top (1, 2, 2.5 or 5 times a power of ten), so the ticks read as plain numbers. */
export function niceCeiling(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 2.5, 5, 10].find((s) => s * power >= value) ?? 10;
  return step * power;
}

/**
 * The share a person reads for a figure: tracking is the share of shipped orders WITH a tracking number (what
 * its target speaks of), the others the share of failed orders; null when the period judged no orders.
 */
export function shownShare(type: SlaTypeName, figure: { ratio: number; total: number }): number | null {
  if (figure.total === 0) return null;
  return type === 'TRACKING' ? 1 - figure.ratio : figure.ratio;
}

/** The text keys of the table's columns and the chart's title: tracking names its own figures. */
export function figureLabels(type: SlaTypeName): { broken: string; total: string; ratio: string; chart: string } {
  if (type === 'TRACKING') {
    return {
      broken: 'sla.indicators.tracking.columns.broken',
      total: 'sla.indicators.tracking.columns.total',
      ratio: 'sla.indicators.tracking.columns.ratio',
      chart: 'sla.indicators.tracking.chartTitle',
    };
  }
  return { broken: 'sla.table.broken', total: 'sla.table.total', ratio: 'sla.table.ratio', chart: 'sla.chart.title' };
}
