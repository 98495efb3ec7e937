import { hasControlCharacters } from '../text/safeText';
import { DELIVERY_CARRIERS } from '../partner/deliveries';

/**
 * Carrier branches (pickup points) and their file (issue 19 point 6, commerce spec §3 "Carrier branch
 * fields"). A branch belongs to one carrier of the domain's carrier list, in one of the six markets' countries.
 */

export const BRANCH_COUNTRIES = ['CZ', 'SK', 'PL', 'SI', 'HU', 'HR'] as const;
export type BranchCountry = (typeof BRANCH_COUNTRIES)[number];

export const BRANCH_PACKAGE_SIZES = ['SMALLBOX', 'BIGBOX'] as const;

/** A carrier's own id of a branch: what their registries use (digits, letters, a few separators). */
export const BRANCH_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,31}$/;

/** The key an order's branch_id holds: the carrier's code and its branch code. */
export function branchKey(carrier: string, code: string): string {
  return `${carrier}-${code}`;
}

/** Postal codes as each country writes them; input without the space (11000) is written with it (110 00). */
const ZIP_RULES: Record<BranchCountry, { pattern: RegExp; format: (digits: string) => string }> = {
  CZ: { pattern: /^\d{3} ?\d{2}$/, format: (d) => `${d.slice(0, 3)} ${d.slice(3)}` },
  SK: { pattern: /^\d{3} ?\d{2}$/, format: (d) => `${d.slice(0, 3)} ${d.slice(3)}` },
  PL: { pattern: /^\d{2}-?\d{3}$/, format: (d) => `${d.slice(0, 2)}-${d.slice(2)}` },
  SI: { pattern: /^\d{4}$/, format: (d) => d },
  HU: { pattern: /^\d{4}$/, format: (d) => d },
  HR: { pattern: /^\d{5}$/, format: (d) => d },
};

/** The zip written the country's way, or null when it is not a postal code of that country. */
export function normalizeBranchZip(country: BranchCountry, zip: string): string | null {
  const rule = ZIP_RULES[country];
  const trimmed = zip.trim();
  if (!rule.pattern.test(trimmed)) return null;
  return rule.format(trimmed.replace(/\D/g, ''));
}

export function isBranchCountry(value: string): value is BranchCountry {
  return (BRANCH_COUNTRIES as readonly string[]).includes(value);
}

export function isBranchCarrier(code: string): boolean {
  return DELIVERY_CARRIERS.some((c) => c.code === code);
}

// --- The branch file ---------------------------------------------------------------------------------------

/**
 * The columns of a branch file, in this order after a header row that names them (any letter case; `;` or
 * `,` between cells; UTF-8). lat/lng, max_package_size and opening_hours may be empty; active and cod_allowed
 * take 1/0, true/false or yes/no and are 1 when empty.
 */
export const BRANCH_FILE_COLUMNS = [
  'carrier',
  'country',
  'code',
  'name',
  'street',
  'city',
  'zip',
  'lat',
  'lng',
  'active',
  'cod_allowed',
  'max_package_size',
  'opening_hours',
] as const;
export const BRANCH_FILE_MAX_BYTES = 100 * 1024 * 1024;
/** Rows one file may carry (the largest network of the six markets has about 20,000 points). */
export const BRANCH_FILE_MAX_ROWS = 200_000;
/** Bad rows a load keeps with their line numbers; the count covers all of them. */
export const BRANCH_FILE_ERRORS_KEPT = 100;

const TEXT_LIMITS = { name: 120, street: 120, city: 80, opening_hours: 300 } as const;

export interface BranchRow {
  id: string;
  carrier: string;
  country: BranchCountry;
  code: string;
  name: string;
  street: string;
  city: string;
  zip: string;
  lat: number | null;
  lng: number | null;
  active: boolean;
  codAllowed: boolean;
  maxPackageSize: string | null;
  openingHours: string | null;
}

export interface BranchRowIssue {
  field: string;
  rule: string;
}

export function isBranchFileHeader(cells: readonly string[]): boolean {
  return (
    cells.length === BRANCH_FILE_COLUMNS.length &&
    cells.every((cell, i) => cell.trim().toLowerCase() === BRANCH_FILE_COLUMNS[i])
  );
}

const FLAGS: Record<string, boolean> = {
  '': true,
  '1': true,
  true: true,
  yes: true,
  '0': false,
  false: false,
  no: false,
};

function coordinate(text: string, limit: number): number | null | undefined {
  if (!text) return null;
  if (!/^-?\d{1,3}(\.\d{1,8})?$/.test(text)) return undefined;
  const value = Number(text);
  return Math.abs(value) <= limit ? value : undefined;
}

/** One data row of a branch file read into a branch, or the list of what is wrong with it (every field). */
export function readBranchRow(cells: readonly string[]): { branch: BranchRow } | { issues: BranchRowIssue[] } {
  if (cells.length !== BRANCH_FILE_COLUMNS.length) return { issues: [{ field: 'row', rule: 'columns' }] };
  const cell = (name: (typeof BRANCH_FILE_COLUMNS)[number]) => (cells[BRANCH_FILE_COLUMNS.indexOf(name)] ?? '').trim();
  const issues: BranchRowIssue[] = [];
  for (const [i, value] of cells.entries()) {
    if (hasControlCharacters(value)) issues.push({ field: BRANCH_FILE_COLUMNS[i]!, rule: 'invalidCharacters' });
  }
  if (issues.length) return { issues };

  const carrier = cell('carrier').toUpperCase();
  if (!carrier) issues.push({ field: 'carrier', rule: 'required' });
  else if (!isBranchCarrier(carrier)) issues.push({ field: 'carrier', rule: 'invalid' });
  const country = cell('country').toUpperCase();
  if (!isBranchCountry(country)) issues.push({ field: 'country', rule: country ? 'invalid' : 'required' });
  const code = cell('code');
  if (!code) issues.push({ field: 'code', rule: 'required' });
  else if (!BRANCH_CODE_PATTERN.test(code)) issues.push({ field: 'code', rule: 'invalid' });
  for (const field of ['name', 'street', 'city'] as const) {
    const value = cell(field);
    if (!value) issues.push({ field, rule: 'required' });
    else if (value.length > TEXT_LIMITS[field]) issues.push({ field, rule: 'max' });
  }
  const zip = isBranchCountry(country) ? normalizeBranchZip(country, cell('zip')) : cell('zip');
  if (!cell('zip')) issues.push({ field: 'zip', rule: 'required' });
  else if (zip === null) issues.push({ field: 'zip', rule: 'invalid' });
  const lat = coordinate(cell('lat'), 90);
  const lng = coordinate(cell('lng'), 180);
  if (lat === undefined) issues.push({ field: 'lat', rule: 'invalid' });
  if (lng === undefined) issues.push({ field: 'lng', rule: 'invalid' });
  const active = FLAGS[cell('active').toLowerCase()];
  const codAllowed = FLAGS[cell('cod_allowed').toLowerCase()];
  if (active === undefined) issues.push({ field: 'active', rule: 'invalid' });
  if (codAllowed === undefined) issues.push({ field: 'cod_allowed', rule: 'invalid' });
  const size = cell('max_package_size').toUpperCase();
  if (size && !(BRANCH_PACKAGE_SIZES as readonly string[]).includes(size)) {
    issues.push({ field: 'max_package_size', rule: 'invalid' });
  }
  const hours = cell('opening_hours');
  if (hours.length > TEXT_LIMITS.opening_hours) issues.push({ field: 'opening_hours', rule: 'max' });
  if (issues.length) return { issues };
  return {
    branch: {
      id: branchKey(carrier, code),
      carrier,
      country: country as BranchCountry,
      code,
      name: cell('name'),
      street: cell('street'),
      city: cell('city'),
      zip: zip as string,
      lat: lat ?? null,
      lng: lng ?? null,
      active: active as boolean,
      codAllowed: codAllowed as boolean,
      maxPackageSize: size || null,
      openingHours: hours || null,
    },
  };
}

// --- Search ------------------------------------------------------------------------------------------------

export const BRANCH_SEARCH_MAX_LENGTH = 100;
export const BRANCH_PAGE_DEFAULT = 20;
export const BRANCH_PAGE_MAX = 100;

/**
 * The words of a search, each to be found somewhere in a branch's name, city, zip or street (folding of
 * case and diacritics is the database's, the same as the index's). At most five words; LIKE's wildcards
 * are taken literally.
 */
export function branchSearchWords(search: string | null | undefined): string[] {
  if (!search) return [];
  const words = search
    .slice(0, BRANCH_SEARCH_MAX_LENGTH)
    .split(/[\s,]+/)
    .map((w) => w.trim())
    .filter(Boolean);
  // A Czech or Slovak zip typed with its space ("301 00") is one word.
  const joined: string[] = [];
  for (const word of words) {
    const last = joined[joined.length - 1];
    if (last && /^\d{3}$/.test(last) && /^\d{1,2}$/.test(word)) joined[joined.length - 1] = `${last}${word}`;
    else joined.push(word);
  }
  return joined.slice(0, 5).map((w) => w.replace(/[\\%_]/g, (c) => `\\${c}`));
}

/**
 * A word of digits is the start of a postal code, not any number in a name or street ("301" finds 301 00,
 * not 293 01); in Poland it is written with the dash after two digits, as the zips are ("00695" → "00-695").
 * Null for any other word.
 */
export function branchZipPrefix(country: string, word: string): string | null {
  if (!/^\d+$/.test(word)) return null;
  return country === 'PL' && word.length > 2 ? `${word.slice(0, 2)}-${word.slice(2)}` : word;
}
