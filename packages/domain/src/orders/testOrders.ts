import { z } from 'zod';
import { safeText } from '../text/safeText';
import { DELIVERY_METHODS } from './chips';
import { PAYMENT_TYPE_CODES } from './payment';

/** Test orders a partner may create per calendar day (UTC): enough to try an integration, not a flood. */
export const TEST_ORDERS_PER_DAY = 50;
export const TEST_ORDER_ITEMS_MAX = 5;
export const TEST_ORDER_QUANTITY_MAX = 9999;
export const TEST_ORDER_PRICE_MAX = 999_999_999.99;
export const TEST_ORDER_TITLE_MAX = 200;

export const testOrderItemSchema = z.object({
  title: safeText().trim().min(1, 'required').max(TEST_ORDER_TITLE_MAX, 'max'),
  quantity: z.number({ message: 'required' }).int('invalid').min(1, 'min').max(TEST_ORDER_QUANTITY_MAX, 'max'),
  price: z
    .number({ message: 'required' })
    .min(0.01, 'min')
    .max(TEST_ORDER_PRICE_MAX, 'max')
    .refine((p) => Math.abs(p * 100 - Math.round(p * 100)) < 1e-6, 'invalid'),
});

/** A test order as the partner names it: a delivery method, a payment type and 1–5 items. */
export const testOrderSchema = z.object({
  deliveryType: z.enum(DELIVERY_METHODS, { message: 'required' }),
  paymentType: z.enum(PAYMENT_TYPE_CODES as [string, ...string[]], { message: 'required' }).default('B'),
  items: z.array(testOrderItemSchema).min(1, 'required').max(TEST_ORDER_ITEMS_MAX, 'max'),
});
export type TestOrderInput = z.infer<typeof testOrderSchema>;

/** Markets with whole prices (CZ, HU) take no decimals: the item's price index whose decimals are refused. */
export function testOrderPriceIssues(input: TestOrderInput, wholePrices: boolean): number[] {
  if (!wholePrices) return [];
  return input.items.flatMap((item, i) => (Number.isInteger(item.price) ? [] : [i]));
}

/** Picking lists and delivery-note batches name at most this many orders. */
export const PICKING_LIST_MAX = 200;
