import { describe, expect, it } from 'vitest';
import { BATCH_FIELDS, batchValueSchema, isBatchField } from './batch';

const read = (field: (typeof BATCH_FIELDS)[number], value: unknown, shop: 'CZ10MA' | 'SI10SI' = 'CZ10MA') => {
  const result = batchValueSchema(field, shop).safeParse(value);
  return result.success ? { value: result.data } : { rule: result.error.issues[0]?.message };
};

describe('batch apply values', () => {
  it('knows its fields and nothing else', () => {
    expect(isBatchField('inStock')).toBe(true);
    expect(isBatchField('price')).toBe(true);
    expect(isBatchField('rrp')).toBe(false);
    expect(isBatchField('id')).toBe(false);
    expect(BATCH_FIELDS).toHaveLength(10);
  });

  it('lets sellers set active or inactive, never not-for-resale', () => {
    expect(read('status', 'INACTIVE')).toEqual({ value: 'INACTIVE' });
    expect(read('status', 'NOT_FOR_RESALE')).toEqual({ rule: 'invalid' });
    expect(read('stage', 'LIVE')).toEqual({ value: 'LIVE' });
    expect(read('stage', 'GONE')).toEqual({ rule: 'invalid' });
  });

  it('keeps stock, delivery and priority in their ranges', () => {
    expect(read('inStock', 9999)).toEqual({ value: 9999 });
    expect(read('inStock', '10000')).toEqual({ rule: 'numberBetween' });
    expect(read('inStock', 12_000)).toEqual({ rule: 'numberBetween' });
    expect(read('deliveryDelay', 365)).toEqual({ value: 365 });
    expect(read('deliveryDelay', 366)).toEqual({ rule: 'numberBetween' });
    expect(read('deliveryDelay', 1.5)).toEqual({ rule: 'integer' });
    expect(read('priority', 0)).toEqual({ rule: 'numberBetween' });
    expect(read('priority', 1)).toEqual({ value: 1 });
  });

  it('takes only a VAT rate of the shop', () => {
    expect(read('vat', 21)).toEqual({ value: 21 });
    expect(read('vat', '22', 'CZ10MA')).toEqual({ rule: 'vatRate' });
    expect(read('vat', '9,5', 'SI10SI')).toEqual({ value: 9.5 });
    expect(read('vat', null)).toEqual({ rule: 'vatRate' });
  });

  it('takes a price of the shop, comma or dot, and nothing else', () => {
    expect(read('price', '1 299')).toEqual({ value: 1299 });
    expect(read('price', 12.5)).toEqual({ rule: 'priceWhole' });
    expect(read('price', '12,50', 'SI10SI')).toEqual({ value: 12.5 });
    expect(read('price', '0', 'SI10SI')).toEqual({ rule: 'priceMin' });
    expect(read('price', '')).toEqual({ rule: 'required' });
    expect(read('price', 'abc')).toEqual({ rule: 'decimal' });
  });

  it('reads booleans as JSON or text', () => {
    expect(read('freeDelivery', true)).toEqual({ value: true });
    expect(read('mallboxAllowed', 'false')).toEqual({ value: false });
    expect(read('freeDelivery', 'yes')).toEqual({ rule: 'invalid' });
  });

  it('sets or clears the brand', () => {
    expect(read('brandId', ' SAMSUNG ')).toEqual({ value: 'SAMSUNG' });
    expect(read('brandId', '')).toEqual({ value: null });
    expect(read('brandId', null)).toEqual({ value: null });
    expect(read('brandId', 'A\u0000')).toEqual({ rule: 'invalidCharacters' });
  });
});
