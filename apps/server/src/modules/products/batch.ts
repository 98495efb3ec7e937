import {
  DELIVERY_DELAY_MAX,
  DomainError,
  hasControlCharacters,
  isVatRate,
  parseDecimal,
  PRIORITY_MAX,
  PRIORITY_MIN,
  PRODUCT_STAGES,
  priceIssue,
  type ShopId,
  STOCK_MAX,
  USER_PRODUCT_STATUSES,
  VAT_RATES,
} from '@pp/domain';
import type { Actor } from '../../platform/audit/service';
import type { DbOrTx } from '../../platform/db/client';
import { judgePriceChanges } from './price-confirm';
import { auditForcedPrices, dropPriceHolds, holdPrices } from './price-holds';
import { products } from './tables';

/** The fields "batch apply" may set on many products at once (contract §D), with their columns. */
export const BATCH_FIELDS = {
  status: products.status,
  stage: products.stage,
  deliveryDelay: products.deliveryDelay,
  inStock: products.inStock,
  vat: products.vat,
  freeDelivery: products.freeDelivery,
  priority: products.priority,
  brandId: products.brandId,
  mallboxAllowed: products.mallboxAllowed,
  price: products.price,
} as const;
export type BatchField = keyof typeof BATCH_FIELDS;

export type BatchValue = string | number | boolean | null;

function invalid(rule: string, params: Record<string, string | number> = {}): never {
  throw new DomainError('VALIDATION_ERROR', {}, [{ field: 'value', rule, params }]);
}

function wholeNumber(value: unknown, min: number, max: number): number {
  const n = typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n)) invalid('integer');
  if (n < min || n > max) invalid('numberBetween', { 0: min, 1: max });
  return n;
}

function flag(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (value === 'true' || value === 'false') return value === 'true';
  return invalid('invalid');
}

/**
 * The value one batch change writes, checked with the same bounds as the product form: a field outside the
 * list is BATCH_FIELD_INVALID, a value the field cannot hold a VALIDATION_ERROR on `value`. Whether a brand
 * exists is the caller's to check (it needs the database).
 */
export function batchValue(field: string, value: unknown, shopId: ShopId): { field: BatchField; value: BatchValue } {
  if (!Object.hasOwn(BATCH_FIELDS, field))
    throw new DomainError('BATCH_FIELD_INVALID', { field: String(field).slice(0, 50) });
  const f = field as BatchField;
  switch (f) {
    case 'status':
      if (value === 'NOT_FOR_RESALE') throw new DomainError('PRODUCT_NOT_FOR_RESALE');
      if (!(USER_PRODUCT_STATUSES as readonly unknown[]).includes(value)) invalid('invalid');
      return { field: f, value: value as string };
    case 'stage':
      if (!(PRODUCT_STAGES as readonly unknown[]).includes(value)) invalid('invalid');
      return { field: f, value: value as string };
    case 'deliveryDelay':
      return { field: f, value: wholeNumber(value, 0, DELIVERY_DELAY_MAX) };
    case 'inStock':
      return { field: f, value: wholeNumber(value, 0, STOCK_MAX) };
    case 'priority':
      return { field: f, value: wholeNumber(value, PRIORITY_MIN, PRIORITY_MAX) };
    case 'vat': {
      const n = typeof value === 'string' ? Number(value.replace(',', '.')) : value;
      if (typeof n !== 'number' || !Number.isFinite(n) || !isVatRate(n, shopId)) {
        invalid('vatRate', { 0: VAT_RATES[shopId].join(', ') });
      }
      return { field: f, value: n };
    }
    case 'freeDelivery':
    case 'mallboxAllowed':
      return { field: f, value: flag(value) };
    case 'price': {
      // A price as the form takes it (comma or dot); the 30 % rule is judged per product when the job writes.
      const n = typeof value === 'string' || typeof value === 'number' ? parseDecimal(value) : Number.NaN;
      if (n === null) invalid('required');
      const issue = priceIssue('value', n, shopId);
      if (issue) invalid(issue.rule, issue.params);
      return { field: f, value: n };
    }
    case 'brandId':
      if (value === null || value === '') return { field: f, value: null };
      if (typeof value !== 'string' || value.length > 50 || hasControlCharacters(value)) invalid('invalid');
      return { field: f, value };
  }
}

/**
 * The price rule on a slice of a batch that sets the price: products whose price would move by more than the
 * bound keep it, and the change is held under the batch's job for the seller to confirm, unless the batch
 * was started with forcePrice: then every change is written and the jumps are audited as forced. Holds older
 * than this batch for these products go (the batch is the newer word). Answers the ids to write and how many
 * changes were held.
 */
export async function holdBatchPriceJumps(
  tx: DbOrTx,
  batch: { partnerId: number; actor: Actor; forcePrice?: boolean },
  jobId: string,
  ids: string[],
  price: number,
): Promise<{ ids: string[]; held: number }> {
  const { partnerId } = batch;
  await dropPriceHolds(tx, partnerId, ids);
  const force = batch.forcePrice === true;
  const { held, forced } = await judgePriceChanges(
    tx,
    partnerId,
    ids.map((productId) => ({ productId, variantId: null, to: price, force })),
  );
  await auditForcedPrices(tx, batch.actor, 'BATCH', jobId, forced);
  await holdPrices(tx, partnerId, 'BATCH', jobId, held);
  const heldIds = new Set(held.map((h) => h.productId));
  return { ids: ids.filter((id) => !heldIds.has(id)), held: held.length };
}
