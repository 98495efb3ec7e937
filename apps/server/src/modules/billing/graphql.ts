import type { ObjectRef } from '@pothos/core';
import type { BillingParty, GridPage, RecapRow } from '@pp/domain';
import { builder, GridInput, idArg } from '../../platform/graphql/builder';
import type {
  DocumentItemView,
  DocumentOffsetView,
  DocumentSummary,
  DocumentView,
  OffsetLineView,
  OffsetSummary,
  OffsetView,
} from './read';
import { invoiceDetail, invoicesGrid, offsetDetail, offsetsGrid, type VatRateView, vatRatesOf } from './service';

type Types = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer S> ? S : never;

const money = 'An exact decimal amount in the currency, as a string ("1234.50"; forints whole).';

const AddressRef = builder.objectRef<BillingParty['address']>('BillingAddress').implement({
  fields: (t) => ({
    street: t.exposeString('street'),
    city: t.exposeString('city'),
    zip: t.exposeString('zip'),
    country: t.exposeString('country'),
  }),
});

const BankRef = builder.objectRef<NonNullable<BillingParty['bank']>>('BillingBank').implement({
  fields: (t) => ({
    bankAccount: t.exposeString('bankAccount'),
    bankName: t.exposeString('bankName'),
    iban: t.exposeString('iban'),
    swift: t.exposeString('swift'),
  }),
});

export const BillingPartyRef = builder.objectRef<BillingParty>('BillingParty').implement({
  description: 'A party of a billing document as printed on it (a snapshot taken when it was issued).',
  fields: (t) => ({
    name: t.exposeString('name'),
    registrationNumber: t.exposeString('registrationNumber'),
    taxIdentification: t.exposeString('taxIdentification'),
    vatNumber: t.exposeString('vatNumber'),
    note: t.exposeString('note'),
    address: t.field({ type: AddressRef, resolve: (p) => p.address }),
    bank: t.field({ type: BankRef, nullable: true, resolve: (p) => p.bank ?? null }),
  }),
});

const RecapRowRef = builder.objectRef<RecapRow>('TaxRecapRow').implement({
  description: 'The tax recap of one VAT rate.',
  fields: (t) => ({
    vatRate: t.exposeString('vatRate'),
    base: t.exposeString('base', { description: money }),
    vat: t.exposeString('vat', { description: money }),
    total: t.exposeString('total', { description: money }),
  }),
});

const DocumentItemRef = builder.objectRef<DocumentItemView>('InvoiceItem').implement({
  fields: (t) => ({
    id: t.id({ resolve: (i) => i.position }),
    code: t.exposeString('code', { description: 'A fee type, COMMISSION, GOODS or CORRECTION.' }),
    articleId: t.exposeString('articleId', { nullable: true }),
    orderId: t.id({ nullable: true, resolve: (i) => i.orderId }),
    title: t.exposeString('title'),
    quantity: t.exposeString('quantity'),
    unit: t.exposeString('unit', { description: 'PIECE, MONTH, ORDER, PARCEL or PERCENT.' }),
    unitPrice: t.exposeString('unitPrice'),
    vatRate: t.exposeString('vatRate'),
    priceWithoutVat: t.exposeString('priceWithoutVat', { description: money }),
    priceWithVat: t.exposeString('priceWithVat', { description: money }),
    totalPrice: t.exposeString('totalPrice', { description: money }),
  }),
});

const DocumentOffsetRef = builder.objectRef<DocumentOffsetView>('InvoiceOffset').implement({
  fields: (t) => ({
    offsetId: t.id({ resolve: (o) => o.offsetId }),
    documentNumber: t.exposeString('documentNumber'),
    diffPrice: t.exposeString('diffPrice', { description: 'What the offset settled of this document.' }),
    createdAt: t.field({ type: 'DateTime', resolve: (o) => o.createdAt }),
  }),
});

function summaryFields<T extends DocumentSummary>(t: PothosSchemaTypes.ObjectFieldBuilder<Types, T>) {
  return {
    id: t.id({ resolve: (d) => d.id }),
    documentType: t.string({ description: 'invoice, credit-note or debit-note.', resolve: (d) => d.documentType }),
    kind: t.string({
      description: 'COMMISSION, FEES, PENALTY, SELF_BILLING, RETURN_CREDIT or CORRECTION.',
      resolve: (d) => d.kind,
    }),
    invoiceTypeTag: t.string({
      nullable: true,
      description: 'FS (billing fees) or SB (self-billing).',
      resolve: (d) => d.invoiceTypeTag,
    }),
    invoiceNumber: t.string({ resolve: (d) => d.invoiceNumber }),
    documentNumber: t.string({ resolve: (d) => d.documentNumber }),
    originDocumentId: t.id({
      nullable: true,
      description: 'The invoice a credit or debit note corrects.',
      resolve: (d) => d.originDocumentId,
    }),
    originInvoiceNumber: t.string({ nullable: true, resolve: (d) => d.originInvoiceNumber }),
    referenceId: t.string({ nullable: true, resolve: (d) => d.referenceId }),
    purchNoC: t.string({ nullable: true, resolve: (d) => d.purchNoC }),
    period: t.string({ nullable: true, description: 'The billed month (YYYY-MM).', resolve: (d) => d.period }),
    createdAt: t.field({ type: 'DateTime', resolve: (d) => d.createdAt }),
    deliveryAt: t.string({ description: 'The taxable supply day (YYYY-MM-DD).', resolve: (d) => d.deliveryAt }),
    dueDate: t.string({ resolve: (d) => d.dueDate }),
    currency: t.string({ resolve: (d) => d.currency }),
    totalWithoutVat: t.string({ description: money, resolve: (d) => d.totalWithoutVat }),
    totalVat: t.string({ description: money, resolve: (d) => d.totalVat }),
    total: t.string({ description: money, resolve: (d) => d.total }),
    remaining: t.string({ description: 'What offsets have not settled yet.', resolve: (d) => d.remaining }),
    variableSymbol: t.string({ resolve: (d) => d.variableSymbol }),
    note: t.string({ nullable: true, resolve: (d) => d.note }),
    reverseCharge: t.boolean({ resolve: (d) => d.reverseCharge }),
    hasOverview: t.boolean({
      description: 'The document has an overview of orders (GET /portal/overviews/{id}/{pdf|xlsx}).',
      resolve: (d) => d.hasOverview,
    }),
  };
}

export const InvoiceSummaryRef = builder.objectRef<DocumentSummary>('InvoiceSummary').implement({
  description: 'An invoice, credit note or debit note as the grid lists it.',
  fields: (t) => summaryFields(t),
});

const InvoiceRef = builder.objectRef<DocumentView>('Invoice').implement({
  description: 'An invoice, credit note or debit note with its parties, items, tax recap and offsets.',
  fields: (t) => ({
    ...summaryFields(t),
    supplier: t.field({ type: BillingPartyRef, resolve: (d) => d.supplier }),
    customer: t.field({ type: BillingPartyRef, resolve: (d) => d.customer }),
    items: t.field({ type: [DocumentItemRef], resolve: (d) => d.items }),
    taxRecap: t.field({ type: [RecapRowRef], resolve: (d) => d.taxRecap }),
    offsets: t.field({ type: [DocumentOffsetRef], resolve: (d) => d.offsets }),
  }),
});

const OffsetLineRef = builder.objectRef<OffsetLineView>('OffsetLine').implement({
  fields: (t) => ({
    id: t.id({ resolve: (l) => l.position }),
    lineKind: t.exposeString('lineKind', {
      description: 'invoice (the partner owed it), credit (the marketplace owed it) or order (a collected payment).',
    }),
    documentId: t.id({ nullable: true, resolve: (l) => l.documentId }),
    orderId: t.id({ nullable: true, resolve: (l) => l.orderId }),
    reference: t.exposeString('reference', { description: 'The document number or the order id.' }),
    created: t.field({ type: 'DateTime', resolve: (l) => l.created }),
    dueDate: t.exposeString('dueDate', { nullable: true }),
    sumPrice: t.exposeString('sumPrice', { description: money }),
    offsetPrice: t.exposeString('offsetPrice', { description: money }),
    remainPrice: t.exposeString('remainPrice', { description: money }),
    currency: t.exposeString('currency'),
  }),
});

function offsetSummaryFields<T extends OffsetSummary>(t: PothosSchemaTypes.ObjectFieldBuilder<Types, T>) {
  return {
    id: t.id({ resolve: (o) => o.id }),
    documentNumber: t.string({ resolve: (o) => o.documentNumber }),
    period: t.string({ description: 'The settled month (YYYY-MM).', resolve: (o) => o.period }),
    createdAt: t.field({ type: 'DateTime', resolve: (o) => o.createdAt }),
    dueDate: t.string({ resolve: (o) => o.dueDate }),
    currency: t.string({ resolve: (o) => o.currency }),
    sumPrice: t.string({ description: 'What the partner owed before the offset.', resolve: (o) => o.sumPrice }),
    creditPrice: t.string({ description: 'What the marketplace owed.', resolve: (o) => o.creditPrice }),
    remainingPrice: t.string({
      description: 'What the partner still owes after it (carried on).',
      resolve: (o) => o.remainingPrice,
    }),
    diffPrice: t.string({
      description: 'The difference paid out: positive to the partner, negative by the partner.',
      resolve: (o) => o.diffPrice,
    }),
    variableSymbol: t.string({ resolve: (o) => o.variableSymbol }),
  };
}

const OffsetSummaryRef = builder.objectRef<OffsetSummary>('OffsetSummary').implement({
  fields: (t) => offsetSummaryFields(t),
});

const OffsetRef = builder.objectRef<OffsetView>('Offset').implement({
  description: 'An offset: what the partner owed settled against what the marketplace owed.',
  fields: (t) => ({
    ...offsetSummaryFields(t),
    supplier: t.field({ type: BillingPartyRef, resolve: (o) => o.supplier }),
    customer: t.field({ type: BillingPartyRef, resolve: (o) => o.customer }),
    invoices: t.field({ type: [OffsetLineRef], resolve: (o) => o.invoices }),
    orders: t.field({ type: [OffsetLineRef], resolve: (o) => o.orders }),
  }),
});

const VatRateRef = builder.objectRef<VatRateView>('VatRate').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    shopId: t.exposeString('shopId'),
    rate: t.exposeString('rate'),
    isDefault: t.exposeBoolean('isDefault'),
  }),
});

export function billingPageRef<T extends object>(name: string, item: ObjectRef<Types, T>) {
  return builder.objectRef<GridPage<T>>(name).implement({
    fields: (t) => ({
      items: t.field({ type: [item], resolve: (p) => p.items }),
      total: t.exposeInt('total'),
      totalExact: t.exposeBoolean('totalExact'),
      page: t.exposeInt('page'),
      perPage: t.exposeInt('perPage'),
      nextCursor: t.string({ nullable: true, resolve: (p) => p.nextCursor ?? null }),
    }),
  });
}

export const InvoicePageRef = billingPageRef<DocumentSummary>('InvoicePage', InvoiceSummaryRef);
const OffsetPageRef = billingPageRef<OffsetSummary>('OffsetPage', OffsetSummaryRef);

builder.queryFields((t) => ({
  invoices: t.field({
    type: InvoicePageRef,
    description: "The partner's invoices, credit notes and debit notes, newest first.",
    args: { grid: t.arg({ type: GridInput }) },
    resolve: (_, args, ctx) => invoicesGrid(ctx, args.grid ?? {}),
  }),
  invoice: t.field({
    type: InvoiceRef,
    description: 'One document of the partner by id or by its invoiceNumber (ENTITY_NOT_FOUND).',
    args: { id: t.arg.id(), invoiceNumber: t.arg.string() },
    resolve: (_, args, ctx) =>
      invoiceDetail(ctx, { id: args.id != null ? idArg(args.id) : null, invoiceNumber: args.invoiceNumber }),
  }),
  offsets: t.field({
    type: OffsetPageRef,
    description: "The partner's offsets, newest first.",
    args: { grid: t.arg({ type: GridInput }) },
    resolve: (_, args, ctx) => offsetsGrid(ctx, args.grid ?? {}),
  }),
  offset: t.field({
    type: OffsetRef,
    description: 'One offset of the partner by id or by its documentNumber (ENTITY_NOT_FOUND).',
    args: { id: t.arg.id(), documentNumber: t.arg.string() },
    resolve: (_, args, ctx) =>
      offsetDetail(ctx, { id: args.id != null ? idArg(args.id) : null, documentNumber: args.documentNumber }),
  }),
  vatRates: t.field({
    type: [VatRateRef],
    description: "The VAT-rate table, filtered by shop (spec §7 'VAT rates grid').",
    args: { shopId: t.arg.string() },
    resolve: (_, args, ctx) => vatRatesOf(ctx, args.shopId),
  }),
}));
