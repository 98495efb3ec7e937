import { describe, expect, it } from 'vitest';
import {
  deliveryMethodSchema,
  deliveryPriceFor,
  METHOD_CODE_MAX,
  METHOD_TITLE_MAX,
  packageSizeOf,
  PRICE_LEVELS_MAX,
  pricingChanged,
} from './methods';

const base = {
  code: 'PPL_small',
  title: 'PPL to the door',
  transport: 'PPL',
  price: '99',
  deliveryDelay: 1,
};

function issues(input: Record<string, unknown>, shop: 'CZ10MA' | 'SK10MA' = 'CZ10MA') {
  const result = deliveryMethodSchema(shop).safeParse({ ...base, ...input });
  if (result.success) return {};
  const byField: Record<string, string> = {};
  for (const issue of result.error.issues) byField[String(issue.path.join('.'))] ??= issue.message;
  return byField;
}

describe('delivery method code and title', () => {
  it('takes letters, digits, underscore, dot and dash up to the maximum length', () => {
    expect(issues({ code: 'Aa0_.-' })).toEqual({});
    expect(issues({ code: 'x'.repeat(METHOD_CODE_MAX) })).toEqual({});
    expect(issues({ code: 'x'.repeat(METHOD_CODE_MAX + 1) })).toEqual({ code: 'max' });
  });

  it('refuses spaces, diacritics and other characters, and an empty code is only "required"', () => {
    expect(issues({ code: 'PPL small' })).toEqual({ code: 'methodCode' });
    expect(issues({ code: 'Zásilkovna' })).toEqual({ code: 'methodCode' });
    expect(issues({ code: 'a/b' })).toEqual({ code: 'methodCode' });
    expect(issues({ code: '' })).toEqual({ code: 'required' });
  });

  it('needs a title of at most the maximum length', () => {
    expect(issues({ title: 't'.repeat(METHOD_TITLE_MAX) })).toEqual({});
    expect(issues({ title: 't'.repeat(METHOD_TITLE_MAX + 1) })).toEqual({ title: 'max' });
    expect(issues({ title: '  ' })).toEqual({ title: 'required' });
  });

  it("takes only a transport of the partner's market", () => {
    expect(issues({ transport: 'SPS' })).toEqual({ transport: 'in' });
    expect(issues({ transport: 'SPS' }, 'SK10MA')).toEqual({});
    expect(issues({ transport: '' })).toEqual({ transport: 'required' });
  });
});

describe('delivery method prices', () => {
  it('follows the money rules of the market', () => {
    expect(issues({ price: '99.5' })).toEqual({ price: 'priceWhole' });
    expect(issues({ price: '0' })).toEqual({ price: 'priceMin' });
    expect(issues({ price: '3,50', transport: 'SPS' }, 'SK10MA')).toEqual({});
    expect(issues({ price: '3.555', transport: 'SPS' }, 'SK10MA')).toEqual({ price: 'priceDecimals' });
    expect(issues({ codPrice: 'abc', freeLimit: '1000' })).toEqual({ codPrice: 'decimal' });
    expect(issues({ price: '' })).toEqual({ price: 'required' });
  });

  it('bounds the delivery delay and the priority', () => {
    expect(issues({ deliveryDelay: 30, priority: 999 })).toEqual({});
    expect(issues({ deliveryDelay: 31, priority: 1000 })).toEqual({
      deliveryDelay: 'numberBetween',
      priority: 'numberBetween',
    });
    expect(issues({ deliveryDelay: -1 })).toEqual({ deliveryDelay: 'numberBetween' });
  });
});

describe('delivery method parcel bounds', () => {
  it('lets min equal max and refuses min above max on every dimension', () => {
    expect(issues({ minHeight: '10', maxHeight: '10', minWeight: '0.5', maxWeight: '0.5' })).toEqual({});
    expect(
      issues({
        minHeight: '10.1',
        maxHeight: '10',
        minWidth: 5,
        maxWidth: 4.9,
        minLength: 2,
        maxLength: 1,
        minWeight: '0.501',
        maxWeight: '0.5',
      }),
    ).toEqual({
      maxHeight: 'minAboveMax',
      maxWidth: 'minAboveMax',
      maxLength: 'minAboveMax',
      maxWeight: 'minAboveMax',
    });
  });

  it('takes one decimal in cm, three in kg, nothing negative or over the column', () => {
    expect(issues({ maxHeight: '9999.9', maxWeight: '99999.999' })).toEqual({});
    expect(issues({ maxHeight: '10.05', maxWeight: '1.0005' })).toEqual({
      maxHeight: 'measureDecimals',
      maxWeight: 'measureDecimals',
    });
    expect(issues({ maxHeight: '10000', minWeight: '-1' })).toEqual({
      maxHeight: 'measureRange',
      minWeight: 'measureRange',
    });
  });

  it('reads the package size from the measures: 20 kg, 170 cm of sides and 100 cm a side still fit a small box', () => {
    expect(packageSizeOf({ weightKg: 20, widthCm: 35, lengthCm: 100, heightCm: 35 })).toBe('SMALLBOX');
    expect(packageSizeOf({ weightKg: 20.001, widthCm: 10, lengthCm: 10, heightCm: 10 })).toBe('BIGBOX');
    expect(packageSizeOf({ weightKg: 5, widthCm: 35, lengthCm: 100, heightCm: 35.1 })).toBe('BIGBOX');
    expect(packageSizeOf({ weightKg: 5, widthCm: 10, lengthCm: 100.1, heightCm: 10 })).toBe('BIGBOX');
    expect(packageSizeOf({ weightKg: null, widthCm: 10, lengthCm: 10, heightCm: 10 })).toBeNull();
    expect(issues({ packageSize: 'SMALLBOX' })).toEqual({});
    expect(issues({ packageSize: 'MEDIUM' })).toEqual({ packageSize: 'in' });
  });
});

describe('delivery method close times', () => {
  it('takes HH:mm per weekday, blank for no collection', () => {
    const ok = deliveryMethodSchema('CZ10MA').parse({ ...base, closeTimes: { mon: '00:00', fri: '23:59', sat: '' } });
    expect(ok.closeTimes).toEqual({
      mon: '00:00',
      tue: null,
      wed: null,
      thu: null,
      fri: '23:59',
      sat: null,
      sun: null,
    });
  });

  it('refuses 24:00, a minute of 60, one-digit hours and text', () => {
    expect(issues({ closeTimes: { mon: '24:00', tue: '12:60', wed: '9:30', thu: 'noon' } })).toEqual({
      'closeTimes.mon': 'timeFormat',
      'closeTimes.tue': 'timeFormat',
      'closeTimes.wed': 'timeFormat',
      'closeTimes.thu': 'timeFormat',
    });
  });
});

describe('delivery method price levels', () => {
  const weight = (levels: { limit: unknown; price: unknown }[]) =>
    issues({ pricing: 'WEIGHT_LEVELS', priceLevels: levels });

  it('takes positive, strictly increasing limits with prices by the money rules', () => {
    expect(
      weight([
        { limit: '2', price: '129' },
        { limit: '5.5', price: '149' },
      ]),
    ).toEqual({});
    expect(weight([{ limit: '0', price: '129' }])).toEqual({ 'priceLevels.0.limit': 'levelLimitPositive' });
    expect(weight([{ limit: '-1', price: '129' }])).toEqual({ 'priceLevels.0.limit': 'levelLimitPositive' });
    expect(
      weight([
        { limit: '5', price: '129' },
        { limit: '5', price: '149' },
      ]),
    ).toEqual({
      'priceLevels.1.limit': 'levelsIncreasing',
    });
    expect(
      weight([
        { limit: '5', price: '129' },
        { limit: '4', price: '149.5' },
      ]),
    ).toEqual({
      'priceLevels.1.limit': 'levelsIncreasing',
      'priceLevels.1.price': 'priceWhole',
    });
    expect(weight([{ limit: '', price: '' }])).toEqual({
      'priceLevels.0.limit': 'required',
      'priceLevels.0.price': 'required',
    });
    expect(weight([{ limit: '1.0001', price: '10' }])).toEqual({ 'priceLevels.0.limit': 'measureDecimals' });
  });

  it('needs levels for a level pricing and none for a fixed one, at most the maximum count', () => {
    expect(weight([])).toEqual({ priceLevels: 'levelsRequired' });
    expect(issues({ pricing: 'FIXED', priceLevels: [{ limit: 1, price: 1 }] })).toEqual({
      priceLevels: 'levelsWithFixedPricing',
    });
    const many = Array.from({ length: PRICE_LEVELS_MAX + 1 }, (_, i) => ({ limit: i + 1, price: 10 }));
    expect(weight(many)).toEqual({ priceLevels: 'levelsMax' });
    expect(weight(many.slice(1))).toEqual({});
  });

  it('keeps order-price limits to the money rules and the free limit above the last level', () => {
    expect(issues({ pricing: 'PRICE_LEVELS', priceLevels: [{ limit: '500.5', price: '49' }] })).toEqual({
      'priceLevels.0.limit': 'priceWhole',
    });
    expect(issues({ pricing: 'PRICE_LEVELS', priceLevels: [{ limit: '500', price: '49' }], freeLimit: '500' })).toEqual(
      { freeLimit: 'freeLimitBelowLevels' },
    );
    expect(issues({ pricing: 'PRICE_LEVELS', priceLevels: [{ limit: '500', price: '49' }], freeLimit: '501' })).toEqual(
      {},
    );
  });

  it('reports every wrong field at once', () => {
    expect(
      Object.keys(
        issues({
          code: 'a b',
          title: '',
          price: '',
          maxWeight: '1',
          minWeight: '2',
          closeTimes: { sun: '25:00' },
          pricing: 'WEIGHT_LEVELS',
          priceLevels: [{ limit: '0', price: '1' }],
          mdpAllowed: true,
        }),
      ).sort(),
    ).toEqual(
      ['code', 'title', 'price', 'maxWeight', 'closeTimes.sun', 'priceLevels.0.limit', 'mallDeliveryType'].sort(),
    );
  });
});

describe('MALL Delivery of a method', () => {
  it('needs a MALL Delivery type when MALL Delivery is allowed and drops it otherwise', () => {
    expect(issues({ mdpAllowed: true })).toEqual({ mallDeliveryType: 'required' });
    expect(issues({ mdpAllowed: true, mallDeliveryType: 'express' })).toEqual({ mallDeliveryType: 'in' });
    const parsed = deliveryMethodSchema('CZ10MA').parse({ ...base, mdpAllowed: false, mallDeliveryType: 'spectrum' });
    expect(parsed.mallDeliveryType).toBeNull();
    expect(issues({ deliveryKind: 'pickup', mdpAllowed: true, mallDeliveryType: 'classic' })).toEqual({});
    expect(issues({ deliveryKind: 'courier' })).toEqual({ deliveryKind: 'in' });
  });
});

describe('deliveryPriceFor', () => {
  const levels = [
    { limit: 2, price: 129 },
    { limit: 5, price: 149 },
  ];
  const byWeight = { price: 99, freeLimit: null, pricing: 'WEIGHT_LEVELS' as const, priceLevels: levels };

  it("gives a parcel of exactly a level's limit that level's price, just below it the level before", () => {
    expect(deliveryPriceFor(byWeight, { orderTotal: 100, weightKg: 1.999 })).toBe(99);
    expect(deliveryPriceFor(byWeight, { orderTotal: 100, weightKg: 2 })).toBe(129);
    expect(deliveryPriceFor(byWeight, { orderTotal: 100, weightKg: 4.999 })).toBe(129);
    expect(deliveryPriceFor(byWeight, { orderTotal: 100, weightKg: 5 })).toBe(149);
    expect(deliveryPriceFor(byWeight, { orderTotal: 100, weightKg: 80 })).toBe(149);
    expect(deliveryPriceFor(byWeight, { orderTotal: 100, weightKg: null })).toBeNull();
  });

  it('prices by the order total with price levels, and the free limit wins from exactly its amount', () => {
    const byPrice = {
      price: 99,
      freeLimit: 2000,
      pricing: 'PRICE_LEVELS' as const,
      priceLevels: [{ limit: 1000, price: 49 }],
    };
    expect(deliveryPriceFor(byPrice, { orderTotal: 999, weightKg: null })).toBe(99);
    expect(deliveryPriceFor(byPrice, { orderTotal: 1000, weightKg: null })).toBe(49);
    expect(deliveryPriceFor(byPrice, { orderTotal: 1999.99, weightKg: null })).toBe(49);
    expect(deliveryPriceFor(byPrice, { orderTotal: 2000, weightKg: null })).toBe(0);
    expect(
      deliveryPriceFor({ ...byPrice, pricing: 'FIXED', priceLevels: [] }, { orderTotal: 1500, weightKg: null }),
    ).toBe(99);
  });

  it('tells a change of the pricing type or levels from a change of anything else', () => {
    const before = { pricing: 'WEIGHT_LEVELS' as const, priceLevels: levels };
    expect(pricingChanged(before, { pricing: 'WEIGHT_LEVELS', priceLevels: levels.map((l) => ({ ...l })) })).toBe(
      false,
    );
    expect(pricingChanged(before, { pricing: 'PRICE_LEVELS', priceLevels: levels })).toBe(true);
    expect(pricingChanged(before, { pricing: 'WEIGHT_LEVELS', priceLevels: [levels[0]!] })).toBe(true);
    expect(
      pricingChanged(before, { pricing: 'WEIGHT_LEVELS', priceLevels: [levels[0]!, { limit: 5, price: 150 }] }),
    ).toBe(true);
  });
});
