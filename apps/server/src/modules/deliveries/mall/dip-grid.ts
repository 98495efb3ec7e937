import { type GridPage, ORDER_STATUSES, SHIPMENT_STATUSES } from '@pp/domain';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { RequestContext } from '../../../platform/context';
import { accentInsensitive, buildGridQuery, cappedTotal, type GridColumn } from '../../../platform/grid';
import { orders } from '../../orders/tables';

export interface DipDeliveryRow {
  id: number;
  status: string;
  createdAt: Date;
  customerName: string;
  deliveryCity: string | null;
  branchId: string | null;
  trackingNumber: string | null;
  total: number;
  currency: string;
  shipmentStatus: string | null;
  shipmentAt: Date | null;
}

/** The latest shipment status of the order: one step back along the history's primary key. */
const lastShipment = (column: 'status' | 'at') =>
  sql.raw(
    `(select s.${column} from order_shipment_history s where s.partner_id = "orders"."partner_id" and s.order_id = "orders"."id" order by s.id desc limit 1)`,
  );

/**
 * The statuses of a parcel's exception path: few orders ever reach them, so "ever had it" narrows a book of
 * DIP orders to a few candidates. The everyday statuses (most parcels pass CREATED … DELIVERED) narrow nothing,
 * and there the hash of every such order costs more than it saves (bench/dip.ts: DELIVERED 4× slower, RETURNED
 * 30× faster on PostgreSQL): they keep the walk of the DIP index alone.
 */
const RARE_SHIPMENT_STATUSES: ReadonlySet<string> = new Set([
  'EXPIRED',
  'RETURNING',
  'RETURNED',
  'RETURN_READY_FOR_PICKUP',
]);

/**
 * The filter by latest shipment status of one partner's grid. "Is one of" first asks whether the order ever had
 * one of the statuses: the partner's range of order_shipment_history_status_idx, read once into a hash (OFFSET 0
 * keeps it a hashed subplan, not a join whose order the planner might get wrong for a common status), then
 * probed per row — so a rare status such as RETURNED no longer costs each DIP order's latest-status lookup.
 * Only those candidates are checked for their latest status. An order whose latest status is X has a row with
 * X, so the narrowing never drops a match.
 */
function shipmentFilter(partnerId: number) {
  return (filter: { operator: string; values?: readonly string[] | null }): SQL => {
    const values = sql`${sql.param([...(filter.values ?? [])])}::text[]`;
    const status = lastShipment('status');
    if (filter.operator === 'EMPTY') return sql`${status} is null`;
    if (filter.operator === 'NEMPTY') return sql`${status} is not null`;
    if (filter.operator === 'NIN') return sql`coalesce(${status} <> all(${values}), true)`;
    const latest = sql`${status} = any(${values})`;
    const rare = (filter.values ?? []).length > 0 && (filter.values ?? []).every((v) => RARE_SHIPMENT_STATUSES.has(v));
    if (!rare) return latest;
    const everHad = sql`${orders.id} in (select h.order_id from order_shipment_history h where h.partner_id = ${partnerId} and h.status = any(${values}) offset 0)`;
    return sql`(${everHad} and ${latest})`;
  };
}

const columns = (partnerId: number): readonly GridColumn[] => [
  // Order ids pass 2^31 (the marketplace's ids start at 3.1e9): a cursor or a filter on them is an int8.
  { field: 'id', sql: orders.id, filterType: 'NUMBER', number: 'int8', sortable: true },
  { field: 'createdAt', sql: orders.createdAt, filterType: 'DATETIME' },
  { field: 'status', sql: orders.status, filterType: 'ENUMS', options: ORDER_STATUSES },
  {
    field: 'shipmentStatus',
    sql: lastShipment('status'),
    filterType: 'ENUMS',
    options: SHIPMENT_STATUSES,
    filterSql: shipmentFilter(partnerId),
  },
  { field: 'customerName', sql: orders.customerName, filterType: 'TEXT', foldAccents: true },
  { field: 'deliveryCity', sql: orders.deliveryCity, filterType: 'TEXT', foldAccents: true },
  { field: 'branchId', sql: orders.branchId, filterType: 'TEXT' },
  { field: 'trackingNumber', sql: orders.trackingNumber, filterType: 'TEXT' },
];

/**
 * The selected partner's orders delivered through Spectrum/DIP with the latest shipment status of each. Sorted
 * by order id only: the partial index (partner_id, id) where is_dip reads a page as one index range on the
 * largest book, newest first, and the status of each row is one step on the shipment history's key.
 */
export async function dipDeliveriesGrid(ctx: RequestContext, grid: unknown): Promise<GridPage<DipDeliveryRow>> {
  const { partnerId } = await ctx.require('deliveries', 'read');
  const q = buildGridQuery(grid, columns(partnerId), {
    idColumn: orders.id,
    defaultSort: { field: 'id', direction: 'DESCENDING' },
    searchColumns: [accentInsensitive(orders.customerName), orders.trackingNumber],
  });
  // Spelled as the partial index's predicate, so the planner can use it.
  const where = and(eq(orders.partnerId, partnerId), sql`${orders.isDip}`, q.where);
  const [rows, total] = await Promise.all([
    q.readRows((seek, limit, offset) =>
      ctx.db
        .select({
          id: orders.id,
          status: orders.status,
          createdAt: orders.createdAt,
          customerName: orders.customerName,
          deliveryCity: orders.deliveryCity,
          branchId: orders.branchId,
          trackingNumber: orders.trackingNumber,
          total: orders.total,
          currency: orders.currency,
          shipmentStatus: sql<string | null>`${lastShipment('status')}`,
          shipmentAt: sql<Date | null>`${lastShipment('at')}`.mapWith((v) => (v == null ? null : new Date(v))),
          ...q.cursorFields,
        })
        .from(orders)
        .where(and(where, seek))
        .orderBy(...q.orderBy)
        .limit(limit)
        .offset(offset),
    ),
    cappedTotal(ctx.db, orders, where),
  ]);
  return q.toPage(rows, total);
}
