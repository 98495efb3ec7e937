import { describe, expect, it } from 'vitest';
import {
  type DeliveryCheckMethod,
  type DeliveryCheckProduct,
  deliveryAlerts,
  deliveryCheckFilters,
  deliveryChecks,
  productPackageSize,
} from './checks';

const method = (over: Partial<DeliveryCheckMethod> = {}): DeliveryCheckMethod => ({
  id: 1,
  code: 'PPL',
  title: 'PPL',
  packageSize: null,
  minHeight: null,
  maxHeight: null,
  minWidth: null,
  maxWidth: null,
  minLength: null,
  maxLength: null,
  minWeight: null,
  maxWeight: null,
  pricing: 'FIXED',
  ...over,
});

const product = (over: Partial<DeliveryCheckProduct> = {}): DeliveryCheckProduct => ({
  packageSize: 'smallbox',
  weight: 2,
  width: 30,
  length: 40,
  height: 20,
  ...over,
});

const kinds = (p: DeliveryCheckProduct, ms: DeliveryCheckMethod[]) =>
  deliveryChecks(p, ms).problems.map((x) => `${x.kind}${x.blocking ? '!' : ''}${x.method ? `@${x.method.code}` : ''}`);

describe('deliveryChecks', () => {
  it('says there is no delivery method when the partner has none active', () => {
    const check = deliveryChecks(product(), []);
    expect(check).toEqual({
      deliverable: false,
      ok: false,
      problems: [{ kind: 'NO_METHOD', blocking: true, method: null }],
    });
  });

  it('is fine with one method without limits', () => {
    expect(deliveryChecks(product(), [method()])).toEqual({ deliverable: true, ok: true, problems: [] });
  });

  describe('package size', () => {
    it('finds no method for a big box when every method carries small boxes', () => {
      const check = deliveryChecks(product({ packageSize: 'bigbox' }), [method({ packageSize: 'SMALLBOX' })]);
      expect(check.ok).toBe(false);
      expect(check.problems).toEqual([
        { kind: 'NO_METHOD_FOR_PACKAGE_SIZE', blocking: true, method: null, packageSize: 'BIGBOX' },
      ]);
    });

    it('lets a method of the same size or of no size carry it, whatever the spelling', () => {
      expect(deliveryChecks(product({ packageSize: 'BIGBOX' }), [method({ packageSize: 'BIGBOX' })]).ok).toBe(true);
      expect(deliveryChecks(product({ packageSize: 'bigbox' }), [method({ packageSize: null })]).ok).toBe(true);
      expect(productPackageSize(' Smallbox ')).toBe('SMALLBOX');
      expect(productPackageSize('crate')).toBeNull();
    });

    it('lets any method carry a product without a package size', () => {
      const check = deliveryChecks(product({ packageSize: null }), [method({ packageSize: 'BIGBOX' })]);
      expect(check.ok).toBe(true);
    });
  });

  describe('size limits', () => {
    it('fits exactly at the maximum and at the minimum', () => {
      const ms = [method({ minHeight: 20, maxHeight: 20, minWidth: 30, maxWidth: 30, minLength: 40, maxLength: 40 })];
      expect(deliveryChecks(product(), ms).ok).toBe(true);
    });

    it('is over the limit a hair above the maximum of each side', () => {
      for (const [field, bound] of [
        ['height', 'maxHeight'],
        ['width', 'maxWidth'],
        ['length', 'maxLength'],
      ] as const) {
        const check = deliveryChecks(product({ [field]: 50.1 }), [method({ [bound]: 50 })]);
        expect(check.deliverable).toBe(false);
        expect(check.problems).toEqual([
          {
            kind: 'OVER_SIZE_LIMIT',
            blocking: true,
            method: { id: 1, code: 'PPL', title: 'PPL' },
            measure: field,
            bound: 'MAX',
            limit: 50,
            value: 50.1,
          },
        ]);
      }
    });

    it('is outside the limits below a minimum too', () => {
      const check = deliveryChecks(product({ height: 4.9 }), [method({ minHeight: 5 })]);
      expect(check.problems[0]).toMatchObject({ kind: 'OVER_SIZE_LIMIT', measure: 'height', bound: 'MIN', limit: 5 });
    });

    it('does not judge a side the product or the method leaves empty', () => {
      expect(deliveryChecks(product({ height: null }), [method({ maxHeight: 1 })]).ok).toBe(true);
      expect(deliveryChecks(product({ height: 500 }), [method({ maxWidth: 100 })]).ok).toBe(true);
    });
  });

  describe('weight limits', () => {
    it('fits exactly at the maximum weight and is over it above', () => {
      expect(deliveryChecks(product({ weight: 31.5 }), [method({ maxWeight: 31.5 })]).ok).toBe(true);
      const over = deliveryChecks(product({ weight: 31.501 }), [method({ maxWeight: 31.5 })]);
      expect(over.problems).toEqual([
        expect.objectContaining({ kind: 'OVER_WEIGHT_LIMIT', blocking: true, measure: 'weight', bound: 'MAX' }),
      ]);
    });

    it('is outside below the minimum weight', () => {
      expect(kinds(product({ weight: 0.5 }), [method({ minWeight: 1 })])).toEqual(['OVER_WEIGHT_LIMIT!@PPL']);
      expect(deliveryChecks(product({ weight: 1 }), [method({ minWeight: 1 })]).ok).toBe(true);
    });
  });

  describe('one method refusing while another takes it', () => {
    it('is a note, not a problem: the product still sells', () => {
      const ms = [method({ maxWeight: 5 }), method({ id: 2, code: 'DPD', title: 'DPD', maxWeight: 30 })];
      const check = deliveryChecks(product({ weight: 12 }), ms);
      expect(check.ok).toBe(true);
      expect(kinds(product({ weight: 12 }), ms)).toEqual(['OVER_WEIGHT_LIMIT@PPL']);
    });

    it('becomes a problem when every method refuses it, each method named', () => {
      const ms = [method({ maxWeight: 5 }), method({ id: 2, code: 'DPD', title: 'DPD', maxLength: 30 })];
      expect(kinds(product({ weight: 12, length: 40 }), ms)).toEqual([
        'OVER_WEIGHT_LIMIT!@PPL',
        'OVER_SIZE_LIMIT!@DPD',
      ]);
    });

    it('leaves out methods of another package size', () => {
      const ms = [
        method({ packageSize: 'BIGBOX', maxWeight: 1 }),
        method({ id: 2, code: 'DPD', packageSize: 'SMALLBOX' }),
      ];
      expect(deliveryChecks(product({ weight: 12 }), ms)).toEqual({ deliverable: true, ok: true, problems: [] });
    });
  });

  describe('weight levels', () => {
    it('need the product weight, even when another method would take the product', () => {
      const ms = [method({ pricing: 'WEIGHT_LEVELS' }), method({ id: 2, code: 'DPD', title: 'DPD' })];
      const check = deliveryChecks(product({ weight: null }), ms);
      expect(check.deliverable).toBe(true);
      expect(check.ok).toBe(false);
      expect(kinds(product({ weight: null }), ms)).toEqual(['WEIGHT_MISSING!@PPL']);
    });

    it('make a product without weight undeliverable when they are the only method', () => {
      const check = deliveryChecks(product({ weight: null }), [method({ pricing: 'WEIGHT_LEVELS' })]);
      expect(check.deliverable).toBe(false);
    });

    it('do not ask for a weight when the method is out for the size anyway', () => {
      const ms = [method({ pricing: 'WEIGHT_LEVELS', maxHeight: 10 }), method({ id: 2, code: 'DPD' })];
      expect(kinds(product({ weight: null, height: 20 }), ms)).toEqual(['OVER_SIZE_LIMIT@PPL']);
    });

    it('are fine with a weight, and price levels never need one', () => {
      expect(deliveryChecks(product(), [method({ pricing: 'WEIGHT_LEVELS' })]).ok).toBe(true);
      expect(deliveryChecks(product({ weight: null }), [method({ pricing: 'PRICE_LEVELS' })]).ok).toBe(true);
    });
  });
});

describe('deliveryCheckFilters', () => {
  it('puts each product in OK or PROBLEM and names the causes', () => {
    expect(deliveryCheckFilters(product(), [method()])).toEqual(['OK']);
    expect(deliveryCheckFilters(product(), [])).toEqual(['PROBLEM', 'UNDELIVERABLE']);
    expect(deliveryCheckFilters(product({ packageSize: 'bigbox' }), [method({ packageSize: 'SMALLBOX' })])).toEqual([
      'PROBLEM',
      'UNDELIVERABLE',
      'NO_METHOD_FOR_BIGBOX',
    ]);
    expect(
      deliveryCheckFilters(product({ weight: null }), [method({ pricing: 'WEIGHT_LEVELS' }), method({ id: 2 })]),
    ).toEqual(['PROBLEM', 'WEIGHT_MISSING']);
  });
});

describe('deliveryAlerts', () => {
  const none = { UNDELIVERABLE: 0, NO_METHOD_FOR_SMALLBOX: 0, NO_METHOD_FOR_BIGBOX: 0, WEIGHT_MISSING: 0 };

  it('says only that there is no method when there is none', () => {
    expect(deliveryAlerts(0, { ...none, UNDELIVERABLE: 12 })).toEqual([
      { kind: 'NO_METHOD', count: 12, packageSize: null, filter: 'UNDELIVERABLE' },
    ]);
  });

  it('says nothing when every product is fine', () => {
    expect(deliveryAlerts(2, none)).toEqual([]);
  });

  it('names each cause with its count and the filter of exactly those products', () => {
    expect(
      deliveryAlerts(2, { UNDELIVERABLE: 12, NO_METHOD_FOR_SMALLBOX: 0, NO_METHOD_FOR_BIGBOX: 5, WEIGHT_MISSING: 34 }),
    ).toEqual([
      { kind: 'UNDELIVERABLE', count: 12, packageSize: null, filter: 'UNDELIVERABLE' },
      { kind: 'NO_METHOD_FOR_SIZE', count: 5, packageSize: 'BIGBOX', filter: 'NO_METHOD_FOR_BIGBOX' },
      { kind: 'WEIGHT_MISSING', count: 34, packageSize: null, filter: 'WEIGHT_MISSING' },
    ]);
  });
});
