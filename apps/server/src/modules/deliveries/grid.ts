import { DELIVERY_KINDS, type GridPage, MALL_DELIVERY_TYPES, METHOD_PACKAGE_SIZES, PRICING_TYPES } from '@pp/domain';
import { and, eq } from 'drizzle-orm';
import type { RequestContext } from '../../platform/context';
import { accentInsensitive, buildGridQuery, cappedTotal, type GridColumn } from '../../platform/grid';
import { partnerDeliveries as d } from '../partner/tables';
import { type DeliveryView, withOpenOrders } from './service';

const METHOD_COLUMNS: readonly GridColumn[] = [
  { field: 'id', sql: d.id, filterType: 'NUMBER', sortable: true },
  { field: 'code', sql: d.code, filterType: 'TEXT', sortable: true },
  { field: 'title', sql: d.title, filterType: 'TEXT', sortable: true, foldAccents: true },
  { field: 'transport', sql: d.transport, filterType: 'TEXT', sortable: true },
  { field: 'price', sql: d.price, filterType: 'NUMBER', number: 'decimal', sortable: true },
  { field: 'codPrice', sql: d.codPrice, filterType: 'NUMBER', number: 'decimal', sortable: true },
  { field: 'freeLimit', sql: d.freeLimit, filterType: 'NUMBER', number: 'decimal', sortable: true },
  { field: 'deliveryDelay', sql: d.deliveryDelay, filterType: 'NUMBER', sortable: true },
  { field: 'priority', sql: d.priority, filterType: 'NUMBER', sortable: true },
  { field: 'isPickupPoint', sql: d.isPickupPoint, filterType: 'BOOLEAN', sortable: true },
  { field: 'deliveryKind', sql: d.deliveryKind, filterType: 'ENUMS', options: DELIVERY_KINDS, sortable: true },
  { field: 'packageSize', sql: d.packageSize, filterType: 'ENUMS', options: METHOD_PACKAGE_SIZES, sortable: true },
  { field: 'pricing', sql: d.pricing, filterType: 'ENUMS', options: PRICING_TYPES, sortable: true },
  { field: 'mdpAllowed', sql: d.mdpAllowed, filterType: 'BOOLEAN', sortable: true },
  {
    field: 'mallDeliveryType',
    sql: d.mallDeliveryType,
    filterType: 'ENUMS',
    options: MALL_DELIVERY_TYPES,
    sortable: true,
  },
  { field: 'active', sql: d.active, filterType: 'BOOLEAN', sortable: true },
];

/** The selected partner's delivery methods as a grid (spec §9: 50 a page, newest first). */
export async function deliveriesGrid(ctx: RequestContext, grid: unknown): Promise<GridPage<DeliveryView>> {
  const { partnerId } = await ctx.require('deliveries', 'read');
  const q = buildGridQuery(grid, METHOD_COLUMNS, {
    idColumn: d.id,
    defaultSort: { field: 'id', direction: 'DESCENDING' },
    searchColumns: [d.code, accentInsensitive(d.title), d.transport],
  });
  const where = and(eq(d.partnerId, partnerId), q.where);
  const [rows, total] = await Promise.all([
    q.readRows((seek, limit, offset) =>
      ctx.db
        .select({ row: d, ...q.cursorFields })
        .from(d)
        .where(and(where, seek))
        .orderBy(...q.orderBy)
        .limit(limit)
        .offset(offset),
    ),
    cappedTotal(ctx.db, d, where),
  ]);
  const counted = await withOpenOrders(
    ctx.db,
    partnerId,
    rows.map((r) => ({ ...r.row, gridSortKey: r.gridSortKey, gridRowKey: r.gridRowKey })),
  );
  return q.toPage(counted, total);
}
