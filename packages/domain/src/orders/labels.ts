import { z } from 'zod';
import type { ErrorCode } from '../errors/codes';
import type { OrderStatus } from './status';

/** Label formats (commerce spec §3): a printable PDF, or ZPL for thermal printers. */
export const LABEL_FORMATS = ['pdf', 'zpl'] as const;
export type LabelFormat = (typeof LABEL_FORMATS)[number];
/** One label per A6 page, or four per A4 page in quadrants. */
export const LABELS_PER_PAGE = [1, 4] as const;
export type LabelsPerPage = (typeof LABELS_PER_PAGE)[number];
/** One print takes at most this many orders (the grid's largest selection). */
export const LABEL_ORDERS_MAX = 500;
/** An order is labelled once it may travel: the statuses before and during shipping. */
export const LABEL_STATUSES: readonly OrderStatus[] = ['open', 'shipping', 'shipped'];

export const labelRequestSchema = z.object({
  orderIds: z
    .array(z.number().int().positive())
    .min(1, 'required')
    .max(LABEL_ORDERS_MAX, 'max')
    .transform((ids) => [...new Set(ids)]),
  format: z.enum(LABEL_FORMATS, { message: 'invalid' }),
  labelsPerPage: z.union([z.literal(1), z.literal(4)], { message: 'invalid' }).default(1),
  firstPosition: z.number({ message: 'invalid' }).int('invalid').min(1, 'min').max(4, 'max').default(1),
});
export type LabelRequest = z.infer<typeof labelRequestSchema>;

/**
 * Why an order gets no label, or null. An open order the marketplace has not confirmed has no consignment
 * yet (its payment is awaited); orders that will not travel (blocked, final) cannot get one at all.
 */
export function labelRefusal(order: { status: OrderStatus; confirmed: boolean }): ErrorCode | null {
  if (!LABEL_STATUSES.includes(order.status)) return 'WRONG_STATUS_FOR_CONSIGNMENT';
  if (order.status === 'open' && !order.confirmed) return 'CONSIGNMENT_MISSING';
  return null;
}

/**
 * The number a parcel is tracked by, printed as its barcode: the order id and the parcel's place in the order
 * (three digits), so each parcel of a multi-parcel order is scanned on its own.
 */
export function parcelNumber(orderId: number, parcel: number): string {
  return `${orderId}${String(parcel).padStart(3, '0')}`;
}

/**
 * Where each of `count` labels goes: page index and quadrant (1 top left, 2 top right, 3 bottom left,
 * 4 bottom right). With four per page the first label starts at `firstPosition`, so a half-used sheet of
 * label paper can be used up; with one per page every label has its own page.
 */
export function labelSlots(
  count: number,
  perPage: LabelsPerPage,
  firstPosition = 1,
): { page: number; position: number }[] {
  const skip = perPage === 4 ? Math.min(Math.max(firstPosition, 1), 4) - 1 : 0;
  return Array.from({ length: count }, (_, i) => ({
    page: Math.floor((i + skip) / perPage),
    position: ((i + skip) % perPage) + 1,
  }));
}
