import {
  DomainError,
  GRID_TOTAL_CAP,
  type GridColumnSpec,
  type GridRequest,
  gridRequestIssues,
  gridRequestSchema,
} from '@pp/domain';
import { type AnyColumn, and, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from './db/client';
import { validationError } from './errors';

/** A grid column bound to its SQL expression. */
export interface GridColumn extends GridColumnSpec {
  sql: AnyColumn | SQL;
}

export interface GridQueryParts {
  where: SQL | undefined;
  orderBy: SQL[];
  limit: number;
  offset: number;
  request: GridRequest;
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function castValue(column: GridColumn, value: string): unknown {
  if (column.filterType?.startsWith('NUMBER')) return Number(value);
  if (column.filterType?.startsWith('DATE')) return new Date(value);
  if (column.filterType === 'BOOLEAN') return value === 'true';
  return value;
}

function condition(column: GridColumn, filter: GridRequest['filters'][number]): SQL {
  const c = column.sql;
  const v = filter.value != null ? castValue(column, filter.value) : null;
  const list = (filter.values ?? []).map((x) => castValue(column, x));
  const text = column.filterType === 'TEXT' || column.filterType === 'AUTO_COMPLETE';
  switch (filter.operator) {
    case 'EQUAL':
      return text ? sql`lower(${c}) = lower(${v})` : sql`${c} = ${v}`;
    case 'NOT_EQUAL':
      return text ? sql`lower(${c}) is distinct from lower(${v})` : sql`${c} is distinct from ${v}`;
    case 'LIKE':
      return sql`${c} ilike ${`%${escapeLike(String(v))}%`}`;
    case 'STARTS_WITH':
      return sql`${c} ilike ${`${escapeLike(String(v))}%`}`;
    case 'ENDS_WITH':
      return sql`${c} ilike ${`%${escapeLike(String(v))}`}`;
    case 'EMPTY':
      return text ? sql`coalesce(${c}::text, '') = ''` : sql`${c} is null`;
    case 'NEMPTY':
      return text ? sql`coalesce(${c}::text, '') <> ''` : sql`${c} is not null`;
    case 'GREATER_THAN':
      return sql`${c} > ${v}`;
    case 'GREATER_THAN_OR_EQUAL':
      return sql`${c} >= ${v}`;
    case 'LESS_THAN':
      return sql`${c} < ${v}`;
    case 'LESS_THAN_OR_EQUAL':
      return sql`${c} <= ${v}`;
    case 'BETWEEN':
      return sql`${c} between ${list[0]} and ${list[1]}`;
    case 'IN':
      return sql`${c} in (${sql.join(
        list.map((x) => sql`${x}`),
        sql`, `,
      )})`;
    case 'NIN':
      return sql`${c} not in (${sql.join(
        list.map((x) => sql`${x}`),
        sql`, `,
      )})`;
  }
}

/**
 * Turns a grid request into SQL parts. Only fields the grid declares are used and only operators that
 * fit their type, so no caller-supplied name ever reaches the SQL text. A stable tie-breaker (`idColumn`)
 * keeps paging deterministic.
 */
export function buildGridQuery(
  input: unknown,
  columns: readonly GridColumn[],
  options: { idColumn: AnyColumn | SQL; defaultSort?: GridRequest['sort']; searchColumns?: (AnyColumn | SQL)[] },
): GridQueryParts {
  // GraphQL passes absent optional inputs as null; the schema's defaults apply to absent values only.
  const present = Object.fromEntries(Object.entries((input ?? {}) as object).filter(([, v]) => v != null));
  const parsed = gridRequestSchema.safeParse(present);
  if (!parsed.success) throw validationError(parsed.error);
  const request = parsed.data;
  const issues = gridRequestIssues(request, columns);
  if (issues.length) {
    throw new DomainError(
      'VALIDATION_ERROR',
      {},
      issues.map(({ field, rule }) => ({ field, rule })),
    );
  }
  const byField = new Map(columns.map((c) => [c.field, c]));
  const conditions = request.filters.map((f) => condition(byField.get(f.field)!, f));
  if (request.search && options.searchColumns?.length) {
    const term = `%${escapeLike(request.search.trim())}%`;
    conditions.push(
      sql`(${sql.join(
        options.searchColumns.map((c) => sql`${c}::text ilike ${term}`),
        sql` or `,
      )})`,
    );
  }
  const sort = request.sort ?? options.defaultSort ?? null;
  const orderBy: SQL[] = [];
  if (sort) {
    const column = byField.get(sort.field)!.sql;
    orderBy.push(sort.direction === 'ASCENDING' ? sql`${column} asc nulls first` : sql`${column} desc nulls last`);
  }
  orderBy.push(sort?.direction === 'ASCENDING' ? sql`${options.idColumn} asc` : sql`${options.idColumn} desc`);
  return {
    where: conditions.length ? and(...conditions) : undefined,
    orderBy,
    limit: request.perPage,
    offset: (request.page - 1) * request.perPage,
    request,
  };
}

/**
 * The total of a grid, counted only up to the cap: the database stops reading at cap + 1 rows, so the
 * cost of a total is bounded however large the table is.
 */
export async function cappedTotal(
  db: DbOrTx,
  from: Parameters<ReturnType<DbOrTx['select']>['from']>[0],
  where: SQL | undefined,
  cap = GRID_TOTAL_CAP,
): Promise<{ total: number; totalExact: boolean }> {
  const limited = db
    .select({ one: sql`1` })
    .from(from)
    .where(where)
    .limit(cap + 1)
    .as('limited');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(limited);
  const n = row?.n ?? 0;
  return n > cap ? { total: cap, totalExact: false } : { total: n, totalExact: true };
}
