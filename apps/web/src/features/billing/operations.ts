import { graphql, type ResultOf } from '../../graphql/graphql';

export const INVOICE_SUMMARY_FIELDS = graphql(`
  fragment InvoiceSummaryFields on InvoiceSummary @_unmask {
    id
    documentType
    kind
    invoiceTypeTag
    invoiceNumber
    documentNumber
    originDocumentId
    originInvoiceNumber
    period
    createdAt
    deliveryAt
    dueDate
    currency
    total
    remaining
    variableSymbol
    hasOverview
  }
`);

export type InvoiceRow = ResultOf<typeof INVOICE_SUMMARY_FIELDS>;

export const InvoicesQuery = graphql(
  `
  query Invoices($grid: GridInput) {
    invoices(grid: $grid) {
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

const PARTY_FIELDS = graphql(`
  fragment BillingPartyFields on BillingParty @_unmask {
    name
    registrationNumber
    taxIdentification
    vatNumber
    note
    address {
      street
      city
      zip
      country
    }
    bank {
      bankAccount
      bankName
      iban
      swift
    }
  }
`);

export type BillingPartyData = ResultOf<typeof PARTY_FIELDS>;

export const InvoiceQuery = graphql(
  `
  query Invoice($id: ID!) {
    invoice(id: $id) {
      id
      documentType
      kind
      invoiceTypeTag
      invoiceNumber
      documentNumber
      originDocumentId
      originInvoiceNumber
      referenceId
      purchNoC
      period
      createdAt
      deliveryAt
      dueDate
      currency
      totalWithoutVat
      totalVat
      total
      remaining
      variableSymbol
      note
      reverseCharge
      hasOverview
      supplier {
        ...BillingPartyFields
      }
      customer {
        ...BillingPartyFields
      }
      items {
        id
        code
        articleId
        orderId
        title
        quantity
        unit
        unitPrice
        vatRate
        priceWithoutVat
        priceWithVat
        totalPrice
      }
      taxRecap {
        vatRate
        base
        vat
        total
      }
      offsets {
        offsetId
        documentNumber
        diffPrice
        createdAt
      }
    }
  }
`,
  [PARTY_FIELDS],
);

export type InvoiceDetail = ResultOf<typeof InvoiceQuery>['invoice'];

export const OffsetsQuery = graphql(`
  query Offsets($grid: GridInput) {
    offsets(grid: $grid) {
      items {
        id
        documentNumber
        period
        createdAt
        dueDate
        currency
        sumPrice
        creditPrice
        remainingPrice
        diffPrice
        variableSymbol
      }
      total
      totalExact
      page
      perPage
      nextCursor
    }
  }
`);

export type OffsetRow = ResultOf<typeof OffsetsQuery>['offsets']['items'][number];

const OFFSET_LINE_FIELDS = graphql(`
  fragment OffsetLineFields on OffsetLine @_unmask {
    id
    lineKind
    documentId
    orderId
    reference
    created
    dueDate
    sumPrice
    offsetPrice
    remainPrice
    currency
  }
`);

export type OffsetLineData = ResultOf<typeof OFFSET_LINE_FIELDS>;

export const OffsetQuery = graphql(
  `
  query Offset($id: ID!) {
    offset(id: $id) {
      id
      documentNumber
      period
      createdAt
      dueDate
      currency
      sumPrice
      creditPrice
      remainingPrice
      diffPrice
      variableSymbol
      supplier {
        ...BillingPartyFields
      }
      customer {
        ...BillingPartyFields
      }
      invoices {
        ...OffsetLineFields
      }
      orders {
        ...OffsetLineFields
      }
    }
  }
`,
  [PARTY_FIELDS, OFFSET_LINE_FIELDS],
);

export type OffsetDetail = ResultOf<typeof OffsetQuery>['offset'];

export const BillingSelfBillingQuery = graphql(`
  query BillingSelfBilling { selfBilling { offered status fromPeriod declineReason } }
`);

export const BillingRequestSelfBillingMutation = graphql(`
  mutation BillingRequestSelfBilling { requestSelfBilling { offered status fromPeriod declineReason } }
`);

/** Query keys of the area; the partner is part of each, so switching partners never shows another's data. */
export const BILLING_KEYS = {
  invoices: ['billing', 'invoices'],
  invoice: ['billing', 'invoice'],
  offsets: ['billing', 'offsets'],
  offset: ['billing', 'offset'],
  selfBilling: ['billing', 'selfBilling'],
} as const;
