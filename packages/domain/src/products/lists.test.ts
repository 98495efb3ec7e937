import { describe, expect, it } from 'vitest';
import { isProductLabel, normaliseTaricCode, PRODUCT_LABELS, TARIC_SEARCH_FIRST_MAX, taricSearchSchema } from './lists';
import { checkProduct, productInputSchema } from './schema';

const parse = (raw: Record<string, unknown>) => productInputSchema.parse({ id: 'P-1', productType: 'Mug', ...raw });
const rulesOf = (raw: Record<string, unknown>) =>
  checkProduct(parse(raw), { shopId: 'CZ10MA', category: null, brandName: null, forListing: false }).issues.map(
    (i) => `${i.field}:${i.rule}`,
  );

describe('product labels from the list', () => {
  it('knows exactly the marketplace’s six labels', () => {
    expect(PRODUCT_LABELS).toEqual(['NEW', 'SALE', 'TOP', 'TIP', 'LAST_PIECES', 'FREE_DELIVERY']);
    for (const code of PRODUCT_LABELS) expect(isProductLabel(code)).toBe(true);
    for (const other of ['new', 'Novinka', 'NEW ', '', null, 3]) expect(isProductLabel(other)).toBe(false);
  });

  it('refuses a seller’s label off the list with the spec’s `in`, naming its row; campaign ones are not judged', () => {
    expect(rulesOf({ labels: [{ label: 'NEW' }, { label: 'LAST_PIECES' }] })).toEqual([]);
    expect(rulesOf({ labels: [{ label: 'NEW' }, { label: 'Novinka' }] })).toEqual(['labels.1.label:in']);
    expect(rulesOf({ labels: [{ label: 'Black Friday', source: 'CAMPAIGN' }, { label: 'sale' }] })).toEqual([
      'labels.1.label:in',
    ]);
  });
});

describe('TARIC codes', () => {
  it('keeps a code as eight digits however a person or a feed wrote it', () => {
    expect(normaliseTaricCode('9403 60 10')).toBe('94036010');
    expect(normaliseTaricCode('9403.60.10')).toBe('94036010');
    expect(parse({ taricCode: ' 9403 60 10 ' }).taricCode).toBe('94036010');
    expect(parse({ taricCode: '  ' }).taricCode).toBeNull();
    // Its shape says nothing about whether the table holds it: that is the server's `in`.
    expect(parse({ taricCode: '12345' }).taricCode).toBe('12345');
  });

  it('bounds the search: text up to 100 characters, 1 to 50 codes, 20 by default', () => {
    expect(taricSearchSchema.parse({})).toEqual({ search: '', first: 20 });
    expect(taricSearchSchema.parse({ search: ' nábytek ', first: TARIC_SEARCH_FIRST_MAX })).toEqual({
      search: 'nábytek',
      first: 50,
    });
    const rules = (args: Record<string, unknown>) => {
      const r = taricSearchSchema.safeParse(args);
      return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}:${i.message}`);
    };
    expect(rules({ first: 0 })).toEqual(['first:numberBetween']);
    expect(rules({ first: 51 })).toEqual(['first:numberBetween']);
    expect(rules({ search: 'x'.repeat(101) })).toEqual(['search:max']);
    expect(rules({ search: 'a\u0000b' })).toEqual(['search:invalidCharacters']);
  });
});

describe('force_price in the product input', () => {
  it('is false unless the row says true', () => {
    expect(parse({}).forcePrice).toBe(false);
    expect(parse({ forcePrice: true }).forcePrice).toBe(true);
    expect(productInputSchema.safeParse({ id: 'P-1', productType: 'Mug', forcePrice: 'yes' }).success).toBe(false);
  });
});
