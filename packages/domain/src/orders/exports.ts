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
  return to.getTime() > limit.getTime() ? 'maxThreeMonths' : null;
}
