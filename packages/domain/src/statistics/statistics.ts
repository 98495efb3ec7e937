import { z } from 'zod';
import { campaignDay } from '../campaigns/campaigns';
import { CALENDAR_COUNTRIES } from '../deliveries/calendar';
import { isoDaySchema } from '../price-lists/price-lists';
import { addDays } from '../sla/sla';

/**
 * The partner's statistics (issue 23, point 6): figures of the orders created in a range of days, by day, week or
 * month and market. Days are the shops' calendar days (every market keeps Central European time, see campaignDay).
 */
export const STATISTICS_GRANULARITIES = ['DAY', 'WEEK', 'MONTH'] as const;
export type StatisticsGranularity = (typeof STATISTICS_GRANULARITIES)[number];

/** A market is the order's delivery country. */
export const STATISTICS_MARKETS = CALENDAR_COUNTRIES;
export type StatisticsMarket = (typeof STATISTICS_MARKETS)[number];

/** The longest range: two years (a leap day included). */
export const STATISTICS_MAX_DAYS = 731;
/** How many products and categories the top lists show. */
export const STATISTICS_TOP = 10;

export const STATISTICS_QUICK_RANGES = ['last30', 'last90', 'last12Months', 'custom'] as const;
export type StatisticsQuickRange = (typeof STATISTICS_QUICK_RANGES)[number];

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;

export const statisticsRequestSchema = z
  .object({
    from: isoDaySchema,
    to: isoDaySchema,
    granularity: z.enum(STATISTICS_GRANULARITIES, 'invalid').default('DAY'),
    market: z.enum(STATISTICS_MARKETS, 'invalid').nullable().default(null),
  })
  .superRefine((v, ctx) => {
    if (v.to < v.from) ctx.addIssue({ code: 'custom', message: 'statisticsDates', path: ['to'] });
    else if (dayNumber(v.to) - dayNumber(v.from) + 1 > STATISTICS_MAX_DAYS)
      ctx.addIssue({ code: 'custom', message: 'statisticsMaxTwoYears', path: ['from'] });
  });
export type StatisticsRequest = z.output<typeof statisticsRequestSchema>;

/** The range of a quick choice ending today (custom keeps the last 30 days as its starting point). */
export function statisticsQuickRange(range: StatisticsQuickRange, today = campaignDay()): { from: string; to: string } {
  if (range === 'last90') return { from: addDays(today, -89), to: today };
  if (range === 'last12Months') {
    const [y, m] = today.split('-').map(Number) as [number, number];
    return { from: new Date(Date.UTC(y, m - 12, 1)).toISOString().slice(0, 10), to: today };
  }
  return { from: addDays(today, -29), to: today };
}

/** The first day of the bucket a day falls in: itself, the Monday of its ISO week, or the first of its month. */
export function statisticsBucket(day: string, granularity: StatisticsGranularity): string {
  if (granularity === 'DAY') return day;
  if (granularity === 'MONTH') return `${day.slice(0, 7)}-01`;
  const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(day, -weekday);
}

/** Every bucket of a range in order, so a series shows the days without orders as zero. */
export function statisticsBuckets(from: string, to: string, granularity: StatisticsGranularity): string[] {
  const buckets: string[] = [];
  let day = from;
  while (day <= to) {
    const bucket = statisticsBucket(day, granularity);
    if (buckets.at(-1) !== bucket) buckets.push(bucket);
    day = addDays(day, 1);
  }
  return buckets;
}

/** The first days of the months a range touches (the product figures are kept per month). */
export function statisticsMonths(from: string, to: string): string[] {
  const months: string[] = [];
  const [ty, tm] = to.split('-').map(Number) as [number, number];
  let [y, m] = from.split('-').map(Number) as [number, number];
  while (y < ty || (y === ty && m <= tm)) {
    months.push(`${y}-${String(m).padStart(2, '0')}-01`);
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
  return months;
}

/** Hours from creation to shipping on average, one decimal; null when nothing was shipped. */
export function averageDispatchHours(dispatchSeconds: number, shipped: number): number | null {
  if (shipped <= 0) return null;
  return Math.round(dispatchSeconds / shipped / 360) / 10;
}
