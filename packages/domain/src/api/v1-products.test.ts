import { describe, expect, it } from 'vitest';
import {
  parametersOfWire,
  productTypeOfTitle,
  statusOfWire,
  wireFieldOf,
  wireParametersOf,
  wireProductInputSchema,
  wireStatusOf,
} from './v1-products';

describe('the wire’s products', () => {
  it('reads the PHP client’s body: empty maps as [], whole floats as integers, unknown fields ignored', () => {
    const parsed = wireProductInputSchema.parse({
      id: 'P-1',
      vat: 21,
      parameters: [],
      variants: [{ id: 'P-1-1', parameters: [] }],
      overrides: [],
      partner_title: null,
    });
    expect(parsed.parameters).toEqual({});
    expect(parsed.variants?.[0]?.parameters).toEqual({});
    expect(parsed.vat).toBe(21);
    expect('overrides' in parsed).toBe(false);
  });

  it('maps parameter lists both ways: one value alone, several as a list, a variant one value each', () => {
    expect(parametersOfWire({ COLOR: ['red'], SIZES: ['S', 'M'], EMPTY: [], N: [250], NONE: null })).toEqual({
      COLOR: 'red',
      SIZES: ['S', 'M'],
      N: '250',
    });
    expect(parametersOfWire({ SIZE: ['S', 'M'] }, true)).toEqual({ SIZE: 'S' });
    expect(wireParametersOf({ COLOR: 'red', SIZES: ['S', 'M'] })).toEqual({ COLOR: ['red'], SIZES: ['S', 'M'] });
  });

  it('maps the status letters', () => {
    expect(['ACTIVE', 'INACTIVE', 'NOT_FOR_RESALE'].map(wireStatusOf)).toEqual(['A', 'N', 'X']);
    expect((['A', 'N', 'X'] as const).map(statusOfWire)).toEqual(['ACTIVE', 'INACTIVE', 'NOT_FOR_RESALE']);
  });

  it('takes the brand off the front of a title, as the catalogue puts it back', () => {
    expect(productTypeOfTitle('Acme Kettle 2000', 'Acme')).toBe('Kettle 2000');
    expect(productTypeOfTitle('ACME Kettle', 'Acme')).toBe('Kettle');
    expect(productTypeOfTitle('Acmeware Kettle', 'Acme')).toBe('Acmeware Kettle');
    expect(productTypeOfTitle('Kettle by Acme', 'Acme')).toBe('Kettle by Acme');
    expect(productTypeOfTitle('Acme', 'Acme')).toBe('Acme');
    expect(productTypeOfTitle(' Kettle ', null)).toBe('Kettle');
  });

  it('names the catalogue’s fields as the wire does', () => {
    expect(wireFieldOf('productType')).toBe('title');
    expect(wireFieldOf('variants.2.inStock')).toBe('variants.2.availability.in_stock');
    expect(wireFieldOf('variants.0.imageUrl')).toBe('variants.0.media');
    expect(wireFieldOf('width')).toBe('dimensions.width');
    expect(wireFieldOf('parameters.status')).toBe('parameters.status');
    expect(wireFieldOf('media.1.url')).toBe('media.1.url');
  });
});
