import { describe, expect, it } from 'vitest';
import {
  commissionFor,
  isValidOn,
  isVersionEditable,
  newVersionProblem,
  type PriceListForCommission,
  priceListNodeInputSchema,
  priceListState,
  priceListVersionInputSchema,
  shopDay,
  versionOn,
} from './price-lists';

// Electronics (1) → Phones (10) → Smartphones (100) / Cases (101); Fashion (2) without a node of its own.
const list: PriceListForCommission = {
  validFrom: '2026-01-01',
  validTo: '2026-07-01',
  commission: 12,
  nodes: [
    { categoryId: 1, level: 1, commission: 8, brands: [{ brandId: 'SONY', commission: 7.5 }] },
    { categoryId: 10, level: 2, commission: null, brands: [{ brandId: 'NOKIA', commission: 9 }] },
    { categoryId: 100, level: 3, commission: 6, brands: [{ brandId: 'APPLE', commission: 5 }] },
    { categoryId: 101, level: 3, commission: 18, brands: [] },
  ],
};
const at = '2026-03-15';
const path = (...ids: number[]) => ids;

describe('commissionFor', () => {
  it('takes the subcategory over the category and the division', () => {
    expect(commissionFor({ list, categoryPath: path(1, 10, 100), brandId: 'XIAOMI', at })).toEqual({
      commission: 6,
      source: { kind: 'NODE', level: 3, categoryId: 100 },
    });
    expect(commissionFor({ list, categoryPath: path(1, 10, 101), at })?.commission).toBe(18);
  });

  it('takes a brand exception over its own node', () => {
    expect(commissionFor({ list, categoryPath: path(1, 10, 100), brandId: 'APPLE', at })).toEqual({
      commission: 5,
      source: { kind: 'BRAND', level: 3, categoryId: 100, brandId: 'APPLE' },
    });
  });

  it('lets a more specific node with its own commission win over a brand exception higher up', () => {
    // SONY has an exception on the division, but Smartphones has a rate of its own.
    expect(commissionFor({ list, categoryPath: path(1, 10, 100), brandId: 'SONY', at })?.commission).toBe(6);
  });

  it('falls through a node without a commission to its brand exception or to the division', () => {
    // A leaf with no node: the category has no rate, but a NOKIA exception; other brands get the division's.
    expect(commissionFor({ list, categoryPath: path(1, 10, 102), brandId: 'NOKIA', at })).toEqual({
      commission: 9,
      source: { kind: 'BRAND', level: 2, categoryId: 10, brandId: 'NOKIA' },
    });
    expect(commissionFor({ list, categoryPath: path(1, 10, 102), brandId: 'LG', at })).toEqual({
      commission: 8,
      source: { kind: 'NODE', level: 1, categoryId: 1 },
    });
    expect(commissionFor({ list, categoryPath: path(1, 11, 110), brandId: 'SONY', at })).toEqual({
      commission: 7.5,
      source: { kind: 'BRAND', level: 1, categoryId: 1, brandId: 'SONY' },
    });
  });

  it("uses the list's default where no node covers the path", () => {
    expect(commissionFor({ list, categoryPath: path(2, 20, 200), brandId: 'APPLE', at })).toEqual({
      commission: 12,
      source: { kind: 'DEFAULT' },
    });
    expect(commissionFor({ list, categoryPath: [], at })?.commission).toBe(12);
  });

  it('answers only within the validity: first day inclusive, last day exclusive', () => {
    const p = path(1, 10, 100);
    expect(commissionFor({ list, categoryPath: p, at: '2025-12-31' })).toBeNull();
    expect(commissionFor({ list, categoryPath: p, at: '2026-01-01' })?.commission).toBe(6);
    expect(commissionFor({ list, categoryPath: p, at: '2026-06-30' })?.commission).toBe(6);
    expect(commissionFor({ list, categoryPath: p, at: '2026-07-01' })).toBeNull();
    expect(commissionFor({ list: { ...list, validTo: null }, categoryPath: p, at: '2099-01-01' })?.commission).toBe(6);
  });
});

describe('validity and state', () => {
  const v = { validFrom: '2026-02-01', validTo: '2026-03-01' };
  it('is planned before, active within and expired after', () => {
    expect(priceListState(v, '2026-01-31')).toBe('PLANNED');
    expect(priceListState(v, '2026-02-01')).toBe('ACTIVE');
    expect(priceListState(v, '2026-02-28')).toBe('ACTIVE');
    expect(priceListState(v, '2026-03-01')).toBe('EXPIRED');
    expect(priceListState({ validFrom: '2026-02-01', validTo: null }, '2030-01-01')).toBe('ACTIVE');
  });

  it('lets only a version that has not started change', () => {
    expect(isVersionEditable(v, '2026-01-31')).toBe(true);
    expect(isVersionEditable(v, '2026-02-01')).toBe(false);
    expect(isVersionEditable(v, '2026-04-01')).toBe(false);
  });

  it('finds the version in force on a day, the day of a change belonging to the new one', () => {
    const versions = [
      { id: 1, validFrom: '2026-01-01', validTo: '2026-02-01' },
      { id: 2, validFrom: '2026-02-01', validTo: null },
    ];
    expect(versionOn(versions, '2026-01-31')?.id).toBe(1);
    expect(versionOn(versions, '2026-02-01')?.id).toBe(2);
    expect(versionOn(versions, '2025-12-31')).toBeUndefined();
    expect(isValidOn(versions[0]!, '2026-02-01')).toBe(false);
  });

  it('starts a new version only after today and after every version already there', () => {
    const existing = [{ validFrom: '2026-01-01', validTo: null }];
    expect(newVersionProblem(existing, '2026-05-01', '2026-05-01')).toBe('priceListValidFromPast');
    expect(newVersionProblem(existing, '2026-04-30', '2026-05-01')).toBe('priceListValidFromPast');
    expect(newVersionProblem(existing, '2026-05-02', '2026-05-01')).toBeNull();
    expect(
      newVersionProblem([...existing, { validFrom: '2026-06-01', validTo: null }], '2026-06-01', '2026-05-01'),
    ).toBe('priceListValidFromBeforeLast');
  });

  it("reads an order's day on the shop's clock", () => {
    // 23:30 UTC on 31 January is already 1 February in Prague (UTC+1).
    expect(shopDay(new Date('2026-01-31T23:30:00Z'), 'CZ10MA')).toBe('2026-02-01');
    expect(shopDay(new Date('2026-01-31T22:30:00Z'), 'CZ10MA')).toBe('2026-01-31');
  });
});

describe('inputs', () => {
  it('refuses a commission out of range, with more than two decimals, or a brand twice', () => {
    const base = { versionId: 1, categoryId: 2, commission: 5, brands: [] };
    expect(priceListNodeInputSchema.safeParse(base).success).toBe(true);
    expect(priceListNodeInputSchema.safeParse({ ...base, commission: null }).success).toBe(true);
    for (const ok of [5.1, 4.35, 0.07, 100]) {
      expect(priceListNodeInputSchema.safeParse({ ...base, commission: ok }).success).toBe(true);
    }
    expect(priceListNodeInputSchema.safeParse({ ...base, commission: 101 }).error?.issues[0]?.message).toBe(
      'numberOutOfRange',
    );
    expect(priceListNodeInputSchema.safeParse({ ...base, commission: 5.125 }).error?.issues[0]?.message).toBe(
      'commissionDecimals',
    );
    const twice = {
      ...base,
      brands: [
        { brandId: 'APPLE', commission: 5 },
        { brandId: 'APPLE', commission: 6 },
      ],
    };
    expect(priceListNodeInputSchema.safeParse(twice).error?.issues[0]).toMatchObject({
      message: 'priceListBrandTwice',
      path: ['brands', 1, 'brandId'],
    });
  });

  it('refuses a day that does not exist', () => {
    expect(priceListVersionInputSchema.safeParse({ priceListId: 1, validFrom: '2026-02-30' }).success).toBe(false);
    expect(priceListVersionInputSchema.safeParse({ priceListId: 1, validFrom: '2026-02-28' }).success).toBe(true);
  });
});
