/**
 * Bank accounts of the contract: an IBAN (ISO 13616) of any country, or, for a seat in Czechia or Slovakia,
 * the domestic form people copy from their bank ("19-2000145399/0800"), which is turned into its IBAN.
 */

/**
 * IBAN length per country (ISO 13616 registry): the EU/EEA, the rest of Europe and the common others.
 * A country missing here has no IBAN, so its "IBAN" is refused.
 */
export const IBAN_LENGTHS: Readonly<Record<string, number>> = {
  AD: 24,
  AE: 23,
  AL: 28,
  AT: 20,
  AZ: 28,
  BA: 20,
  BE: 16,
  BG: 22,
  BH: 22,
  BR: 29,
  BY: 28,
  CH: 21,
  CR: 22,
  CY: 28,
  CZ: 24,
  DE: 22,
  DK: 18,
  DO: 28,
  EE: 20,
  EG: 29,
  ES: 24,
  FI: 18,
  FO: 18,
  FR: 27,
  GB: 22,
  GE: 22,
  GI: 23,
  GL: 18,
  GR: 27,
  GT: 28,
  HR: 21,
  HU: 28,
  IE: 22,
  IL: 23,
  IQ: 23,
  IS: 26,
  IT: 27,
  JO: 30,
  KW: 30,
  KZ: 20,
  LB: 28,
  LC: 32,
  LI: 21,
  LT: 20,
  LU: 20,
  LV: 21,
  MC: 27,
  MD: 24,
  ME: 22,
  MK: 19,
  MR: 27,
  MT: 31,
  MU: 30,
  NL: 18,
  NO: 15,
  PK: 24,
  PL: 28,
  PS: 29,
  PT: 25,
  QA: 29,
  RO: 24,
  RS: 22,
  SA: 24,
  SC: 31,
  SE: 24,
  SI: 19,
  SK: 24,
  SM: 27,
  ST: 25,
  SV: 28,
  TL: 23,
  TN: 24,
  TR: 26,
  UA: 29,
  VA: 22,
  VG: 24,
  XK: 20,
};

/** Upper case without white space: how an IBAN is stored and compared. */
export function normalizeIban(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/** The number an IBAN stands for (country and check moved to the end, letters as 10–35), modulo 97. */
function mod97(text: string): number {
  let rest = 0;
  for (const char of text) {
    const code = char.charCodeAt(0);
    const digits = code >= 65 ? String(code - 55) : char;
    for (const digit of digits) rest = (rest * 10 + Number(digit)) % 97;
  }
  return rest;
}

/** ISO 13616: known country, its length, two check digits, an alphanumeric BBAN, and mod 97 == 1. */
export function isValidIban(value: string): boolean {
  const iban = normalizeIban(value);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban)) return false;
  const length = IBAN_LENGTHS[iban.slice(0, 2)];
  if (length === undefined || iban.length !== length) return false;
  return mod97(iban.slice(4) + iban.slice(0, 4)) === 1;
}

/** The printed form: groups of four ("CZ65 0800 0000 1920 0014 5399"). */
export function formatIban(value: string): string {
  return normalizeIban(value).replace(/(.{4})(?=.)/g, '$1 ');
}

/** The IBAN of a country and BBAN: the check digits are what makes the whole number 1 modulo 97. */
export function ibanOf(country: string, bban: string): string {
  const check = 98 - mod97(`${bban}${country}00`);
  return `${country}${String(check).padStart(2, '0')}${bban}`;
}

const PREFIX_WEIGHTS = [10, 5, 8, 4, 2, 1];
const NUMBER_WEIGHTS = [6, 3, 7, 9, 10, 5, 8, 4, 2, 1];

function weightedMod11(digits: string, weights: number[]): number {
  return weights.reduce((sum, weight, i) => sum + weight * Number(digits[i]), 0) % 11;
}

const DOMESTIC = /^(?:(\d{1,6})-)?(\d{2,10})\/(\d{4})$/;

/**
 * The Czech and Slovak domestic account "prefix-number/bank": prefix and number each weighted (10,5,8,4,2,1
 * and 6,3,7,9,10,5,8,4,2,1) to a multiple of 11; the number has at least two significant digits.
 */
export function isValidDomesticAccount(value: string): boolean {
  const match = DOMESTIC.exec(value.replace(/\s+/g, ''));
  if (!match) return false;
  const prefix = (match[1] ?? '').padStart(6, '0');
  const number = match[2]!.padStart(10, '0');
  if (Number(number) < 10) return false;
  return weightedMod11(prefix, PREFIX_WEIGHTS) === 0 && weightedMod11(number, NUMBER_WEIGHTS) === 0;
}

/** Countries whose seat may give the domestic account form (same form and check in both). */
export const DOMESTIC_ACCOUNT_COUNTRIES: readonly string[] = ['CZ', 'SK'];

/**
 * The IBAN a bank account stands for, or null when it is neither a valid IBAN nor (for a CZ/SK seat) a
 * valid domestic account: the one rule the contract, registration and the partner info tab share.
 */
export function bankAccountToIban(value: string, seatCountry: string): string | null {
  if (isValidIban(value)) return normalizeIban(value);
  if (!DOMESTIC_ACCOUNT_COUNTRIES.includes(seatCountry) || !isValidDomesticAccount(value)) return null;
  const [, prefix, number, bank] = DOMESTIC.exec(value.replace(/\s+/g, ''))!;
  return ibanOf(seatCountry, `${bank}${(prefix ?? '').padStart(6, '0')}${number!.padStart(10, '0')}`);
}
