import type { GridFilter } from '@pp/domain';

/** Midnight of the local day `days` away from `now` (negative: past), as the user's calendar counts days. */
function localMidnight(now: Date, days: number): Date {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() + days);
}

/** A local calendar day as the grid's DATE filters take it (YYYY-MM-DD). */
export function localDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * "The last N days" is today and the N − 1 days before it, from midnight: the same filter all day long, so a
 * list opened in the morning and one opened in the afternoon show the same orders of the past days.
 */
export function sinceDaysAgo(field: string, days: number, now: Date): GridFilter[] {
  return [{ field, operator: 'GREATER_THAN_OR_EQUAL', value: localMidnight(now, -(days - 1)).toISOString() }];
}

/** Expected delivery from today up to `days` days ahead, both ends included (a DATE column). */
export function dueWithinDays(field: string, days: number, now: Date): GridFilter[] {
  return [{ field, operator: 'BETWEEN', values: [localDay(now), localDay(localMidnight(now, days))] }];
}

export interface OrderQuickFilter {
  id: string;
  label: string;
  filters: (now: Date) => GridFilter[];
}

/** The quick filters of the orders grids (commerce spec §2), computed when clicked, never at page load. */
export const ORDER_QUICK_FILTERS: readonly OrderQuickFilter[] = [
  { id: 'created7', label: 'orders.quick.created7', filters: (now) => sinceDaysAgo('createdAt', 7, now) },
  { id: 'created14', label: 'orders.quick.created14', filters: (now) => sinceDaysAgo('createdAt', 14, now) },
  { id: 'created30', label: 'orders.quick.created30', filters: (now) => sinceDaysAgo('createdAt', 30, now) },
  { id: 'delivery2', label: 'orders.quick.delivery2', filters: (now) => dueWithinDays('deliveryDate', 2, now) },
  { id: 'delivery7', label: 'orders.quick.delivery7', filters: (now) => dueWithinDays('deliveryDate', 7, now) },
  { id: 'shipped7', label: 'orders.quick.shipped7', filters: (now) => sinceDaysAgo('shippedAt', 7, now) },
  { id: 'shipped14', label: 'orders.quick.shipped14', filters: (now) => sinceDaysAgo('shippedAt', 14, now) },
];
