import { builder, GridInput, idArg } from '../../platform/graphql/builder';
import { cockpitBillingRuns, cockpitPartnerInvoices, cockpitSelfBillingRequests } from './cockpit';
import {
  type BillingRunView,
  cockpitDecideSelfBilling,
  cockpitIssueCorrection,
  cockpitIssuePenalty,
  cockpitStartBillingRun,
  type SelfBillingRequestView,
} from './commands';
import { billingPageRef, InvoicePageRef, InvoiceSummaryRef } from './graphql';

const BillingRunRef = builder.objectRef<BillingRunView>('BillingRun').implement({
  description: "A billing run: one period's documents for every partner or for one.",
  fields: (t) => ({
    id: t.exposeID('id'),
    period: t.exposeString('period', { description: 'YYYY-MM' }),
    partnerId: t.id({ nullable: true, resolve: (r) => r.partnerId }),
    partnerName: t.exposeString('partnerName', { nullable: true }),
    status: t.exposeString('status', { description: 'QUEUED, RUNNING, DONE or FAILED.' }),
    createdAt: t.field({ type: 'DateTime', resolve: (r) => r.createdAt }),
    startedAt: t.field({ type: 'DateTime', nullable: true, resolve: (r) => r.startedAt }),
    finishedAt: t.field({ type: 'DateTime', nullable: true, resolve: (r) => r.finishedAt }),
    documents: t.exposeInt('documents'),
    offsets: t.exposeInt('offsets'),
    partners: t.exposeInt('partners', { description: 'Partners gone through so far.' }),
    error: t.exposeString('error', { nullable: true }),
  }),
});

const SelfBillingRequestRef = builder.objectRef<SelfBillingRequestView>('SelfBillingRequest').implement({
  fields: (t) => ({
    partnerId: t.exposeID('partnerId'),
    partnerName: t.exposeString('partnerName'),
    shopId: t.exposeString('shopId'),
    country: t.exposeString('country'),
    vatId: t.exposeString('vatId'),
    status: t.exposeString('status', { description: 'inactive, requested or active.' }),
    requestedAt: t.field({ type: 'DateTime', nullable: true, resolve: (r) => r.requestedAt }),
  }),
});

const BillingRunPageRef = billingPageRef<BillingRunView>('BillingRunPage', BillingRunRef);
const SelfBillingRequestPageRef = billingPageRef<SelfBillingRequestView>(
  'SelfBillingRequestPage',
  SelfBillingRequestRef,
);

const CorrectionLineInput = builder.inputType('CorrectionLineInput', {
  description: 'A line of a credit or debit note: decimals as strings, the unit price without VAT.',
  fields: (t) => ({
    title: t.string({ required: true }),
    quantity: t.string({ required: true }),
    unitPrice: t.string({ required: true }),
    vatRate: t.string({ required: true }),
  }),
});

builder.queryFields((t) => ({
  cockpitBillingRuns: t.field({
    type: BillingRunPageRef,
    description: 'Operators: billing runs, newest first.',
    args: { grid: t.arg({ type: GridInput }) },
    resolve: (_, args, ctx) => cockpitBillingRuns(ctx, args.grid ?? {}),
  }),
  cockpitSelfBillingRequests: t.field({
    type: SelfBillingRequestPageRef,
    description: 'Operators: partners waiting for a self-billing decision (filter by status for the others).',
    args: { grid: t.arg({ type: GridInput }) },
    resolve: (_, args, ctx) => cockpitSelfBillingRequests(ctx, args.grid ?? {}),
  }),
  cockpitPartnerInvoices: t.field({
    type: InvoicePageRef,
    description: "Operators: one partner's invoices, credit notes and debit notes.",
    args: { partnerId: t.arg.id({ required: true }), grid: t.arg({ type: GridInput }) },
    resolve: (_, args, ctx) => cockpitPartnerInvoices(ctx, idArg(args.partnerId, 'partnerId'), args.grid ?? {}),
  }),
}));

builder.mutationFields((t) => ({
  cockpitStartBillingRun: t.field({
    type: BillingRunRef,
    description: 'Operators: bill an ended period (YYYY-MM) for every partner or for one (BILLING_PERIOD_OPEN).',
    args: { period: t.arg.string({ required: true }), partnerId: t.arg.id() },
    resolve: (_, args, ctx) =>
      cockpitStartBillingRun(ctx, {
        period: args.period,
        partnerId: args.partnerId != null ? idArg(args.partnerId, 'partnerId') : null,
      }),
  }),
  cockpitDecideSelfBilling: t.field({
    type: SelfBillingRequestRef,
    description: 'Operators: accept (from the next period) or decline (with a reason) a self-billing request.',
    args: {
      partnerId: t.arg.id({ required: true }),
      accept: t.arg.boolean({ required: true }),
      reason: t.arg.string(),
    },
    resolve: (_, args, ctx) =>
      cockpitDecideSelfBilling(ctx, {
        partnerId: idArg(args.partnerId, 'partnerId'),
        accept: args.accept,
        reason: args.reason,
      }),
  }),
  cockpitIssuePenalty: t.field({
    type: InvoiceSummaryRef,
    description: "Operators: a contractual penalty invoice (FS); without an amount the shop's penalty fee.",
    args: { partnerId: t.arg.id({ required: true }), amount: t.arg.string(), reason: t.arg.string({ required: true }) },
    resolve: (_, args, ctx) =>
      cockpitIssuePenalty(ctx, {
        partnerId: idArg(args.partnerId, 'partnerId'),
        amount: args.amount,
        reason: args.reason,
      }),
  }),
  cockpitIssueCorrection: t.field({
    type: InvoiceSummaryRef,
    description: 'Operators: a credit or debit note correcting an invoice or debit note.',
    args: {
      documentId: t.arg.id({ required: true }),
      documentType: t.arg.string({ required: true, description: 'credit-note or debit-note' }),
      lines: t.arg({ type: [CorrectionLineInput], required: true }),
      reason: t.arg.string({ required: true }),
    },
    resolve: (_, args, ctx) =>
      cockpitIssueCorrection(ctx, {
        documentId: idArg(args.documentId, 'documentId'),
        documentType: args.documentType,
        lines: args.lines,
        reason: args.reason,
      }),
  }),
}));
