import { DomainError, type FieldIssue } from '../errors/codes';
import type { FilterOperator } from '../grid/grid';
import { parseWireDate } from './v1';

/**
 * The marketplace API's list filters, `column=op:value` (`status=in:open,shipping`, `created=bt:2026-03-01
 * 00:00:00,2026-03-31 23:59:59`, `tracking_number=$null`), and its sort `_sort=field:asc|desc`, turned into the
 * portal's grid contract, so a v1 list runs the very query code of its portal grid.
 */

export type V1ColumnKind = 'text' | 'number' | 'enum' | 'boolean' | 'datetime' | 'date';

/** A wire column: the grid field it filters, and how its values are written on the wire. */
export interface V1Column {
  field: string;
  kind: V1ColumnKind;
}

const OPERATORS: Record<string, FilterOperator> = {
  eq: 'EQUAL',
  neq: 'NOT_EQUAL',
  ne: 'NOT_EQUAL',
  gt: 'GREATER_THAN',
  ge: 'GREATER_THAN_OR_EQUAL',
  lt: 'LESS_THAN',
  le: 'LESS_THAN_OR_EQUAL',
  in: 'IN',
  nin: 'NIN',
  bt: 'BETWEEN',
  nbt: 'NOT_BETWEEN',
};
const LIST_OPERATORS = new Set(['in', 'nin', 'bt', 'nbt']);
/** Operators whose value is a range: exactly two ends. */
const RANGE_OPERATORS = new Set(['bt', 'nbt']);
/** `$null` as the whole value (or after eq/neq) asks for a missing value. */
const NULL_VALUE = '$null';

/** Query parameters that are not filters. */
export const V1_RESERVED_QUERY = ['client_id', 'page', 'page_size', 'limit', '_sort', 'filter', 'force_token'];

export interface V1GridFilter {
  field: string;
  operator: FilterOperator;
  value?: string;
  values?: string[];
}

/** A wire value in the grid's spelling, or null when the column's kind cannot read it. */
function gridValue(kind: V1ColumnKind, raw: string): string | null {
  const value = raw.trim();
  switch (kind) {
    case 'boolean':
      if (value === 'true' || value === '1') return 'true';
      if (value === 'false' || value === '0') return 'false';
      return null;
    case 'datetime':
      return parseWireDate(value)?.toISOString() ?? null;
    case 'date': {
      const day = value.slice(0, 10);
      return parseWireDate(day) ? day : null;
    }
    default:
      return value;
  }
}

function last(value: unknown): string | null {
  const one = Array.isArray(value) ? value.at(-1) : value;
  return typeof one === 'string' ? one : null;
}

/**
 * The grid filters and sort of a v1 list query. Parameters that name no column are not filters (the
 * marketplace's clients send their own extras); a filter on a known column that cannot be read is refused
 * with VALIDATION_ERROR naming the column. `bt` and `nbt` take exactly two values (`nbt`, outside the range, is
 * the grid's NOT_BETWEEN).
 */
export function v1GridQuery(
  query: Record<string, unknown>,
  columns: Readonly<Record<string, V1Column>>,
): { filters: V1GridFilter[]; sort: { field: string; direction: 'ASCENDING' | 'DESCENDING' } | null } {
  const issues: FieldIssue[] = [];
  const filters: V1GridFilter[] = [];
  for (const [name, rawValue] of Object.entries(query)) {
    if (V1_RESERVED_QUERY.includes(name)) continue;
    const column = Object.hasOwn(columns, name) ? columns[name] : undefined;
    if (!column) continue;
    const text = last(rawValue);
    if (text === null) {
      issues.push({ field: name, rule: 'invalid' });
      continue;
    }
    const colon = text.indexOf(':');
    const op = colon > 0 ? text.slice(0, colon) : '';
    const known = op !== '' && Object.hasOwn(OPERATORS, op);
    const opName = known ? op : 'eq';
    const valueText = known ? text.slice(colon + 1) : text;
    if (valueText.trim() === NULL_VALUE && (opName === 'eq' || opName === 'neq' || opName === 'ne')) {
      filters.push({ field: column.field, operator: opName === 'eq' ? 'EMPTY' : 'NEMPTY' });
      continue;
    }
    const operator = OPERATORS[opName]!;
    const raws = LIST_OPERATORS.has(opName) ? valueText.split(',') : [valueText];
    const values = raws.map((v) => gridValue(column.kind, v));
    if (RANGE_OPERATORS.has(opName) && values.length !== 2) {
      issues.push({ field: name, rule: 'invalid' });
      continue;
    }
    if (values.some((v) => v === null || v === '')) {
      issues.push({ field: name, rule: column.kind === 'datetime' || column.kind === 'date' ? 'date' : 'invalid' });
      continue;
    }
    filters.push(
      LIST_OPERATORS.has(opName)
        ? { field: column.field, operator, values: values as string[] }
        : { field: column.field, operator, value: values[0]! },
    );
  }
  let sort: { field: string; direction: 'ASCENDING' | 'DESCENDING' } | null = null;
  const sortText = last(query._sort);
  if (sortText !== null && sortText.trim() !== '') {
    // The grid sorts by one column: the first named is the one that decides the order.
    const [name = '', direction = 'asc'] = (sortText.split(',')[0] ?? '').trim().split(':');
    const column = Object.hasOwn(columns, name) ? columns[name] : undefined;
    const dir = direction.toLowerCase();
    if (!column || (dir !== 'asc' && dir !== 'desc')) issues.push({ field: '_sort', rule: 'invalid' });
    else sort = { field: column.field, direction: dir === 'asc' ? 'ASCENDING' : 'DESCENDING' };
  }
  if (issues.length) {
    throw new DomainError(
      'VALIDATION_ERROR',
      {},
      issues.map((i) => ({ ...i, field: `query.${i.field}` })),
    );
  }
  return { filters, sort };
}
