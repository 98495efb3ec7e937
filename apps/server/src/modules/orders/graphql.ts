import { DomainError, ORDER_STATUSES } from '@pp/domain';
import { builder } from '../../platform/graphql/builder';
import {
  type BulkStatusResult,
  changeOrderStatus,
  changeOrderStatuses,
  type OrderDetail,
  orderDetail,
  shipOrders,
} from './service';

/** Order ids are the marketplace's: positive integers JavaScript holds exactly (bigint in the database). */
function orderIdArg(value: string | number): number {
  const id = typeof value === 'number' ? value : /^\d{1,16}$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(id) || id <= 0) throw new DomainError('ORDER_ID_INVALID');
  return id;
}

const OrderStatusEnum = builder.enumType('OrderStatus', { values: ORDER_STATUSES });

const OrderItemRef = builder.objectRef<OrderDetail['items'][number]>('OrderItem').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    articleId: t.exposeString('articleId', { nullable: true }),
    partnerArticleId: t.exposeString('partnerArticleId', { nullable: true }),
    title: t.exposeString('title'),
    quantity: t.exposeInt('quantity'),
    unitPrice: t.exposeFloat('unitPrice'),
    totalDiscount: t.exposeFloat('totalDiscount'),
    vat: t.exposeFloat('vat'),
    commission: t.exposeFloat('commission'),
    codFee: t.exposeFloat('codFee'),
    prepaid: t.exposeFloat('prepaid'),
    purchasePrice: t.exposeFloat('purchasePrice', { nullable: true }),
    serialNumbers: t.exposeStringList('serialNumbers'),
    references: t.exposeStringList('references', {
      description: "The marketplace's line reference and a business customer's purchase-order reference.",
    }),
  }),
});

const StatusHistoryRef = builder.objectRef<OrderDetail['statusHistory'][number]>('OrderStatusHistoryEntry').implement({
  fields: (t) => ({
    status: t.exposeString('status'),
    at: t.field({ type: 'DateTime', resolve: (h) => h.at }),
    source: t.exposeString('source'),
    trackingNumber: t.exposeString('trackingNumber', { nullable: true }),
    byOperator: t.boolean({ resolve: (h) => h.adminAccountId !== null }),
    accountName: t.exposeString('accountName', {
      nullable: true,
      description:
        "Who of the partner's people made the change; null for the marketplace, imports by API and operators.",
    }),
  }),
});

const ShipmentHistoryRef = builder
  .objectRef<OrderDetail['shipmentHistory'][number]>('OrderShipmentHistoryEntry')
  .implement({
    fields: (t) => ({
      status: t.exposeString('status'),
      at: t.field({ type: 'DateTime', resolve: (h) => h.at }),
    }),
  });

const OrderRef = builder.objectRef<OrderDetail>('Order').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    purchaseId: t.exposeString('purchaseId', { nullable: true }),
    externalId: t.exposeString('externalId', { nullable: true }),
    status: t.exposeString('status'),
    confirmed: t.exposeBoolean('confirmed'),
    orderType: t.exposeString('orderType'),
    deliveryType: t.exposeString('deliveryType', { nullable: true }),
    paymentType: t.exposeString('paymentType'),
    currency: t.exposeString('currency'),
    parcelCount: t.exposeInt('parcelCount'),
    trackingNumber: t.exposeString('trackingNumber', { nullable: true }),
    trackingUrl: t.exposeString('trackingUrl', { nullable: true }),
    customerName: t.exposeString('customerName'),
    customerEmail: t.exposeString('customerEmail', { nullable: true }),
    customerPhone: t.exposeString('customerPhone', { nullable: true }),
    deliveryCompany: t.exposeString('deliveryCompany', { nullable: true }),
    deliveryStreet: t.exposeString('deliveryStreet', { nullable: true }),
    deliveryCity: t.exposeString('deliveryCity', { nullable: true }),
    deliveryZip: t.exposeString('deliveryZip', { nullable: true }),
    deliveryCountry: t.exposeString('deliveryCountry', { nullable: true }),
    branchId: t.exposeString('branchId', { nullable: true }),
    secondaryBranchId: t.exposeString('secondaryBranchId', { nullable: true }),
    transportId: t.exposeString('transportId', {
      nullable: true,
      description: 'The carrier code the order travels with (MALL_DELIVERY for the marketplace), null for a pickup.',
    }),
    isMdp: t.exposeBoolean('isMdp', { description: 'MALL Delivery: handed over at a branch, carried to the address.' }),
    isDip: t.exposeBoolean('isDip', {
      description: 'MALL Delivery by the Spectrum/DIP service: collected at the warehouse, to a delivery point.',
    }),
    invoiceNumber: t.exposeString('invoiceNumber', { nullable: true }),
    isTest: t.exposeBoolean('isTest'),
    isMallDelivery: t.exposeBoolean('isMallDelivery'),
    necessaryInspection: t.exposeBoolean('necessaryInspection'),
    readyToReturn: t.exposeBoolean('readyToReturn'),
    total: t.exposeFloat('total'),
    totalDiscount: t.exposeFloat('totalDiscount'),
    cod: t.exposeFloat('cod'),
    deliveryPrice: t.exposeFloat('deliveryPrice'),
    codFee: t.exposeFloat('codFee'),
    createdAt: t.field({ type: 'DateTime', resolve: (o) => o.createdAt }),
    deliveryDate: t.field({ type: 'DateTime', nullable: true, resolve: (o) => o.deliveryDate }),
    shippedAt: t.field({ type: 'DateTime', nullable: true, resolve: (o) => o.shippedAt }),
    deliveredAt: t.field({ type: 'DateTime', nullable: true, resolve: (o) => o.deliveredAt }),
    firstDeliveryAttemptAt: t.field({ type: 'DateTime', nullable: true, resolve: (o) => o.firstDeliveryAttemptAt }),
    blockedAt: t.field({ type: 'DateTime', nullable: true, resolve: (o) => o.blockedAt }),
    /** The customer cancelled after OPEN: the marketplace's call centre calls the partner (deliveries intake). */
    cancelRequestedAt: t.field({ type: 'DateTime', nullable: true, resolve: (o) => o.cancelRequestedAt }),
    items: t.field({ type: [OrderItemRef], resolve: (o) => o.items }),
    statusHistory: t.field({ type: [StatusHistoryRef], resolve: (o) => o.statusHistory }),
    shipmentHistory: t.field({ type: [ShipmentHistoryRef], resolve: (o) => o.shipmentHistory }),
  }),
});

const OrderStatusInput = builder.inputType('OrderStatusInput', {
  fields: (t) => ({
    status: t.field({ type: OrderStatusEnum, required: true }),
    trackingNumber: t.string(),
    trackingUrl: t.string(),
    deliveredAt: t.field({ type: 'DateTime' }),
    firstDeliveryAttemptAt: t.field({ type: 'DateTime' }),
  }),
});

const OrderShipInput = builder.inputType('OrderShipInput', {
  fields: (t) => ({
    orderId: t.id({ required: true }),
    trackingNumber: t.string(),
    trackingUrl: t.string(),
  }),
});

const BulkResultEntryRef = builder.objectRef<BulkStatusResult['results'][number]>('OrderStatusUpdateResult').implement({
  fields: (t) => ({
    orderId: t.exposeID('orderId'),
    ok: t.exposeBoolean('ok'),
    code: t.exposeString('code', { nullable: true }),
    message: t.exposeString('message', { nullable: true }),
  }),
});

const BulkResultRef = builder.objectRef<BulkStatusResult>('OrderStatusesUpdate').implement({
  fields: (t) => ({
    outcome: t.exposeString('outcome', { description: 'statusesUpdate, statusesUpdateWithErr or statusesUpdateErr' }),
    results: t.field({ type: [BulkResultEntryRef], resolve: (r) => r.results }),
  }),
});

/** GraphQL passes absent optional input fields as null; the domain schema reads absent as undefined. */
function statusInput(data: Record<string, unknown>) {
  return Object.fromEntries(Object.entries(data).filter(([, v]) => v != null));
}

builder.queryField('order', (t) =>
  t.field({
    type: OrderRef,
    description: 'One order of the selected partner with its items and histories (orders/{orderId}).',
    args: { orderId: t.arg.id({ required: true }) },
    resolve: (_, args, ctx) => orderDetail(ctx, orderIdArg(args.orderId)),
  }),
);

builder.mutationFields((t) => ({
  orderUpdate: t.field({
    type: OrderRef,
    description: 'Changes the status of one order, by the order rules.',
    args: { orderId: t.arg.id({ required: true }), data: t.arg({ type: OrderStatusInput, required: true }) },
    resolve: (_, args, ctx) => changeOrderStatus(ctx, orderIdArg(args.orderId), statusInput(args.data)),
  }),
  ordersStatusUpdate: t.field({
    type: BulkResultRef,
    description: 'Changes the status of many orders by the same rules; each order changes whole or not at all.',
    args: {
      orderIds: t.arg.idList({ required: true }),
      data: t.arg({ type: OrderStatusInput, required: true }),
    },
    resolve: (_, args, ctx) => changeOrderStatuses(ctx, args.orderIds.map(orderIdArg), statusInput(args.data)),
  }),
  ordersShip: t.field({
    type: BulkResultRef,
    description: 'Ships many orders, each with its own tracking number and link, by the rules of the single change.',
    args: { items: t.arg({ type: [OrderShipInput], required: true }) },
    resolve: (_, args, ctx) =>
      shipOrders(ctx, {
        items: args.items.map((item) => ({ ...statusInput(item), orderId: orderIdArg(item.orderId) })),
      }),
  }),
}));
