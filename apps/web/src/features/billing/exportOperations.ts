import { graphql } from '../../graphql/graphql';

/** The billing export (spec §4), built by a job; `portal_new_invoice_export` says when its zip is ready. */
export const CreateInvoiceExportMutation = graphql(`
  mutation CreateInvoiceExport($from: String!, $to: String!) {
    createInvoiceExport(from: $from, to: $to) {
      id
      status
      fromDay
      toDay
      fileName
    }
  }
`);

/** One export's state: asked now and then while the stream might be down (EXPORT_NOT_FOUND for a foreign id). */
export const BillingExportQuery = graphql(`
  query BillingExport($id: ID!) {
    billingExport(id: $id) {
      id
      status
      documents
      fileName
    }
  }
`);
