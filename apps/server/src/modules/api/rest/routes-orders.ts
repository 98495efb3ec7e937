import {
  DomainError,
  type OrderStatus,
  readV1OrderUpdate,
  readV1SerialNumbers,
  readV1Tracking,
  type V1Column,
  type V1GridFilter,
  V1_STATS_DAYS_DEFAULT,
  v1GridQuery,
  v1ItemId,
  v1OrderId,
  v1OrderUpdateBody,
  v1PageRequest,
  v1Paging,
  v1PagingQuery,
  v1SerialNumbersBody,
  v1StatsQuery,
  v1StatusChangeOf,
  v1TrackingBody,
} from '@pp/domain';
import { z } from 'zod';
import type { RequestContext } from '../../../platform/context';
import { ordersApiPage } from '../../orders/grid';
import { setOrderItemSerialNumbers } from '../../orders/serial-numbers';
import { changeOrderStatus, orderDetail } from '../../orders/service';
import { orderStatusStats } from '../../orders/stats';
import { setOrderTracking } from '../../orders/tracking';
import { basicOrderJsonSql, orderIdJsonSql, orderWire, v1BasicOrder, v1Order, v1OrderStats } from './orders-wire';
import { V1JsonArray } from './envelope';
import { v1Route } from './route';

/**
 * The orders of the partner REST API v1 (issue 20 point 4), each over the portal's own order services: the
 * list is the orders grid's query, the detail is the order page's, a status change is the status dialog's
 * (every rule, history, audit, webhook event and refresh of open views), labels are the grid's label print.
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

const listQuery = v1PagingQuery.extend({
  filter: z.enum(['basic']).optional().describe('basic: basic orders instead of ids'),
});

const FILTERS_DOC =
  `Filters column=op:value on ${Object.keys(ORDER_COLUMNS).join(', ')} (eq neq gt ge lt le in nin bt nbt; ` +
  '$null for no value; dates YYYY-MM-DD HH:MM:SS); sort _sort=column:asc|desc; test=1 for the test orders';

/** The open orders the marketplace has not confirmed yet (they wait for the customer's payment). */
const UNCONFIRMED: V1GridFilter[] = [
  { field: 'status', operator: 'EQUAL', value: 'open' },
  { field: 'confirmed', operator: 'EQUAL', value: 'false' },
];

async function orderPage(
  ctx: RequestContext,
  query: z.output<typeof listQuery>,
  rawQuery: Record<string, unknown>,
  preset: V1GridFilter[] = [],
) {
  const request = v1PageRequest(query);
  const { filters, sort } = v1GridQuery(rawQuery, ORDER_COLUMNS);
  const page = await ordersApiPage(
    ctx,
    'ALL',
    { page: request.page, perPage: request.pageSize, filters: [...preset, ...filters], ...(sort ? { sort } : {}) },
    query.filter === 'basic' ? basicOrderJsonSql : orderIdJsonSql,
  );
  return { data: new V1JsonArray(page.json, page.size), paging: v1Paging(page.total, request, page.size) };
}

const listData = z.union([z.array(z.number().int()), z.array(v1BasicOrder)]);

const list = v1Route({
  method: 'GET',
  path: '/orders',
  summary: `The partner’s orders, newest first: ids, or basic orders with filter=basic. ${FILTERS_DOC}`,
  tag: 'Orders',
  query: listQuery,
  data: listData,
  paged: true,
  handler: (ctx, { query, rawQuery }) => orderPage(ctx, query, rawQuery),
});

const unconfirmed = v1Route({
  method: 'GET',
  path: '/orders/unconfirmed',
  summary:
    'Open orders the marketplace has not confirmed yet (they wait for the customer’s payment): the list with ' +
    `confirmed=eq:false&status=open, newest first. ${FILTERS_DOC}`,
  tag: 'Orders',
  query: listQuery,
  data: listData,
  paged: true,
  handler: (ctx, { query, rawQuery }) => orderPage(ctx, query, rawQuery, UNCONFIRMED),
});

const stats = v1Route({
  method: 'GET',
  path: '/orders/stats',
  summary: `How many of the orders created in the last days (days=, ${V1_STATS_DAYS_DEFAULT} unless given, at most 365) are in each status now; test orders aside`,
  tag: 'Orders',
  query: v1StatsQuery,
  data: v1OrderStats,
  async handler(ctx, { query }) {
    return { data: await orderStatusStats(ctx, query.days ?? V1_STATS_DAYS_DEFAULT) };
  },
});

const idParams = z.object({ id: z.string().describe('The order id') });

const detail = v1Route({
  method: 'GET',
  path: '/orders/:id',
  summary: 'One order with its items (ids as strings), address, delivery, payment, dates and histories',
  tag: 'Orders',
  params: idParams,
  data: v1Order,
  async handler(ctx, { params }) {
    return { data: orderWire(await orderDetail(ctx, v1OrderId(params.id))) };
  },
});

const update = v1Route({
  method: 'PUT',
  path: '/orders/:id',
  summary:
    'Acknowledges (confirmed: true) or changes the status of an order by the portal’s order rules: the partner ' +
    'moves open → shipping | shipped | cancelled, shipping → shipped | cancelled, shipped → delivered | returned ' +
    '(tracking_number and tracking_url with shipped, delivered_at and first_delivery_attempt with delivered). ' +
    'Sending the status the order has changes nothing (with shipped, it sets the tracking given). Answers the order',
  tag: 'Orders',
  params: idParams,
  body: v1OrderUpdateBody,
  data: v1Order,
  async handler(ctx, { params, body }) {
    const orderId = v1OrderId(params.id);
    await ctx.require('orders', 'update');
    const wanted = readV1OrderUpdate(body);
    const order = await orderDetail(ctx, orderId);
    const facts = {
      status: order.status as OrderStatus,
      confirmed: order.confirmed,
      mallDelivery: order.isMallDelivery,
    };
    // The marketplace confirms an open order once the customer has paid; a partner only acknowledges it.
    if (wanted.confirm && facts.status === 'open' && !facts.confirmed) {
      throw new DomainError('ORDER_UNCONFIRMED_CANNOT_CHANGE', { orderId });
    }
    if (wanted.status && wanted.status !== facts.status) {
      const change = v1StatusChangeOf(facts, { ...wanted, status: wanted.status }, new Date());
      return { data: orderWire(await changeOrderStatus(ctx, orderId, change, { source: 'api' })) };
    }
    if (wanted.status === 'shipped' && wanted.trackingNumber) {
      await setOrderTracking(ctx, orderId, {
        trackingNumber: wanted.trackingNumber,
        trackingUrl: wanted.trackingUrl ?? order.trackingUrl,
      });
      return { data: orderWire(await orderDetail(ctx, orderId)) };
    }
    return { data: orderWire(order) };
  },
});

const tracking = v1Route({
  method: 'PUT',
  path: '/orders/:id/tracking',
  summary:
    'Sets the tracking number (and link) of an order being shipped or shipped, without changing its status. ' +
    'Answers the order',
  tag: 'Orders',
  params: idParams,
  body: v1TrackingBody,
  data: v1Order,
  async handler(ctx, { params, body }) {
    const orderId = v1OrderId(params.id);
    await ctx.require('orders', 'update');
    await setOrderTracking(ctx, orderId, readV1Tracking(body));
    return { data: orderWire(await orderDetail(ctx, orderId)) };
  },
});

const serialNumbers = v1Route({
  method: 'PUT',
  path: '/orders/:id/items/:itemId/serial-numbers',
  summary: 'Sets every serial number of an order’s item (a JSON array of strings; [] clears them). Answers the order',
  tag: 'Orders',
  params: idParams.extend({ itemId: z.string().describe('The item id (a string in the order)') }),
  body: v1SerialNumbersBody,
  data: v1Order,
  async handler(ctx, { params, body }) {
    const orderId = v1OrderId(params.id);
    const itemId = v1ItemId(params.itemId);
    await ctx.require('orders', 'update');
    await setOrderItemSerialNumbers(ctx, orderId, itemId, readV1SerialNumbers(body));
    return { data: orderWire(await orderDetail(ctx, orderId)) };
  },
});

export const ORDER_ROUTES = [list, unconfirmed, stats, detail, update, tracking, serialNumbers];
