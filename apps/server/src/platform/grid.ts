import {
  DomainError,
  dateValueRule,
  decodeGridCursor,
  encodeGridCursor,
  GRID_TOTAL_CAP,
  type GridColumnSpec,
  type GridCursor,
  type GridPage,
  type GridRequest,
  gridRequestIssues,
  type NumberKind,
  gridRequestSchema,
  hasControlCharacters,
  numberValueRule,
} from '@pp/domain';
import { type AnyColumn, and, Column, is, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from './db/client';
import { validationError } from './errors';

/** A grid column bound to its SQL expression. */
export interface GridColumn extends GridColumnSpec {
  sql: AnyColumn | SQL;
  /**
   * The expression never yields NULL. Table columns say so themselves; an SQL expression is taken as
   * nullable unless it says so here. NOT NULL sorts seek with one row comparison an index answers.
   */
  notNull?: boolean;
  /**
   * The filter as the column's own SQL, for a derived column whose plain comparison the planner cannot
   * estimate or index (e.g. a group of codes filtered as `code in (…)`). The filter is already validated.
   */
  filterSql?: (filter: GridRequest['filters'][number]) => SQL;
  /**
   * A name a person types (customer, product title, partner): "contains", "starts with" and "ends with"
   * ignore case and diacritics ("novak" finds "Novák"), comparing `accentFolded` on both sides, the
   * expression the column's trigram index is built on.
   */
  foldAccents?: boolean;
}

/**
 * Lower case without diacritics, as the trigram indexes of names hold it. `pp_unaccent` is the IMMUTABLE
 * wrapper of `unaccent` (migration 0021): the index and the query must spell the same expression for the
 * planner to use the index.
 */
export function accentFolded(value: AnyColumn | SQL | string): SQL {
  return sql`lower(pp_unaccent(${value}))`;
}

/** A search column compared without case and diacritics (see `GridColumn.foldAccents`). */
export interface AccentFoldedSearch {
  foldAccents: AnyColumn | SQL;
}

export function accentInsensitive(column: AnyColumn | SQL): AccentFoldedSearch {
  return { foldAccents: column };
}

/** The keys a grid query selects beside each row so the page can say where the next one starts. */
export interface GridCursorKeys {
  gridSortKey: string | null;
  gridRowKey: string;
}

export interface GridQueryParts {
  /** The filters and the search: the grid's rows, and what its total counts. */
  where: SQL | undefined;
  orderBy: SQL[];
  /**
   * With a cursor, the rows after it as one condition, for a caller that reads once: `and(scope, q.where,
   * q.seekWhere)` with `lookaheadLimit`. `readRows` is faster on nullable sort columns (see there).
   */
  seekWhere: SQL | undefined;
  /** The page size. */
  limit: number;
  /** One row more than a page: the extra row only tells whether a next page exists (toPage drops it). */
  lookaheadLimit: number;
  /** Rows to skip when paging by offset; 0 when the request seeks by cursor. */
  offset: number;
  request: GridRequest;
  /** Spread into the select: `select({ ...fields, ...q.cursorFields })`. */
  cursorFields: { gridSortKey: SQL<string | null>; gridRowKey: SQL<string> };
  /**
   * Reads the rows of the page plus one (which only tells whether a next page exists). `read` runs the
   * caller's select with its own scope, `q.where`, the given seek condition (undefined: none), `q.orderBy`,
   * and the limit and offset it is given. A seek past a cursor may take two index ranges in turn (the
   * values, then the NULLs of a nullable column), so `read` may be called twice.
   */
  readRows<R>(read: (seek: SQL | undefined, limit: number, offset: number) => Promise<R[]>): Promise<R[]>;
  /** The page of rows read by `readRows`, with the cursor of the next page. */
  toPage<T>(
    rows: readonly (T & GridCursorKeys)[],
    total: { total: number; totalExact: boolean },
    map?: (row: T & GridCursorKeys) => T,
  ): GridPage<T>;
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

function likeCondition(column: GridColumn, pattern: string): SQL {
  return column.foldAccents
    ? sql`${accentFolded(column.sql)} like ${accentFolded(pattern)}`
    : sql`${column.sql} ilike ${pattern}`;
}

function condition(column: GridColumn, filter: GridRequest['filters'][number]): SQL {
  // Outside a range is the range negated, so a column with its own filter SQL gets it too. A row without a
  // value is in neither (SQL's NOT BETWEEN).
  if (filter.operator === 'NOT_BETWEEN') return sql`not (${condition(column, { ...filter, operator: 'BETWEEN' })})`;
  if (column.filterSql) return column.filterSql(filter);
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
      return likeCondition(column, `%${escapeLike(String(v))}%`);
    case 'STARTS_WITH':
      return likeCondition(column, `${escapeLike(String(v))}%`);
    case 'ENDS_WITH':
      return likeCondition(column, `%${escapeLike(String(v))}`);
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

function isNotNull(column: GridColumn): boolean {
  return is(column.sql, Column) ? column.sql.notNull : (column.notNull ?? false);
}

/**
 * The sort value as text that reads back into the same value: timestamps in UTC with microseconds (a
 * JavaScript Date would drop them and the seek would skip or repeat rows), dates as ISO days, numbers and
 * text as the database prints them.
 */
function sortKeyText(column: GridColumn): SQL<string | null> {
  if (column.filterType?.startsWith('DATETIME')) {
    return sql<string | null>`to_char(${column.sql} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
  }
  if (column.filterType?.startsWith('DATE')) return sql<string | null>`to_char(${column.sql}, 'YYYY-MM-DD')`;
  return sql<string | null>`(${column.sql})::text`;
}

/** Whether a cursor's sort value fits the column (a forged one must not reach the database as a bad cast). */
function cursorValueFits(column: GridColumn | undefined, value: string): boolean {
  if (hasControlCharacters(value)) return false;
  if (!column) return true;
  if (column.filterType?.startsWith('NUMBER')) return numberValueRule(value, column.number) === null;
  if (column.filterType?.startsWith('DATE')) return dateValueRule(value) === null;
  if (column.filterType === 'BOOLEAN') return value === 'true' || value === 'false';
  return true;
}

function idNumberOf(idColumn: AnyColumn | SQL): NumberKind {
  return is(idColumn, Column) && /^big/.test(idColumn.getSQLType()) ? 'int8' : 'int4';
}

function badCursor(): DomainError {
  return new DomainError('VALIDATION_ERROR', {}, [{ field: 'after', rule: 'invalid' }]);
}

/**
 * The rows after the cursor in the grid's order (sort value, then id in the same direction), as index ranges
 * read one after the other. Descending sorts put NULLs last and ascending ones first: after a value of a
 * descending sort come the smaller values, then every NULL; after a NULL of an ascending sort come the
 * NULLs with a greater id, then every value. Each range alone is one seek in a `(partner_id, column DESC
 * NULLS LAST, id DESC)` index, which an OR of the two would not be.
 */
function seekRanges(
  sortColumn: GridColumn | null,
  idColumn: AnyColumn | SQL,
  idNumber: NumberKind | 'text',
  cursor: GridCursor,
): SQL[] {
  const idFits = idNumber === 'text' ? !hasControlCharacters(cursor.id) : numberValueRule(cursor.id, idNumber) === null;
  if (!idFits) throw badCursor();
  const descending = cursor.direction === 'DESCENDING';
  const idAfter = descending ? sql`${idColumn} < ${cursor.id}` : sql`${idColumn} > ${cursor.id}`;
  if (!sortColumn) return [idAfter];
  const c = sortColumn.sql;
  if (cursor.value === null) {
    if (isNotNull(sortColumn)) throw badCursor();
    const nullsAfter = sql`(${c} is null and ${idAfter})`;
    return descending ? [nullsAfter] : [nullsAfter, sql`${c} is not null`];
  }
  if (!cursorValueFits(sortColumn, cursor.value)) throw badCursor();
  // One row comparison is what a (partner_id, column, id) index answers as a range start.
  const rowAfter = descending
    ? sql`(${c}, ${idColumn}) < (${cursor.value}, ${cursor.id})`
    : sql`(${c}, ${idColumn}) > (${cursor.value}, ${cursor.id})`;
  if (isNotNull(sortColumn) || !descending) return [rowAfter];
  return [rowAfter, sql`${c} is null`];
}

/**
 * Turns a grid request into SQL parts. Only fields the grid declares are used and only operators that
 * fit their type, so no caller-supplied name ever reaches the SQL text. A stable tie-breaker (`idColumn`)
 * keeps paging deterministic. With `after` the query seeks past the previous page instead of using OFFSET.
 */
export function buildGridQuery(
  input: unknown,
  columns: readonly GridColumn[],
  options: {
    idColumn: AnyColumn | SQL;
    /**
     * What the (integer) id holds, to refuse a forged cursor before the database would: by default read
     * from the id column (bigint → int8), int4 for an SQL expression; 'text' for a text id (a partner's
     * product id), which the seek compares as text.
     */
    idNumber?: NumberKind | 'text';
    defaultSort?: GridRequest['sort'];
    searchColumns?: (AnyColumn | SQL | AccentFoldedSearch)[];
  },
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
        options.searchColumns.map((c) =>
          'foldAccents' in c
            ? sql`${accentFolded(c.foldAccents)} like ${accentFolded(term)}`
            : sql`${c}::text ilike ${term}`,
        ),
        sql` or `,
      )})`,
    );
  }
  const sort = request.sort ?? options.defaultSort ?? null;
  const sortColumn = sort ? byField.get(sort.field)! : null;
  const direction = sort?.direction ?? 'DESCENDING';
  const orderBy: SQL[] = [];
  if (sortColumn) {
    const c = sortColumn.sql;
    // A NOT NULL column sorts plainly, so a plain btree index (read backwards for descending) serves it;
    // nullable ones keep NULLs at the end of a descending sort and at the start of an ascending one.
    if (isNotNull(sortColumn)) orderBy.push(direction === 'ASCENDING' ? sql`${c} asc` : sql`${c} desc`);
    else orderBy.push(direction === 'ASCENDING' ? sql`${c} asc nulls first` : sql`${c} desc nulls last`);
  }
  orderBy.push(direction === 'ASCENDING' ? sql`${options.idColumn} asc` : sql`${options.idColumn} desc`);

  let seek: SQL[] = [];
  if (request.after) {
    const cursor = decodeGridCursor(request.after);
    if (!cursor || cursor.field !== (sort?.field ?? '') || cursor.direction !== direction) throw badCursor();
    const idNumber = options.idNumber ?? idNumberOf(options.idColumn);
    seek = seekRanges(sortColumn, options.idColumn, idNumber, cursor);
  }

  const cursorFields = {
    gridSortKey: sortColumn ? sortKeyText(sortColumn) : sql<string | null>`null::text`,
    gridRowKey: sql<string>`(${options.idColumn})::text`,
  };
  return {
    where: conditions.length ? and(...conditions) : undefined,
    orderBy,
    seekWhere: seek.length === 0 ? undefined : seek.length === 1 ? seek[0] : sql`(${sql.join(seek, sql` or `)})`,
    limit: request.perPage,
    lookaheadLimit: request.perPage + 1,
    offset: request.after ? 0 : (request.page - 1) * request.perPage,
    request,
    cursorFields,
    async readRows(read) {
      const wanted = request.perPage + 1;
      if (seek.length === 0) return read(undefined, wanted, (request.page - 1) * request.perPage);
      const rows = [];
      for (const range of seek) {
        rows.push(...(await read(range, wanted - rows.length, 0)));
        if (rows.length >= wanted) break;
      }
      return rows;
    },
    toPage(rows, total, map) {
      const items = rows.slice(0, request.perPage);
      const last = items.at(-1);
      const nextCursor =
        rows.length > request.perPage && last
          ? encodeGridCursor({
              field: sort?.field ?? '',
              direction,
              value: last.gridSortKey,
              id: last.gridRowKey,
            })
          : null;
      const shape = map ?? (({ gridSortKey: _s, gridRowKey: _r, ...row }) => row as unknown as (typeof items)[number]);
      return { items: items.map(shape), ...total, page: request.page, perPage: request.perPage, nextCursor };
    },
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
