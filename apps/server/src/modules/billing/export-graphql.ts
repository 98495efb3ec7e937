import { builder } from '../../platform/graphql/builder';
import { type BillingExportView, billingExportOf, createBillingExport } from './export';

const BillingExportRef = builder.objectRef<BillingExportView>('BillingExport').implement({
  description:
    'A billing export: a zip of the PDFs of every document and offset issued in the range and an XLSX summary, ' +
    'made by a job; `portal_new_invoice_export` announces it, then GET /portal/invoices/export/{id}/zip downloads it.',
  fields: (t) => ({
    id: t.exposeID('id'),
    status: t.exposeString('status', { description: 'QUEUED, RUNNING, DONE or ERROR.' }),
    fromDay: t.exposeString('fromDay', { description: 'The first day of the range (YYYY-MM-DD).' }),
    toDay: t.exposeString('toDay', { description: 'The last day of the range, included (YYYY-MM-DD).' }),
    documents: t.exposeInt('documents', { description: 'Documents in the zip (once DONE).' }),
    fileName: t.exposeString('fileName', { nullable: true, description: 'billings-<timestamp>.zip once DONE.' }),
    createdAt: t.field({ type: 'DateTime', resolve: (e) => e.createdAt }),
    finishedAt: t.field({ type: 'DateTime', nullable: true, resolve: (e) => e.finishedAt }),
  }),
});

builder.mutationField('createInvoiceExport', (t) =>
  t.field({
    type: BillingExportRef,
    description: 'Starts the billing export of a range of days (from, to: YYYY-MM-DD, at most 3 months).',
    args: { from: t.arg.string({ required: true }), to: t.arg.string({ required: true }) },
    resolve: (_, args, ctx) => createBillingExport(ctx, { from: args.from, to: args.to }),
  }),
);

builder.queryField('billingExport', (t) =>
  t.field({
    type: BillingExportRef,
    description: "One of the caller's billing exports (EXPORT_NOT_FOUND for any other id).",
    args: { id: t.arg.id({ required: true }) },
    resolve: (_, args, ctx) => billingExportOf(ctx, String(args.id)),
  }),
);
