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
      { productId: 'TV', variantId: null, from: 15_499, to: 46_497, percent: 200, basis: 15_499 },
      { productId: 'SHIRT', variantId: 'SHIRT-M', from: 100, to: 69.99, percent: -30.01, basis: 100 },
      { productId: 'SHIRT', variantId: 'SHIRT-S', from: 100, to: 130.01, percent: 30.01, basis: 100 },
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

  it('catches a change made in steps: the step that crosses the bound of the 30-day low or high', () => {
    const step = (from: number, to: number, low30: number, high30: number) =>
      priceChangesOverBound([{ productId: 'P', variantId: null, from, to, low30, high30 }]);
    // 100 → 125 (+25 %) passes; 125 → 150 is +20 % but +50 % from the low of 100.
    expect(step(100, 125, 100, 100)).toEqual([]);
    expect(step(125, 150, 100, 125)).toEqual([
      { productId: 'P', variantId: null, from: 125, to: 150, percent: 50, basis: 100 },
    ]);
    // On the bound itself (130 from 100: 30 % exactly) it does not ask; one cent past it, it does.
    expect(step(125, 130, 100, 125)).toEqual([]);
    expect(step(125, 130.01, 100, 125).map((c) => c.basis)).toEqual([100]);
    // Down in steps, from the high of 200: 160 → 139.98 is -30.01 % from 200.
    expect(step(160, 140, 160, 200)).toEqual([]);
    expect(step(160, 139.98, 160, 200).map((c) => [c.basis, c.percent])).toEqual([[200, -30.01]]);
    // Once confirmed past the bound, the next small step does not ask again.
    expect(step(150, 151, 100, 150)).toEqual([]);
    // Over from the current price: measured from it, as before.
    expect(step(100, 140, 100, 100).map((c) => c.basis)).toEqual([100]);
  });
});
