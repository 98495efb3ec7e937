import { describe, expect, it } from 'vitest';
import {
  type CampaignItemFacts,
  type CampaignLineRules,
  campaignCountErrors,
  campaignFileExtensionAllowed,
  campaignLineErrors,
  detectCampaignDelimiter,
  isCampaignHeader,
  parseCampaignLine,
  reductionPercent,
  splitCampaignLine,
} from './import-rules';

const item: CampaignItemFacts = {
  hasVariants: false,
  blocked: false,
  status: 'ACTIVE',
  variantStatus: null,
  stage: 'LIVE',
  inStock: 5,
  price: 1000,
  rrp: null,
  categoryPath: [30, 20, 10],
  priceChanged: false,
};
const rules: CampaignLineRules = {
  minDiscount: 10,
  minDiscountRrp: 20,
  maxReduction: 50,
  categories: [],
  divisions: [],
};
const types = (promo: number, facts: Partial<CampaignItemFacts> = {}, r: Partial<CampaignLineRules> = {}) =>
  campaignLineErrors(promo, { ...item, ...facts }, { ...rules, ...r }).map((e) => e.type);

describe('reading a campaign file line', () => {
  it('takes a semicolon first, then a comma, and nothing else', () => {
    expect(detectCampaignDelimiter('A1;12,50')).toBe(';');
    expect(detectCampaignDelimiter('A1,12.50')).toBe(',');
    expect(detectCampaignDelimiter('A1\t12')).toBeNull();
  });

  it('splits quoted fields and reads a decimal comma', () => {
    expect(splitCampaignLine('A1;"12,50"', ';')).toEqual(['A1', '12,50']);
    expect(splitCampaignLine(' A1 , "1,5" ', ',')).toEqual(['A1', '1,5']);
    expect(parseCampaignLine(['A1', '12,50'], ';', 'SK10MA')).toEqual({ kind: 'line', articleId: 'A1', price: 12.5 });
    expect(parseCampaignLine(['A1', '12', '50'], ',', 'SK10MA')).toEqual({
      kind: 'line',
      articleId: 'A1',
      price: 12.5,
    });
    expect(parseCampaignLine(['A1', '12', ''], ';', 'CZ10MA')).toEqual({ kind: 'line', articleId: 'A1', price: 12 });
  });

  it('refuses a missing field, a wrong id, a wrong or ambiguous price, and knows a blank line', () => {
    const type = (fields: string[], shop: 'CZ10MA' | 'SK10MA' = 'CZ10MA') => {
      const r = parseCampaignLine(fields, ';', shop);
      return r.kind === 'error' ? r.error.type : r.kind;
    };
    expect(type(['', ''])).toBe('blank');
    expect(type(['A1'])).toBe('FormatMissingField');
    expect(type(['', '10'])).toBe('FormatMissingField');
    expect(type(['-A1', '10'])).toBe('ValidationProductArticleId');
    expect(type(['A'.repeat(51), '10'])).toBe('ValidationProductArticleId');
    expect(type(['A'.repeat(50), '10'])).toBe('line');
    expect(type(['A1', 'ten'])).toBe('ValidationProductPrice');
    expect(type(['A1', '10', 'x'])).toBe('ValidationProductPrice');
    // CZ prices are whole; SK takes two decimals, not three; 0.01 is the SK minimum, 1 the CZ one.
    expect(type(['A1', '10.5'])).toBe('ValidationProductPrice');
    expect(type(['A1', '10.5'], 'SK10MA')).toBe('line');
    expect(type(['A1', '10.555'], 'SK10MA')).toBe('ValidationProductPrice');
    expect(type(['A1', '0.01'], 'SK10MA')).toBe('line');
    expect(type(['A1', '0'], 'SK10MA')).toBe('ValidationProductPrice');
    expect(type(['A1', '1'])).toBe('line');
    expect(type(['A1', '0'])).toBe('ValidationProductPrice');
  });

  it('knows a header by a price field of words', () => {
    expect(isCampaignHeader(['product id', 'price'])).toBe(true);
    expect(isCampaignHeader(['kód', 'cena'])).toBe(true);
    expect(isCampaignHeader(['A1', '10'])).toBe(false);
    expect(isCampaignHeader(['A1', '10 Kč'])).toBe(false);
  });

  it('accepts txt and csv by name only', () => {
    expect(campaignFileExtensionAllowed('join.CSV')).toBe(true);
    expect(campaignFileExtensionAllowed('join.txt')).toBe(true);
    expect(campaignFileExtensionAllowed('join.xlsx')).toBe(false);
    expect(campaignFileExtensionAllowed('csv')).toBe(false);
  });
});

describe('the price rules of a line', () => {
  it('passes a price at exactly the minimum discount and refuses one a cent above it', () => {
    expect(types(900)).toEqual([]);
    expect(types(901)).toEqual(['DISCOUNT_BELOW_MINIMUM']);
    expect(types(900, {}, { minDiscount: 10.01 })).toEqual(['DISCOUNT_BELOW_MINIMUM']);
  });

  it('refuses a price not below the product price, once', () => {
    expect(types(1000)).toEqual(['PRICE_NOT_BELOW_PRODUCT_PRICE']);
    expect(types(999, {}, { minDiscount: 0 })).toEqual([]);
    expect(types(1000, {}, { minDiscount: 0 })).toEqual(['PRICE_NOT_BELOW_PRODUCT_PRICE']);
  });

  it('checks the RRP only when the item has one', () => {
    expect(types(800, { rrp: 1000 })).toEqual([]);
    expect(types(801, { rrp: 1000 })).toEqual(['DISCOUNT_FROM_RRP_BELOW_MINIMUM']);
    const [error] = campaignLineErrors(801, { ...item, rrp: 1000 }, rules);
    expect(error?.data).toEqual({ price: 801, rrp: 1000, discount: 19.9, minDiscountRrp: 20 });
  });

  it('asks confirmation only above the allowed reduction', () => {
    expect(types(500)).toEqual([]);
    expect(types(499)).toEqual(['REDUCTION_NEEDS_CONFIRMATION']);
    expect(types(1, {}, { maxReduction: null })).toEqual([]);
  });

  it('refuses an item that is not live, not available, out of stock, or named without its variant', () => {
    expect(types(900, { stage: 'DRAFT' })).toEqual(['PRODUCT_NOT_LIVE']);
    expect(types(900, { status: 'INACTIVE' })).toEqual(['PRODUCT_NOT_LIVE']);
    expect(types(900, { variantStatus: 'INACTIVE' })).toEqual(['PRODUCT_NOT_LIVE']);
    expect(types(900, { blocked: true })).toEqual(['PRODUCT_NOT_AVAILABLE']);
    expect(types(900, { status: 'NOT_FOR_RESALE' })).toEqual(['PRODUCT_NOT_AVAILABLE']);
    expect(types(900, { inStock: 0 })).toEqual(['PRODUCT_NOT_IN_STOCK']);
    expect(types(900, { inStock: 1 })).toEqual([]);
    expect(types(900, { hasVariants: true })).toEqual(['VARIANT_REQUIRED']);
    expect(types(900, { priceChanged: true })).toEqual(['RETAIL_PRICE_CHANGED']);
  });

  it('takes a category of the list or one below it, and the division by the top of the path', () => {
    expect(types(900, {}, { categories: [20] })).toEqual([]);
    expect(types(900, {}, { categories: [30] })).toEqual([]);
    expect(types(900, {}, { categories: [31] })).toEqual(['CATEGORY_MISMATCH']);
    expect(types(900, {}, { divisions: [10] })).toEqual([]);
    expect(types(900, {}, { divisions: [20] })).toEqual(['DIVISION_MISMATCH']);
    expect(types(900, { categoryPath: [] }, { categories: [20], divisions: [10] })).toEqual([
      'CATEGORY_MISMATCH',
      'DIVISION_MISMATCH',
    ]);
  });

  it('counts the lines against both bounds', () => {
    expect(campaignCountErrors(2, 2, 3)).toEqual([]);
    expect(campaignCountErrors(3, 2, 3)).toEqual([]);
    expect(campaignCountErrors(1, 2, 3)).toEqual([{ type: 'PRODUCT_COUNT_BELOW_MINIMUM', data: { count: 1, min: 2 } }]);
    expect(campaignCountErrors(4, 2, 3)).toEqual([{ type: 'PRODUCT_COUNT_ABOVE_MAXIMUM', data: { count: 4, max: 3 } }]);
  });

  it('tells the reduction in percent with two decimals', () => {
    expect(reductionPercent(1000, 900)).toBe(10);
    expect(reductionPercent(3, 2)).toBe(33.33);
  });
});
