import type { GridFilter } from '../grid/grid';
import { addDays } from './sla';

/**
 * The home dashboard's view of the seller's work (the orders issue, point 8). An order is work to ship while it is
 * open (and confirmed: an unconfirmed one waits for the customer's payment) or being shipped. Its dispatch is due
 * on its ship-by date (`dispatchDate`), fixed when it arrived by the working-day calendar, the partner's cut-off and
 * supply delay (deliveries/calendar.ts `expectedOrderDates`); overdue once that date has passed. Orders from
 * before the ship-by date was stored got the weekday before their delivery date: carriers in the six markets
 * deliver the next working day, which is what this constant says.
 */
export const DISPATCH_DAYS_BEFORE_DELIVERY = 1;
export const WORK_STATUSES = ['open', 'shipping'] as const;
export const SALES_DAYS = 30;

/** Days until the expected delivery date of the orders to ship (the spec's days_to_delivery_date statistic). */
export const DAYS_TO_DELIVERY_BUCKETS = [
  { key: 'late', from: null, to: -1 },
  { key: 'today', from: 0, to: 0 },
  { key: 'tomorrow', from: 1, to: 1 },
  { key: 'in2', from: 2, to: 2 },
  { key: 'in3', from: 3, to: 3 },
  { key: 'in4to7', from: 4, to: 7 },
  { key: 'later', from: 8, to: null },
  { key: 'undated', from: null, to: null },
] as const;
export type DaysToDeliveryBucket = (typeof DAYS_TO_DELIVERY_BUCKETS)[number]['key'];

/** The bucket of an order `days` days before its delivery date (null: it has none). */
export function daysToDeliveryBucket(days: number | null): DaysToDeliveryBucket {
  if (days === null) return 'undated';
  const bucket = DAYS_TO_DELIVERY_BUCKETS.find(
    (b) => b.key !== 'undated' && (b.from === null || days >= b.from) && (b.to === null || days <= b.to),
  );
  return bucket!.key;
}

/** The orders grid filters of the work to ship (status open or shipping, confirmed). */
export function workFilters(): GridFilter[] {
  return [
    { field: 'status', operator: 'IN', values: [...WORK_STATUSES] },
    { field: 'confirmed', operator: 'EQUAL', value: 'true' },
  ];
}

/** The grid filter on the delivery date that lists one bucket, `today` being the markets' date (YYYY-MM-DD). */
export function deliveryDateFilter(bucket: DaysToDeliveryBucket, today: string): GridFilter {
  const b = DAYS_TO_DELIVERY_BUCKETS.find((x) => x.key === bucket)!;
  if (bucket === 'undated') return { field: 'deliveryDate', operator: 'EMPTY' };
  if (b.from === null) return { field: 'deliveryDate', operator: 'LESS_THAN_OR_EQUAL', value: addDays(today, b.to!) };
  if (b.to === null) return { field: 'deliveryDate', operator: 'GREATER_THAN_OR_EQUAL', value: addDays(today, b.from) };
  if (b.from === b.to) return { field: 'deliveryDate', operator: 'EQUAL', value: addDays(today, b.from) };
  return { field: 'deliveryDate', operator: 'BETWEEN', values: [addDays(today, b.from), addDays(today, b.to)] };
}

/** Dispatch due today: the ship-by date is today. */
export function shipTodayFilter(today: string): GridFilter {
  return { field: 'dispatchDate', operator: 'EQUAL', value: today };
}

/** Dispatch overdue: the ship-by date has passed. */
export function overdueFilter(today: string): GridFilter {
  return { field: 'dispatchDate', operator: 'LESS_THAN_OR_EQUAL', value: addDays(today, -1) };
}
