/** Exports cover at most three months (spec §5: 'The selected interval must be within 3 months.'). */
export const EXPORT_MAX_MONTHS = 3;

/**
 * Null when `from`–`to` is a valid export interval, else the validation rule: `rangeIncomplete` when an end
 * is missing or they are reversed, `maxThreeMonths` when `to` lies past the same day three months later.
 */
export function exportIntervalIssue(from: Date | null, to: Date | null): 'rangeIncomplete' | 'maxThreeMonths' | null {
  if (!from || !to || Number.isNaN(from.getTime()) || Number.isNaN(to.getTime()) || to < from) {
    return 'rangeIncomplete';
  }
  const limit = new Date(from);
  limit.setUTCMonth(limit.getUTCMonth() + EXPORT_MAX_MONTHS);
  // 31 January + 3 months overflows into May in JavaScript: clamp to the month's last day instead.
  if (limit.getUTCDate() !== from.getUTCDate()) limit.setUTCDate(0);
  // The last day counts whole: an interval chosen as days ends at that day's last moment.
  return to.getTime() >= limit.getTime() + DAY_MS ? 'maxThreeMonths' : null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The grid filters an export interval is read from (the grid contract's filter shape). */
interface IntervalFilter {
  field: string;
  operator: string;
  value?: string | null;
  values?: readonly string[] | null;
}

/**
 * The interval the filters of one date column select: the latest lower bound and the earliest upper one
 * (several filters narrow it); an open end means "until now", as the quick filters "last 7/14/30 days" ask.
 * `from` is null when nothing bounds the start. Server and web read it the same way, so the web can ask for
 * the dates before it sends an export the server would refuse.
 */
export function filterInterval(
  filters: readonly IntervalFilter[],
  field: string,
  now = new Date(),
): { from: Date | null; to: Date } {
  let from: Date | null = null;
  let to: Date | null = null;
  const later = (a: Date | null, b: Date) => (a && a > b ? a : b);
  const earlier = (a: Date | null, b: Date) => (a && a < b ? a : b);
  for (const filter of filters) {
    if (filter.field !== field) continue;
    const value = filter.value ? new Date(filter.value) : null;
    if (filter.operator === 'BETWEEN' && filter.values?.length === 2) {
      from = later(from, new Date(filter.values[0]!));
      to = earlier(to, new Date(filter.values[1]!));
    } else if (value && (filter.operator === 'GREATER_THAN' || filter.operator === 'GREATER_THAN_OR_EQUAL')) {
      from = later(from, value);
    } else if (value && (filter.operator === 'LESS_THAN' || filter.operator === 'LESS_THAN_OR_EQUAL')) {
      to = earlier(to, value);
    }
  }
  return { from, to: to ?? now };
}
