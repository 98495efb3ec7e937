import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { issueFieldLabel, issueMessage } from './issueText';

// A translator that shows which key and values were asked for, and honours defaultValue for unknown keys.
const KNOWN = new Set([
  'products.grid.fields.price',
  'products.grid.fields.parameter',
  'products.grid.fields.variant',
  'products.grid.fields.image',
  'products.grid.fields.promotions',
  'products.grid.fields.product',
  'validation.priceMin',
  'errors.PRODUCT_BLOCKED',
]);
const t = ((key: string, options?: Record<string, unknown>) => {
  if (!KNOWN.has(key)) return options?.defaultValue ?? key;
  const { defaultValue: _ignored, ...values } = options ?? {};
  return Object.keys(values).length ? `${key}${JSON.stringify(values)}` : key;
}) as unknown as TFunction;

describe('a refused item’s field in words', () => {
  it('names product fields, parameters, variants and images', () => {
    expect(issueFieldLabel('price', t)).toBe('products.grid.fields.price');
    expect(issueFieldLabel('parameters.COLOR', t)).toBe('products.grid.fields.parameter{"code":"COLOR"}');
    expect(issueFieldLabel('variants.2.price', t)).toBe(
      'products.grid.fields.variant{"n":3}: products.grid.fields.price',
    );
    expect(issueFieldLabel('variants.0', t)).toBe('products.grid.fields.variant{"n":1}');
    expect(issueFieldLabel('media.0.url', t)).toBe('products.grid.fields.image{"n":1}');
    expect(issueFieldLabel('promotions.1.to', t)).toBe('products.grid.fields.promotions 2: to');
    expect(issueFieldLabel('', t)).toBe('products.grid.fields.product');
  });

  it('shows a field it does not know as it is rather than a missing key', () => {
    expect(issueFieldLabel('SOME_XML_ELEMENT', t)).toBe('SOME_XML_ELEMENT');
  });
});

describe('a refused item’s message', () => {
  it('translates a validation rule with its parameters, given as a list or by name', () => {
    expect(issueMessage('priceMin', [1], t)).toBe('validation.priceMin{"0":1}');
    expect(issueMessage('priceMin', { 0: '0.01' }, t)).toBe('validation.priceMin{"0":"0.01"}');
  });

  it('falls back to the error catalogue, then to the rule itself', () => {
    expect(issueMessage('PRODUCT_BLOCKED', null, t)).toBe('errors.PRODUCT_BLOCKED');
    expect(issueMessage('somethingNew', null, t)).toBe('somethingNew');
  });
});
