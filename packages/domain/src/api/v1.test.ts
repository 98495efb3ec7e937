import { describe, expect, it } from 'vitest';
import {
  formatWireDate,
  formatWireDay,
  lastQueryValue,
  parseWireDate,
  v1Page,
  v1PageRequest,
  v1PagingQuery,
  v1Paging,
  v1StatusOf,
  wireDate,
  wireInt,
  wireMap,
} from './v1';
import { z } from 'zod';

describe('wire dates', () => {
  it('writes and reads Prague time in winter and in summer', () => {
    expect(formatWireDate(new Date('2026-01-15T09:05:07Z'))).toBe('2026-01-15 10:05:07');
    expect(formatWireDate(new Date('2026-07-15T09:05:07Z'))).toBe('2026-07-15 11:05:07');
    expect(parseWireDate('2026-01-15 10:05:07')?.toISOString()).toBe('2026-01-15T09:05:07.000Z');
    expect(parseWireDate('2026-07-15 11:05:07')?.toISOString()).toBe('2026-07-15T09:05:07.000Z');
    expect(parseWireDate('2026-07-15')?.toISOString()).toBe('2026-07-14T22:00:00.000Z');
  });

  it('writes a calendar day as that day at midnight, whatever the time zone', () => {
    expect(formatWireDay(new Date('2026-11-27T00:00:00Z'))).toBe('2026-11-27 00:00:00');
  });

  it('reads the first and last second of a day and refuses what names no moment', () => {
    expect(parseWireDate('2026-03-10 00:00:00')?.toISOString()).toBe('2026-03-09T23:00:00.000Z');
    expect(parseWireDate('2026-03-10 23:59:59')?.toISOString()).toBe('2026-03-10T22:59:59.000Z');
    for (const bad of [
      '2026-02-29 10:00:00',
      '2026-13-01 00:00:00',
      '2026-03-10 24:00:00',
      '2026-03-10 10:60:00',
      '2026-03-10T10:00:00',
      '10.03.2026',
      '2026-03-10 10:00',
      '',
      '2026-03-10 10:00:00\u0000',
    ]) {
      expect(parseWireDate(bad), bad).toBeNull();
    }
  });

  it('refuses the hour summer time skips and takes the earlier of the hour it repeats', () => {
    expect(parseWireDate('2026-03-29 02:30:00')).toBeNull();
    expect(parseWireDate('2026-10-25 02:30:00')?.toISOString()).toBe('2026-10-25T00:30:00.000Z');
  });

  it('gives a validation rule name for a bad date in a schema', () => {
    const result = wireDate.safeParse('yesterday');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('date');
  });
});

describe('liberal bodies', () => {
  it('takes [] for an empty map and keeps a real map', () => {
    const schema = wireMap(z.object({ vat: z.number().optional() }));
    expect(schema.parse([])).toEqual({});
    expect(schema.parse({ vat: 21 })).toEqual({ vat: 21 });
    expect(schema.safeParse([1]).success).toBe(false);
  });

  it('takes whole floats as integers and refuses fractions, huge and non-numbers', () => {
    expect(wireInt.parse(21)).toBe(21);
    expect(wireInt.parse(JSON.parse('21.0'))).toBe(21);
    expect(wireInt.parse('21')).toBe(21);
    expect(wireInt.parse('21.00')).toBe(21);
    for (const bad of [
      21.5,
      '21.5',
      Number.POSITIVE_INFINITY,
      JSON.parse('1e400'),
      Number.NaN,
      '1e3',
      null,
      'x',
      2 ** 60,
    ]) {
      expect(wireInt.safeParse(bad).success, String(bad)).toBe(false);
    }
  });
});

describe('the query string', () => {
  it('reads the last client_id, decoded', () => {
    expect(lastQueryValue('page=2&client_id=abc', 'client_id')).toBe('abc');
    expect(lastQueryValue('client_id=old&x=1&client_id=new%2Bkey', 'client_id')).toBe('new+key');
    expect(lastQueryValue('client_id=a+b', 'client_id')).toBe('a b');
    expect(lastQueryValue('page=2', 'client_id')).toBeNull();
    expect(lastQueryValue('client_id', 'client_id')).toBe('');
    expect(lastQueryValue('client_id=%E0%A4%A', 'client_id')).toBe('');
  });
});

describe('paging', () => {
  it('defaults to page 1 of 100 and reads page_size or limit', () => {
    expect(v1PageRequest(v1PagingQuery.parse({}))).toEqual({ page: 1, pageSize: 100 });
    expect(v1PageRequest(v1PagingQuery.parse({ page: '3', page_size: '20' }))).toEqual({ page: 3, pageSize: 20 });
    expect(v1PageRequest(v1PagingQuery.parse({ limit: '500' }))).toEqual({ page: 1, pageSize: 500 });
  });

  it('refuses page 0, a page size past 500 and text', () => {
    for (const bad of [{ page: '0' }, { page_size: '501' }, { page: 'x' }, { page: '1e3' }, { page: '-1' }]) {
      expect(v1PagingQuery.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it('counts at least one page and the items on this one', () => {
    expect(v1Paging(0, { page: 1, pageSize: 100 }, 0)).toEqual({ total: 0, pages: 1, size: 0, page: 1 });
    expect(v1Paging(201, { page: 3, pageSize: 100 }, 1)).toEqual({ total: 201, pages: 3, size: 1, page: 3 });
    expect(v1Page([1, 2, 3, 4, 5], { page: 2, pageSize: 2 })).toEqual({
      items: [3, 4],
      paging: { total: 5, pages: 3, size: 2, page: 2 },
    });
  });

  it('names the status by the HTTP code', () => {
    expect([200, 204, 400, 404, 429].map(v1StatusOf)).toEqual(['OK', 'OK', 'ERROR', 'ERROR', 'LIMITED']);
  });
});
