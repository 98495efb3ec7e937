import { describe, expect, it } from 'vitest';
import type { DomainError } from '../errors/codes';
import {
  generateVariants,
  type VariantParameter,
  variantStructureChanged,
  variantTitle,
  variantTitleParameters,
} from './variants';

const color: VariantParameter = { code: 'COLOR', unit: null, values: ['red', 'blue'] };
const size: VariantParameter = { code: 'SIZE', unit: 'cm', values: ['10', '20', '30'] };

describe('variant generation', () => {
  it('builds every pair of values from two parameters', () => {
    const variants = generateVariants({ productId: 'TS', title: 'T-shirt', parameters: [color, size] });
    expect(variants.map((v) => v.id)).toEqual(['TS-1', 'TS-2', 'TS-3', 'TS-4', 'TS-5', 'TS-6']);
    expect(variants.map((v) => v.title)).toEqual([
      'T-shirt red 10 cm',
      'T-shirt red 20 cm',
      'T-shirt red 30 cm',
      'T-shirt blue 10 cm',
      'T-shirt blue 20 cm',
      'T-shirt blue 30 cm',
    ]);
    expect(variants[3]?.parameters).toEqual({ COLOR: 'blue', SIZE: '10' });
  });

  it('builds one variant per value from one parameter, active, with the defaults', () => {
    const variants = generateVariants({
      productId: 'MUG',
      title: 'Mug',
      parameters: [color],
      defaults: { price: 199, deliveryDelay: 3 },
    });
    expect(variants).toEqual([
      {
        id: 'MUG-1',
        title: 'Mug red',
        parameters: { COLOR: 'red' },
        price: 199,
        inStock: 0,
        barcode: null,
        imageUrl: null,
        deliveryDelay: 3,
        status: 'ACTIVE',
      },
      expect.objectContaining({ id: 'MUG-2', title: 'Mug blue', status: 'ACTIVE' }),
    ]);
  });

  it('ignores blank and repeated values and parameters without values', () => {
    const variants = generateVariants({
      productId: 'P',
      title: 'P',
      parameters: [
        { code: 'COLOR', unit: null, values: ['red', ' ', 'red'] },
        { code: 'SIZE', unit: null, values: [] },
      ],
    });
    expect(variants.map((v) => v.title)).toEqual(['P red']);
  });

  it('keeps what the seller entered when regenerating, and numbers new variants after the highest id', () => {
    const first = generateVariants({ productId: 'TS', title: 'T-shirt', parameters: [color] });
    const edited = first.map((v, i) => ({
      ...v,
      price: 100 + i,
      inStock: 5,
      barcode: `400638133393${i}`,
      imageUrl: '/media/x',
    }));
    const again = generateVariants({
      productId: 'TS',
      title: 'Shirt',
      parameters: [{ ...color, values: ['blue', 'green'] }],
      existing: edited,
    });
    expect(again).toEqual([
      { ...edited[1], title: 'Shirt blue' },
      expect.objectContaining({ id: 'TS-3', title: 'Shirt green', price: null, inStock: 0, barcode: null }),
    ]);
  });

  it('refuses more than two parameters with HCI_API_TOO_MANY_PARAMS', () => {
    const third = { code: 'LENGTH', unit: 'm', values: ['1'] };
    expect(() => generateVariants({ productId: 'P', title: 'P', parameters: [color, size, third] })).toThrow(
      expect.objectContaining({ code: 'HCI_API_TOO_MANY_PARAMS' }) as unknown as DomainError,
    );
  });
});

describe('variant structure change', () => {
  it('is a change when parameters change, move or lose a value', () => {
    expect(variantStructureChanged([color], [color, size])).toBe(true);
    expect(variantStructureChanged([color, size], [size, color])).toBe(true);
    expect(variantStructureChanged([color], [{ ...color, values: ['red'] }])).toBe(true);
  });

  it('is no change when only values are added or nothing changed', () => {
    expect(variantStructureChanged([color], [{ ...color, values: ['red', 'blue', 'green'] }])).toBe(false);
    expect(variantStructureChanged([color, size], [color, size])).toBe(false);
  });
});

describe('variant titles', () => {
  const defs = [
    { code: 'COLOR', unit: null, options: [{ value: 'GREEN', text: 'Zelená' }, { value: 'RED' }] },
    { code: 'CAPACITY', unit: 'GB', options: [] },
  ];

  it('names an option by its text in the shop language, with units, in the order of the variable parameters', () => {
    const parameters = variantTitleParameters(['COLOR', 'CAPACITY'], defs);
    expect(variantTitle('Apple iPhone 15', parameters, { CAPACITY: '128', COLOR: 'GREEN' })).toBe(
      'Apple iPhone 15 Zelená 128 GB',
    );
  });

  it('keeps the value itself when the option has no text, and leaves out parameters without a value', () => {
    const parameters = variantTitleParameters(['COLOR', 'CAPACITY'], defs);
    expect(variantTitle('Apple iPhone 15 ', parameters, { COLOR: 'RED' })).toBe('Apple iPhone 15 RED');
  });

  it('gives generated variants the same titles', () => {
    const [first] = generateVariants({
      productId: 'P1',
      title: 'Mug',
      parameters: [{ code: 'COLOR', unit: null, values: ['GREEN'], labels: { GREEN: 'Zelená' } }],
    });
    expect(first?.title).toBe('Mug Zelená');
  });
});
