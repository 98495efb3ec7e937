/**
 * Code 128 (ISO/IEC 15417), the symbology carriers scan parcels by: symbol values, the check symbol and the
 * widths of the bars and spaces, nothing else (drawing is pdf-render.ts's, the printer draws ZPL's own).
 * Code set B carries printable ASCII; runs of digits go in code set C, two digits per symbol, which keeps an
 * all-digit parcel or tracking number about half as wide.
 */

/** Bar and space widths (in modules) of symbol values 0–105, each 11 modules wide; the stop symbol follows. */
const PATTERNS: readonly string[] = [
  '212222 222122 222221 121223 121322 131222 122213 122312 132212 221213',
  '221312 231212 112232 122132 122231 113222 123122 123221 223211 221132',
  '221231 213212 223112 312131 311222 321122 321221 312212 322112 322211',
  '212123 212321 232121 111323 131123 131321 112313 132113 132311 211313',
  '231113 231311 112133 112331 132131 113123 113321 133121 313121 211331',
  '231131 213113 213311 213131 311123 311321 331121 312113 312311 332111',
  '314111 221411 431111 111224 111422 121124 121421 141122 141221 112214',
  '112412 122114 122411 142112 142211 241211 221114 413111 241112 134111',
  '111242 121142 121241 114212 124112 124211 411212 421112 421211 212141',
  '214121 412121 111143 111341 131141 114113 114311 411113 411311 113141',
  '114131 311141 411131 211412 211214 211232',
]
  .join(' ')
  .split(' ');
const STOP_PATTERN = '2331112';

export const START_B = 104;
export const START_C = 105;
export const CODE_B = 100;
export const CODE_C = 99;
export const STOP = 106;

/** Characters code set B carries: space to DEL, as their value + 32. */
function isCodeB(char: number): boolean {
  return char >= 32 && char <= 127;
}

const isDigit = (char: number | undefined) => char !== undefined && char >= 48 && char <= 57;

/** How many digits follow from `i` on. */
function digitRun(codes: number[], i: number): number {
  let n = 0;
  while (isDigit(codes[i + n])) n++;
  return n;
}

/**
 * The symbol values of `text`: start, data (with the code set changes), check symbol; the stop symbol is
 * left to `code128Widths`. Code C for a run of at least four digits (or a text of just two), B otherwise;
 * an odd run keeps its first digit in B. Text outside printable ASCII cannot be encoded: parcel and tracking
 * numbers never hold it, so it is refused rather than silently changed.
 */
export function code128Values(text: string): number[] {
  const codes = [...text].map((c) => c.codePointAt(0)!);
  if (codes.length === 0) throw new RangeError('Code 128 needs at least one character');
  if (!codes.every(isCodeB)) throw new RangeError('Code 128 here encodes printable ASCII only');
  const values: number[] = [];
  const wholeDigits = digitRun(codes, 0) === codes.length;
  const cWorthIt = (i: number, run: number) => run >= 4 || (wholeDigits && i === 0 && run === 2);
  let set: 'B' | 'C';
  let i = 0;
  const firstRun = digitRun(codes, 0);
  if (cWorthIt(0, firstRun) && firstRun % 2 === 0) {
    set = 'C';
    values.push(START_C);
  } else {
    set = 'B';
    values.push(START_B);
  }
  while (i < codes.length) {
    const run = digitRun(codes, i);
    if (set === 'C') {
      if (run >= 2) {
        values.push((codes[i]! - 48) * 10 + (codes[i + 1]! - 48));
        i += 2;
        continue;
      }
      set = 'B';
      values.push(CODE_B);
    }
    if (cWorthIt(i, run) && run % 2 === 0) {
      set = 'C';
      values.push(CODE_C);
      continue;
    }
    // An odd run of four or more: its first digit stays in B, the even rest goes in C.
    values.push(codes[i]! - 32);
    i++;
  }
  values.push(code128Check(values));
  return values;
}

/** The check symbol: the start value plus each following value times its position, modulo 103. */
export function code128Check(values: readonly number[]): number {
  return values.reduce((sum, value, position) => sum + value * Math.max(position, 1), 0) % 103;
}

/**
 * Bar and space widths in modules, starting with a bar and ending with the stop symbol's final bar. Quiet
 * zones (10 modules each side) are the drawer's to leave.
 */
export function code128Widths(text: string): number[] {
  const patterns = code128Values(text).map((value) => PATTERNS[value]!);
  return [...patterns, STOP_PATTERN].flatMap((pattern) => [...pattern].map(Number));
}

/** The width of a symbol in modules, quiet zones not included. */
export function code128Modules(text: string): number {
  return code128Widths(text).reduce((sum, w) => sum + w, 0);
}
