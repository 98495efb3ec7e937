import type { DeliveryCarrier } from '@pp/domain';
import { builder, idArg } from '../../platform/graphql/builder';
import { type DeliveryRow, deleteDelivery, deliveryCarriers, listDeliveries, saveDelivery } from './service';

const DeliveryCarrierRef = builder.objectRef<DeliveryCarrier>('DeliveryCarrier').implement({
  fields: (t) => ({
    code: t.exposeString('code'),
    title: t.exposeString('title'),
    isPickupPoint: t.exposeBoolean('isPickupPoint'),
  }),
});

const PartnerDeliveryRef = builder.objectRef<DeliveryRow>('PartnerDelivery').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    code: t.exposeString('code'),
    title: t.exposeString('title'),
    price: t.exposeFloat('price'),
    codPrice: t.exposeFloat('codPrice', { nullable: true }),
    freeLimit: t.exposeFloat('freeLimit', { nullable: true }),
    deliveryDelay: t.exposeInt('deliveryDelay', { description: 'Working days from order to shipment.' }),
    isPickupPoint: t.exposeBoolean('isPickupPoint'),
    active: t.exposeBoolean('active'),
  }),
});

const DeliveryInput = builder.inputType('DeliveryInput', {
  fields: (t) => ({
    code: t.string({ required: true, description: 'A carrier code of deliveryCarriers.' }),
    price: t.string({ required: true, description: 'In the shop currency; comma or dot.' }),
    codPrice: t.string(),
    freeLimit: t.string(),
    deliveryDelay: t.int({ required: true }),
  }),
});

builder.queryFields((t) => ({
  partnerDeliveries: t.field({
    type: [PartnerDeliveryRef],
    resolve: (_, __, ctx) => listDeliveries(ctx),
  }),
  deliveryCarriers: t.field({
    type: [DeliveryCarrierRef],
    description: "Carriers of the selected partner's market.",
    resolve: (_, __, ctx) => deliveryCarriers(ctx),
  }),
}));

builder.mutationFields((t) => ({
  saveDelivery: t.field({
    type: PartnerDeliveryRef,
    description: 'Creates a delivery method, or changes the one named by id.',
    args: { id: t.arg.id(), input: t.arg({ type: DeliveryInput, required: true }) },
    resolve: (_, args, ctx) => saveDelivery(ctx, args.id == null ? null : String(idArg(args.id)), args.input),
  }),
  deleteDelivery: t.field({
    type: 'Boolean',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_, args, ctx) => deleteDelivery(ctx, String(idArg(args.id))),
  }),
}));
