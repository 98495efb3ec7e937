import { DELIVERY_DELAY_MAX, STOCK_MAX } from '@pp/domain';
import { describe, expect, it } from 'vitest';
import { batchFieldKind, batchValue } from './batchFields';

describe('batch apply values', () => {
  it('takes whole numbers within the form bounds and refuses either side of them', () => {
    expect(batchValue('deliveryDelay', '0', 'CZ10MA')).toEqual({ value: 0 });
    expect(batchValue('deliveryDelay', String(DELIVERY_DELAY_MAX), 'CZ10MA')).toEqual({ value: DELIVERY_DELAY_MAX });
    expect(batchValue('deliveryDelay', String(DELIVERY_DELAY_MAX + 1), 'CZ10MA')).toEqual({
      issue: { key: 'validation.numberBetween', params: { 0: 0, 1: DELIVERY_DELAY_MAX } },
    });
    expect(batchValue('inStock', String(STOCK_MAX), 'CZ10MA')).toEqual({ value: STOCK_MAX });
    expect(batchValue('inStock', String(STOCK_MAX + 1), 'CZ10MA')).toHaveProperty('issue');
    expect(batchValue('inStock', '12000', 'CZ10MA')).toEqual({
      issue: { key: 'validation.numberBetween', params: { 0: 0, 1: STOCK_MAX } },
    });
    expect(batchValue('inStock', '-1', 'CZ10MA')).toHaveProperty('issue');
    expect(batchValue('inStock', '2.5', 'CZ10MA')).toHaveProperty('issue');
    expect(batchValue('priority', '0', 'CZ10MA')).toHaveProperty('issue');
    expect(batchValue('priority', '1', 'CZ10MA')).toEqual({ value: 1 });
    expect(batchValue('inStock', ' ', 'CZ10MA')).toEqual({ issue: { key: 'validation.required', params: {} } });
  });

  it("takes a price by the shop's rule, comma or dot, before anything is sent", () => {
    expect(batchFieldKind('price', 'CZ10MA')).toEqual({ kind: 'price', currency: 'CZK' });
    expect(batchValue('price', '1 299', 'CZ10MA')).toEqual({ value: 1299 });
    expect(batchValue('price', '12,50', 'CZ10MA')).toEqual({
      issue: { key: 'validation.priceWhole', params: { 0: 'CZK' } },
    });
    expect(batchValue('price', '12,50', 'SK10MA')).toEqual({ value: 12.5 });
    expect(batchValue('price', 'abc', 'SK10MA')).toEqual({ issue: { key: 'validation.decimal', params: {} } });
    expect(batchValue('price', '', 'SK10MA')).toEqual({ issue: { key: 'validation.required', params: {} } });
  });

  it("offers the shop's own VAT rates and sends the rate as a number", () => {
    expect(batchFieldKind('vat', 'CZ10MA')).toEqual({ kind: 'choice', options: ['21', '12', '0'] });
    expect(batchValue('vat', '21', 'CZ10MA')).toEqual({ value: 21 });
    // 23 % is Slovak, not Czech.
    expect(batchValue('vat', '23', 'CZ10MA')).toEqual({
      issue: { key: 'validation.vatRate', params: { 0: '21, 12, 0' } },
    });
    expect(batchValue('vat', '23', 'SK10MA')).toEqual({ value: 23 });
  });

  it('lets a seller take the brand off and only set statuses a seller may set', () => {
    expect(batchValue('brandId', '', 'CZ10MA')).toEqual({ value: null });
    expect(batchValue('brandId', 'SAMSUNG', 'CZ10MA')).toEqual({ value: 'SAMSUNG' });
    expect(batchValue('status', 'INACTIVE', 'CZ10MA')).toEqual({ value: 'INACTIVE' });
    expect(batchValue('status', 'NOT_FOR_RESALE', 'CZ10MA')).toHaveProperty('issue');
    expect(batchValue('freeDelivery', true, 'CZ10MA')).toEqual({ value: true });
    expect(batchValue('mallboxAllowed', false, 'CZ10MA')).toEqual({ value: false });
  });
});
