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

function shipmentFilter(filter: { operator: string; values?: readonly string[] | null }): SQL {
  const values = sql`${sql.param([...(filter.values ?? [])])}::text[]`;
  const status = lastShipment('status');
  if (filter.operator === 'EMPTY') return sql`${status} is null`;
  if (filter.operator === 'NEMPTY') return sql`${status} is not null`;
  return filter.operator === 'NIN' ? sql`coalesce(${status} <> all(${values}), true)` : sql`${status} = any(${values})`;
}

const COLUMNS: readonly GridColumn[] = [
  { field: 'id', sql: orders.id, filterType: 'NUMBER', sortable: true },
  { field: 'createdAt', sql: orders.createdAt, filterType: 'DATETIME' },
  { field: 'status', sql: orders.status, filterType: 'ENUMS', options: ORDER_STATUSES },
  {
    field: 'shipmentStatus',
    sql: lastShipment('status'),
    filterType: 'ENUMS',
    options: SHIPMENT_STATUSES,
    filterSql: shipmentFilter,
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
  const q = buildGridQuery(grid, COLUMNS, {
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
