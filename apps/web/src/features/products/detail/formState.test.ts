import type { CategoryRules } from '@pp/domain';
import { describe, expect, it } from 'vitest';

import {
  addUploaded,
  checkForm,
  emptyForm,
  formFromProduct,
  type LoadedProduct,
  type ProductForm,
  regenerateVariants,
  sentIndex,
  tabOfField,
  toProductInput,
} from './formState';
import { priceConfirmationOf } from './saveProduct';

const form = (patch: Partial<ProductForm> = {}): ProductForm => ({
  ...emptyForm(21),
  id: 'TSHIRT_1',
  productType: 'T-shirt',
  ...patch,
});

const category: CategoryRules = {
  id: 7,
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
      mandatoryForListing: false,
      variant: true,
      options: [{ value: 'red' }, { value: 'blue' }],
      constraint: null,
    },
    {
      code: 'SIZE',
      class: 'TEXT',
      unit: null,
      multiple: false,
      mandatoryForListing: false,
      variant: true,
      options: [],
      constraint: null,
    },
  ],
};

const priceOf = (s: string) => (s.trim() === '' ? null : Number(s.replace(',', '.')));

describe('the product form', () => {
  it('sends what the seller typed and leaves out what is not theirs to send', () => {
    const input = toProductInput(
      form({
        price: ' 12,50 ',
        line: '  ',
        promotions: [
          { price: '10', from: '2026-12-01', to: '', source: 'PARTNER' },
          { price: '9', from: '2026-11-01', to: '2026-11-30', source: 'CAMPAIGN' },
        ],
        labels: [{ label: 'Sale', from: '', to: '', source: 'CAMPAIGN' }],
        media: [
          {
            url: '/media/a',
            thumbUrl: null,
            main: true,
            excluded: false,
            energyLabel: false,
            informationList: false,
            width: 10,
            height: 10,
          },
          {
            url: '/media/b',
            thumbUrl: null,
            main: false,
            excluded: true,
            energyLabel: false,
            informationList: false,
            width: 10,
            height: 10,
          },
        ],
        parameters: { COLOR: 'red', SIZE: '', MATERIAL: [] },
        status: 'NOT_FOR_RESALE',
      }),
    );
    expect(input.price).toBe('12,50');
    expect(input.line).toBeUndefined();
    // Campaign promotions and labels are read-only: never sent back (spec §3).
    expect(input.promotions).toEqual([{ price: '10', from: '2026-12-01', to: null, source: 'PARTNER' }]);
    expect(input.labels).toEqual([]);
    // Excluded media are dropped on save.
    expect(input.media.map((m) => m.url)).toEqual(['/media/a']);
    expect(input.parameters).toEqual({ COLOR: 'red' });
    // The marketplace's status is not the seller's to send.
    expect(input.status).toBe('ACTIVE');
  });

  it('refuses a CZK price with decimals and takes a euro price with a comma', () => {
    const cz = checkForm(form({ price: '12,50' }), { shopId: 'CZ10MA', category: null, forListing: false });
    expect(cz.issues).toContainEqual(expect.objectContaining({ field: 'price', rule: 'priceWhole' }));
    const sk = checkForm(form({ price: '12,50', vat: '23' }), { shopId: 'SK10MA', category: null, forListing: false });
    expect(sk.issues).toEqual([]);
  });

  it('refuses stock over 9,999 with the numbers its message names, before anything is sent', () => {
    const ctx = { shopId: 'CZ10MA', category: null, forListing: false } as const;
    expect(checkForm(form({ inStock: 12_000 }), ctx).issues).toEqual([
      { field: 'inStock', rule: 'numberBetween', params: { 0: 0, 1: 9999 } },
    ]);
    expect(checkForm(form({ inStock: 9999 }), ctx).issues).toEqual([]);
  });

  it('names nested fields with their dotted path and each tab its fields', () => {
    const check = checkForm(
      form({
        variants: [
          {
            id: 'bad id',
            title: 'x',
            parameters: {},
            price: '1',
            rrp: '',
            inStock: 0,
            barcode: '',
            imageUrl: null,
            deliveryDelay: 0,
            status: 'ACTIVE',
          },
        ],
      }),
      { shopId: 'CZ10MA', category: null, forListing: false },
    );
    const field = check.issues.find((i) => i.field.startsWith('variants.'))?.field;
    expect(field).toBe('variants.0.id');
    expect(tabOfField(field ?? '')).toBe('variants');
    expect(tabOfField('parameters.COLOR')).toBe('parameters');
    expect(tabOfField('recyclingFeeConfirmed')).toBe('category');
    expect(tabOfField('promotions.0.price')).toBe('basic');
    expect(tabOfField('recommended.2')).toBe('related');
  });

  it('builds every value pair and keeps what the seller typed on a variant that stays', () => {
    const start = form({
      price: '100',
      variableParameters: ['COLOR', 'SIZE'],
      variantValues: { COLOR: ['red', 'blue'], SIZE: ['M', 'L'] },
    });
    const first = regenerateVariants(start, category, 'T-shirt', priceOf);
    expect(first.map((v) => v.title)).toEqual(['T-shirt red M', 'T-shirt red L', 'T-shirt blue M', 'T-shirt blue L']);
    expect(new Set(first.map((v) => v.id)).size).toBe(4);
    const edited = first.map((v, i) => (i === 0 ? { ...v, price: '120', barcode: '4006381333931', rrp: '150' } : v));
    const again = regenerateVariants(
      { ...start, variants: edited, variantValues: { COLOR: ['red'], SIZE: ['M'] } },
      category,
      'T-shirt',
      priceOf,
    );
    expect(again).toHaveLength(1);
    expect(again[0]).toMatchObject({ id: first[0]!.id, price: '120', barcode: '4006381333931', rrp: '150' });
  });

  it('reads a stored product back into the same input it was saved from', () => {
    const stored: LoadedProduct = {
      id: 'P1',
      productType: 'Kettle',
      line: 'Steel',
      shortDesc: null,
      longDesc: '<p>Hot</p>',
      brandId: 'BOSCH',
      brandName: 'Bosch',
      categoryId: 7,
      categoryName: 'Kettles',
      barcode: null,
      taricCode: null,
      priority: 1,
      price: 999,
      forcePrice: true,
      rrp: null,
      purchasePrice: null,
      fairPrice: null,
      weeeFee: null,
      vat: 21,
      inStock: 4,
      deliveryDelay: 2,
      freeDelivery: true,
      packageSize: null,
      weight: null,
      width: null,
      length: null,
      height: null,
      parameters: { COLOR: 'red' },
      variableParameters: ['SIZE'],
      promotions: [{ price: 900, from: '2026-12-01', to: null, source: 'CAMPAIGN', variantId: null }],
      labels: [],
      recommended: ['P2'],
      mallboxAllowed: false,
      status: 'INACTIVE',
      media: [
        {
          url: '/media/x',
          thumbUrl: '/media/y',
          fetchStatus: null,
          fetchError: null,
          main: true,
          energyLabel: false,
          informationList: false,
          width: 800,
          height: 600,
        },
      ],
      variants: [
        {
          id: 'P1-1',
          title: 'Bosch Kettle Steel 1 l',
          price: 999,
          rrp: null,
          inStock: 1,
          barcode: null,
          imageUrl: null,
          deliveryDelay: 2,
          status: 'ACTIVE',
          parameters: { SIZE: '1 l' },
        },
        {
          id: 'P1-2',
          title: 'Bosch Kettle Steel 2 l',
          price: 1099,
          rrp: null,
          inStock: 0,
          barcode: null,
          imageUrl: '/media/x',
          deliveryDelay: 2,
          status: 'INACTIVE',
          parameters: { SIZE: '2 l' },
        },
      ],
    };
    const f = formFromProduct(stored);
    expect(f.variantValues).toEqual({ SIZE: ['1 l', '2 l'] });
    expect(f.promotions[0]?.source).toBe('CAMPAIGN');
    const input = toProductInput(f);
    expect(input).toMatchObject({
      id: 'P1',
      price: '999',
      vat: '21',
      status: 'INACTIVE',
      variableParameters: ['SIZE'],
      recommended: ['P2'],
    });
    expect(input.promotions).toEqual([]);
    expect(input.variants.map((v) => [v.id, v.price, v.status])).toEqual([
      ['P1-1', '999', 'ACTIVE'],
      ['P1-2', '1099', 'INACTIVE'],
    ]);
  });
});

describe('the images', () => {
  const answer = (url: string) => ({ url, thumbUrl: `${url}-t`, width: 800, height: 600, fileName: `${url}.png` });

  it('makes the first uploaded image the main one, and only the first', () => {
    const media = addUploaded([], [answer('/media/a'), answer('/media/b')]);
    expect(media.map((m) => [m.url, m.main])).toEqual([
      ['/media/a', true],
      ['/media/b', false],
    ]);
    // An excluded main image is no main image: the next upload takes its place.
    const excluded = media.map((m) => (m.main ? { ...m, excluded: true } : m));
    expect(addUploaded(excluded, [answer('/media/c')]).at(-1)?.main).toBe(true);
    expect(addUploaded(media, [answer('/media/a')])).toHaveLength(2);
  });

  it('asks for a main image when the main one is excluded, and names the sent positions', () => {
    const media = addUploaded([], [answer('/media/a'), answer('/media/b'), answer('/media/c')]).map((m, i) =>
      i === 0 ? { ...m, excluded: true } : m,
    );
    const check = checkForm(form({ price: '100', media }), { shopId: 'CZ10MA', category: null, forListing: false });
    expect(check.issues).toContainEqual(expect.objectContaining({ field: 'media', rule: 'mainImageRequired' }));
    const position = sentIndex(media, (m) => !m.excluded);
    expect([0, 1, 2].map(position)).toEqual([null, 0, 1]);
  });
});

describe('the price confirmation', () => {
  it('reads the token and the percent the server sends with the refusal', () => {
    const body = {
      errors: [
        { extensions: { code: 'MPAPI_PRICE_DIFFERENCE_VALIDATION', params: { forceToken: 'abc', percent: 45.5 } } },
      ],
    };
    expect(priceConfirmationOf(body)).toEqual({ forceToken: 'abc', percent: 45.5 });
    expect(priceConfirmationOf({ errors: [{ extensions: { code: 'PRODUCT_NOT_FOUND' } }] })).toBeNull();
    expect(priceConfirmationOf({ errors: [{ extensions: { code: 'MPAPI_PRICE_DIFFERENCE_VALIDATION' } }] })).toBeNull();
  });
});
