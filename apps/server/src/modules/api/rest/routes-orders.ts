import {
  formatWireDate,
  formatWireDay,
  type V1Column,
  v1GridQuery,
  v1PageRequest,
  v1Paging,
  v1PagingQuery,
} from '@pp/domain';
import { z } from 'zod';
import { type OrderRow, ordersGrid } from '../../orders/grid';
import { v1Route } from './route';

/**
 * The order list (issue 20 point 4, first part) over the orders grid's own query code: the same partner
 * scoping, permission, filters and keyset-capable paging as the portal's grid, test orders left out unless
 * `test` is filtered. Without `filter=basic` the marketplace answers order ids only.
 */

/** The wire's filter and sort columns, by the grid field they mean. */
export const ORDER_COLUMNS: Readonly<Record<string, V1Column>> = {
  id: { field: 'id', kind: 'number' },
  purchase_id: { field: 'purchaseId', kind: 'text' },
  external_id: { field: 'externalId', kind: 'text' },
  status: { field: 'status', kind: 'enum' },
  confirmed: { field: 'confirmed', kind: 'boolean' },
  test: { field: 'isTest', kind: 'boolean' },
  mdp: { field: 'isMallDelivery', kind: 'boolean' },
  customer: { field: 'customerName', kind: 'text' },
  cod: { field: 'cod', kind: 'number' },
  payment_type: { field: 'paymentType', kind: 'enum' },
  tracking_number: { field: 'trackingNumber', kind: 'text' },
  created: { field: 'createdAt', kind: 'datetime' },
  ship_date: { field: 'dispatchDate', kind: 'date' },
  delivery_date: { field: 'deliveryDate', kind: 'date' },
  shipped_at: { field: 'shippedAt', kind: 'datetime' },
  delivered_at: { field: 'deliveredAt', kind: 'datetime' },
};

const wireDateOrNull = z.string().nullable();

const basicOrder = z.object({
  id: z.number().int(),
  purchase_id: z.string().nullable(),
  external_id: z.string().nullable(),
  customer_id: z.null(),
  customer: z.string(),
  cod: z.number(),
  payment_type: z.string(),
  ship_date: wireDateOrNull,
  tracking_number: z.string().nullable(),
  tracking_url: z.null(),
  delivered_at: wireDateOrNull,
  created: z.string(),
  status: z.string(),
  confirmed: z.boolean(),
  test: z.boolean(),
  mdp: z.boolean(),
});

const wire = (date: Date | null) => (date ? formatWireDate(date) : null);

function basic(row: OrderRow): z.input<typeof basicOrder> {
  return {
    id: row.id,
    purchase_id: row.purchaseId,
    external_id: row.externalId,
    // The marketplace's customer number is not kept by the portal.
    customer_id: null,
    customer: row.customerName,
    cod: row.cod,
    payment_type: row.paymentType,
    ship_date: row.dispatchDate ? formatWireDay(row.dispatchDate) : null,
    tracking_number: row.trackingNumber,
    tracking_url: null,
    delivered_at: wire(row.deliveredAt),
    created: formatWireDate(row.createdAt),
    status: row.status,
    confirmed: row.confirmed,
    test: row.isTest,
    mdp: row.isMallDelivery,
  };
}

const orders = v1Route({
  method: 'GET',
  path: '/orders',
  summary:
    'The partner’s orders, newest first: ids, or basic orders with filter=basic. Filters column=op:value on ' +
    `${Object.keys(ORDER_COLUMNS).join(', ')} (eq neq gt ge lt le in nin bt, $null); sort _sort=column:asc|desc`,
  tag: 'Orders',
  query: v1PagingQuery.extend({ filter: z.enum(['basic']).optional() }),
  data: z.union([z.array(z.number().int()), z.array(basicOrder)]),
  paged: true,
  async handler(ctx, { query, rawQuery }) {
    const request = v1PageRequest(query);
    const { filters, sort } = v1GridQuery(rawQuery, ORDER_COLUMNS);
    const page = await ordersGrid(ctx, 'ALL', {
      page: request.page,
      perPage: request.pageSize,
      filters,
      ...(sort ? { sort } : {}),
    });
    const data = query.filter === 'basic' ? page.items.map(basic) : page.items.map((o) => o.id);
    return { data, paging: v1Paging(page.total, request, page.items.length) };
  },
});

export const ORDER_ROUTES = [orders];
