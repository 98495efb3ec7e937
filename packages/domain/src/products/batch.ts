import { z } from 'zod';
import type { ShopId } from '../markets/markets';
import { safeText } from '../text/safeText';
import {
  DELIVERY_DELAY_MAX,
  vatRateIssue,
  PRIORITY_MAX,
  PRIORITY_MIN,
  PRODUCT_ID_MAX,
  PRODUCT_STAGES,
  priceIssue,
  STOCK_MAX,
  USER_PRODUCT_STATUSES,
} from './rules';
import { decimalInputSchema, integerInputSchema } from './schema';

/** The product fields the grid's batch apply may set on many products at once. */
export const BATCH_FIELDS = [
  'status',
  'stage',
  'deliveryDelay',
  'inStock',
  'vat',
  'freeDelivery',
  'priority',
  'brandId',
  'mallboxAllowed',
  'price',
] as const;
export type BatchField = (typeof BATCH_FIELDS)[number];
export type BatchValue = string | number | boolean | null;

export function isBatchField(field: string): field is BatchField {
  return (BATCH_FIELDS as readonly string[]).includes(field);
}

/** A boolean as JSON or a form sends it: true/false, or their text. */
const batchBoolean = z.unknown().transform((value, ctx) => {
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  ctx.addIssue({ code: 'custom', message: 'invalid' });
  return z.NEVER;
});

/**
 * The schema of the value one batch field takes, with the same rules as the product form (the same
 * message keys, on the field `value`). VAT must be a rate of the partner's shop; a brand is only checked
 * for shape here, whether it exists is the server's question. Setting the stage to LIVE still goes
 * through the listing checks of each product on the server. A price is the shop's (priceIssue); a change
 * of more than 30 % is not the value's problem but each product's, held for the seller's confirmation.
 */
export function batchValueSchema(field: BatchField, shopId: ShopId): z.ZodType<BatchValue, unknown> {
  switch (field) {
    case 'status':
      return z.enum(USER_PRODUCT_STATUSES, 'invalid');
    case 'stage':
      return z.enum(PRODUCT_STAGES, 'invalid');
    case 'deliveryDelay':
      return integerInputSchema(0, DELIVERY_DELAY_MAX);
    case 'inStock':
      return integerInputSchema(0, STOCK_MAX);
    case 'priority':
      return integerInputSchema(PRIORITY_MIN, PRIORITY_MAX);
    case 'vat':
      return decimalInputSchema.transform((value, ctx) => {
        const issue = value === null ? vatRateIssue(Number.NaN, shopId) : vatRateIssue(value, shopId);
        if (issue) {
          ctx.addIssue({ code: 'custom', message: issue.rule, params: issue.params });
          return z.NEVER;
        }
        return value;
      });
    case 'freeDelivery':
    case 'mallboxAllowed':
      return batchBoolean;
    case 'price':
      return decimalInputSchema.transform((value, ctx) => {
        const issue = value === null ? { rule: 'required', params: undefined } : priceIssue('value', value, shopId);
        if (issue) {
          ctx.addIssue({ code: 'custom', message: issue.rule, params: issue.params });
          return z.NEVER;
        }
        return value;
      });
    case 'brandId':
      return safeText()
        .trim()
        .max(PRODUCT_ID_MAX, 'max')
        .nullable()
        .transform((v) => (v ? v : null));
  }
}
