import {
  CURRENCIES,
  DELIVERY_METHODS,
  EU_COUNTRIES,
  FINAL_STATUSES,
  type GridPage,
  missingStatusCutoff,
  ORDER_STATUSES,
  type OrderChip,
  type OrderStatus,
  ORDER_TYPES,
  orderChips,
  PAYMENT_GROUPS,
  PAYMENT_TYPE_CODES,
  PAYMENT_TYPES,
  type PaymentGroup,
  paymentGroupOf,
  paymentTypesOf,
} from '@pp/domain';
import { createHash } from 'node:crypto';
import { and, eq, inArray, lt, not, type SQL, sql } from 'drizzle-orm';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db/client';
import { partnerFiguresPrefix } from '../../platform/figures-cache';
import {
  accentInsensitive,
  buildGridQuery,
  cappedTotal,
  type GridColumn,
  type GridQueryParts,
} from '../../platform/grid';
import { SLA_BREACH_COLUMN } from '../sla/breach';
import { orders } from './tables';

/** The tabs of the orders area (commerce spec §2): all orders, one per working status, and the missing list. */
export const ORDERS_VIEWS = ['ALL', 'OPEN', 'SHIPPING', 'SHIPPED', 'DELIVERED', 'MISSING'] as const;
export type OrdersView = (typeof ORDERS_VIEWS)[number];

const VIEW_STATUS: Partial<Record<OrdersView, OrderStatus>> = {
  OPEN: 'open',
  SHIPPING: 'shipping',
  SHIPPED: 'shipped',
  DELIVERED: 'delivered',
};

/** Blocked orders wait for the marketplace, not for the partner: like final ones they are never missing. */
const NEVER_MISSING: readonly OrderStatus[] = [...FINAL_STATUSES, 'blocked'];

export interface OrderRow {
  id: number;
  purchaseId: string | null;
  externalId: string | null;
  status: OrderStatus;
  confirmed: boolean;
  orderType: string;
  createdAt: Date;
  deliveryDate: Date | null;
  dispatchDate: Date | null;
  shippedAt: Date | null;
  deliveredAt: Date | null;
  customerName: string;
  deliveryCity: string | null;
  deliveryCountry: string | null;
  deliveryType: string | null;
  branchId: string | null;
  paymentType: string;
  paymentGroup: PaymentGroup;
  total: number;
  cod: number;
  currency: string;
  trackingNumber: string | null;
  trackingUrl: string | null;
  parcelCount: number;
  isTest: boolean;
  isMallDelivery: boolean;
  readyToReturn: boolean;
  chips: OrderChip[];
}

export interface OrderStatusCounts {
  all: number;
  open: number;
  shipping: number;
  shipped: number;
  delivered: number;
  missing: number;
}

function inList(column: SQL | typeof orders.paymentType, values: readonly string[]): SQL {
  return sql`${column} in (${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )})`;
}

/** The payment group of a row, in SQL, from the same table the domain reads (unknown codes are inactive). */
const paymentGroupSql = sql`(case ${orders.paymentType} ${sql.join(
  PAYMENT_TYPE_CODES.map((code) => sql`when ${code} then ${PAYMENT_TYPES[code]}`),
  sql` `,
)} else 'INACTIVE_PAYMENT' end)`;

/**
 * A payment group filter as a list of payment codes: the planner reads `payment_type in (…)` from its
 * statistics, where a CASE expression's selectivity is a guess (it misjudged 162,000 rows as 2,000 and chose
 * to read every index entry of the partner). Unknown codes belong to the inactive group, as the domain says.
 */
function paymentGroupFilter(filter: {
  operator: string;
  value?: string | null;
  values?: readonly string[] | null;
}): SQL {
  if (filter.operator === 'EMPTY') return sql`false`;
  if (filter.operator === 'NEMPTY') return sql`true`;
  const groups = new Set(
    filter.operator === 'EQUAL' || filter.operator === 'NOT_EQUAL' ? [filter.value] : filter.values,
  );
  const codes = PAYMENT_TYPE_CODES.filter((code) => groups.has(PAYMENT_TYPES[code]));
  const parts: SQL[] = [];
  if (codes.length) parts.push(inList(orders.paymentType, codes));
  if (groups.has('INACTIVE_PAYMENT')) parts.push(sql`not ${inList(orders.paymentType, PAYMENT_TYPE_CODES)}`);
  const matches = parts.length ? sql`(${sql.join(parts, sql` or `)})` : sql`false`;
  return filter.operator === 'NOT_EQUAL' || filter.operator === 'NIN' ? sql`not ${matches}` : matches;
}

/**
 * The chips as conditions that are true or false, never NULL (a filter "without the chip" keeps NULL rows).
 * "Ready to return" is the order's own flag, already a column of the same name (below).
 */
const chipSql = {
  cashOnDelivery: inList(orders.paymentType, paymentTypesOf('CASH_ON_DELIVERY')),
  deliveryToAddress: sql`(${orders.deliveryType} is not distinct from 'ADDRESS')`,
  mallDelivery: sql`${orders.isMallDelivery}`,
  personalPickup: sql`(${orders.deliveryType} is not distinct from 'PERSONAL_PICKUP')`,
  waitingForPayment: sql`(${orders.status} = 'open' and not ${orders.confirmed})`,
} satisfies Partial<Record<OrderChip, SQL>>;

/** The grid's columns (contract: orders grid); only these names ever reach the SQL. */
export const ORDER_GRID_COLUMNS: readonly GridColumn[] = [
  { field: 'id', sql: orders.id, filterType: 'NUMBER', number: 'int8', sortable: true },
  { field: 'purchaseId', sql: orders.purchaseId, filterType: 'TEXT' },
  { field: 'externalId', sql: orders.externalId, filterType: 'TEXT' },
  { field: 'status', sql: orders.status, filterType: 'ENUMS', options: ORDER_STATUSES },
  { field: 'orderType', sql: orders.orderType, filterType: 'ENUMS', options: ORDER_TYPES },
  { field: 'createdAt', sql: orders.createdAt, filterType: 'DATETIME', sortable: true },
  { field: 'deliveryDate', sql: orders.deliveryDate, filterType: 'DATE', sortable: true },
  // The ship-by date: filtered (the home page's "to ship today" and "overdue") within a status, never sorted.
  { field: 'dispatchDate', sql: orders.dispatchDate, filterType: 'DATE' },
  { field: 'shippedAt', sql: orders.shippedAt, filterType: 'DATETIME', sortable: true },
  { field: 'deliveredAt', sql: orders.deliveredAt, filterType: 'DATETIME', sortable: true },
  { field: 'customerName', sql: orders.customerName, filterType: 'TEXT', sortable: true, foldAccents: true },
  { field: 'deliveryCity', sql: orders.deliveryCity, filterType: 'TEXT', foldAccents: true },
  { field: 'deliveryCountry', sql: orders.deliveryCountry, filterType: 'ENUMS', options: EU_COUNTRIES },
  { field: 'deliveryType', sql: orders.deliveryType, filterType: 'ENUMS', options: DELIVERY_METHODS },
  { field: 'paymentType', sql: orders.paymentType, filterType: 'ENUMS', options: PAYMENT_TYPE_CODES },
  {
    field: 'paymentGroup',
    sql: paymentGroupSql,
    filterType: 'ENUMS',
    options: PAYMENT_GROUPS,
    notNull: true,
    filterSql: paymentGroupFilter,
  },
  { field: 'total', sql: orders.total, filterType: 'NUMBER', number: 'decimal', sortable: true },
  { field: 'cod', sql: orders.cod, filterType: 'NUMBER', number: 'decimal' },
  { field: 'currency', sql: orders.currency, filterType: 'ENUMS', options: CURRENCIES },
  { field: 'trackingNumber', sql: orders.trackingNumber, filterType: 'TEXT' },
  { field: 'parcelCount', sql: orders.parcelCount, filterType: 'NUMBER', number: 'int4' },
  { field: 'isTest', sql: orders.isTest, filterType: 'BOOLEAN' },
  { field: 'isMallDelivery', sql: orders.isMallDelivery, filterType: 'BOOLEAN' },
  { field: 'readyToReturn', sql: orders.readyToReturn, filterType: 'BOOLEAN' },
  { field: 'confirmed', sql: orders.confirmed, filterType: 'BOOLEAN' },
  ...Object.entries(chipSql).map(
    ([field, condition]): GridColumn => ({ field, sql: condition, filterType: 'BOOLEAN', notNull: true }),
  ),
  // The orders behind an SLA figure (the SLA page links here).
  SLA_BREACH_COLUMN,
];

/**
 * The first expected delivery day that is not missing yet at `now`: an order is missing when its delivery
 * day (midnight UTC, as the domain reads the date) lies before the cutoff, i.e. on a day before this one.
 * A day, not a timestamp, so the comparison is a plain range of the delivery-date index.
 */
export function firstDayNotMissing(now: Date): string {
  const cutoff = missingStatusCutoff(now);
  const day = new Date(Date.UTC(cutoff.getUTCFullYear(), cutoff.getUTCMonth(), cutoff.getUTCDate()));
  if (day.getTime() < cutoff.getTime()) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

/**
 * The statuses as literals (domain constants, never caller text): the partial index of unfinished orders
 * (tables.ts) names the same list, and the planner matches literals, not parameters.
 */
const neverMissingList = sql.raw(NEVER_MISSING.map((s) => `'${s}'`).join(', '));

/** Orders without a final status whose expected delivery lies more than the missing-status days back. */
export function missingSql(now: Date): SQL {
  return and(
    sql`${orders.status} not in (${neverMissingList})`,
    lt(orders.deliveryDate, sql`${firstDayNotMissing(now)}::date`),
  )!;
}

function viewSql(view: OrdersView, now: Date): SQL | undefined {
  if (view === 'MISSING') return missingSql(now);
  const status = VIEW_STATUS[view];
  return status ? eq(orders.status, status) : undefined;
}

/**
 * The query of one tab with the grid's filters, scoped to the partner. Shared with the exports, so a file
 * holds exactly the rows the grid shows. Test orders are left out unless the request asks about them.
 * `where` also holds the seek past `grid.after` (rows of one read); `countWhere` does not (the total).
 */
export function ordersGridQuery(
  partnerId: number,
  view: OrdersView,
  grid: unknown,
  now = new Date(),
): { q: GridQueryParts; where: SQL; countWhere: SQL } {
  const q = buildGridQuery(grid, ORDER_GRID_COLUMNS, {
    idColumn: orders.id,
    idNumber: 'int8',
    defaultSort: { field: 'id', direction: 'DESCENDING' },
    searchColumns: [
      orders.id,
      orders.purchaseId,
      orders.externalId,
      accentInsensitive(orders.customerName),
      orders.trackingNumber,
    ],
  });
  const asksForTest = q.request.filters.some((f) => f.field === 'isTest');
  const countWhere = and(
    eq(orders.partnerId, partnerId),
    viewSql(view, now),
    asksForTest ? undefined : not(orders.isTest),
    q.where,
  )!;
  return { q, where: and(countWhere, q.seekWhere)!, countWhere };
}

/** The columns a grid row selects: the grid, its exports and the bench read the same ones. */
export const ORDER_ROW_FIELDS = {
  id: orders.id,
  purchaseId: orders.purchaseId,
  externalId: orders.externalId,
  status: orders.status,
  confirmed: orders.confirmed,
  orderType: orders.orderType,
  createdAt: orders.createdAt,
  deliveryDate: orders.deliveryDate,
  dispatchDate: orders.dispatchDate,
  shippedAt: orders.shippedAt,
  deliveredAt: orders.deliveredAt,
  customerName: orders.customerName,
  deliveryCity: orders.deliveryCity,
  deliveryCountry: orders.deliveryCountry,
  deliveryType: orders.deliveryType,
  branchId: orders.branchId,
  paymentType: orders.paymentType,
  total: orders.total,
  cod: orders.cod,
  currency: orders.currency,
  trackingNumber: orders.trackingNumber,
  trackingUrl: orders.trackingUrl,
  parcelCount: orders.parcelCount,
  isTest: orders.isTest,
  isMallDelivery: orders.isMallDelivery,
  readyToReturn: orders.readyToReturn,
};

type SelectedRow = { [K in keyof typeof ORDER_ROW_FIELDS]: (typeof orders.$inferSelect)[K] };

function toOrderRow(row: SelectedRow): OrderRow {
  const status = row.status as OrderStatus;
  return {
    ...row,
    status,
    paymentGroup: paymentGroupOf(row.paymentType),
    chips: orderChips({ ...row, status }),
  };
}

/** One page of a tab of the orders grid, with a capped total and the cursor of the next page. */
export async function ordersGrid(ctx: RequestContext, view: OrdersView, grid: unknown): Promise<GridPage<OrderRow>> {
  const { partnerId } = await ctx.require('orders', 'read');
  const { q, countWhere } = ordersGridQuery(partnerId, view, grid);
  const [rows, total] = await Promise.all([
    q.readRows((seek, limit, offset) =>
      ctx.db
        .select({ ...ORDER_ROW_FIELDS, ...q.cursorFields })
        .from(orders)
        .where(and(countWhere, seek))
        .orderBy(...q.orderBy)
        .limit(limit)
        .offset(offset),
    ),
    cappedTotal(ctx.db, orders, countWhere),
  ]);
  const page = q.toPage(rows, total);
  return { ...page, items: page.items.map(toOrderRow) };
}

/**
 * One page of a tab as the partner REST API lists orders: the grid's scope, filters and sort, by page number,
 * no cursor. The page is its rows' `row` (an SQL expression over the orders table, a JSON value) joined by commas
 * in the page's order, written by the database: a page of 100 basic orders cost Node more (row mapping, dates, the answer's serialisation) than
 * the database's own work. An integration pages through one listing, so its total is kept with the partner's
 * figures (counted once per listing for a few seconds, forgotten as soon as a change to the partner commits, a
 * new order among them) under a digest of the listing's view, filters and search.
 */
export async function ordersApiPage(
  ctx: RequestContext,
  view: OrdersView,
  grid: unknown,
  row: SQL,
): Promise<{ json: string; size: number; total: number }> {
  const { partnerId } = await ctx.require('orders', 'read');
  const { q, countWhere } = ordersGridQuery(partnerId, view, grid);
  const { filters, search } = q.request;
  const listing = createHash('sha256')
    .update(JSON.stringify({ view, filters, search: search ?? null }))
    .digest('base64url');
  // The rows skipped by the offset are projected too: the page's ids first, the JSON of those 100 only.
  const pageIds = ctx.db
    .select({ id: orders.id })
    .from(orders)
    .where(countWhere)
    .orderBy(...q.orderBy)
    .limit(q.limit)
    .offset(q.offset);
  // The page as one text (the rows joined in the page's order), so Node handles one value, not a hundred rows.
  const [[page], total] = await Promise.all([
    ctx.db
      .select({
        json: sql<string | null>`string_agg((${row})::text, ',' order by ${sql.join(q.orderBy, sql`, `)})`,
        size: sql<number>`count(*)::int`,
      })
      .from(orders)
      .where(and(eq(orders.partnerId, partnerId), inArray(orders.id, pageIds))),
    ctx.platform.figures.get(`${partnerFiguresPrefix(partnerId)}orders:listing:${listing}`, () =>
      cappedTotal(ctx.db, orders, countWhere),
    ),
  ]);
  return { json: page?.json ?? '', size: page?.size ?? 0, total: total.total };
}

async function countStatuses(db: DbOrTx, partnerId: number, now: Date): Promise<OrderStatusCounts> {
  const scope = and(eq(orders.partnerId, partnerId), not(orders.isTest));
  // One pass over the partner's (partner_id, status) index gives every tab but the missing one.
  const [byStatus, [missing]] = await Promise.all([
    db
      .select({ status: orders.status, n: sql<number>`count(*)::int` })
      .from(orders)
      .where(scope)
      .groupBy(orders.status),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(and(scope, missingSql(now))),
  ]);
  const of = (status: OrderStatus) => byStatus.find((r) => r.status === status)?.n ?? 0;
  return {
    all: byStatus.reduce((sum, r) => sum + r.n, 0),
    open: of('open'),
    shipping: of('shipping'),
    shipped: of('shipped'),
    delivered: of('delivered'),
    missing: missing?.n ?? 0,
  };
}

/**
 * The counts on the tabs, test orders left out. Kept per partner for a few seconds however many people look,
 * and forgotten as soon as a change to the partner commits (a status change is audited), so a person sees
 * the order move tabs at once.
 */
export async function orderStatusCounts(ctx: RequestContext): Promise<OrderStatusCounts> {
  const { partnerId } = await ctx.require('orders', 'read');
  return ctx.platform.figures.get(`${partnerFiguresPrefix(partnerId)}orders:counts`, () =>
    countStatuses(ctx.db, partnerId, new Date()),
  );
}
