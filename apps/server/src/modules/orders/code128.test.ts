import bwipjs from 'bwip-js/node';
import { describe, expect, it } from 'vitest';
import {
  CODE_B,
  CODE_C,
  code128Check,
  code128Modules,
  code128Values,
  code128Widths,
  START_B,
  START_C,
} from './code128';

/** The bars and spaces of an independent Code 128 encoder (the one labels were drawn with before). */
function referenceWidths(text: string): number[] {
  const [symbol] = bwipjs.raw('code128', text, '') as { sbs: number[] }[];
  return symbol!.sbs;
}

describe('Code 128', () => {
  it('gives the symbol values and check symbol of known texts', () => {
    // The textbook example: start B, P J J 1 2 3 C, check (104 + 48 + 2·42 + 3·42 + 4·17 + 5·18 + 6·19 + 7·35) % 103.
    expect(code128Values('PJJ123C')).toEqual([START_B, 48, 42, 42, 17, 18, 19, 35, 55]);
    // An all-digit parcel number goes in code set C, two digits a symbol.
    expect(code128Values('3100000000001001')).toEqual([START_C, 31, 0, 0, 0, 0, 0, 10, 1, 8]);
    // A letter and then ten digits: B for the letter, C for the digits.
    expect(code128Values('Z1234567890')).toEqual([START_B, 58, CODE_C, 12, 34, 56, 78, 90, 56]);
    // Digits, letters, digits: C, then B for the letters, and back to C only for a run worth it.
    expect(code128Values('AB12345CD')).toEqual([START_B, 33, 34, 17, CODE_C, 23, 45, CODE_B, 35, 36, 75]);
    expect(code128Values('DR-1')).toEqual([START_B, 36, 50, 13, 17, 38]);
    expect(code128Check([START_B, 33])).toBe((104 + 33) % 103);
  });

  it('draws every symbol 11 modules wide and the stop symbol 13, as the standard says', () => {
    for (const text of ['PJJ123C', '3100000000001001', 'Z1234567890', 'abc~ }', '1']) {
      const values = code128Values(text);
      expect(code128Modules(text)).toBe(values.length * 11 + 13);
      const widths = code128Widths(text);
      // Bars and spaces alternate from a bar to the stop symbol's final bar.
      expect(widths.length % 2).toBe(1);
      expect(widths.every((w) => w >= 1 && w <= 4)).toBe(true);
    }
  });

  it('draws the same bars as an independent encoder for the numbers carriers route by', () => {
    for (const text of ['PJJ123C', '3100000000001001', 'Z1234567890', '4123456789', 'DR-1', '12', 'abc~ }']) {
      expect(code128Widths(text), text).toEqual(referenceWidths(text));
    }
  });

  it('refuses what it cannot encode instead of changing it', () => {
    expect(() => code128Values('')).toThrow(RangeError);
    expect(() => code128Values('Žluť')).toThrow(RangeError);
  });
});
