import { z } from 'zod';

/**
 * Service quality (SLA, spec platform §3 and §9): four indicators computed from the partner's orders, each the
 * share of "broken" orders among the orders it judges, per period. What broken and total mean for each, and how
 * warning and critical are set, is recorded in docs/decisions.md ("Service quality and dashboard").
 */
export const SLA_TYPES = ['cancel-rate', 'tracking', 'status-error', 'delivery'] as const;
export type SlaType = (typeof SLA_TYPES)[number];

export const SLA_STATUSES = ['ok', 'warning', 'critical'] as const;
export type SlaStatus = (typeof SLA_STATUSES)[number];

export interface SlaIndicator {
  type: SlaType;
  /** The most broken orders the target allows, in per mille of the judged orders. */
  targetPerMille: number;
  /** Whether a ratio equal to the target still meets it ("at most 3%") or not ("under 1.5%"). */
  targetInclusive: boolean;
  /**
   * The spec's seller-quality limit: up to this many broken orders in a period an indicator beyond its target
   * is a warning, never critical, so a small shop is not condemned by two unlucky parcels.
   */
  brokenLimit: number;
}

/**
 * Spec §9: cancel rate under 1.5%; status error under 0.5%; tracking at least 90% of shipped orders (so at most
 * 10% without); delivery at most 3% not on the original date. Seller-quality limits: cancel rate 12, tracking 3,
 * status error 3; the "further separate constant 12" is taken as the delivery limit.
 */
export const SLA_INDICATORS: Record<SlaType, SlaIndicator> = {
  'cancel-rate': { type: 'cancel-rate', targetPerMille: 15, targetInclusive: false, brokenLimit: 12 },
  tracking: { type: 'tracking', targetPerMille: 100, targetInclusive: true, brokenLimit: 3 },
  'status-error': { type: 'status-error', targetPerMille: 5, targetInclusive: false, brokenLimit: 3 },
  delivery: { type: 'delivery', targetPerMille: 30, targetInclusive: true, brokenLimit: 12 },
};

/** Beyond the target but within this multiple of it is a warning; further is critical. */
export const SLA_WARNING_MARGIN = 1.5;

/** Months (and days) are the markets' civil ones: all six markets keep Central European time. */
export const SLA_TIME_ZONE = 'Europe/Prague';
export const SLA_MONTHS_DEFAULT = 6;
export const SLA_MONTHS_MAX = 12;
/**
 * Orders are read by their creation date (the index every partner's orders have); an order shipped, delivered or
 * due in a period is found when it was created at most this many days before the period began.
 */
export const SLA_LOOKBACK_DAYS = 62;

export const slaRequestSchema = z.object({
  numberOfMonths: z.number().int().min(1).max(SLA_MONTHS_MAX).default(SLA_MONTHS_DEFAULT),
  slaTypes: z
    .array(z.enum(SLA_TYPES))
    .min(1)
    .max(SLA_TYPES.length)
    .default([...SLA_TYPES])
    .transform((types) => SLA_TYPES.filter((t) => types.includes(t))),
});
export type SlaRequest = z.infer<typeof slaRequestSchema>;

/** Broken share of the judged orders, 0 when nothing was judged. */
export function slaRatio(broken: number, total: number): number {
  return total > 0 ? broken / total : 0;
}

/** Whether broken/total meets the indicator's target (integer arithmetic: no rounding at the bound). */
export function meetsTarget(indicator: SlaIndicator, broken: number, total: number): boolean {
  if (total <= 0) return true;
  const left = broken * 1000;
  const right = indicator.targetPerMille * total;
  return indicator.targetInclusive ? left <= right : left < right;
}

/** ok within the target; warning a little beyond it or with few broken orders; critical otherwise. */
export function slaStatus(type: SlaType, broken: number, total: number): SlaStatus {
  const indicator = SLA_INDICATORS[type];
  if (meetsTarget(indicator, broken, total)) return 'ok';
  if (broken <= indicator.brokenLimit) return 'warning';
  // broken / total <= target × 1.5, kept in integers: broken × 1000 × 2 <= target × 3 × total.
  return broken * 2000 <= indicator.targetPerMille * 3 * total ? 'warning' : 'critical';
}

export interface SlaFigure {
  broken: number;
  total: number;
  ratio: number;
  status: SlaStatus;
}

export function slaFigure(type: SlaType, broken: number, total: number): SlaFigure {
  return { broken, total, ratio: slaRatio(broken, total), status: slaStatus(type, broken, total) };
}

/** The calendar date (YYYY-MM-DD) of an instant in the markets' time zone. */
export function slaLocalDate(at: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: SLA_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

/** The date `days` days after a YYYY-MM-DD date (negative: before). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

function addMonths(month: string, months: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + months, 1));
  return d.toISOString().slice(0, 7);
}

export interface SlaPeriods {
  /** Today in the markets' time zone. */
  today: string;
  /** The first of the last seven days, today included. */
  lastSevenDaysFrom: string;
  currentMonth: string;
  /** Completed months, newest first; the first is the judged month. */
  previousMonths: string[];
  /** Status is judged on the last completed month (spec §9). */
  judgedMonth: string;
  /** The first day any period covers. */
  from: string;
}

export function slaPeriods(now: Date, numberOfMonths: number): SlaPeriods {
  const today = slaLocalDate(now);
  const currentMonth = today.slice(0, 7);
  const previousMonths = Array.from({ length: numberOfMonths }, (_, i) => addMonths(currentMonth, -(i + 1)));
  const lastSevenDaysFrom = addDays(today, -6);
  const oldest = `${previousMonths.at(-1) ?? currentMonth}-01`;
  return {
    today,
    lastSevenDaysFrom,
    currentMonth,
    previousMonths,
    judgedMonth: previousMonths[0] ?? currentMonth,
    from: oldest < lastSevenDaysFrom ? oldest : lastSevenDaysFrom,
  };
}

/** One counted group as the database gives it: a period is a month (YYYY-MM) or LAST_SEVEN_DAYS. */
export interface SlaCount {
  slaType: SlaType;
  period: string;
  broken: number;
  total: number;
}
export const LAST_SEVEN_DAYS = 'last7';

export interface SlaIndicatorStatistics {
  slaType: SlaType;
  targetPerMille: number;
  targetInclusive: boolean;
  /** The status of the judged month: the indicator's standing. */
  status: SlaStatus;
  judged: SlaFigure & { month: string };
  lastSevenDays: SlaFigure;
  currentMonth: SlaFigure & { month: string };
  previousMonths: (SlaFigure & { month: string })[];
}

/** Puts counted groups into the shape the SLA page shows; a period without orders counts 0 of 0. */
export function slaStatistics(counts: readonly SlaCount[], periods: SlaPeriods, types: readonly SlaType[]) {
  const byKey = new Map(counts.map((c) => [`${c.slaType}|${c.period}`, c]));
  const figure = (type: SlaType, period: string) => {
    const c = byKey.get(`${type}|${period}`);
    return slaFigure(type, c?.broken ?? 0, c?.total ?? 0);
  };
  return types.map((type): SlaIndicatorStatistics => {
    const previousMonths = periods.previousMonths.map((month) => ({ month, ...figure(type, month) }));
    const judged = { month: periods.judgedMonth, ...figure(type, periods.judgedMonth) };
    return {
      slaType: type,
      targetPerMille: SLA_INDICATORS[type].targetPerMille,
      targetInclusive: SLA_INDICATORS[type].targetInclusive,
      status: judged.status,
      judged,
      lastSevenDays: figure(type, LAST_SEVEN_DAYS),
      currentMonth: { month: periods.currentMonth, ...figure(type, periods.currentMonth) },
      previousMonths,
    };
  });
}
