import {
  type GridPage,
  type Language,
  PRODUCT_ERRORS_PAGE,
  PRODUCT_GRID_STATUSES,
  PRODUCT_STAGES,
  PRODUCT_STATUSES,
  type DeliveryCheckMethod,
  type ProductGridStatus,
  productGridStatus,
} from '@pp/domain';
import { and, between, Column, eq, inArray, is, type SQL, sql } from 'drizzle-orm';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db/client';
import { partnerFiguresPrefix } from '../../platform/figures-cache';
import { accentFolded, buildGridQuery, cappedTotal, type GridColumn, type GridQueryParts } from '../../platform/grid';
import { loadBrandNames } from '../catalog/rules';
import { deliveryGridColumn, deliveryStateSql, loadCheckMethods } from '../deliveries/checks-sql';
import { categories } from '../catalog/tables';
import { partnerShop } from './shop';
import { productErrors, products } from './tables';

/** The tabs of the products area (commerce spec §2); the errors tab is a grid of its own. */
export const PRODUCTS_VIEWS = ['ALL', 'SOLD_OUT', 'LAST_ITEMS', 'BLOCKED'] as const;
export type ProductsView = (typeof PRODUCTS_VIEWS)[number];

export const LAST_ITEMS_RANGE = { min: 1, max: 5 } as const;

export interface ProductRow {
  id: string;
  title: string;
  productType: string;
  brandId: string | null;
  brandName: string | null;
  categoryId: number | null;
  categoryName: string | null;
  price: number | null;
  currency: string;
  inStock: number;
  status: string;
  stage: string;
  gridStatus: ProductGridStatus;
  blocked: boolean;
  hasErrors: boolean;
  variantCount: number;
  thumbUrl: string | null;
  barcode: string | null;
  deliveryDelay: number;
  /** OK, or PROBLEM when no active delivery method takes the product (deliveries/checks). */
  delivery: string;
  updatedAt: Date;
  createdAt: Date;
}

export interface ProductCounts {
  all: number;
  soldOut: number;
  lastItems: number;
  blocked: number;
  errors: number;
}

/**
 * Every combination of the four columns the grid status is made of, with the status the domain gives it.
 * The SQL is built from this table, so the grid filters exactly what the domain shows.
 */
const STATUS_COMBINATIONS = PRODUCT_STATUSES.flatMap((status) =>
  PRODUCT_STAGES.flatMap((stage) =>
    [false, true].flatMap((blocked) =>
      [false, true].map((hasErrors) => ({
        status,
        stage,
        blocked,
        hasErrors,
        gridStatus: productGridStatus({ status, stage, blocked, hasErrors }),
      })),
    ),
  ),
);

function combinationSql(c: (typeof STATUS_COMBINATIONS)[number]): SQL {
  return sql`(${products.status} = ${c.status} and ${products.stage} = ${c.stage} and ${products.blocked} = ${c.blocked} and ${products.hasErrors} = ${c.hasErrors})`;
}

function gridStatusIn(wanted: readonly string[]): SQL {
  const parts = STATUS_COMBINATIONS.filter((c) => wanted.includes(c.gridStatus)).map(combinationSql);
  return parts.length ? sql`(${sql.join(parts, sql` or `)})` : sql`false`;
}

const gridStatusSql = sql`(case ${sql.join(
  STATUS_COMBINATIONS.map((c) => sql`when ${combinationSql(c)} then ${c.gridStatus}`),
  sql` `,
)} end)`;

/** The grid's columns (contract §D "Products"); only these names ever reach the SQL. */
export const PRODUCT_GRID_COLUMNS: readonly GridColumn[] = [
  { field: 'id', sql: products.id, filterType: 'TEXT', sortable: true },
  { field: 'title', sql: products.title, filterType: 'TEXT', sortable: true, foldAccents: true },
  { field: 'brandId', sql: products.brandId, filterType: 'TEXT' },
  { field: 'categoryId', sql: products.categoryId, filterType: 'NUMBER', number: 'int4' },
  { field: 'price', sql: products.price, filterType: 'NUMBER', number: 'decimal', sortable: true },
  { field: 'inStock', sql: products.inStock, filterType: 'NUMBER', number: 'int4', sortable: true },
  { field: 'status', sql: products.status, filterType: 'ENUMS', options: PRODUCT_STATUSES },
  { field: 'stage', sql: products.stage, filterType: 'ENUMS', options: PRODUCT_STAGES },
  {
    field: 'gridStatus',
    sql: gridStatusSql,
    filterType: 'ENUMS',
    options: PRODUCT_GRID_STATUSES,
    notNull: true,
    filterSql: (filter) => {
      if (filter.operator === 'EMPTY') return sql`false`;
      if (filter.operator === 'NEMPTY') return sql`true`;
      const values =
        filter.operator === 'EQUAL' || filter.operator === 'NOT_EQUAL' ? [filter.value ?? ''] : (filter.values ?? []);
      const matches = gridStatusIn(values);
      return filter.operator === 'NOT_EQUAL' || filter.operator === 'NIN' ? sql`not ${matches}` : matches;
    },
  },
  { field: 'blocked', sql: products.blocked, filterType: 'BOOLEAN' },
  { field: 'hasErrors', sql: products.hasErrors, filterType: 'BOOLEAN' },
  { field: 'variantCount', sql: products.variantCount, filterType: 'NUMBER', number: 'int4' },
  { field: 'barcode', sql: products.barcode, filterType: 'TEXT' },
  { field: 'deliveryDelay', sql: products.deliveryDelay, filterType: 'NUMBER', number: 'int4' },
  { field: 'updatedAt', sql: products.updatedAt, filterType: 'DATETIME', sortable: true },
  { field: 'createdAt', sql: products.createdAt, filterType: 'DATETIME', sortable: true },
];

function viewSql(view: ProductsView): SQL | undefined {
  switch (view) {
    case 'SOLD_OUT':
      return eq(products.inStock, 0);
    case 'LAST_ITEMS':
      return between(products.inStock, LAST_ITEMS_RANGE.min, LAST_ITEMS_RANGE.max);
    case 'BLOCKED':
      return eq(products.blocked, true);
    default:
      return undefined;
  }
}

/**
 * The grid's search: id or title containing the text (trigram indexes; the id's is on lower(id)), or exactly the barcode. A barcode is
 * typed or scanned whole; "contains" on it would read every product of the partner, as no index serves it.
 */
function searchSql(search: string | null | undefined): SQL | undefined {
  const term = search?.trim();
  if (!term) return undefined;
  const like = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql`(lower(${products.id}) ilike ${like} or ${accentFolded(products.title)} like ${accentFolded(like)} or ${products.barcode} = ${term})`;
}

/**
 * The query of one tab with the grid's filters, scoped to the partner (shared with the bench). The delivery
 * column is the partner's active delivery methods written into the SQL (deliveries/checks-sql.ts).
 */
export function productsGridQuery(
  partnerId: number,
  view: ProductsView,
  grid: unknown,
  methods: readonly DeliveryCheckMethod[],
) {
  const q = buildGridQuery(grid, [...PRODUCT_GRID_COLUMNS, deliveryGridColumn(methods)], {
    idColumn: products.id,
    // Product ids are the partner's text; the cursor's id is checked as text, never cast.
    idNumber: 'text',
    defaultSort:
      view === 'SOLD_OUT' ? { field: 'title', direction: 'DESCENDING' } : { field: 'id', direction: 'DESCENDING' },
  });
  const countWhere = and(eq(products.partnerId, partnerId), viewSql(view), q.where, searchSql(q.request.search))!;
  return { q, countWhere };
}

/** Each category's name in the caller's language, for the rows of one page only. */
export async function categoryNames(db: DbOrTx, ids: number[], lang: Language): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: categories.id, names: categories.names })
    .from(categories)
    .where(inArray(categories.id, ids));
  return new Map(rows.map((r) => [r.id, r.names[lang] ?? r.names.en ?? Object.values(r.names)[0] ?? '']));
}

/**
 * A search matching at most this many products is read by its trigram indexes and then sorted. Beyond it
 * the matches are dense, and walking the sort's index until a page is full is the faster way.
 */
export const SEARCH_SORTED_AFTER_MAX = 5000;

/**
 * The grid's order with expressions no index matches (`id || ''` sorts as `id`): the planner then finds the
 * few matches of a search first instead of walking a whole index. It misjudges how many rows a trigram
 * search matches ("P00012" taken as 2,000 of 200,000) and would read every product to fill a page.
 */
function sortAfterMatching(view: ProductsView, requested: { field: string; direction: string } | null | undefined) {
  const sort =
    requested ??
    (view === 'SOLD_OUT' ? { field: 'title', direction: 'DESCENDING' } : { field: 'id', direction: 'DESCENDING' });
  const column = PRODUCT_GRID_COLUMNS.find((c) => c.field === sort.field)!;
  const asc = sort.direction === 'ASCENDING';
  const opaque = (c: GridColumn['sql'], filterType: GridColumn['filterType']): SQL =>
    filterType === 'TEXT'
      ? sql`(${c} || '')`
      : filterType === 'DATETIME'
        ? sql`(${c} + interval '0 seconds')`
        : sql`(${c} + 0)`;
  const nullable = !(is(column.sql, Column) && column.sql.notNull);
  const direction = asc ? sql`asc` : sql`desc`;
  const nulls = nullable ? (asc ? sql` nulls first` : sql` nulls last`) : sql``;
  return [
    sql`${opaque(column.sql, column.filterType)} ${direction}${nulls}`,
    sql`${opaque(products.id, 'TEXT')} ${direction}`,
  ];
}

/** The order a page is read in: the grid's, or for a search with few matches, one that reads them first. */
export function productsOrderBy(view: ProductsView, q: GridQueryParts, total: { total: number }): SQL[] {
  return q.request.search && total.total <= SEARCH_SORTED_AFTER_MAX
    ? sortAfterMatching(view, q.request.sort)
    : q.orderBy;
}

/** The columns a grid row selects (the grid and the bench read the same ones). */
export const PRODUCT_ROW_FIELDS = {
  id: products.id,
  title: products.title,
  productType: products.productType,
  brandId: products.brandId,
  categoryId: products.categoryId,
  price: products.price,
  inStock: products.inStock,
  status: products.status,
  stage: products.stage,
  blocked: products.blocked,
  hasErrors: products.hasErrors,
  variantCount: products.variantCount,
  thumbUrl: products.mainThumbUrl,
  barcode: products.barcode,
  deliveryDelay: products.deliveryDelay,
  updatedAt: products.updatedAt,
  createdAt: products.createdAt,
};

/**
 * One page of a tab of the products grid. Brand and category names are read for the page's rows after
 * the page is chosen: a join would make the database carry them through every row it sorts.
 */
export async function productsGrid(
  ctx: RequestContext,
  view: ProductsView,
  grid: unknown,
): Promise<GridPage<ProductRow>> {
  const { partnerId } = await ctx.require('products', 'read');
  const [shop, methods] = await Promise.all([partnerShop(ctx, partnerId), loadCheckMethods(ctx.db, partnerId)]);
  const { q, countWhere } = productsGridQuery(partnerId, view, grid, methods);
  const total = await cappedTotal(ctx.db, products, countWhere);
  const orderBy = productsOrderBy(view, q, total);
  const rows = await q.readRows((seek, limit, offset) =>
    ctx.db
      .select({ ...PRODUCT_ROW_FIELDS, delivery: deliveryStateSql(methods), ...q.cursorFields })
      .from(products)
      .where(and(countWhere, seek))
      .orderBy(...orderBy)
      .limit(limit)
      .offset(offset),
  );
  const page = q.toPage(rows, total);
  const [brands, cats] = await Promise.all([
    loadBrandNames(ctx.db, [...new Set(page.items.map((r) => r.brandId).filter((b): b is string => !!b))]),
    categoryNames(
      ctx.db,
      [...new Set(page.items.map((r) => r.categoryId).filter((c): c is number => c !== null))],
      ctx.lang,
    ),
  ]);
  return {
    ...page,
    items: page.items.map((r) => ({
      ...r,
      brandName: r.brandId ? (brands.get(r.brandId) ?? null) : null,
      categoryName: r.categoryId !== null ? (cats.get(r.categoryId) ?? null) : null,
      currency: shop.currency,
      gridStatus: productGridStatus(r),
    })),
  };
}

async function countTabs(db: DbOrTx, partnerId: number): Promise<ProductCounts> {
  const scope = eq(products.partnerId, partnerId);
  const [[tabs], [errors]] = await Promise.all([
    db
      .select({
        all: sql<number>`count(*)::int`,
        soldOut: sql<number>`(count(*) filter (where ${products.inStock} = 0))::int`,
        lastItems: sql<number>`(count(*) filter (where ${products.inStock} between ${LAST_ITEMS_RANGE.min} and ${LAST_ITEMS_RANGE.max}))::int`,
        blocked: sql<number>`(count(*) filter (where ${products.blocked}))::int`,
      })
      .from(products)
      .where(scope),
    db.select({ n: sql<number>`count(*)::int` }).from(productErrors).where(eq(productErrors.partnerId, partnerId)),
  ]);
  return {
    all: tabs?.all ?? 0,
    soldOut: tabs?.soldOut ?? 0,
    lastItems: tabs?.lastItems ?? 0,
    blocked: tabs?.blocked ?? 0,
    errors: errors?.n ?? 0,
  };
}

/**
 * The counts on the tabs, kept per partner for a few seconds however many people look and forgotten when a
 * change to the partner commits (every product change is audited).
 */
export async function productCounts(ctx: RequestContext): Promise<ProductCounts> {
  const { partnerId } = await ctx.require('products', 'read');
  return ctx.platform.figures.get(`${partnerFiguresPrefix(partnerId)}products:counts`, () =>
    countTabs(ctx.db, partnerId),
  );
}

export interface ProductErrorRow {
  id: number;
  productId: string;
  source: string;
  issues: { field: string; rule: string; params?: Record<string, string | number> }[];
  createdAt: Date;
}

export const PRODUCT_ERROR_SOURCES = ['IMPORT', 'FORM', 'MARKETPLACE', 'MEDIA'] as const;

const ERROR_GRID_COLUMNS: readonly GridColumn[] = [
  { field: 'id', sql: productErrors.id, filterType: 'NUMBER', number: 'int8', sortable: true },
  { field: 'productId', sql: productErrors.productId, filterType: 'TEXT' },
  { field: 'source', sql: productErrors.source, filterType: 'ENUMS', options: PRODUCT_ERROR_SOURCES },
  { field: 'createdAt', sql: productErrors.createdAt, filterType: 'DATETIME' },
];

/** The errors tab: why items were refused, newest first, always 100 per page (spec). */
export async function productErrorsGrid(ctx: RequestContext, grid: unknown): Promise<GridPage<ProductErrorRow>> {
  const { partnerId } = await ctx.require('products', 'read');
  const q = buildGridQuery({ ...(grid as object), perPage: PRODUCT_ERRORS_PAGE }, ERROR_GRID_COLUMNS, {
    idColumn: productErrors.id,
    defaultSort: { field: 'id', direction: 'DESCENDING' },
    searchColumns: [productErrors.productId],
  });
  const countWhere = and(eq(productErrors.partnerId, partnerId), q.where)!;
  const [rows, total] = await Promise.all([
    q.readRows((seek, limit, offset) =>
      ctx.db
        .select({
          id: productErrors.id,
          productId: productErrors.productId,
          source: productErrors.source,
          issues: productErrors.issues,
          createdAt: productErrors.createdAt,
          ...q.cursorFields,
        })
        .from(productErrors)
        .where(and(countWhere, seek))
        .orderBy(...q.orderBy)
        .limit(limit)
        .offset(offset),
    ),
    cappedTotal(ctx.db, productErrors, countWhere),
  ]);
  return q.toPage(rows, total);
}
