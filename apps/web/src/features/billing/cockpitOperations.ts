import { graphql, type ResultOf } from '../../graphql/graphql';
import { INVOICE_SUMMARY_FIELDS } from './operations';

/** The operators' billing (cockpit/billing): runs, self-billing decisions, a partner's documents. */

export const CockpitBillingRunsQuery = graphql(`
  query CockpitBillingRuns($grid: GridInput) {
    cockpitBillingRuns(grid: $grid) {
      items {
        id
        period
        partnerId
        partnerName
        status
        createdAt
        startedAt
        finishedAt
        documents
        offsets
        partners
        error
      }
      total
      totalExact
      page
      perPage
      nextCursor
    }
  }
`);

export type BillingRunRow = ResultOf<typeof CockpitBillingRunsQuery>['cockpitBillingRuns']['items'][number];

export const CockpitStartBillingRunMutation = graphql(`
  mutation CockpitStartBillingRun($period: String!, $partnerId: ID) {
    cockpitStartBillingRun(period: $period, partnerId: $partnerId) {
      id
      period
      status
    }
  }
`);

export const CockpitSelfBillingRequestsQuery = graphql(`
  query CockpitSelfBillingRequests($grid: GridInput) {
    cockpitSelfBillingRequests(grid: $grid) {
      items {
        partnerId
        partnerName
        shopId
        country
        vatId
        status
        requestedAt
      }
      total
      totalExact
      page
      perPage
      nextCursor
    }
  }
`);

export type SelfBillingRequestRow = ResultOf<
  typeof CockpitSelfBillingRequestsQuery
>['cockpitSelfBillingRequests']['items'][number];

export const CockpitDecideSelfBillingMutation = graphql(`
  mutation CockpitDecideSelfBilling($partnerId: ID!, $accept: Boolean!, $reason: String) {
    cockpitDecideSelfBilling(partnerId: $partnerId, accept: $accept, reason: $reason) {
      partnerId
      status
    }
  }
`);

export const CockpitPartnerInvoicesQuery = graphql(
  `
  query CockpitPartnerInvoices($partnerId: ID!, $grid: GridInput) {
    cockpitPartnerInvoices(partnerId: $partnerId, grid: $grid) {
      items {
        ...InvoiceSummaryFields
      }
      total
      totalExact
      page
      perPage
      nextCursor
    }
  }
`,
  [INVOICE_SUMMARY_FIELDS],
);

export const CockpitIssuePenaltyMutation = graphql(
  `
  mutation CockpitIssuePenalty($partnerId: ID!, $amount: String, $reason: String!) {
    cockpitIssuePenalty(partnerId: $partnerId, amount: $amount, reason: $reason) {
      ...InvoiceSummaryFields
    }
  }
`,
  [INVOICE_SUMMARY_FIELDS],
);

export const CockpitIssueCorrectionMutation = graphql(
  `
  mutation CockpitIssueCorrection(
    $documentId: ID!
    $documentType: String!
    $lines: [CorrectionLineInput!]!
    $reason: String!
  ) {
    cockpitIssueCorrection(documentId: $documentId, documentType: $documentType, lines: $lines, reason: $reason) {
      ...InvoiceSummaryFields
    }
  }
`,
  [INVOICE_SUMMARY_FIELDS],
);

export const COCKPIT_BILLING_KEYS = {
  runs: ['cockpitBilling', 'runs'],
  requests: ['cockpitBilling', 'requests'],
  invoices: ['cockpitBilling', 'invoices'],
} as const;
