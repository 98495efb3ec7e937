import { describe, expect, it } from 'vitest';
import { priceChangesOverBound } from './priceChanges';

describe('price changes over the bound', () => {
  it('lists the changes over 30 % up or down with their percent, and only those', () => {
    const over = priceChangesOverBound([
      { productId: 'TV', variantId: null, from: 15_499, to: 46_497 },
      { productId: 'RADIO', variantId: null, from: 1000, to: 1100 },
      { productId: 'SHIRT', variantId: 'SHIRT-M', from: 100, to: 69.99 },
      { productId: 'SHIRT', variantId: 'SHIRT-L', from: 100, to: 70 },
      { productId: 'SHIRT', variantId: 'SHIRT-XL', from: 100, to: 130 },
      { productId: 'SHIRT', variantId: 'SHIRT-S', from: 100, to: 130.01 },
    ]);
    expect(over).toEqual([
      { productId: 'TV', variantId: null, from: 15_499, to: 46_497, percent: 200 },
      { productId: 'SHIRT', variantId: 'SHIRT-M', from: 100, to: 69.99, percent: -30.01 },
      { productId: 'SHIRT', variantId: 'SHIRT-S', from: 100, to: 130.01, percent: 30.01 },
    ]);
  });

  it('never asks about a price that appears, disappears or had no value', () => {
    expect(
      priceChangesOverBound([
        { productId: 'NEW', variantId: null, from: null, to: 999 },
        { productId: 'GONE', variantId: null, from: 999, to: null },
        { productId: 'ZERO', variantId: null, from: 0, to: 999 },
      ]),
    ).toEqual([]);
  });
});
