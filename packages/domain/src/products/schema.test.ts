import { describe, expect, it } from 'vitest';
import type { CategoryRules } from '../catalog/categories';
import type { ShopId } from '../markets/markets';
import { checkProduct, type ProductCheckContext, type ProductInputRaw, productInputSchema } from './schema';

const parse = (raw: Partial<ProductInputRaw>) => productInputSchema.parse({ id: 'P-1', productType: 'Mug', ...raw });

const messagesOf = (raw: Partial<ProductInputRaw>) => {
  const result = productInputSchema.safeParse({ id: 'P-1', productType: 'Mug', ...raw });
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}:${i.message}`);
};

const leaf: CategoryRules = {
  id: 30,
  level: 3,
  locked: false,
  recyclingFee: false,
  energyLabelRequired: false,
  informationSheetRequired: false,
  parameters: [
    {
      code: 'COLOR',
      class: 'ENUM',
      unit: null,
      multiple: false,
      mandatoryForListing: true,
      variant: true,
      options: [{ value: 'red' }, { value: 'blue' }],
      constraint: null,
    },
    {
      code: 'SIZE',
      class: 'NUMBER',
      unit: 'cm',
      multiple: false,
      mandatoryForListing: false,
      variant: true,
      options: [],
      constraint: { type: 'BETWEEN', values: ['1', '100'] },
    },
    {
      code: 'MATERIAL',
      class: 'TEXT',
      unit: null,
      multiple: false,
      mandatoryForListing: false,
      variant: false,
      options: [],
      constraint: null,
    },
  ],
};

const draft = (shopId: ShopId = 'SK10MA', over: Partial<ProductCheckContext> = {}): ProductCheckContext => ({
  shopId,
  category: null,
  brandName: null,
  forListing: false,
  ...over,
});

const rulesOf = (raw: Partial<ProductInputRaw>, ctx: ProductCheckContext = draft()) =>
  checkProduct(parse(raw), ctx).issues.map((i) => `${i.field}:${i.rule}`);

const listable: Partial<ProductInputRaw> = {
  price: '10',
  vat: '23',
  categoryId: 30,
  parameters: { COLOR: 'red' },
  media: [{ url: '/media/a', main: true }],
};

describe('product input', () => {
  it('reads prices with comma or dot, and blanks as no value', () => {
    const product = parse({ price: '12,50', rrp: '12.50', purchasePrice: '', weight: 2 });
    expect(product.price).toBe(12.5);
    expect(product.rrp).toBe(12.5);
    expect(product.purchasePrice).toBeNull();
    expect(product.weight).toBe(2);
    expect(messagesOf({ price: '12 euro' })).toEqual(['price:decimal']);
  });

  it('fills the defaults a new product starts with', () => {
    const product = parse({});
    expect(product).toMatchObject({ priority: 1, inStock: 0, status: 'ACTIVE', media: [], variants: [], line: null });
  });

  it('takes stock up to 9999 and delivery up to 365 days, as numbers or digits', () => {
    expect(parse({ inStock: '9999', deliveryDelay: 365 }).inStock).toBe(9999);
    expect(messagesOf({ inStock: 10000 })).toEqual(['inStock:numberBetween']);
    expect(messagesOf({ inStock: -1 })).toEqual(['inStock:numberBetween']);
    expect(messagesOf({ inStock: '2.5' })).toEqual(['inStock:integer']);
    expect(messagesOf({ deliveryDelay: 366 })).toEqual(['deliveryDelay:numberBetween']);
  });

  it('refuses control characters in text and the marketplace-only status', () => {
    expect(messagesOf({ productType: 'Mug\u0007' })).toEqual(['productType:invalidCharacters']);
    expect(messagesOf({ status: 'NOT_FOR_RESALE' as 'ACTIVE' })).toEqual(['status:invalid']);
  });

  it('cuts promotion dates to the day and refuses impossible days', () => {
    const product = parse({ promotions: [{ price: '5', from: '2026-03-01T10:00:00Z', to: '2026-03-31' }] });
    expect(product.promotions[0]).toEqual({ price: 5, from: '2026-03-01', to: '2026-03-31', source: 'PARTNER' });
    expect(messagesOf({ promotions: [{ price: '5', from: '2026-02-30' }] })).toEqual(['promotions.0.from:date']);
  });

  it('keeps parameter values as text, numbers and lists included', () => {
    expect(parse({ parameters: { SIZE: 42 as unknown as string, TAGS: ['a', 'b'] } }).parameters).toEqual({
      SIZE: '42',
      TAGS: ['a', 'b'],
    });
  });
});

describe('product check: ids and texts', () => {
  it('takes an id of 50 characters and refuses 51 and a bad first character', () => {
    expect(rulesOf({ id: 'a'.repeat(50) })).toEqual([]);
    expect(messagesOf({ id: 'a'.repeat(51) })).toEqual(['id:max']);
    expect(rulesOf({ id: '-abc' })).toEqual(['id:productId']);
    expect(rulesOf({ id: 'ab c' })).toEqual(['id:productId']);
  });

  it('counts the built title (brand, type, line) against 200 characters', () => {
    const ctx = draft('SK10MA', { brandName: 'Acme' });
    // "Acme " + type + " " + "X" = 200
    expect(rulesOf({ productType: 'm'.repeat(193), line: 'X' }, ctx)).toEqual([]);
    expect(checkProduct(parse({ productType: 'm'.repeat(193), line: 'X' }), ctx).title).toHaveLength(200);
    expect(rulesOf({ productType: 'm'.repeat(194), line: 'X' }, ctx)).toEqual(['productType:titleMax']);
  });

  it('limits the short description to 300 and the long one to 13,000 characters', () => {
    expect(rulesOf({ shortDesc: 's'.repeat(300), longDesc: 'l'.repeat(13000) })).toEqual([]);
    expect(messagesOf({ shortDesc: 's'.repeat(301) })).toEqual(['shortDesc:max']);
    expect(rulesOf({ longDesc: 'l'.repeat(13001) })).toEqual(['longDesc:max']);
  });

  it('checks the barcode', () => {
    expect(rulesOf({ barcode: '4006381333931' })).toEqual([]);
    expect(rulesOf({ barcode: '4006381333932' })).toEqual(['barcode:barcode']);
    expect(parse({ barcode: '' }).barcode).toBeNull();
  });
});

describe('product check: prices, VAT, sizes', () => {
  it('applies the shop price rules to every price of the product and its variants', () => {
    expect(rulesOf({ price: '12,50' }, draft('CZ10MA'))).toEqual(['price:priceWhole']);
    expect(rulesOf({ price: '12,50' }, draft('SK10MA'))).toEqual([]);
    expect(rulesOf({ price: '1', rrp: '0.5', purchasePrice: '1000000000' }, draft('HU20MA'))).toEqual([
      'rrp:priceWhole',
      'purchasePrice:priceMax',
    ]);
    expect(rulesOf({ variants: [{ id: 'P-1-1', price: '0,001' }] }, draft('PL20MA'))).toEqual([
      'variants.0.price:priceDecimals',
    ]);
  });

  it('takes only the VAT rates of the shop', () => {
    expect(rulesOf({ vat: '21' }, draft('CZ10MA'))).toEqual([]);
    expect(rulesOf({ vat: '23' }, draft('CZ10MA'))).toEqual(['vat:vatRate']);
    expect(rulesOf({ vat: '9,5' }, draft('SI10SI'))).toEqual([]);
  });

  it('wants the package size and the three dimensions together', () => {
    expect(rulesOf({ packageSize: 'smallbox', width: '10', length: '20', height: '5' })).toEqual([]);
    expect(rulesOf({ packageSize: 'bigbox' })).toEqual([
      'width:packageSizeTogether',
      'length:packageSizeTogether',
      'height:packageSizeTogether',
    ]);
    expect(rulesOf({ width: '10', length: '20', height: '5' })).toEqual(['packageSize:packageSizeTogether']);
    expect(rulesOf({ weight: '1.5' })).toEqual([]);
  });

  it('wants weight and dimensions above zero', () => {
    expect(rulesOf({ weight: '0' })).toEqual(['weight:dimensionPositive']);
    expect(rulesOf({ packageSize: 'smallbox', width: '-1', length: '1', height: '1' })).toEqual([
      'width:dimensionPositive',
    ]);
  });
});

describe('product check: promotions and labels', () => {
  it('wants the end not before the start and the price below the product price', () => {
    expect(rulesOf({ price: '100', promotions: [{ price: '90', from: '2026-03-01', to: '2026-03-01' }] })).toEqual([]);
    expect(rulesOf({ price: '100', promotions: [{ price: '90', from: '2026-03-02', to: '2026-03-01' }] })).toEqual([
      'promotions.0.to:promotionDates',
    ]);
    expect(rulesOf({ price: '100', promotions: [{ price: '100' }] })).toEqual(['promotions.0.price:promotionPrice']);
    expect(rulesOf({ labels: [{ label: 'NEW', from: '2026-03-02', to: '2026-03-01' }] })).toEqual([
      'labels.0.to:promotionDates',
    ]);
  });

  it('ignores campaign promotions and labels, which are the marketplace’s', () => {
    const campaign = { price: '150', from: '2026-03-02', to: '2026-03-01', source: 'CAMPAIGN' as const };
    expect(rulesOf({ price: '100', promotions: [campaign] })).toEqual([]);
    expect(rulesOf({ labels: [{ label: 'SALE', from: '2026-03-02', to: '2026-03-01', source: 'CAMPAIGN' }] })).toEqual(
      [],
    );
  });
});

describe('product check: category, parameters, variants', () => {
  it('asks for the mandatory parameters only when listing', () => {
    expect(rulesOf({ categoryId: 30 }, draft('SK10MA', { category: leaf }))).toEqual([]);
    expect(rulesOf({ ...listable, parameters: {} }, draft('SK10MA', { category: leaf, forListing: true }))).toEqual([
      'parameters.COLOR:parameterMandatory',
    ]);
    expect(rulesOf(listable, draft('SK10MA', { category: leaf, forListing: true }))).toEqual([]);
  });

  it('checks parameter values, also those of each variant', () => {
    const ctx = draft('SK10MA', { category: leaf });
    expect(rulesOf({ parameters: { COLOR: 'green', SIZE: '500' } }, ctx)).toEqual([
      'parameters.COLOR:parameterOption',
      'parameters.SIZE:parameterConstraint',
    ]);
    expect(rulesOf({ variants: [{ id: 'V1', parameters: { SIZE: 'big' } }] }, ctx)).toEqual([
      'variants.0.parameters.SIZE:parameterNumber',
    ]);
  });

  it('takes at most two variant parameters, with or without a category', () => {
    const three = { variableParameters: ['COLOR', 'SIZE', 'MATERIAL'] };
    expect(rulesOf(three, draft('SK10MA', { category: leaf }))).toEqual([
      'variableParameters:tooManyVariantParameters',
      'variableParameters.2:variantParameter',
    ]);
    expect(rulesOf(three)).toEqual(['variableParameters:tooManyVariantParameters']);
    expect(rulesOf({ variableParameters: ['COLOR', 'SIZE'] }, draft('SK10MA', { category: leaf }))).toEqual([]);
  });

  it('puts products in unlocked leaf categories only', () => {
    expect(rulesOf({}, draft('SK10MA', { category: { ...leaf, level: 2 } }))).toEqual(['categoryId:categoryLeaf']);
    expect(rulesOf({}, draft('SK10MA', { category: { ...leaf, locked: true } }))).toEqual([
      'categoryId:categoryLocked',
    ]);
    expect(rulesOf({ ...listable, categoryId: null }, draft('SK10MA', { forListing: true }))).toEqual([
      'categoryId:required',
    ]);
  });

  it('asks to confirm the recycling fee where the category has one', () => {
    const ctx = draft('SK10MA', { category: { ...leaf, recyclingFee: true } });
    expect(rulesOf({}, ctx)).toEqual(['recyclingFeeConfirmed:recyclingFeeConfirm']);
    expect(rulesOf({ recyclingFeeConfirmed: true }, ctx)).toEqual([]);
  });

  it('warns about a missing energy label and information sheet without refusing', () => {
    const ctx = draft('SK10MA', { category: { ...leaf, energyLabelRequired: true, informationSheetRequired: true } });
    const check = checkProduct(parse({ media: [{ url: '/media/a', main: true }] }), ctx);
    expect(check.issues).toEqual([]);
    expect(check.warnings).toEqual(['energyLabelMissing', 'informationSheetMissing']);
    const complete = checkProduct(
      parse({
        media: [
          { url: '/media/a', main: true },
          { url: '/media/e', main: false, energyLabel: true },
          { url: '/media/i', main: false, informationList: true },
        ],
      }),
      ctx,
    );
    expect(complete.warnings).toEqual([]);
  });

  it('refuses a variant id or barcode used twice in the product', () => {
    expect(
      rulesOf({
        barcode: '4006381333931',
        variants: [{ id: 'V1', barcode: '96385074' }, { id: 'V1', barcode: '4006381333931' }, { id: 'P-1' }],
      }),
    ).toEqual([
      'variants.1.id:variantIdDuplicate',
      'variants.1.barcode:barcodeDuplicate',
      'variants.2.id:variantIdDuplicate',
    ]);
  });
});

describe('product check: listing and media', () => {
  const listing = draft('SK10MA', { category: leaf, forListing: true });

  it('lets a draft wait for its price, VAT, category and images', () => {
    expect(rulesOf({})).toEqual([]);
  });

  it('wants them all to list the product', () => {
    expect(rulesOf({}, draft('SK10MA', { forListing: true }))).toEqual([
      'price:required',
      'vat:required',
      'categoryId:required',
      'media:mainImageRequired',
    ]);
    expect(rulesOf(listable, listing)).toEqual([]);
  });

  it('needs a main image once a draft has images, and no copy of it', () => {
    expect(rulesOf({ media: [{ url: '/media/a', main: false }] })).toEqual(['media:mainImageRequired']);
    expect(
      rulesOf({
        media: [
          { url: '/media/a', main: true },
          { url: '/media/a', main: false },
        ],
      }),
    ).toEqual(['media.1.url:imageDuplicatesMain']);
    expect(rulesOf({ media: [{ url: '/media/a', main: false, excluded: true }] })).toEqual([]);
  });

  it('accepts variants without their own price when the product has one', () => {
    expect(rulesOf({ ...listable, variants: [{ id: 'V1', parameters: { COLOR: 'red' } }] }, listing)).toEqual([]);
    expect(
      rulesOf({ ...listable, price: null, variants: [{ id: 'V1', parameters: { COLOR: 'red' } }] }, listing),
    ).toEqual(['variants.0.price:required']);
  });
});

describe('product input: messages a person can read', () => {
  it('names the real problem of an optional text, a barcode and a parameter value', () => {
    expect(messagesOf({ shortDesc: 'a\u0000' })).toEqual(['shortDesc:invalidCharacters']);
    expect(messagesOf({ barcode: '\u0001' })).toEqual(['barcode:invalidCharacters']);
    expect(messagesOf({ parameters: { COLOR: 'red\u0000' } })).toEqual(['parameters.COLOR:invalidCharacters']);
    expect(messagesOf({ parameters: { TAGS: ['ok', 'x'.repeat(256)] } })).toEqual(['parameters.TAGS.1:max']);
    expect(messagesOf({ packageSize: 'huge' as 'smallbox' })).toEqual(['packageSize:invalid']);
    expect(parse({ packageSize: '' }).packageSize).toBeNull();
  });
});
