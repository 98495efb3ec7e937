import { describe, expect, it } from 'vitest';
import {
  decodeFilter,
  decodeGridCursor,
  DATE_YEAR_MAX,
  DATE_YEAR_MIN,
  dateValueRule,
  decodeSort,
  DEFAULT_PAGE_SIZE,
  encodeFilter,
  encodeGridCursor,
  encodeSort,
  GRID_CURSOR_MAX,
  GRID_SETTINGS_VERSION,
  gridRequestIssues,
  gridRequestSchema,
  gridTotalLabel,
  NUMBER_BOUNDS,
  numberValueRule,
  readGridSettings,
} from './grid';

const columns = [
  { field: 'name', filterType: 'TEXT', sortable: true },
  { field: 'shopId', filterType: 'ENUMS', options: ['CZ10MA', 'SK10MA'] },
  { field: 'rating', filterType: 'NUMBER', number: 'real', sortable: true },
  { field: 'id', filterType: 'NUMBER', number: 'int4', sortable: true },
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

  it('takes NOT_BETWEEN (the partner API’s nbt) with two values wherever BETWEEN is taken', () => {
    const issues = (filter: object) => gridRequestIssues(gridRequestSchema.parse({ filters: [filter] }), columns);
    expect(
      gridRequestSchema.safeParse({ filters: [{ field: 'id', operator: 'NOT_BETWEEN', values: ['1'] }] }).success,
    ).toBe(false);
    expect(issues({ field: 'id', operator: 'NOT_BETWEEN', values: ['1', '5'] })).toEqual([]);
    expect(issues({ field: 'created', operator: 'NOT_BETWEEN', values: ['2026-01-01', '2026-02-01'] })).toEqual([]);
    expect(issues({ field: 'name', operator: 'NOT_BETWEEN', values: ['a', 'b'] })).toEqual([
      { field: 'filter.name.operator', rule: 'invalid' },
    ]);
    expect(decodeFilter(encodeFilter({ field: 'id', operator: 'NOT_BETWEEN', values: ['1', '5'] }))).toEqual({
      field: 'id',
      operator: 'NOT_BETWEEN',
      values: ['1', '5'],
    });
  });

  it('refuses fields, operators and values the grid does not declare', () => {
    const issues = (filters: object[], sort?: object) =>
      gridRequestIssues(gridRequestSchema.parse({ filters, sort }), columns);
    const invalid = (field: string) => [{ field, rule: 'invalid' }];
    expect(issues([{ field: 'name', operator: 'LIKE', value: 'x' }])).toEqual([]);
    expect(issues([{ field: 'secret', operator: 'EQUAL', value: 'x' }])).toEqual(invalid('filter.secret.unknown'));
    expect(issues([{ field: 'shopId', operator: 'LIKE', value: 'CZ' }])).toEqual(invalid('filter.shopId.operator'));
    expect(issues([{ field: 'shopId', operator: 'EQUAL', value: 'HR10MA' }])).toEqual(invalid('filter.shopId.value'));
    expect(issues([{ field: 'rating', operator: 'GREATER_THAN', value: 'abc' }])).toEqual(
      invalid('filter.rating.value'),
    );
    expect(issues([{ field: 'created', operator: 'LESS_THAN', value: 'not a date' }])).toEqual([
      { field: 'filter.created.value', rule: 'dateOutOfRange' },
    ]);
    expect(issues([], { field: 'shopId', direction: 'ASCENDING' })).toEqual(invalid('sort.shopId.unknown'));
  });

  it('names the rule of numbers the column type cannot hold and dates outside the calendar', () => {
    const issues = (filter: object) => gridRequestIssues(gridRequestSchema.parse({ filters: [filter] }), columns);
    const out = (field: string, rule: string) => [{ field: `filter.${field}.value`, rule }];
    for (const value of ['Infinity', '-Infinity', '1e400', '-1e400']) {
      expect(issues({ field: 'rating', operator: 'GREATER_THAN', value })).toEqual(out('rating', 'numberOutOfRange'));
    }
    expect(issues({ field: 'id', operator: 'EQUAL', value: '1.5' })).toEqual(out('id', 'numberOutOfRange'));
    expect(issues({ field: 'id', operator: 'EQUAL', value: '99999999999' })).toEqual(out('id', 'numberOutOfRange'));
    expect(issues({ field: 'id', operator: 'IN', values: ['1', '99999999999'] })).toEqual(
      out('id', 'numberOutOfRange'),
    );
    expect(issues({ field: 'rating', operator: 'BETWEEN', values: ['1', '4.5'] })).toEqual([]);
    expect(issues({ field: 'created', operator: 'LESS_THAN', value: '+275760-09-13T00:00:00.000Z' })).toEqual(
      out('created', 'dateOutOfRange'),
    );
    expect(issues({ field: 'created', operator: 'BETWEEN', values: ['2024-01-01', '275760-01-01'] })).toEqual(
      out('created', 'dateOutOfRange'),
    );
    expect(issues({ field: 'created', operator: 'LESS_THAN', value: '2024-02-30' })).toEqual(
      out('created', 'dateOutOfRange'),
    );
    expect(issues({ field: 'created', operator: 'LESS_THAN', value: '2024-02-29T10:30' })).toEqual([]);
    // Values of EMPTY / NEMPTY are never used, so they are not checked either.
    expect(issues({ field: 'id', operator: 'EMPTY', value: 'Infinity' })).toEqual([]);
  });

  it('refuses control characters in filters, sort and search through the schema', () => {
    const paths = (request: object) =>
      gridRequestSchema.safeParse(request).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(paths({ search: 'abc\u0000' })).toEqual([['search', 'invalidCharacters']]);
    expect(paths({ filters: [{ field: 'name', operator: 'LIKE', value: 'a\u0000' }] })).toEqual([
      ['filters.0.value', 'invalidCharacters'],
    ]);
    expect(paths({ filters: [{ field: 'shopId', operator: 'IN', values: ['CZ10MA', '\u0000'] }] })).toEqual([
      ['filters.0.values.1', 'invalidCharacters'],
    ]);
    expect(paths({ filters: [{ field: 'na\u0000me', operator: 'EMPTY' }] })).toEqual([
      ['filters.0.field', 'invalidCharacters'],
    ]);
    expect(paths({ sort: { field: 'id\u0000', direction: 'ASCENDING' } })).toEqual([
      ['sort.field', 'invalidCharacters'],
    ]);
    expect(paths({ search: 'Žluťoučký ~|%', filters: [{ field: 'name', operator: 'LIKE', value: "O'Brien" }] })).toBe(
      undefined,
    );
  });

  it('bounds integer columns on both sides and refuses fractions', () => {
    expect(numberValueRule('2147483647', 'int4')).toBeNull();
    expect(numberValueRule('2147483648', 'int4')).toBe('numberOutOfRange');
    expect(numberValueRule('-2147483648', 'int4')).toBeNull();
    expect(numberValueRule('-2147483649', 'int4')).toBe('numberOutOfRange');
    expect(numberValueRule('1.5', 'int4')).toBe('numberOutOfRange');
    expect(numberValueRule('1.0', 'int4')).toBeNull();
    expect(numberValueRule('1e3', 'int4')).toBeNull();
    expect(numberValueRule(String(Number.MAX_SAFE_INTEGER), 'int8')).toBeNull();
    expect(numberValueRule('9007199254740992', 'int8')).toBe('numberOutOfRange');
    expect(numberValueRule(String(Number.MIN_SAFE_INTEGER), 'int8')).toBeNull();
    expect(numberValueRule('-9007199254740992', 'int8')).toBe('numberOutOfRange');
    expect(numberValueRule('99999999999', 'int8')).toBeNull();
    expect(numberValueRule('0.5', 'int8')).toBe('numberOutOfRange');
    // int4 when the column does not say.
    expect(numberValueRule('99999999999')).toBe('numberOutOfRange');
    expect(numberValueRule('7')).toBeNull();
  });

  it('bounds floating and decimal columns by what the type holds, and refuses the non-finite', () => {
    expect(numberValueRule(String(NUMBER_BOUNDS.real.max), 'real')).toBeNull();
    expect(numberValueRule('3.5e38', 'real')).toBe('numberOutOfRange');
    expect(numberValueRule(String(-NUMBER_BOUNDS.real.max), 'real')).toBeNull();
    expect(numberValueRule('-3.5e38', 'real')).toBe('numberOutOfRange');
    expect(numberValueRule('1.2e-38', 'real')).toBeNull();
    expect(numberValueRule('1e-39', 'real')).toBe('numberOutOfRange');
    expect(numberValueRule('0', 'real')).toBeNull();
    expect(numberValueRule('4.5', 'real')).toBeNull();
    expect(numberValueRule('1e308', 'double')).toBeNull();
    expect(numberValueRule('1e309', 'double')).toBe('numberOutOfRange');
    expect(numberValueRule('1e308', 'decimal')).toBeNull();
    expect(numberValueRule('1e400', 'decimal')).toBe('numberOutOfRange');
    for (const kind of ['int4', 'int8', 'real', 'double', 'decimal'] as const) {
      expect(numberValueRule('Infinity', kind)).toBe('numberOutOfRange');
      expect(numberValueRule('-Infinity', kind)).toBe('numberOutOfRange');
      expect(numberValueRule('NaN', kind)).toBe('invalid');
      expect(numberValueRule('', kind)).toBe('invalid');
      expect(numberValueRule('0x10', kind)).toBe('invalid');
      expect(numberValueRule('12abc', kind)).toBe('invalid');
    }
  });

  it('accepts real dates from 1900 to 9999 only', () => {
    expect(DATE_YEAR_MIN).toBe(1900);
    expect(DATE_YEAR_MAX).toBe(9999);
    expect(dateValueRule('1900-01-01')).toBeNull();
    expect(dateValueRule('1899-12-31')).toBe('dateOutOfRange');
    expect(dateValueRule('9999-12-31T23:59:59.999Z')).toBeNull();
    expect(dateValueRule('10000-01-01')).toBe('dateOutOfRange');
    expect(dateValueRule('275760-09-13')).toBe('dateOutOfRange');
    expect(dateValueRule('+275760-09-13T00:00:00.000Z')).toBe('dateOutOfRange');
    expect(dateValueRule('2024-02-29')).toBeNull();
    expect(dateValueRule('2023-02-29')).toBe('dateOutOfRange');
    expect(dateValueRule('2024-04-30')).toBeNull();
    expect(dateValueRule('2024-04-31')).toBe('dateOutOfRange');
    expect(dateValueRule('2024-13-01')).toBe('dateOutOfRange');
    expect(dateValueRule('2024-00-10')).toBe('dateOutOfRange');
    expect(dateValueRule('2024-05-01T23:59')).toBeNull();
    expect(dateValueRule('2024-05-01T24:00')).toBe('dateOutOfRange');
    expect(dateValueRule('2024-05-01T10:00:00+02:00')).toBeNull();
    expect(dateValueRule('yesterday')).toBe('dateOutOfRange');
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

describe('grid cursors', () => {
  it('round-trips a cursor, NULL and non-Latin sort values included, as URL-safe text', () => {
    const cursors = [
      { field: 'createdAt', direction: 'DESCENDING', value: '2026-11-22T10:00:00.123456Z', id: '1000000000001' },
      { field: 'customerName', direction: 'ASCENDING', value: 'Žofie Ďurišová "~|%/+"', id: '7' },
      { field: 'shippedAt', direction: 'ASCENDING', value: null, id: '42' },
      { field: '', direction: 'DESCENDING', value: null, id: '5' },
    ] as const;
    for (const cursor of cursors) {
      const text = encodeGridCursor(cursor);
      expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(decodeGridCursor(text)).toEqual(cursor);
    }
  });

  it('reads anything it did not make as no cursor at all', () => {
    const raw = (value: unknown) =>
      btoa(JSON.stringify(value)).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
    for (const text of [
      '',
      'not a cursor',
      '!!!',
      raw({ field: 'id' }),
      raw(['id', 'DESCENDING', 'x']),
      raw(['id', 'SIDEWAYS', '1', '1']),
      raw(['id', 'DESCENDING', 1, '1']),
      raw(['id', 'DESCENDING', '1', 1]),
      raw(['id', 'DESCENDING', '1', '']),
      raw(['id', 'DESCENDING', 'a\u0000', '1']),
      btoa('\xff\xfe').replace(/=+$/, ''),
    ]) {
      expect([text, decodeGridCursor(text)]).toEqual([text, null]);
    }
  });

  it('takes a cursor of up to 500 characters in the request, and only safe text', () => {
    expect(GRID_CURSOR_MAX).toBe(500);
    expect(gridRequestSchema.safeParse({ after: 'a'.repeat(500) }).success).toBe(true);
    expect(gridRequestSchema.safeParse({ after: 'a'.repeat(501) }).success).toBe(false);
    expect(gridRequestSchema.safeParse({ after: 'a\u0000' }).success).toBe(false);
    expect(gridRequestSchema.parse({}).after).toBeUndefined();
  });
});
