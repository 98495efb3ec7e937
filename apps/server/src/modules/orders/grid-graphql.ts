import type { EnumRef } from '@pothos/core';
import type { GridPage, OrderStatus } from '@pp/domain';
import { builder, GridInput } from '../../platform/graphql/builder';
import { ORDERS_VIEWS, type OrderRow, type OrderStatusCounts, orderStatusCounts, ordersGrid } from './grid';

/**
 * The OrderStatus enum belongs to the order's own transport (graphql.ts); Pothos resolves a type name when
 * the schema is built, so the grid names it instead of declaring it twice.
 */
const OrderStatusEnum = 'OrderStatus' as unknown as EnumRef<never, OrderStatus, OrderStatus>;

const OrdersViewEnum = builder.enumType('OrdersView', { values: ORDERS_VIEWS });

const OrderRowRef = builder.objectRef<OrderRow>('OrderRow').implement({
  description: 'One order as the grids show it.',
  fields: (t) => ({
    id: t.exposeID('id'),
    purchaseId: t.exposeString('purchaseId', { nullable: true }),
    externalId: t.exposeString('externalId', { nullable: true }),
    status: t.field({ type: OrderStatusEnum, resolve: (o) => o.status }),
    confirmed: t.exposeBoolean('confirmed'),
    orderType: t.exposeString('orderType', { description: 'Where the order was placed: mall or allegro.' }),
    createdAt: t.field({ type: 'DateTime', resolve: (o) => o.createdAt }),
    deliveryDate: t.field({ type: 'DateTime', nullable: true, resolve: (o) => o.deliveryDate }),
    dispatchDate: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'The expected dispatch (ship-by) date, by the working-day calendar.',
      resolve: (o) => o.dispatchDate,
    }),
    shippedAt: t.field({ type: 'DateTime', nullable: true, resolve: (o) => o.shippedAt }),
    deliveredAt: t.field({ type: 'DateTime', nullable: true, resolve: (o) => o.deliveredAt }),
    customerName: t.exposeString('customerName'),
    deliveryCity: t.exposeString('deliveryCity', { nullable: true }),
    deliveryCountry: t.exposeString('deliveryCountry', { nullable: true }),
    deliveryType: t.exposeString('deliveryType', { nullable: true }),
    branchId: t.exposeString('branchId', { nullable: true }),
    paymentType: t.exposeString('paymentType'),
    paymentGroup: t.exposeString('paymentGroup'),
    total: t.exposeFloat('total'),
    cod: t.exposeFloat('cod'),
    currency: t.exposeString('currency'),
    trackingNumber: t.exposeString('trackingNumber', { nullable: true }),
    parcelCount: t.exposeInt('parcelCount'),
    isTest: t.exposeBoolean('isTest'),
    isMallDelivery: t.exposeBoolean('isMallDelivery'),
    readyToReturn: t.exposeBoolean('readyToReturn'),
    chips: t.exposeStringList('chips'),
  }),
});

const OrderPageRef = builder.objectRef<GridPage<OrderRow>>('OrderPage').implement({
  fields: (t) => ({
    items: t.field({ type: [OrderRowRef], resolve: (p) => p.items }),
    total: t.exposeInt('total', { description: 'Exact when totalExact; otherwise the cap, and there are more.' }),
    totalExact: t.exposeBoolean('totalExact'),
    page: t.exposeInt('page'),
    perPage: t.exposeInt('perPage'),
    nextCursor: t.string({
      nullable: true,
      description: 'Pass as grid.after for the next page (same sort); null on the last page.',
      resolve: (p) => p.nextCursor ?? null,
    }),
  }),
});

const OrderStatusCountsRef = builder.objectRef<OrderStatusCounts>('OrderStatusCounts').implement({
  description: 'Orders per tab, test orders left out.',
  fields: (t) => ({
    all: t.exposeInt('all'),
    open: t.exposeInt('open'),
    shipping: t.exposeInt('shipping'),
    shipped: t.exposeInt('shipped'),
    delivered: t.exposeInt('delivered'),
    missing: t.exposeInt('missing'),
  }),
});

builder.queryFields((t) => ({
  orders: t.field({
    type: OrderPageRef,
    description:
      'A tab of the orders grid of the selected partner: ALL, one status, or MISSING (no final status 7 days ' +
      'after the expected delivery date). Test orders only when the grid filters on isTest.',
    args: { view: t.arg({ type: OrdersViewEnum, required: true }), grid: t.arg({ type: GridInput }) },
    resolve: (_, args, ctx) => ordersGrid(ctx, args.view, args.grid ?? {}),
  }),
  orderStatusCounts: t.field({
    type: OrderStatusCountsRef,
    description: 'The counts on the orders tabs of the selected partner.',
    resolve: (_, __, ctx) => orderStatusCounts(ctx),
  }),
}));
