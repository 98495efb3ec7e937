import { DomainError } from '@pp/domain';
import { builder } from '../../platform/graphql/builder';
import { type OrderConsignment, ulozenkaExport, ulozenkaRegister } from './carriers/consignments';
import { type BranchPage, type CarrierBranch, carrierBranchesQuery } from './carriers/branches';
import { type BranchLoadRow, cockpitBranchLoads } from './carriers/upload';

export const CarrierBranchRef = builder.objectRef<CarrierBranch>('CarrierBranch').implement({
  description: 'A pickup point of a carrier an order can be delivered to.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The key an order names its branch by: <carrier>-<code>.' }),
    carrier: t.exposeString('carrier', { description: 'A carrier code of deliveryCarriers.' }),
    carrierTitle: t.exposeString('carrierTitle'),
    code: t.exposeString('code', { description: "The carrier's own id of the branch." }),
    name: t.exposeString('name'),
    street: t.exposeString('street'),
    zip: t.exposeString('zip'),
    city: t.exposeString('city'),
    country: t.exposeString('country'),
    lat: t.exposeFloat('lat', { nullable: true }),
    lng: t.exposeFloat('lng', { nullable: true }),
    active: t.exposeBoolean('active'),
    codAllowed: t.exposeBoolean('codAllowed', { description: 'Whether the branch takes cash on delivery.' }),
    maxPackageSize: t.exposeString('maxPackageSize', {
      nullable: true,
      description: 'The largest package size the branch accepts (SMALLBOX, BIGBOX); null for any.',
    }),
    openingHours: t.exposeString('openingHours', { nullable: true }),
  }),
});

export const CarrierBranchPageRef = builder.objectRef<BranchPage>('CarrierBranchPage').implement({
  fields: (t) => ({
    nodes: t.field({ type: [CarrierBranchRef], resolve: (p) => p.nodes }),
    nextCursor: t.exposeString('nextCursor', { nullable: true, description: 'Pass as `after` for the next page.' }),
  }),
});

builder.queryFields((t) => ({
  carrierBranches: t.field({
    type: CarrierBranchPageRef,
    description:
      'Active pickup points of a country (and carrier) whose name, city, zip or street hold every word of `search` (case and diacritics ignored), in name order, `first` (1–100, default 20) at a time.',
    args: {
      country: t.arg.string({ required: true }),
      carrier: t.arg.string(),
      search: t.arg.string(),
      first: t.arg.int(),
      after: t.arg.string(),
    },
    resolve: (_, args, ctx) => carrierBranchesQuery(ctx, args),
  }),
}));

const BranchLoadErrorRef = builder
  .objectRef<{ line: number; field: string; rule: string }>('CarrierBranchLoadError')
  .implement({
    description: 'A bad row of a branch file: its line (the header is 1), the column and the rule it breaks.',
    fields: (t) => ({
      line: t.exposeInt('line'),
      field: t.exposeString('field', { description: 'A column of the file, or "row" for the whole line.' }),
      rule: t.exposeString('rule'),
    }),
  });

const BranchLoadRef = builder.objectRef<BranchLoadRow>('CarrierBranchLoad').implement({
  description: "One load of a carrier's branch file (an operator's upload or the command line) and its outcome.",
  fields: (t) => ({
    id: t.exposeID('id'),
    status: t.exposeString('status', { description: 'queued, running, done or failed' }),
    carrier: t.exposeString('carrier', {
      nullable: true,
      description: 'The carrier uploaded for; once loaded, the networks replaced as CARRIER/CC, comma-separated.',
    }),
    fileName: t.exposeString('fileName', { nullable: true }),
    accountEmail: t.exposeString('accountEmail', {
      nullable: true,
      description: 'Who uploaded it; null: the command.',
    }),
    lines: t.exposeInt('lines', { description: 'Data rows of the file' }),
    inserted: t.exposeInt('inserted'),
    updated: t.exposeInt('updated'),
    deactivated: t.exposeInt('deactivated'),
    errorCode: t.exposeString('errorCode', { nullable: true, description: 'Why the whole file was refused' }),
    errorCount: t.exposeInt('errorCount', { description: 'Bad rows in all; `errors` keeps the first 100' }),
    errors: t.field({ type: [BranchLoadErrorRef], resolve: (l) => l.errors }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    finishedAt: t.expose('finishedAt', { type: 'DateTime', nullable: true }),
  }),
});

builder.queryField('cockpitBranchLoads', (t) =>
  t.field({
    type: [BranchLoadRef],
    description: "The newest 20 loads of carriers' branch files, newest first (operators).",
    resolve: (_root, _args, ctx) => cockpitBranchLoads(ctx),
  }),
);

/** Order ids are the marketplace's: positive integers JavaScript holds exactly. */
function orderIdOf(value: string | number): number {
  const id = typeof value === 'number' ? value : /^\d{1,16}$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(id) || id <= 0) throw new DomainError('ORDER_ID_INVALID');
  return id;
}

const OrderConsignmentRef = builder.objectRef<OrderConsignment>('OrderConsignment').implement({
  description: "An order's consignment registered with a carrier.",
  fields: (t) => ({
    orderId: t.exposeID('orderId'),
    carrier: t.exposeString('carrier'),
    consignmentId: t.exposeString('consignmentId'),
    trackingNumber: t.exposeString('trackingNumber', { nullable: true }),
    registeredAt: t.field({ type: 'DateTime', resolve: (c) => c.registeredAt }),
    exportedAt: t.field({ type: 'DateTime', nullable: true, resolve: (c) => c.exportedAt }),
  }),
});

const ConsignmentExportRef = builder
  .objectRef<{ exportId: string | null; consignments: OrderConsignment[] }>('OrderConsignmentExport')
  .implement({
    fields: (t) => ({
      exportId: t.exposeString('exportId', {
        nullable: true,
        description: "The carrier's hand-over id; null when every consignment had been exported before.",
      }),
      consignments: t.field({ type: [OrderConsignmentRef], resolve: (e) => e.consignments }),
    }),
  });

builder.mutationFields((t) => ({
  orderUlozenkaRegister: t.field({
    type: OrderConsignmentRef,
    description:
      "Registers a MALL Delivery order's consignment with Ulozenka (open or shipping, confirmed); a second call answers the one registered.",
    args: { orderId: t.arg.id({ required: true }) },
    resolve: (_, args, ctx) => ulozenkaRegister(ctx, orderIdOf(args.orderId)),
  }),
  orderUlozenkaExport: t.field({
    type: ConsignmentExportRef,
    description: 'Exports (hands over) the registered Ulozenka consignments of up to 100 orders in one list.',
    args: { orderIds: t.arg.idList({ required: true }) },
    resolve: (_, args, ctx) => ulozenkaExport(ctx, args.orderIds.map(orderIdOf)),
  }),
}));
