import { describe, expect, it } from 'vitest';
import {
  decodeFilter,
  decodeSort,
  DEFAULT_PAGE_SIZE,
  encodeFilter,
  encodeSort,
  GRID_SETTINGS_VERSION,
  gridRequestIssues,
  gridRequestSchema,
  gridTotalLabel,
  readGridSettings,
} from './grid';

const columns = [
  { field: 'name', filterType: 'TEXT', sortable: true },
  { field: 'shopId', filterType: 'ENUMS', options: ['CZ10MA', 'SK10MA'] },
  { field: 'rating', filterType: 'NUMBER', sortable: true },
  { field: 'created', filterType: 'DATETIME' },
] as const;

describe('grid contract', () => {
  it('defaults to page 1 of 50 and caps the page size', () => {
    expect(gridRequestSchema.parse({})).toMatchObject({ page: 1, perPage: DEFAULT_PAGE_SIZE, filters: [] });
    expect(gridRequestSchema.safeParse({ perPage: 500 }).success).toBe(true);
    expect(gridRequestSchema.safeParse({ perPage: 501 }).success).toBe(false);
    expect(gridRequestSchema.safeParse({ page: 0 }).success).toBe(false);
  });

  it('needs a value for value operators, two for BETWEEN, some for IN, none for EMPTY', () => {
    const ok = (f: object) => gridRequestSchema.safeParse({ filters: [f] }).success;
    expect(ok({ field: 'name', operator: 'LIKE', value: 'a' })).toBe(true);
    expect(ok({ field: 'name', operator: 'LIKE' })).toBe(false);
    expect(ok({ field: 'rating', operator: 'BETWEEN', values: ['1', '2'] })).toBe(true);
    expect(ok({ field: 'rating', operator: 'BETWEEN', values: ['1'] })).toBe(false);
    expect(ok({ field: 'shopId', operator: 'IN', values: [] })).toBe(false);
    expect(ok({ field: 'name', operator: 'EMPTY' })).toBe(true);
  });

  it('refuses fields, operators and values the grid does not declare', () => {
    const issues = (filters: object[], sort?: object) =>
      gridRequestIssues(gridRequestSchema.parse({ filters, sort }), columns);
    expect(issues([{ field: 'name', operator: 'LIKE', value: 'x' }])).toEqual([]);
    expect(issues([{ field: 'secret', operator: 'EQUAL', value: 'x' }])).toEqual(['filter.secret.unknown']);
    expect(issues([{ field: 'shopId', operator: 'LIKE', value: 'CZ' }])).toEqual(['filter.shopId.operator']);
    expect(issues([{ field: 'shopId', operator: 'EQUAL', value: 'HR10MA' }])).toEqual(['filter.shopId.value']);
    expect(issues([{ field: 'rating', operator: 'GREATER_THAN', value: 'abc' }])).toEqual(['filter.rating.value']);
    expect(issues([{ field: 'created', operator: 'LESS_THAN', value: 'not a date' }])).toEqual([
      'filter.created.value',
    ]);
    expect(issues([], { field: 'shopId', direction: 'ASCENDING' })).toEqual(['sort.shopId.unknown']);
  });

  it('round-trips filters and sort through the URL text, odd characters included', () => {
    const filters = [
      { field: 'name', operator: 'LIKE', value: 'a~b|c %' },
      { field: 'rating', operator: 'BETWEEN', values: ['1', '2.5'] },
      { field: 'name', operator: 'EMPTY' },
      { field: 'shopId', operator: 'IN', values: ['CZ10MA', 'SK10MA'] },
    ] as const;
    for (const f of filters) expect(decodeFilter(encodeFilter({ ...f } as never))).toEqual(f);
    expect(decodeFilter('name~NOPE~x')).toBeNull();
    expect(decodeSort(encodeSort({ field: 'id', direction: 'DESCENDING' }))).toEqual({
      field: 'id',
      direction: 'DESCENDING',
    });
    expect(decodeSort('id~SIDEWAYS')).toBeNull();
  });

  it('keeps stored grid settings only in version 1.0.1 and only known columns', () => {
    const defaults = { version: GRID_SETTINGS_VERSION, columns: ['name', 'rating'], perPage: 50 } as const;
    const all = ['name', 'rating', 'shopId'];
    expect(
      readGridSettings({ version: '1.0.1', columns: ['shopId', 'gone'], perPage: 100 }, all, {
        ...defaults,
        columns: [...defaults.columns],
      }),
    ).toEqual({ version: '1.0.1', columns: ['shopId'], perPage: 100 });
    expect(
      readGridSettings({ version: '1.0.0', columns: ['shopId'], perPage: 100 }, all, {
        ...defaults,
        columns: [...defaults.columns],
      }),
    ).toEqual(defaults);
    expect(
      readGridSettings({ version: '1.0.1', columns: ['name'], perPage: 33 }, all, {
        ...defaults,
        columns: [...defaults.columns],
      }).perPage,
    ).toBe(50);
    expect(readGridSettings('garbage', all, { ...defaults, columns: [...defaults.columns] })).toEqual(defaults);
  });
});

describe('grid totals', () => {
  it('reads exact totals as they are and capped ones with a plus', () => {
    const format = (n: number) => n.toLocaleString('en-GB');
    expect(gridTotalLabel({ total: 1234, totalExact: true }, format)).toBe('1,234');
    expect(gridTotalLabel({ total: 10_000, totalExact: false }, format)).toBe('10,000+');
  });
});
