import type { DeliveryCarrier, GridPage } from '@pp/domain';
import { builder, GridInput, idArg } from '../../platform/graphql/builder';
import { deliveriesGrid } from './grid';
import { updateDeliveryMall } from './method-mall';
import {
  availableTransports,
  type DeliveryView,
  deleteDelivery,
  deliveryCarriers,
  getDelivery,
  listDeliveries,
  openOrdersOf,
  saveDelivery,
} from './service';

const DeliveryCarrierRef = builder.objectRef<DeliveryCarrier>('DeliveryCarrier').implement({
  fields: (t) => ({
    code: t.exposeString('code'),
    title: t.exposeString('title'),
    isPickupPoint: t.exposeBoolean('isPickupPoint'),
  }),
});

type Level = { limit: number; price: number };
const PriceLevelRef = builder.objectRef<Level>('DeliveryPriceLevel').implement({
  fields: (t) => ({
    limit: t.float({ resolve: (l) => Number(l.limit) }),
    price: t.float({ resolve: (l) => Number(l.price) }),
  }),
});

type Times = Record<string, string | null | undefined>;
const CloseTimesRef = builder.objectRef<Times>('DeliveryCloseTimes').implement({
  description: "Last hand-over time per weekday ('HH:mm'); null = the carrier does not collect that day.",
  fields: (t) => ({
    mon: t.string({ nullable: true, resolve: (c) => c.mon ?? null }),
    tue: t.string({ nullable: true, resolve: (c) => c.tue ?? null }),
    wed: t.string({ nullable: true, resolve: (c) => c.wed ?? null }),
    thu: t.string({ nullable: true, resolve: (c) => c.thu ?? null }),
    fri: t.string({ nullable: true, resolve: (c) => c.fri ?? null }),
    sat: t.string({ nullable: true, resolve: (c) => c.sat ?? null }),
    sun: t.string({ nullable: true, resolve: (c) => c.sun ?? null }),
  }),
});

const PartnerDeliveryRef = builder.objectRef<DeliveryView>('PartnerDelivery').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    code: t.exposeString('code', { description: "The partner's own method code, unique per partner." }),
    title: t.exposeString('title'),
    transport: t.exposeString('transport', { description: 'The carrier code (deliveryCarriers) that carries it.' }),
    price: t.exposeFloat('price'),
    codPrice: t.exposeFloat('codPrice', { nullable: true }),
    freeLimit: t.exposeFloat('freeLimit', { nullable: true }),
    deliveryDelay: t.exposeInt('deliveryDelay', {
      description:
        'Working days the carrier takes from dispatch to delivery (the intake dates the delivery of an order by it).',
    }),
    isPickupPoint: t.exposeBoolean('isPickupPoint'),
    deliveryKind: t.exposeString('deliveryKind', { description: 'deposit or pickup.' }),
    priority: t.exposeInt('priority'),
    packageSize: t.exposeString('packageSize', { nullable: true, description: 'SMALLBOX, BIGBOX or null.' }),
    minHeight: t.exposeFloat('minHeight', { nullable: true }),
    maxHeight: t.exposeFloat('maxHeight', { nullable: true }),
    minWidth: t.exposeFloat('minWidth', { nullable: true }),
    maxWidth: t.exposeFloat('maxWidth', { nullable: true }),
    minLength: t.exposeFloat('minLength', { nullable: true }),
    maxLength: t.exposeFloat('maxLength', { nullable: true }),
    minWeight: t.exposeFloat('minWeight', { nullable: true }),
    maxWeight: t.exposeFloat('maxWeight', { nullable: true }),
    closeTimes: t.field({ type: CloseTimesRef, resolve: (d) => d.closeTimes as Times }),
    pricing: t.exposeString('pricing', { description: 'FIXED, PRICE_LEVELS or WEIGHT_LEVELS.' }),
    priceLevels: t.field({ type: [PriceLevelRef], resolve: (d) => d.priceLevels }),
    mdpAllowed: t.exposeBoolean('mdpAllowed'),
    mallDeliveryType: t.exposeString('mallDeliveryType', { nullable: true, description: 'classic or spectrum.' }),
    active: t.exposeBoolean('active'),
    openOrders: t.int({
      description:
        'Open orders (open, shipping, blocked) that name this method: while any exist it cannot be deleted, renamed or repriced by structure.',
      // The grids and lists count a whole page in one statement; a single saved row is counted when asked.
      resolve: (d, _, ctx) => d.openOrders ?? openOrdersOf(ctx.db, d.partnerId, d.code),
    }),
  }),
});

const PartnerDeliveryPageRef = builder.objectRef<GridPage<DeliveryView>>('PartnerDeliveryPage').implement({
  fields: (t) => ({
    items: t.field({ type: [PartnerDeliveryRef], resolve: (p) => p.items }),
    total: t.exposeInt('total'),
    totalExact: t.exposeBoolean('totalExact'),
    page: t.exposeInt('page'),
    perPage: t.exposeInt('perPage'),
    nextCursor: t.string({ nullable: true, resolve: (p) => p.nextCursor ?? null }),
  }),
});

const PriceLevelInput = builder.inputType('DeliveryPriceLevelInput', {
  fields: (t) => ({
    limit: t.string({
      description: 'Order total (PRICE_LEVELS) or weight in kg (WEIGHT_LEVELS) from which it applies.',
    }),
    price: t.string(),
  }),
});

const CloseTimesInput = builder.inputType('DeliveryCloseTimesInput', {
  fields: (t) => ({
    mon: t.string(),
    tue: t.string(),
    wed: t.string(),
    thu: t.string(),
    fri: t.string(),
    sat: t.string(),
    sun: t.string(),
  }),
});

const DeliveryInput = builder.inputType('DeliveryInput', {
  description: 'A delivery method; decimals as text (comma or dot), blank optional fields as null.',
  fields: (t) => ({
    code: t.string({ required: true, description: 'A–Z a–z 0–9 _ . -, unique per partner.' }),
    title: t.string({ required: true }),
    transport: t.string({ required: true, description: 'A carrier code of deliveryCarriers.' }),
    price: t.string({ required: true, description: 'In the shop currency; comma or dot.' }),
    codPrice: t.string(),
    freeLimit: t.string(),
    deliveryDelay: t.int({ required: true }),
    isPickupPoint: t.boolean(),
    deliveryKind: t.string(),
    priority: t.int(),
    packageSize: t.string(),
    minHeight: t.string(),
    maxHeight: t.string(),
    minWidth: t.string(),
    maxWidth: t.string(),
    minLength: t.string(),
    maxLength: t.string(),
    minWeight: t.string(),
    maxWeight: t.string(),
    closeTimes: t.field({ type: CloseTimesInput }),
    pricing: t.string(),
    priceLevels: t.field({ type: [PriceLevelInput] }),
    mdpAllowed: t.boolean(),
    mallDeliveryType: t.string(),
  }),
});

const DeliveryMallInput = builder.inputType('DeliveryMallInput', {
  description: 'The MALL Delivery part of a delivery method, changed on its own (spec "update for mall delivery").',
  fields: (t) => ({
    mdpAllowed: t.boolean({ required: true, description: 'Offered through MALL Delivery.' }),
    mallDeliveryType: t.string({ description: 'classic or spectrum; required when mdpAllowed.' }),
  }),
});

/** GraphQL sends null for an omitted optional boolean or int: the schema's defaults apply instead. */
function withoutNulls(input: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(input).filter(([, v]) => v !== null && v !== undefined));
}

builder.queryFields((t) => ({
  partnerDeliveries: t.field({
    type: [PartnerDeliveryRef],
    resolve: (_, __, ctx) => listDeliveries(ctx),
  }),
  deliveriesGrid: t.field({
    type: PartnerDeliveryPageRef,
    description: "The selected partner's delivery methods, 50 a page, newest first.",
    args: { grid: t.arg({ type: GridInput }) },
    resolve: (_, args, ctx) => deliveriesGrid(ctx, args.grid ?? {}),
  }),
  delivery: t.field({
    type: PartnerDeliveryRef,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_, args, ctx) => getDelivery(ctx, String(idArg(args.id))),
  }),
  deliveryCarriers: t.field({
    type: [DeliveryCarrierRef],
    description: "Carriers (transports) of the selected partner's market.",
    resolve: (_, __, ctx) => deliveryCarriers(ctx),
  }),
  availableTransports: t.field({
    type: [DeliveryCarrierRef],
    description: "Carriers of the partner's market that no method of the partner uses yet.",
    resolve: (_, __, ctx) => availableTransports(ctx),
  }),
}));

builder.mutationFields((t) => ({
  saveDelivery: t.field({
    type: PartnerDeliveryRef,
    description: 'Creates a delivery method, or changes the one named by id.',
    args: { id: t.arg.id(), input: t.arg({ type: DeliveryInput, required: true }) },
    resolve: (_, args, ctx) =>
      saveDelivery(ctx, args.id == null ? null : String(idArg(args.id)), withoutNulls(args.input)),
  }),
  deliveryMallUpdate: t.field({
    type: PartnerDeliveryRef,
    description:
      'Offers a delivery method through MALL Delivery (classic or Spectrum) or withdraws it; nothing else of the method changes. Offering needs MALL Delivery requested or active; classic is refused while Spectrum is on.',
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: DeliveryMallInput, required: true }) },
    resolve: (_, args, ctx) => updateDeliveryMall(ctx, String(idArg(args.id)), args.input),
  }),
  deleteDelivery: t.field({
    type: 'Boolean',
    description:
      'Deletes a delivery method; refused while open orders use it (DELIVERY_IN_USE) or while it is offered through an active MALL Delivery (DELIVERY_IN_MALL_DELIVERY).',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_, args, ctx) => deleteDelivery(ctx, String(idArg(args.id))),
  }),
}));
