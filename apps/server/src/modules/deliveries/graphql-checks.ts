import { DELIVERY_ALERT_KINDS, DELIVERY_PROBLEM_KINDS, type DeliveryAlert, type DeliveryCheck } from '@pp/domain';
import { builder } from '../../platform/graphql/builder';
import { ProductRef } from '../products/graphql';
import { partnerDeliveryAlerts, productDeliveryCheck } from './checks-service';

const DeliveryProblemKindEnum = builder.enumType('DeliveryProblemKind', { values: DELIVERY_PROBLEM_KINDS });
const DeliveryAlertKindEnum = builder.enumType('DeliveryAlertKind', { values: DELIVERY_ALERT_KINDS });

const DeliveryProblemRef = builder.objectRef<DeliveryCheck['problems'][number]>('DeliveryProblem').implement({
  description: "Why a delivery method cannot take a product, or why no method can (deliveries' checks).",
  fields: (t) => ({
    kind: t.field({ type: DeliveryProblemKindEnum, resolve: (p) => p.kind }),
    blocking: t.exposeBoolean('blocking', {
      description: 'True when it makes the product a problem; false when another method still takes the product.',
    }),
    methodId: t.id({ nullable: true, resolve: (p) => p.method?.id ?? null }),
    methodCode: t.string({ nullable: true, resolve: (p) => p.method?.code ?? null }),
    methodTitle: t.string({ nullable: true, resolve: (p) => p.method?.title ?? null }),
    packageSize: t.string({ nullable: true, resolve: (p) => p.packageSize ?? null }),
    measure: t.string({
      nullable: true,
      description: 'height, width, length (cm) or weight (kg).',
      resolve: (p) => p.measure ?? null,
    }),
    bound: t.string({ nullable: true, description: 'MIN or MAX.', resolve: (p) => p.bound ?? null }),
    limit: t.float({ nullable: true, resolve: (p) => p.limit ?? null }),
    value: t.float({ nullable: true, resolve: (p) => p.value ?? null }),
  }),
});

const DeliveryCheckRef = builder.objectRef<DeliveryCheck>('DeliveryCheck').implement({
  fields: (t) => ({
    ok: t.exposeBoolean('ok', { description: 'Deliverable, and no weight missing for a weight-levels method.' }),
    deliverable: t.exposeBoolean('deliverable', { description: 'Some active method carries, fits and prices it.' }),
    problems: t.field({ type: [DeliveryProblemRef], resolve: (c) => c.problems }),
  }),
});

const DeliveryAlertRef = builder.objectRef<DeliveryAlert>('DeliveryAlert').implement({
  fields: (t) => ({
    kind: t.field({ type: DeliveryAlertKindEnum, resolve: (a) => a.kind }),
    count: t.exposeInt('count', { description: 'How many of the partner’s products it concerns.' }),
    packageSize: t.string({ nullable: true, resolve: (a) => a.packageSize }),
    filter: t.exposeString('filter', {
      description: "The products grid's `delivery` filter value (operator IN) that shows exactly these products.",
    }),
  }),
});

builder.objectField(ProductRef, 'deliveryCheck', (t) =>
  t.field({
    type: DeliveryCheckRef,
    description: "The product's delivery problems with the partner's active delivery methods.",
    resolve: (p, _, ctx) => productDeliveryCheck(ctx, p),
  }),
);

builder.queryField('deliveryAlerts', (t) =>
  t.field({
    type: [DeliveryAlertRef],
    description:
      "What stops the partner's products from being delivered: no method, products no method takes, a package size no method carries, weight levels with products without a weight.",
    resolve: (_, __, ctx) => partnerDeliveryAlerts(ctx),
  }),
);
