/**
 * Per-country formats of the registration and contract forms (spec section 5, "Country-specific formats").
 * Every check takes the seat country as an ISO code; unknown countries get a permissive generic rule, so a
 * partner seated elsewhere in the EU is never locked out by a format we do not know.
 */

export const REGISTRATION_COUNTRIES = ['CZ', 'SK', 'PL', 'SI', 'HU', 'HR'] as const;
export type RegistrationCountry = (typeof REGISTRATION_COUNTRIES)[number];

export function isRegistrationCountry(value: string): value is RegistrationCountry {
  return (REGISTRATION_COUNTRIES as readonly string[]).includes(value);
}

const COMPANY_ID_WEIGHTS = [8, 7, 6, 5, 4, 3, 2];

/** The Czech and Slovak IČO: seven digits weighted 8..2, the eighth is the modulo-11 check digit. */
function isIcoWithCheckDigit(value: string): boolean {
  if (!/^\d{8}$/.test(value)) return false;
  const sum = COMPANY_ID_WEIGHTS.reduce((acc, weight, i) => acc + weight * Number(value[i]), 0);
  const check = (11 - (sum % 11)) % 10;
  return check === Number(value[7]);
}

export function isValidCompanyId(country: string, value: string): boolean {
  const trimmed = value.trim();
  if (country === 'CZ' || country === 'SK') return isIcoWithCheckDigit(trimmed);
  return /^[A-Za-z0-9 -]{1,20}$/.test(trimmed) && /[A-Za-z0-9]/.test(trimmed);
}

/** VAT number without separators, upper case, with the country's own prefix removed when it was typed. */
function vatBody(country: string, value: string): string {
  const compact = value.replace(/[\s.]/g, '').toUpperCase();
  return compact.startsWith(country) ? compact.slice(country.length) : compact;
}

const VAT_PATTERNS: Record<RegistrationCountry, RegExp> = {
  // Spec: CZ 8 to 12 characters (DIČ of companies 8 digits, of persons 9–10; the spec allows up to 12).
  CZ: /^\d{8,12}$/,
  // Spec: SK exactly 10.
  SK: /^\d{10}$/,
  // Spec: SI up to 8 (the real number has 8 digits; shorter ones are accepted as the spec says).
  SI: /^\d{1,8}$/,
  // NIP: 10 digits, often written with dashes.
  PL: /^\d{10}$|^\d{3}-\d{3}-\d{2}-\d{2}$|^\d{3}-\d{2}-\d{2}-\d{3}$/,
  // Közösségi adószám HU + 8 digits, or the national adószám 12345678-1-23.
  HU: /^\d{8}$|^\d{8}-?\d-?\d{2}$/,
  // OIB: 11 digits.
  HR: /^\d{11}$/,
};

export function isValidVatId(country: string, value: string): boolean {
  const body = vatBody(country, value);
  if (isRegistrationCountry(country)) return VAT_PATTERNS[country].test(body);
  return /^[A-Z0-9+*-]{2,15}$/.test(body);
}

/** A VAT ID of each country as a person would copy it from an invoice, named in the `vaId` message. */
export const VAT_ID_EXAMPLES: Record<RegistrationCountry, string> = {
  CZ: 'CZ12345678',
  SK: 'SK2020123456',
  PL: 'PL1234567890',
  SI: 'SI12345678',
  HU: 'HU12345678',
  HR: 'HR12345678901',
};

/**
 * The message of a VAT ID that is not valid, or null: `vaId` with the country's own format where we know it
 * (a number of another country, e.g. SK… for a Czech seat, lands here too), else the generic `vatId`.
 */
export function vatIdIssue(country: string, value: string): { rule: string; params?: { 0: string } } | null {
  if (value.trim() === '' || isValidVatId(country, value)) return null;
  return isRegistrationCountry(country) ? { rule: 'vaId', params: { 0: VAT_ID_EXAMPLES[country] } } : { rule: 'vatId' };
}

/** Phone number with the separators people type (spaces, dashes, dots, brackets, slash) removed. */
function compactPhone(value: string): string {
  return value.trim().replace(/[\s\-./()]/g, '');
}

const PHONE_PATTERNS: Record<Exclude<RegistrationCountry, 'HR'>, RegExp> = {
  CZ: /^(?:(?:\+|00)420)?[1-9]\d{8}$/,
  SK: /^(?:(?:\+|00)421|0)?[1-9]\d{7,8}$/,
  PL: /^(?:(?:\+|00)48)?[1-9]\d{8}$/,
  SI: /^(?:(?:\+|00)386[1-9]\d{7}|0[1-9]\d{7})$/,
  // Hungary: +36 / 06, then Budapest 1 + 7 digits, a mobile prefix (20, 30, 31, 50, 70) + 7 digits, or a
  // two-digit area code + 6 digits.
  HU: /^(?:\+36|0036|06)(?:1\d{7}|(?:20|30|31|50|70)\d{7}|(?!20|30|31|50|70)[2-9]\d{7})$/,
};

export function isValidPhone(country: string, value: string): boolean {
  const phone = compactPhone(value);
  if (country === 'HR') {
    // Spec: HR length 7 to 16, counted in digits (the leading + is not a digit).
    return /^\+?\d+$/.test(phone) && phone.replace('+', '').length >= 7 && phone.replace('+', '').length <= 16;
  }
  if (country in PHONE_PATTERNS) return PHONE_PATTERNS[country as keyof typeof PHONE_PATTERNS].test(phone);
  // E.164 allows at most 15 digits.
  return /^(?:\+|00)?\d{6,15}$/.test(phone);
}

const POSTAL_PATTERNS: Record<RegistrationCountry, RegExp> = {
  CZ: /^\d{3} ?\d{2}$/,
  SK: /^\d{3} ?\d{2}$/,
  PL: /^\d{2}-?\d{3}$/,
  SI: /^(?:SI-)?\d{4}$/,
  HU: /^\d{4}$/,
  HR: /^(?:HR-)?\d{5}$/,
};

export function isValidPostalCode(country: string, value: string): boolean {
  const zip = value.trim().toUpperCase();
  if (isRegistrationCountry(country)) return POSTAL_PATTERNS[country].test(zip);
  // Spec: the generic zipCode is 4 to 6 digits, spaces or dashes.
  return /^\d[\d -]{2,4}\d$/.test(zip);
}

/** A post code of each country as it is written on a letter, named in the `zipCodeCountry` message. */
export const POSTAL_CODE_EXAMPLES: Record<RegistrationCountry, string> = {
  CZ: '110 00',
  SK: '811 01',
  PL: '00-950',
  SI: '1000',
  HU: '1051',
  HR: '10000',
};

/**
 * The message of a post code that is not valid, or null: `zipCodeCountry` with the country's format where the
 * country has its own (a Polish code for a Czech address), else the generic `zipCode`.
 */
export function postalCodeIssue(country: string, value: string): { rule: string; params?: { 0: string } } | null {
  if (value.trim() === '' || isValidPostalCode(country, value)) return null;
  return isRegistrationCountry(country)
    ? { rule: 'zipCodeCountry', params: { 0: POSTAL_CODE_EXAMPLES[country] } }
    : { rule: 'zipCode' };
}

/**
 * A post code of anywhere in the world (a manufacturer's address may be in the UK, "SW1A 1AA", or Ireland):
 * letters, digits, spaces and dashes, with at least one digit, 3 to 10 characters (`postCode`).
 */
export function isPlausiblePostCode(value: string): boolean {
  const code = value.trim();
  return /^[A-Za-z0-9][A-Za-z0-9 -]{1,8}[A-Za-z0-9]$/.test(code) && /\d/.test(code);
}

export function isHttpUrl(value: string): boolean {
  const text = value.trim();
  if (text.length > 2000 || /\s/.test(text)) return false;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
}

/** IBAN or a national account number (CZ/SK "19-2000145399/0800"): letters, digits, spaces, dashes, slash. */
export function isValidBankAccount(value: string): boolean {
  const text = value.trim();
  return /^[A-Za-z0-9][A-Za-z0-9 /-]{4,48}[A-Za-z0-9]$/.test(text) && /\d{4}/.test(text.replace(/\D/g, ''));
}
