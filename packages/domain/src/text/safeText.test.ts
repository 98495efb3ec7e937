import { describe, expect, it } from 'vitest';
import { hasControlCharacters, INVALID_CHARACTERS, safeText } from './safeText';

const issuesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((i) => i.message) ?? [];

describe('safe text', () => {
  it('refuses NUL and every other C0 control character and DEL in single-line text', () => {
    expect(hasControlCharacters('a\u0000b')).toBe(true);
    for (let code = 0; code < 0x20; code++) {
      expect(hasControlCharacters(`x${String.fromCharCode(code)}y`), `U+${code.toString(16)}`).toBe(true);
    }
    expect(hasControlCharacters('\u007f')).toBe(true);
  });

  it('accepts printable text on both sides of the control range, accents and emoji included', () => {
    expect(hasControlCharacters(' ')).toBe(false); // U+0020, first character after the C0 range
    expect(hasControlCharacters('~')).toBe(false); // U+007E, just before DEL
    expect(hasControlCharacters('\u0080\u00a0')).toBe(false); // after DEL: C1 and no-break space are not C0
    expect(hasControlCharacters('Žluťoučký kůň 🐎 ~|%')).toBe(false);
    expect(hasControlCharacters('')).toBe(false);
  });

  it('keeps tab, line feed and carriage return in multi-line text only', () => {
    for (const c of ['\t', '\n', '\r']) {
      expect(hasControlCharacters(`a${c}b`)).toBe(true);
      expect(hasControlCharacters(`a${c}b`, { multiline: true })).toBe(false);
    }
    expect(hasControlCharacters('a\u0000b', { multiline: true })).toBe(true);
    expect(hasControlCharacters('a\u000bb', { multiline: true })).toBe(true);
  });

  it('is a zod refinement that names invalidCharacters and stops the checks after it', () => {
    const schema = safeText().trim().min(1, 'required').max(5, 'max');
    expect(schema.parse(' abc ')).toBe('abc');
    expect(issuesOf(schema.safeParse('\u0000'))).toEqual([INVALID_CHARACTERS]);
    expect(issuesOf(schema.safeParse('toolong\u0000'))).toEqual([INVALID_CHARACTERS]);
    expect(issuesOf(schema.safeParse('toolong'))).toEqual(['max']);
    expect(safeText({ multiline: true }).safeParse('a\nb').success).toBe(true);
    expect(safeText().safeParse('a\nb').success).toBe(false);
  });
  it('refuses a lone surrogate, high or low, anywhere, and keeps pairs (emoji) on both sides of it', () => {
    for (const lone of ['\ud800', '\udbff', '\udc00', '\udfff', 'a\ud83d', '\ude00b', '\udc00\ud800']) {
      expect(hasControlCharacters(lone), JSON.stringify(lone)).toBe(true);
      expect(hasControlCharacters(lone, { multiline: true })).toBe(true);
    }
    expect(hasControlCharacters('\ud83d\ude00')).toBe(false); // 😀 as a pair
    expect(hasControlCharacters('\ud7ff\ue000')).toBe(false); // the code units just outside the surrogate range
    expect(hasControlCharacters('🐎\ud800🐎')).toBe(true);
    expect(issuesOf(safeText().safeParse('Subject \ud800'))).toEqual([INVALID_CHARACTERS]);
  });
});
