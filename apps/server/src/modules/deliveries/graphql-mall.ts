import { type GridPage, type MallDeliveryBranch, OPENING_WEEKDAYS, type OpeningHours } from '@pp/domain';
import { builder, GridInput, idArg } from '../../platform/graphql/builder';
import {
  cockpitMallDelivery,
  cockpitMallDeliveryRequests,
  deactivateMallDelivery,
  decideMallDelivery,
  type MallDeliveryRequestRow,
} from './mall/decide';
import { type DipDeliveryRow, dipDeliveriesGrid } from './mall/dip-grid';
import {
  mallDelivery,
  mallDeliveryRegisterBranches,
  requestMallDelivery,
  updateClassicConfig,
  updateSpectrumConfig,
} from './mall/service';
import type { MallDeliveryView } from './mall/state';

type OpeningDay = { from: string; to: string };

const OpeningDayRef = builder.objectRef<OpeningDay>('MallDeliveryOpeningDay').implement({
  fields: (t) => ({ from: t.exposeString('from'), to: t.exposeString('to') }),
});

const OpeningHoursRef = builder.objectRef<OpeningHours>('MallDeliveryOpeningHours').implement({
  description: 'The warehouse hours per weekday (HH:mm); a closed day is null.',
  fields: (t) =>
    Object.fromEntries(
      OPENING_WEEKDAYS.map((day) => [day, t.field({ type: OpeningDayRef, nullable: true, resolve: (h) => h[day] })]),
    ),
});

const BranchRef = builder.objectRef<MallDeliveryBranch>('MallDeliveryBranch').implement({
  description: "A MALL Delivery depot of the marketplace in the partner's market.",
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    street: t.exposeString('street'),
    city: t.exposeString('city'),
    zip: t.exposeString('zip'),
  }),
});

type Config = MallDeliveryView['config'];
const ConfigRef = builder.objectRef<Config>('MallDeliveryConfig').implement({
  fields: (t) => ({
    fee: t.exposeFloat('fee', { nullable: true, description: "Per parcel, in the shop's currency (operator's)." }),
    registerBranch: t.exposeString('registerBranch', { nullable: true }),
    returnBranch: t.exposeString('returnBranch', { nullable: true }),
    returnPin: t.exposeString('returnPin', { nullable: true }),
    openingHours: t.field({ type: OpeningHoursRef, nullable: true, resolve: (c) => c.openingHours }),
    spectrumStatus: t.exposeString('spectrumStatus'),
    spectrumFee: t.exposeFloat('spectrumFee', { nullable: true }),
    labelType: t.exposeString('labelType'),
    collectionsEnabled: t.exposeBoolean('collectionsEnabled'),
    collectionsOnDemand: t.exposeBoolean('collectionsOnDemand'),
    collectionsTimeStart: t.exposeString('collectionsTimeStart', { nullable: true }),
    collectionsTimeEnd: t.exposeString('collectionsTimeEnd', { nullable: true }),
  }),
});

const WarehouseRef = builder.objectRef<NonNullable<MallDeliveryView['warehouse']>>('MallDeliveryWarehouse').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    street: t.exposeString('street'),
    city: t.exposeString('city'),
    zip: t.exposeString('zip'),
    state: t.exposeString('state'),
  }),
});

const ContactRef = builder.objectRef<NonNullable<MallDeliveryView['contact']>>('MallDeliveryContact').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    firstName: t.exposeString('firstName'),
    lastName: t.exposeString('lastName'),
    email: t.exposeString('email'),
    phone: t.exposeString('phone'),
  }),
});

const LastRequestRef = builder
  .objectRef<NonNullable<MallDeliveryView['lastRequest']>>('MallDeliveryLastRequest')
  .implement({
    fields: (t) => ({
      id: t.exposeID('id'),
      status: t.exposeString('status'),
      requestedAt: t.field({ type: 'DateTime', resolve: (r) => r.requestedAt }),
      decidedAt: t.field({ type: 'DateTime', nullable: true, resolve: (r) => r.decidedAt }),
      reason: t.exposeString('reason', { nullable: true }),
    }),
  });

const MallDeliveryRef = builder.objectRef<MallDeliveryView>('MallDelivery').implement({
  fields: (t) => ({
    partnerId: t.exposeID('partnerId'),
    shopId: t.exposeString('shopId'),
    state: t.exposeString('state', { description: 'inactive, requested, active or declined.' }),
    config: t.field({ type: ConfigRef, resolve: (v) => v.config }),
    warehouse: t.field({ type: WarehouseRef, nullable: true, resolve: (v) => v.warehouse }),
    contact: t.field({ type: ContactRef, nullable: true, resolve: (v) => v.contact }),
    readiness: t.exposeStringList('readiness', {
      description: 'Catalogue codes of what keeps the MDP warehouse and the MALL Delivery contact from being ready.',
    }),
    lastRequest: t.field({ type: LastRequestRef, nullable: true, resolve: (v) => v.lastRequest }),
  }),
});

const DipDeliveryRef = builder.objectRef<DipDeliveryRow>('DipDelivery').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    status: t.exposeString('status'),
    createdAt: t.field({ type: 'DateTime', resolve: (r) => r.createdAt }),
    customerName: t.exposeString('customerName'),
    deliveryCity: t.exposeString('deliveryCity', { nullable: true }),
    branchId: t.exposeString('branchId', { nullable: true }),
    trackingNumber: t.exposeString('trackingNumber', { nullable: true }),
    total: t.exposeFloat('total'),
    currency: t.exposeString('currency'),
    shipmentStatus: t.exposeString('shipmentStatus', { nullable: true }),
    shipmentAt: t.field({ type: 'DateTime', nullable: true, resolve: (r) => r.shipmentAt }),
  }),
});

const DipDeliveryPageRef = builder.objectRef<GridPage<DipDeliveryRow>>('DipDeliveryPage').implement({
  fields: (t) => ({
    items: t.field({ type: [DipDeliveryRef], resolve: (p) => p.items }),
    total: t.exposeInt('total'),
    totalExact: t.exposeBoolean('totalExact'),
    page: t.exposeInt('page'),
    perPage: t.exposeInt('perPage'),
    nextCursor: t.string({ nullable: true, resolve: (p) => p.nextCursor ?? null }),
  }),
});

const RequestRowRef = builder.objectRef<MallDeliveryRequestRow>('MallDeliveryRequest').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    partnerId: t.exposeID('partnerId'),
    partnerName: t.exposeString('partnerName'),
    shopId: t.exposeString('shopId'),
    status: t.exposeString('status', { description: 'pending, accepted or declined.' }),
    partnerState: t.exposeString('partnerState', { description: "The partner's MALL Delivery state now." }),
    requestedAt: t.field({ type: 'DateTime', resolve: (r) => r.requestedAt }),
    decidedAt: t.field({ type: 'DateTime', nullable: true, resolve: (r) => r.decidedAt }),
    reason: t.exposeString('reason', { nullable: true }),
  }),
});

const RequestPageRef = builder.objectRef<GridPage<MallDeliveryRequestRow>>('MallDeliveryRequestPage').implement({
  fields: (t) => ({
    items: t.field({ type: [RequestRowRef], resolve: (p) => p.items }),
    total: t.exposeInt('total'),
    totalExact: t.exposeBoolean('totalExact'),
    page: t.exposeInt('page'),
    perPage: t.exposeInt('perPage'),
    nextCursor: t.string({ nullable: true, resolve: (p) => p.nextCursor ?? null }),
  }),
});

const OpeningDayInput = builder.inputType('MallDeliveryOpeningDayInput', {
  fields: (t) => ({ open: t.boolean({ required: true }), from: t.string(), to: t.string() }),
});

const OpeningHoursInput = builder.inputType('MallDeliveryOpeningHoursInput', {
  fields: (t) =>
    Object.fromEntries(OPENING_WEEKDAYS.map((day) => [day, t.field({ type: OpeningDayInput })])) as Record<
      (typeof OPENING_WEEKDAYS)[number],
      ReturnType<typeof t.field>
    >,
});

const ClassicInput = builder.inputType('MallDeliveryClassicInput', {
  fields: (t) => ({
    registerBranch: t.string({ required: true, description: 'An id of mallDeliveryRegisterBranches.' }),
    returnBranch: t.string({ required: true, description: 'An id of mallDeliveryRegisterBranches.' }),
    returnPin: t.string({ required: true, description: '4 to 6 digits.' }),
    openingHours: t.field({ type: OpeningHoursInput, required: true }),
  }),
});

const SpectrumInput = builder.inputType('SpectrumConfigInput', {
  fields: (t) => ({
    status: t.string({ required: true, description: 'active or inactive.' }),
    labelType: t.string({ required: true, description: 'pdf or zpl.' }),
    collectionsEnabled: t.boolean({ required: true }),
    collectionsOnDemand: t.boolean({ required: true }),
    collectionsTimeStart: t.string({ description: 'HH:mm, before the end; needed while collections are enabled.' }),
    collectionsTimeEnd: t.string(),
  }),
});

const DecisionInput = builder.inputType('MallDeliveryDecisionInput', {
  fields: (t) => ({
    decision: t.string({ required: true, description: 'ACCEPT or DECLINE.' }),
    fee: t.string({ description: "Accept: the fee per parcel in the partner's currency; comma or dot." }),
    spectrumFee: t.string({ description: 'Accept: the Spectrum/DIP fee; the fee when empty.' }),
    registerBranch: t.string({ description: "Accept: a depot id of the partner's market." }),
    returnBranch: t.string(),
    reason: t.string({ description: 'Decline: why, as the partner reads it.' }),
  }),
});

builder.queryFields((t) => ({
  mallDelivery: t.field({
    type: MallDeliveryRef,
    description: "The selected partner's MALL Delivery: state, settings, warehouse, contact and readiness.",
    resolve: (_, __, ctx) => mallDelivery(ctx),
  }),
  mallDeliveryRegisterBranches: t.field({
    type: [BranchRef],
    description: "The marketplace's MALL Delivery depots in the selected partner's market.",
    resolve: (_, __, ctx) => mallDeliveryRegisterBranches(ctx),
  }),
  dipDeliveries: t.field({
    type: DipDeliveryPageRef,
    description: "The selected partner's Spectrum/DIP orders with their latest shipment status.",
    args: { grid: t.arg({ type: GridInput }) },
    resolve: (_, args, ctx) => dipDeliveriesGrid(ctx, args.grid ?? {}),
  }),
  cockpitMallDeliveryRequests: t.field({
    type: RequestPageRef,
    description: 'Administrators only: MALL Delivery requests of all partners.',
    args: { grid: t.arg({ type: GridInput }) },
    resolve: (_, args, ctx) => cockpitMallDeliveryRequests(ctx, args.grid ?? {}),
  }),
  cockpitMallDelivery: t.field({
    type: MallDeliveryRef,
    description: "Administrators only: a partner's MALL Delivery.",
    args: { partnerId: t.arg.id({ required: true }) },
    resolve: (_, args, ctx) => cockpitMallDelivery(ctx, idArg(args.partnerId, 'partnerId')),
  }),
}));

builder.mutationFields((t) => ({
  mallDeliveryRequest: t.field({
    type: MallDeliveryRef,
    description: 'Asks the marketplace for MALL Delivery (needs the MDP warehouse and the MALL Delivery contact).',
    resolve: (_, __, ctx) => requestMallDelivery(ctx),
  }),
  mallDeliveryConfigUpdate: t.field({
    type: MallDeliveryRef,
    description: 'The classic settings; refused while Spectrum is active.',
    args: { input: t.arg({ type: ClassicInput, required: true }) },
    resolve: (_, args, ctx) => updateClassicConfig(ctx, args.input),
  }),
  spectrumConfigUpdate: t.field({
    type: MallDeliveryRef,
    description: 'The Spectrum/DIP settings; switching on needs the warehouse and the contact ready.',
    args: { input: t.arg({ type: SpectrumInput, required: true }) },
    resolve: (_, args, ctx) => updateSpectrumConfig(ctx, args.input),
  }),
  mallDeliveryDecide: t.field({
    type: MallDeliveryRef,
    description: "Administrators only: accepts or declines a partner's pending MALL Delivery request.",
    args: { partnerId: t.arg.id({ required: true }), input: t.arg({ type: DecisionInput, required: true }) },
    resolve: (_, args, ctx) => decideMallDelivery(ctx, idArg(args.partnerId, 'partnerId'), args.input),
  }),
  mallDeliveryDeactivate: t.field({
    type: MallDeliveryRef,
    description: "Administrators only: switches a partner's active MALL Delivery off, with a reason.",
    args: { partnerId: t.arg.id({ required: true }), reason: t.arg.string({ required: true }) },
    resolve: (_, args, ctx) => deactivateMallDelivery(ctx, idArg(args.partnerId, 'partnerId'), args.reason),
  }),
}));
