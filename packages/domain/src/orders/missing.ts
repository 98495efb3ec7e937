import { FINAL_STATUSES, type OrderStatus } from './status';

/** An order without a final status counts as missing this many days after its expected delivery date. */
export const MISSING_STATUS_AFTER_DAYS = 7;
const DAY_MS = 24 * 60 * 60_000;

/** Whether the order belongs on the missing-statuses list at `now` (commerce spec §4 and §9). */
export function isMissingStatus(order: { status: OrderStatus; deliveryDate: Date | null }, now: Date): boolean {
  if (FINAL_STATUSES.includes(order.status) || order.status === 'blocked' || !order.deliveryDate) return false;
  return now.getTime() - order.deliveryDate.getTime() > MISSING_STATUS_AFTER_DAYS * DAY_MS;
}

/** The latest expected delivery date an order may have and still be missing at `now` (for the SQL filter). */
export function missingStatusCutoff(now: Date): Date {
  return new Date(now.getTime() - MISSING_STATUS_AFTER_DAYS * DAY_MS);
}
