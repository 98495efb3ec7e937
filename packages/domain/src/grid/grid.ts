import { z } from 'zod';
import { hasControlCharacters, INVALID_CHARACTERS, safeText } from '../text/safeText';

/** The shared grid contract (spec platform §9, commerce §9): every list of the portal speaks it. */
export const FILTER_OPERATORS = [
  'EQUAL',
  'NOT_EQUAL',
  'LIKE',
  'STARTS_WITH',
  'ENDS_WITH',
  'EMPTY',
  'NEMPTY',
  'GREATER_THAN',
  'GREATER_THAN_OR_EQUAL',
  'LESS_THAN',
  'LESS_THAN_OR_EQUAL',
  'BETWEEN',
  'IN',
  'NIN',
  /**
   * Outside a range (the partner API's `nbt`). Taken wherever BETWEEN is, but not offered in the portal's
   * filter panel (OPERATORS_BY_TYPE): a person asks for a range, a connector may ask for its complement.
   */
  'NOT_BETWEEN',
] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

export const FILTER_TYPES = [
  'TEXT',
  'NUMBER',
  'NUMBER_BETWEEN',
  'ENUMS',
  'MULTIPLE_ENUMS',
  'AUTO_COMPLETE',
  'DATETIME',
  'DATETIME_BETWEEN',
  'DATE',
  'DATE_BETWEEN',
  'BOOLEAN',
] as const;
export type FilterType = (typeof FILTER_TYPES)[number];

export const SORT_DIRECTIONS = ['ASCENDING', 'DESCENDING'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 500;
export const PAGE_SIZE_OPTIONS = [10, 20, 50, 100, 200] as const;
export const GRID_SETTINGS_VERSION = '1.0.1';
/** The longest cursor a request may carry (a sort value of a text column fits many times over). */
export const GRID_CURSOR_MAX = 500;

/** Operators that need no value, one value, two values, or a list. */
const NO_VALUE: readonly FilterOperator[] = ['EMPTY', 'NEMPTY'];
const LIST_VALUE: readonly FilterOperator[] = ['IN', 'NIN'];
/** Operators that take exactly two values, the ends of a range. */
const RANGE_VALUE: readonly FilterOperator[] = ['BETWEEN', 'NOT_BETWEEN'];

/** Which operators make sense for which kind of column. */
export const OPERATORS_BY_TYPE: Record<FilterType, readonly FilterOperator[]> = {
  TEXT: ['LIKE', 'EQUAL', 'NOT_EQUAL', 'STARTS_WITH', 'ENDS_WITH', 'EMPTY', 'NEMPTY'],
  AUTO_COMPLETE: ['EQUAL', 'NOT_EQUAL', 'IN', 'NIN', 'EMPTY', 'NEMPTY'],
  NUMBER: [
    'EQUAL',
    'NOT_EQUAL',
    'GREATER_THAN',
    'GREATER_THAN_OR_EQUAL',
    'LESS_THAN',
    'LESS_THAN_OR_EQUAL',
    'BETWEEN',
    'IN',
    'NIN',
    'EMPTY',
    'NEMPTY',
  ],
  NUMBER_BETWEEN: ['BETWEEN'],
  ENUMS: ['EQUAL', 'NOT_EQUAL', 'IN', 'NIN', 'EMPTY', 'NEMPTY'],
  MULTIPLE_ENUMS: ['IN', 'NIN'],
  DATETIME: ['GREATER_THAN', 'GREATER_THAN_OR_EQUAL', 'LESS_THAN', 'LESS_THAN_OR_EQUAL', 'BETWEEN', 'EMPTY', 'NEMPTY'],
  DATETIME_BETWEEN: ['BETWEEN'],
  DATE: [
    'EQUAL',
    'GREATER_THAN',
    'GREATER_THAN_OR_EQUAL',
    'LESS_THAN',
    'LESS_THAN_OR_EQUAL',
    'BETWEEN',
    'EMPTY',
    'NEMPTY',
  ],
  DATE_BETWEEN: ['BETWEEN'],
  BOOLEAN: ['EQUAL'],
};

export const gridFilterSchema = z
  .object({
    field: safeText().min(1).max(64),
    operator: z.enum(FILTER_OPERATORS),
    value: safeText().max(500).nullish(),
    values: z.array(safeText().max(500)).max(500).nullish(),
  })
  .superRefine((filter, ctx) => {
    if (NO_VALUE.includes(filter.operator)) return;
    if (LIST_VALUE.includes(filter.operator) || RANGE_VALUE.includes(filter.operator)) {
      const count = filter.values?.length ?? 0;
      if (RANGE_VALUE.includes(filter.operator) ? count !== 2 : count === 0) {
        ctx.addIssue({ code: 'custom', path: ['values'], message: 'rangeIncomplete' });
      }
      return;
    }
    if (filter.value == null || filter.value === '') {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'required' });
    }
  });
export type GridFilter = z.infer<typeof gridFilterSchema>;

export const gridSortSchema = z.object({
  field: safeText().min(1).max(64),
  direction: z.enum(SORT_DIRECTIONS),
});
export type GridSort = z.infer<typeof gridSortSchema>;

export const gridRequestSchema = z.object({
  filters: z.array(gridFilterSchema).max(30).default([]),
  sort: gridSortSchema.nullish(),
  page: z.number().int().min(1).max(1_000_000).default(1),
  perPage: z.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  search: safeText().max(200).nullish(),
  /**
   * Keyset paging: the `nextCursor` of the previous page, valid for the same sort only. With it the server
   * seeks to the row after the cursor instead of counting past `(page - 1) * perPage` rows, so the next page
   * of a big grid costs what the first one costs. `page` is then only echoed back.
   */
  after: safeText().max(GRID_CURSOR_MAX).nullish(),
});
export type GridRequest = z.infer<typeof gridRequestSchema>;

/**
 * Totals are counted exactly up to this many rows; past it a grid says "10,000+". Counting a million
 * rows for every page turn is what makes big grids slow, and nobody pages through more than this
 * without filtering.
 */
export const GRID_TOTAL_CAP = 10_000;

export interface GridPage<T> {
  items: T[];
  /** Exact when `totalExact`, else the cap: there are more. */
  total: number;
  totalExact: boolean;
  page: number;
  perPage: number;
  /**
   * Where the next page starts, for `after`; null on the last page. Optional because a grid that pages by
   * offset only (or a client that does not ask for it) has none.
   */
  nextCursor?: string | null;
}

/**
 * Where a page ended: the sort it was read in, the last row's sort value (as the database prints it, so no
 * precision is lost on the way back; null for a NULL) and the last row's id, which breaks ties.
 */
export interface GridCursor {
  /** The sort field, '' when the grid is read in id order only. */
  field: string;
  direction: SortDirection;
  value: string | null;
  id: string;
}

function toBase64Url(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): string | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  try {
    const binary = atob(text.replaceAll('-', '+').replaceAll('_', '/'));
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch {
    return null;
  }
}

/** The opaque text of a cursor: clients hand it back unchanged and never read it. */
export function encodeGridCursor(cursor: GridCursor): string {
  return toBase64Url(JSON.stringify([cursor.field, cursor.direction, cursor.value, cursor.id]));
}

/** Reads a cursor back; anything that is not one this contract made is null (the caller refuses it). */
export function decodeGridCursor(text: string): GridCursor | null {
  const json = fromBase64Url(text);
  if (json === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return null;
  }
  if (!Array.isArray(parsed) || parsed.length !== 4) return null;
  const [field, direction, value, id] = parsed as unknown[];
  if (typeof field !== 'string' || typeof id !== 'string' || id === '') return null;
  if (!(SORT_DIRECTIONS as readonly unknown[]).includes(direction)) return null;
  if (value !== null && typeof value !== 'string') return null;
  if ([field, id, value ?? ''].some((part) => hasControlCharacters(part))) return null;
  return { field, direction: direction as SortDirection, value, id };
}

/** The total as a person reads it: "1,234" or "10,000+". */
export function gridTotalLabel(
  page: { total: number; totalExact: boolean },
  formatNumber: (n: number) => string,
): string {
  return page.totalExact ? formatNumber(page.total) : `${formatNumber(page.total)}+`;
}

/**
 * What a NUMBER column holds in the database, so a filter value is refused before PostgreSQL would choke
 * on it: `int4` (integer), `int8` (bigint; limited to the integers a JavaScript number holds exactly),
 * `real` (float4), `double` (float8), `decimal` (numeric).
 */
export const NUMBER_KINDS = ['int4', 'int8', 'real', 'double', 'decimal'] as const;
export type NumberKind = (typeof NUMBER_KINDS)[number];
/** The kind of a NUMBER column that does not say: the common integer key. */
export const DEFAULT_NUMBER_KIND: NumberKind = 'int4';

interface NumberBounds {
  integer: boolean;
  min: number;
  max: number;
  /** Non-zero values closer to zero than this underflow the type (PostgreSQL refuses them). */
  minMagnitude: number;
}

const FLOAT4_MAX = 3.4028234663852886e38;
const FLOAT4_MIN_NORMAL = 1.1754943508222875e-38;
const FLOAT8_MIN_NORMAL = 2.2250738585072014e-308;

export const NUMBER_BOUNDS: Record<NumberKind, NumberBounds> = {
  int4: { integer: true, min: -2_147_483_648, max: 2_147_483_647, minMagnitude: 0 },
  int8: { integer: true, min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER, minMagnitude: 0 },
  real: { integer: false, min: -FLOAT4_MAX, max: FLOAT4_MAX, minMagnitude: FLOAT4_MIN_NORMAL },
  double: { integer: false, min: -Number.MAX_VALUE, max: Number.MAX_VALUE, minMagnitude: FLOAT8_MIN_NORMAL },
  decimal: { integer: false, min: -Number.MAX_VALUE, max: Number.MAX_VALUE, minMagnitude: 0 },
};

/** Years a DATE / DATETIME filter may name: real calendar dates the database and people both read. */
export const DATE_YEAR_MIN = 1900;
export const DATE_YEAR_MAX = 9999;

/** The column catalogue of one grid: what may be filtered and sorted, and how. */
export interface GridColumnSpec {
  field: string;
  filterType?: FilterType;
  sortable?: boolean;
  /** Allowed values for ENUMS / MULTIPLE_ENUMS columns. */
  options?: readonly string[];
  /** What a NUMBER / NUMBER_BETWEEN column holds; default `int4` (DEFAULT_NUMBER_KIND). */
  number?: NumberKind;
}

/** One refused part of a grid request: where (`filter.<field>.value`, `sort.<field>.unknown`) and which rule. */
export interface GridIssue {
  field: string;
  /** A validation message key under `validation.`. */
  rule: 'invalid' | 'numberOutOfRange' | 'dateOutOfRange' | typeof INVALID_CHARACTERS;
}

/** Plain decimal notation: what a person types, and what PostgreSQL reads for every numeric type. */
const DECIMAL_NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/** Why a NUMBER filter value is refused: not a number at all, or outside what the column's type holds. */
export function numberValueRule(text: string, kind: NumberKind = DEFAULT_NUMBER_KIND): GridIssue['rule'] | null {
  const trimmed = text.trim();
  const n = Number(trimmed);
  if (trimmed === '' || Number.isNaN(n)) return 'invalid';
  if (!Number.isFinite(n)) return 'numberOutOfRange';
  if (!DECIMAL_NUMBER.test(trimmed)) return 'invalid';
  const bounds = NUMBER_BOUNDS[kind];
  if (bounds.integer && !Number.isInteger(n)) return 'numberOutOfRange';
  if (n < bounds.min || n > bounds.max) return 'numberOutOfRange';
  if (n !== 0 && Math.abs(n) < bounds.minMagnitude) return 'numberOutOfRange';
  return null;
}

/** ISO 8601 as the date and datetime inputs write it: a date, optionally a time, optionally a zone. */
const ISO_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?)?(?:Z|[+-]\d{2}:?\d{2})?$/i;

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * Why a DATE / DATETIME filter value is refused (`dateOutOfRange`): not an ISO date, a day the calendar does
 * not have (2024-02-30), or a year outside 1900–9999 (`Date.parse` takes year 275760; PostgreSQL does not).
 */
export function dateValueRule(text: string): 'dateOutOfRange' | null {
  const trimmed = text.trim();
  const match = ISO_DATE_TIME.exec(trimmed);
  if (!match) return 'dateOutOfRange';
  const [year, month, day, hour = 0, minute = 0, second = 0] = match.slice(1, 7).map((p) => Number(p ?? 0));
  if (year! < DATE_YEAR_MIN || year! > DATE_YEAR_MAX) return 'dateOutOfRange';
  if (month! < 1 || month! > 12 || day! < 1 || day! > daysInMonth(year!, month!)) return 'dateOutOfRange';
  if (hour > 23 || minute > 59 || second > 59) return 'dateOutOfRange';
  if (Number.isNaN(Date.parse(trimmed))) return 'dateOutOfRange';
  return null;
}

/**
 * Why one value of a filter on this column is refused, or null when it fits: control characters, a value
 * outside an enum, a number the column's type cannot hold, a date outside the calendar. The web checks each
 * input with it before a request goes; the server checks every request with it (gridRequestIssues).
 */
export function filterValueRule(column: GridColumnSpec, value: string): GridIssue['rule'] | null {
  if (hasControlCharacters(value)) return INVALID_CHARACTERS;
  if (column.options && !column.options.includes(value)) return 'invalid';
  if (column.filterType?.startsWith('NUMBER')) return numberValueRule(value, column.number);
  if (column.filterType?.startsWith('DATE')) return dateValueRule(value);
  return null;
}

/** The issues of one filter against its column (undefined: the grid has no such column). */
export function gridFilterIssues(filter: GridFilter, column: GridColumnSpec | undefined): GridIssue[] {
  if (!column?.filterType) return [{ field: `filter.${filter.field}.unknown`, rule: 'invalid' }];
  const offered = OPERATORS_BY_TYPE[column.filterType];
  const operator = filter.operator === 'NOT_BETWEEN' ? 'BETWEEN' : filter.operator;
  if (!offered.includes(operator)) {
    return [{ field: `filter.${filter.field}.operator`, rule: 'invalid' }];
  }
  if (NO_VALUE.includes(filter.operator)) return [];
  const values = [...(filter.values ?? []), ...(filter.value != null ? [filter.value] : [])];
  for (const value of values) {
    const rule = filterValueRule(column, value);
    if (rule) return [{ field: `filter.${filter.field}.value`, rule }];
  }
  return [];
}

/**
 * Checks a request against a grid's columns: unknown fields, operators that do not fit the column type,
 * values outside an enum, numbers the column's type cannot hold and impossible dates are refused, so the
 * server never builds SQL from an unchecked field name nor sends the database a value it would reject.
 */
export function gridRequestIssues(request: GridRequest, columns: readonly GridColumnSpec[]): GridIssue[] {
  const byField = new Map(columns.map((c) => [c.field, c]));
  const issues = request.filters.flatMap((filter) => gridFilterIssues(filter, byField.get(filter.field)));
  if (request.sort && !byField.get(request.sort.field)?.sortable) {
    issues.push({ field: `sort.${request.sort.field}.unknown`, rule: 'invalid' });
  }
  return issues;
}

/** encodeURIComponent leaves `~` alone; the filter text uses it as a separator, so it is escaped too. */
function escapeValue(value: string): string {
  return encodeURIComponent(value).replaceAll('~', '%7E');
}

/**
 * Filters travel in the URL as one search parameter per filter: `f=field~OPERATOR~value1|value2`,
 * each value percent-escaped so separators inside values survive.
 */
export function encodeFilter(filter: GridFilter): string {
  const values = filter.values ?? (filter.value != null ? [filter.value] : []);
  return [filter.field, filter.operator, values.map(escapeValue).join('|')].join('~');
}

export function decodeFilter(text: string): GridFilter | null {
  const [field, operator, rawValues = ''] = text.split('~');
  if (!field || !operator || !(FILTER_OPERATORS as readonly string[]).includes(operator)) return null;
  const op = operator as FilterOperator;
  let values: string[];
  try {
    values = rawValues === '' ? [] : rawValues.split('|').map((v) => decodeURIComponent(v));
  } catch {
    return null;
  }
  const filter: GridFilter =
    LIST_VALUE.includes(op) || RANGE_VALUE.includes(op)
      ? { field, operator: op, values }
      : NO_VALUE.includes(op)
        ? { field, operator: op }
        : { field, operator: op, value: values[0] ?? '' };
  return gridFilterSchema.safeParse(filter).success ? filter : null;
}

export function encodeSort(sort: GridSort): string {
  return `${sort.field}~${sort.direction}`;
}

export function decodeSort(text: string | undefined | null): GridSort | null {
  if (!text) return null;
  const [field, direction] = text.split('~');
  const parsed = gridSortSchema.safeParse({ field, direction });
  return parsed.success ? parsed.data : null;
}

/** Columns the user chose and ordered, kept locally per grid. */
export interface GridSettings {
  version: typeof GRID_SETTINGS_VERSION;
  columns: string[];
  perPage: number;
}

/** Reads stored settings; anything of another version or shape is discarded for the defaults. */
export function readGridSettings(raw: unknown, allColumns: readonly string[], defaults: GridSettings): GridSettings {
  if (!raw || typeof raw !== 'object') return defaults;
  const candidate = raw as Partial<GridSettings>;
  if (candidate.version !== GRID_SETTINGS_VERSION || !Array.isArray(candidate.columns)) return defaults;
  const columns = candidate.columns.filter((c): c is string => typeof c === 'string' && allColumns.includes(c));
  const perPage =
    typeof candidate.perPage === 'number' && (PAGE_SIZE_OPTIONS as readonly number[]).includes(candidate.perPage)
      ? candidate.perPage
      : defaults.perPage;
  return { version: GRID_SETTINGS_VERSION, columns: columns.length ? columns : defaults.columns, perPage };
}
