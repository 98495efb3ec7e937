import { type GridFilter, parseSlaBreach, type SlaBreach, type SlaType, slaBreachOf, slaBreachValue } from '@pp/domain';
import type { SlaTypeName } from './operations';

/** The orders grid's search parameter holding the SLA figure whose orders it shows. */
export const SLA_BREACH_PARAM = 'slaBreach';

export const SLA_TYPE_OF: Record<SlaTypeName, SlaType> = {
  CANCEL_RATE: 'cancel-rate',
  TRACKING: 'tracking',
  STATUS_ERROR: 'status-error',
  DELIVERY: 'delivery',
};

export const SLA_TYPE_NAME_OF: Record<SlaType, SlaTypeName> = {
  'cancel-rate': 'CANCEL_RATE',
  tracking: 'TRACKING',
  'status-error': 'STATUS_ERROR',
  delivery: 'DELIVERY',
};

/** The search of the orders grid showing the failed orders of one period of a figure. */
export function slaBreachSearch(
  type: SlaTypeName,
  period: { month: string } | { lastSevenDaysFrom: string },
  view: { today: string; oldestMonth: string },
): Record<string, string> {
  return { [SLA_BREACH_PARAM]: slaBreachValue(slaBreachOf(SLA_TYPE_OF[type], period, view)) };
}

/** The breach named in the orders grid's search, if any (an unreadable one is ignored, as a bad filter is). */
export function slaBreachOfSearch(search: Record<string, unknown>): SlaBreach | null {
  const value = search[SLA_BREACH_PARAM];
  return typeof value === 'string' ? parseSlaBreach(value) : null;
}

export function slaBreachFilter(breach: SlaBreach): GridFilter {
  return { field: 'slaBreach', operator: 'EQUAL', value: slaBreachValue(breach) };
}
