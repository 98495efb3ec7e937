import { z } from 'zod';

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

/** Operators that need no value, one value, two values, or a list. */
const NO_VALUE: readonly FilterOperator[] = ['EMPTY', 'NEMPTY'];
const LIST_VALUE: readonly FilterOperator[] = ['IN', 'NIN'];

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
    field: z.string().min(1).max(64),
    operator: z.enum(FILTER_OPERATORS),
    value: z.string().max(500).nullish(),
    values: z.array(z.string().max(500)).max(500).nullish(),
  })
  .superRefine((filter, ctx) => {
    if (NO_VALUE.includes(filter.operator)) return;
    if (LIST_VALUE.includes(filter.operator) || filter.operator === 'BETWEEN') {
      const count = filter.values?.length ?? 0;
      if (filter.operator === 'BETWEEN' ? count !== 2 : count === 0) {
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
  field: z.string().min(1).max(64),
  direction: z.enum(SORT_DIRECTIONS),
});
export type GridSort = z.infer<typeof gridSortSchema>;

export const gridRequestSchema = z.object({
  filters: z.array(gridFilterSchema).max(30).default([]),
  sort: gridSortSchema.nullish(),
  page: z.number().int().min(1).max(1_000_000).default(1),
  perPage: z.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  search: z.string().max(200).nullish(),
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
}

/** The total as a person reads it: "1,234" or "10,000+". */
export function gridTotalLabel(
  page: { total: number; totalExact: boolean },
  formatNumber: (n: number) => string,
): string {
  return page.totalExact ? formatNumber(page.total) : `${formatNumber(page.total)}+`;
}

/** The column catalogue of one grid: what may be filtered and sorted, and how. */
export interface GridColumnSpec {
  field: string;
  filterType?: FilterType;
  sortable?: boolean;
  /** Allowed values for ENUMS / MULTIPLE_ENUMS columns. */
  options?: readonly string[];
}

/**
 * Checks a request against a grid's columns: unknown fields, operators that do not fit the column type
 * and values outside an enum are refused, so the server never builds SQL from an unchecked field name.
 */
export function gridRequestIssues(request: GridRequest, columns: readonly GridColumnSpec[]): string[] {
  const issues: string[] = [];
  const byField = new Map(columns.map((c) => [c.field, c]));
  for (const filter of request.filters) {
    const column = byField.get(filter.field);
    if (!column?.filterType) {
      issues.push(`filter.${filter.field}.unknown`);
      continue;
    }
    if (!OPERATORS_BY_TYPE[column.filterType].includes(filter.operator)) {
      issues.push(`filter.${filter.field}.operator`);
      continue;
    }
    if (column.options) {
      const values = [...(filter.values ?? []), ...(filter.value != null ? [filter.value] : [])];
      if (values.some((v) => !column.options?.includes(v))) issues.push(`filter.${filter.field}.value`);
    }
    if (column.filterType.startsWith('NUMBER')) {
      const values = [...(filter.values ?? []), ...(filter.value != null ? [filter.value] : [])];
      if (values.some((v) => Number.isNaN(Number(v)))) issues.push(`filter.${filter.field}.value`);
    }
    if (column.filterType.startsWith('DATE')) {
      const values = [...(filter.values ?? []), ...(filter.value != null ? [filter.value] : [])];
      if (values.some((v) => Number.isNaN(Date.parse(v)))) issues.push(`filter.${filter.field}.value`);
    }
  }
  if (request.sort && !byField.get(request.sort.field)?.sortable) issues.push(`sort.${request.sort.field}.unknown`);
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
    LIST_VALUE.includes(op) || op === 'BETWEEN'
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
