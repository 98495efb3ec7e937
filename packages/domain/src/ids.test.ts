import { describe, expect, it } from 'vitest';
import { DomainError } from './errors/codes';
import { parseOptionalRowId, parseRowId, ROW_ID_MAX, rowIdOf } from './ids';

describe('row ids', () => {
  it('takes whole numbers from 1 to the int4 maximum, as numbers or plain digits', () => {
    expect(rowIdOf(1)).toBe(1);
    expect(rowIdOf('1')).toBe(1);
    expect(rowIdOf('007')).toBe(7);
    expect(rowIdOf(ROW_ID_MAX)).toBe(ROW_ID_MAX);
    expect(rowIdOf(String(ROW_ID_MAX))).toBe(ROW_ID_MAX);
  });

  it('refuses what no row can carry: zero, negatives, past int4, fractions, exponents and non-numbers', () => {
    for (const bad of [0, -1, ROW_ID_MAX + 1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 99999999999]) {
      expect(rowIdOf(bad), String(bad)).toBeNull();
    }
    for (const bad of [
      '0',
      '-1',
      '2147483648',
      '99999999999',
      '1.5',
      '1e3',
      '1e400',
      'Infinity',
      ' 7',
      '7 ',
      '0x1',
      '',
    ]) {
      expect(rowIdOf(bad), JSON.stringify(bad)).toBeNull();
    }
    expect(rowIdOf(null)).toBeNull();
    expect(rowIdOf({})).toBeNull();
  });

  it('refuses with VALIDATION_ERROR naming the argument', () => {
    expect(parseRowId('12', 'contentId')).toBe(12);
    try {
      parseRowId('99999999999', 'contentId');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(DomainError);
      expect((error as DomainError).code).toBe('VALIDATION_ERROR');
      expect((error as DomainError).fields).toEqual([{ field: 'contentId', rule: 'invalid' }]);
    }
    expect(parseOptionalRowId(null)).toBeNull();
    expect(parseOptionalRowId(undefined)).toBeNull();
    expect(() => parseOptionalRowId('x')).toThrow(DomainError);
  });
});
