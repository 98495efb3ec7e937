import { DomainError, type GridRequest } from '@pp/domain';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/**
 * Grid filters written as constants into the statement, for the columns a partial index is built on: PostgreSQL
 * matches a partial index (`where status = 'BROKEN'`, `where enabled`) only when the planner sees the constant,
 * never a parameter. A column takes one as its `filterSql`.
 */

type GridFilter = GridRequest['filters'][number];

/**
 * An enum filter with its values written into the statement: the partial indexes the home's counts read
 * (`status = 'BROKEN'`, …) serve a query only when the planner sees the constant, never a parameter.
 * The values were checked against `options` by the grid (gridRequestIssues); checked again here.
 */
export function literalEnumFilter(column: AnyColumn | SQL, options: readonly string[]) {
  const literal = (value: string | undefined) => {
    if (value === undefined || !options.includes(value)) throw new DomainError('VALIDATION_ERROR');
    return sql.raw(`'${value}'`);
  };
  const list = (values: readonly string[] | null | undefined) =>
    sql.join(
      (values ?? []).map((v) => literal(v)),
      sql`, `,
    );
  return (filter: GridFilter): SQL => {
    switch (filter.operator) {
      case 'EQUAL':
        return sql`${column} = ${literal(filter.value ?? undefined)}`;
      case 'NOT_EQUAL':
        return sql`${column} is distinct from ${literal(filter.value ?? undefined)}`;
      case 'IN':
        return sql`${column} in (${list(filter.values)})`;
      case 'NIN':
        return sql`${column} not in (${list(filter.values)})`;
      case 'EMPTY':
        return sql`${column} is null`;
      default:
        return sql`${column} is not null`;
    }
  };
}

/** A switch filtered as the column itself (or its negation), which a partial index `where enabled` matches. */
export function literalBooleanFilter(column: AnyColumn) {
  return (filter: GridFilter): SQL => (filter.value === 'true' ? sql`${column}` : sql`not ${column}`);
}
