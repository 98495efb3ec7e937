import { z } from 'zod';
import { BULK_STATUS_MAX, trackingNumberSchema, trackingUrlSchema } from './status';

/** Order numbers as a person copies them: the marketplace's ids, digits only. */
const ORDER_NUMBER_PATTERN = /^\d{1,16}$/;

/** One order of a bulk shipment with its own tracking (spec §4: shipped takes an optional number and link). */
export const orderShipItemSchema = z.object({
  orderId: z.number().int().positive(),
  trackingNumber: z.union([trackingNumberSchema, z.literal('')]).nullish(),
  trackingUrl: z.union([trackingUrlSchema, z.literal('')]).nullish(),
});
export type OrderShipItem = z.infer<typeof orderShipItemSchema>;

/**
 * A bulk shipment: at most as many orders as a bulk status change, each once. An order listed twice with
 * two tracking numbers has no single meaning, so the list is refused rather than one row picked silently.
 */
export const ordersShipSchema = z.object({
  items: z
    .array(orderShipItemSchema)
    .min(1, 'required')
    .max(BULK_STATUS_MAX, 'max')
    .superRefine((items, ctx) => {
      const seen = new Set<number>();
      items.forEach((item, index) => {
        if (seen.has(item.orderId)) ctx.addIssue({ code: 'custom', path: [index, 'orderId'], message: 'orderTwice' });
        seen.add(item.orderId);
      });
    }),
});

/** One readable line of a pasted table: the order and the tracking number next to it. */
export interface TrackingPasteRow {
  /** The line in the pasted text, from 1, as the spreadsheet showed it. */
  line: number;
  orderId: string;
  trackingNumber: string;
}

export interface TrackingPaste {
  rows: TrackingPasteRow[];
  /** Lines that name no order (a heading on the first line is not counted). */
  unreadable: number[];
}

function cell(value: string | undefined): string {
  const trimmed = (value ?? '').trim();
  return trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"')
    ? trimmed.slice(1, -1).replaceAll('""', '"').trim()
    : trimmed;
}

/**
 * Reads two columns copied from a spreadsheet or a CSV: "order number<TAB>tracking" (what a spreadsheet puts
 * on the clipboard) or "order number;tracking". A heading on the first line is skipped; a later order listed
 * again replaces the earlier line, as the last word a person pasted. Tracking numbers are not judged here:
 * the form judges each row by the tracking rule.
 */
export function readTrackingPaste(text: string): TrackingPaste {
  const byOrder = new Map<string, TrackingPasteRow>();
  const unreadable: number[] = [];
  let first = true;
  text.split(/\r\n|\n|\r/).forEach((raw, index) => {
    if (!raw.trim()) return;
    const parts = raw.includes('\t') ? raw.split('\t') : raw.split(';');
    const orderId = cell(parts[0]);
    const isFirst = first;
    first = false;
    if (!ORDER_NUMBER_PATTERN.test(orderId)) {
      if (!isFirst) unreadable.push(index + 1);
      return;
    }
    byOrder.delete(orderId);
    byOrder.set(orderId, { line: index + 1, orderId, trackingNumber: cell(parts[1]) });
  });
  return { rows: [...byOrder.values()], unreadable };
}
