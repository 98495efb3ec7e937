import { hasControlCharacters } from '../text/safeText';
import { addDays, SLA_LOOKBACK_DAYS, SLA_TYPES, type SlaType } from './sla';

/**
 * The orders behind an SLA figure: an indicator's broken orders of one period, as the orders grid filters them
 * (`slaBreach`). Absolute days, so a link keeps meaning the same orders whenever it is opened; `scanFrom` is the
 * look-back start of the figures the link came from (the oldest month shown less SLA_LOOKBACK_DAYS), so the grid
 * holds exactly the orders the figure counts.
 */
export interface SlaBreach {
  slaType: SlaType;
  /** First and last day of the period (YYYY-MM-DD, Central European), inclusive. */
  from: string;
  to: string;
  scanFrom: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function isDay(value: string): boolean {
  if (!DAY.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value && value >= '1900-01-01';
}

export function slaBreachValue(breach: SlaBreach): string {
  return `${breach.slaType}:${breach.from}:${breach.to}:${breach.scanFrom}`;
}

/** The filter value read back, or null when it is not one (unknown indicator, impossible or misordered days). */
export function parseSlaBreach(value: string): SlaBreach | null {
  if (hasControlCharacters(value)) return null;
  const [slaType, from, to, scanFrom, ...rest] = value.split(':');
  if (rest.length || !slaType || !from || !to || !scanFrom) return null;
  if (!(SLA_TYPES as readonly string[]).includes(slaType)) return null;
  if (![from, to, scanFrom].every(isDay) || from > to || scanFrom > from) return null;
  return { slaType: slaType as SlaType, from, to, scanFrom };
}

/** The last day of a YYYY-MM month. */
function monthEnd(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}

/**
 * The breach of one period of the SLA page: a month (YYYY-MM, up to today for the current one) or the last seven
 * days, with the look-back of the figures shown (their oldest month).
 */
export function slaBreachOf(
  slaType: SlaType,
  period: { month: string } | { lastSevenDaysFrom: string },
  view: { today: string; oldestMonth: string },
): SlaBreach {
  const scanFrom = addDays(`${view.oldestMonth}-01`, -SLA_LOOKBACK_DAYS);
  if ('month' in period) {
    const end = monthEnd(period.month);
    return { slaType, from: `${period.month}-01`, to: end < view.today ? end : view.today, scanFrom };
  }
  return { slaType, from: period.lastSevenDaysFrom, to: view.today, scanFrom };
}
