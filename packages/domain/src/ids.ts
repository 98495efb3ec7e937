import { DomainError } from './errors/codes';

/** The largest id a serial (int4) column holds: anything above cannot name a row, and PostgreSQL refuses it. */
export const ROW_ID_MAX = 2_147_483_647;

/**
 * The one rule for a caller-sent row id (a GraphQL `ID`, a path segment, a JSON field): a whole number
 * from 1 to ROW_ID_MAX, written as plain digits when it comes as text. Null for anything else, so that
 * `99999999999`, `1.5`, `1e3`, `Infinity` or ` 7` never reach a query.
 */
export function rowIdOf(value: unknown): number | null {
  let id: number;
  if (typeof value === 'number') id = value;
  else if (typeof value === 'string' && /^\d{1,10}$/.test(value)) id = Number(value);
  else return null;
  return Number.isInteger(id) && id >= 1 && id <= ROW_ID_MAX ? id : null;
}

/** A row id or VALIDATION_ERROR naming the argument (`invalid`), never a database error. */
export function parseRowId(value: unknown, field = 'id'): number {
  const id = rowIdOf(value);
  if (id === null) throw new DomainError('VALIDATION_ERROR', {}, [{ field, rule: 'invalid' }]);
  return id;
}

/** An optional id argument: absent stays null (a create), present must be a row id. */
export function parseOptionalRowId(value: unknown, field = 'id'): number | null {
  return value === null || value === undefined ? null : parseRowId(value, field);
}
