import { DomainError } from '@pp/domain';
import { builder } from '../../platform/graphql/builder';
import { CarrierBranchRef } from '../deliveries/graphql-branches';
import { type CarrierBranch, changeOrderBranch, orderDestinationBranches } from './branches';
import { requestDeliveryNote } from './delivery-notes';
import { type PickingListOrder, ordersPickingList } from './picking';
import { createTestOrder } from './test-orders';

/** Order ids are the marketplace's: positive integers JavaScript holds exactly. */
function orderIdOf(value: string | number): number {
  const id = typeof value === 'number' ? value : /^\d{1,16}$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(id) || id <= 0) throw new DomainError('ORDER_ID_INVALID');
  return id;
}

const BranchChangeRef = builder
  .objectRef<{ orderId: number; branchId: string; branch: CarrierBranch }>('OrderBranchChange')
  .implement({
    fields: (t) => ({
      orderId: t.exposeID('orderId'),
      branchId: t.exposeString('branchId'),
      branch: t.field({ type: CarrierBranchRef, resolve: (r) => r.branch }),
    }),
  });

const TestOrderItemInput = builder.inputType('TestOrderItemInput', {
  fields: (t) => ({
    title: t.string({ required: true }),
    quantity: t.int({ required: true }),
    price: t.float({ required: true }),
  }),
});

const TestOrderInput = builder.inputType('TestOrderInput', {
  fields: (t) => ({
    deliveryType: t.string({ required: true, description: 'ADDRESS, PICKUP_POINT or PERSONAL_PICKUP' }),
    paymentType: t.string({ description: 'A payment type code (default B, bank transfer)' }),
    items: t.field({ type: [TestOrderItemInput], required: true }),
  }),
});

const TestOrderCreatedRef = builder
  .objectRef<{ id: number; madeToday: number; limit: number }>('TestOrderCreated')
  .implement({
    fields: (t) => ({
      id: t.exposeID('id'),
      madeToday: t.exposeInt('madeToday', { description: 'Test orders made today, this one included' }),
      limit: t.exposeInt('limit'),
    }),
  });

const PickingItemRef = builder.objectRef<PickingListOrder['items'][number]>('PickingListItem').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    articleId: t.exposeString('articleId', { nullable: true }),
    partnerArticleId: t.exposeString('partnerArticleId', { nullable: true }),
    title: t.exposeString('title'),
    quantity: t.exposeInt('quantity'),
    serialNumbers: t.exposeStringList('serialNumbers'),
  }),
});

const PickingOrderRef = builder.objectRef<PickingListOrder>('PickingListOrder').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    purchaseId: t.exposeString('purchaseId', { nullable: true }),
    status: t.exposeString('status'),
    createdAt: t.field({ type: 'DateTime', resolve: (o) => o.createdAt }),
    customerName: t.exposeString('customerName'),
    deliveryType: t.exposeString('deliveryType', { nullable: true }),
    branchId: t.exposeString('branchId', { nullable: true }),
    deliveryCity: t.exposeString('deliveryCity', { nullable: true }),
    parcelCount: t.exposeInt('parcelCount'),
    items: t.field({ type: [PickingItemRef], resolve: (o) => o.items }),
  }),
});

builder.queryFields((t) => ({
  orderDestinationBranches: t.field({
    type: [CarrierBranchRef],
    description:
      'The pickup points a pickup-point order may be sent to: active branches of its destination country and carrier, searched by name, city, zip or street, `first` (1–100, default 20) in name order.',
    args: { orderId: t.arg.id({ required: true }), search: t.arg.string(), first: t.arg.int() },
    resolve: async (_, args, ctx) =>
      (await orderDestinationBranches(ctx, orderIdOf(args.orderId), { search: args.search, first: args.first })).nodes,
  }),
  ordersPickingList: t.field({
    type: [PickingOrderRef],
    description: 'The picking list of up to 200 orders: their items, quantities and serial numbers.',
    args: { orderIds: t.arg.idList({ required: true }) },
    resolve: (_, args, ctx) => ordersPickingList(ctx, args.orderIds.map(orderIdOf)),
  }),
}));

builder.mutationFields((t) => ({
  orderBranchUpdate: t.field({
    type: BranchChangeRef,
    description: 'Sends a pickup-point order (open or shipping) to another of its destination branches.',
    args: { orderId: t.arg.id({ required: true }), branchId: t.arg.string({ required: true }) },
    resolve: (_, args, ctx) => changeOrderBranch(ctx, orderIdOf(args.orderId), args.branchId),
  }),
  orderTestCreate: t.field({
    type: TestOrderCreatedRef,
    description: 'Creates a test order (open, confirmed, marked as a test); at most 50 a day per partner.',
    args: { input: t.arg({ type: TestOrderInput, required: true }) },
    resolve: (_, { input }, ctx) =>
      createTestOrder(ctx, {
        deliveryType: input.deliveryType,
        ...(input.paymentType ? { paymentType: input.paymentType } : {}),
        items: input.items,
      }),
  }),
  orderDeliveryNote: t.field({
    type: 'ID',
    description:
      'Queues the delivery note PDF of an order; portal_delivery_note_pdf on the stream brings the download.',
    args: { orderId: t.arg.id({ required: true }) },
    resolve: (_, args, ctx) => requestDeliveryNote(ctx, orderIdOf(args.orderId)),
  }),
}));
