import { z } from 'zod';
import { PRODUCT_ID_MAX, STOCK_MAX, type UserProductStatus } from '../products/rules';
import { integerInputSchema } from '../products/schema';
import { wireDate } from './v1';

/**
 * The wire of the partner REST API v1 for stock and availability (issue 20 point 3), as the marketplace's
 * clients send and read it: `{"status":"A","in_stock":12}` for one product or variant, a batch
 * `[{"id","status","in_stock"}]` of items (a product's or a variant's id: both are item ids there), and
 * `[{"productId"}]` for the selected products to activate. The bounds are the product form's own
 * (`integerInputSchema(0, STOCK_MAX)`): the same stock the portal takes, the API takes.
 */

/** Items one batch call may carry; a larger batch is refused whole. */
export const V1_AVAILABILITY_BATCH_MAX = 1_000;

/** The marketplace's one-letter statuses: A active, N inactive, X not for resale (the marketplace's own). */
export const V1_STATUS_LETTERS = { ACTIVE: 'A', INACTIVE: 'N', NOT_FOR_RESALE: 'X' } as const;
export type V1StatusLetter = (typeof V1_STATUS_LETTERS)[keyof typeof V1_STATUS_LETTERS];

/** A product or variant status as the wire writes it (an unknown stored value reads as inactive). */
export function v1StatusLetter(status: string): V1StatusLetter {
  return (V1_STATUS_LETTERS as Record<string, V1StatusLetter>)[status] ?? 'N';
}

/**
 * The status a seller may send: A or N (any case). X is the marketplace's decision and never taken from a
 * seller: it reads as 'NOT_FOR_RESALE' here so the service refuses it with PRODUCT_NOT_FOR_RESALE, as the
 * portal's batch change does.
 */
const wireStatus = z
  .string()
  .trim()
  .toUpperCase()
  .pipe(z.enum(['A', 'N', 'X'], 'invalid'))
  .transform((letter): UserProductStatus | 'NOT_FOR_RESALE' =>
    letter === 'A' ? 'ACTIVE' : letter === 'N' ? 'INACTIVE' : 'NOT_FOR_RESALE',
  );

const inStock = integerInputSchema(0, STOCK_MAX);

/** `{"status","in_stock"}`: the stock is required, the status optional (unsent, it stays as it is). */
export const v1AvailabilityBody = z.object({
  in_stock: inStock,
  status: wireStatus.optional(),
});
export type V1AvailabilityBody = z.output<typeof v1AvailabilityBody>;

const itemId = z.union([z.string(), z.number().int()]).transform(String).pipe(z.string().trim().min(1, 'required'));

/** The batch: 1 to 1,000 items, each `{"id","in_stock","status"?}`. */
export const v1AvailabilityBatchBody = z
  .array(
    z.object({
      id: itemId.pipe(z.string().max(PRODUCT_ID_MAX, 'max')),
      in_stock: inStock,
      status: wireStatus.optional(),
    }),
  )
  .min(1, 'required')
  .max(V1_AVAILABILITY_BATCH_MAX, 'max');
export type V1AvailabilityBatchBody = z.output<typeof v1AvailabilityBatchBody>;

/** `[{"productId"}]` of the products to activate, as the marketplace's client sends them. */
export const v1ActivateSelectedBody = z
  .array(z.object({ productId: itemId.pipe(z.string().max(PRODUCT_ID_MAX, 'max')) }))
  .min(1, 'required');

/** The availability of one product or variant as the wire reads it. */
export const v1Availability = z.object({
  status: z.enum(['A', 'N', 'X']),
  in_stock: z.number().int(),
});

/**
 * A supply delay: the product (or variant) waits for its supplier from `valid_from` to `valid_to` (wire
 * dates, Prague time). The marketplace's clients send both; `valid_from` may be left out for "from now".
 */
export const v1SupplyDelayBody = z.object({ valid_from: wireDate.optional(), valid_to: wireDate });

export const v1SupplyDelay = z.object({ valid_from: z.string(), valid_to: z.string() });

/** The check `/v1/checks/media` answers: one entry per image URL that gave no picture, with its products. */
export const V1_MEDIA_CHECK_ARTICLES_MAX = 1_000;
