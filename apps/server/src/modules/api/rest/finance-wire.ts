import { type BillingParty, formatWireDate } from '@pp/domain';
import { z } from 'zod';
import type { DocumentSummary, DocumentView, OffsetLineView, OffsetSummary, OffsetView } from '../../billing/read';

/**
 * Invoices, credit and debit notes and offsets as the v1 API writes them: snake_case like the other wires,
 * moments `YYYY-MM-DD HH:MM:SS` in Prague time, calendar days at midnight, and amounts as exact decimal
 * strings ("1234.50"; forints whole), the same the portal's pages and files show: a float never carries money.
 */

const wireDate = z.string().describe('YYYY-MM-DD HH:MM:SS, Prague time');
const money = z.string().describe('An exact decimal amount in the currency ("1234.50"; forints whole)');
const at = (date: Date) => formatWireDate(date);
const day = (value: string | null) => (value ? `${value.slice(0, 10)} 00:00:00` : null);

const v1Address = z.object({ street: z.string(), city: z.string(), zip: z.string(), country: z.string() });
const v1Bank = z.object({ bank_account: z.string(), bank_name: z.string(), iban: z.string(), swift: z.string() });

export const v1BillingParty = z.object({
  name: z.string(),
  registration_number: z.string(),
  tax_identification: z.string(),
  vat_number: z.string(),
  note: z.string(),
  address: v1Address,
  bank: v1Bank.nullable(),
});

function partyWire(party: BillingParty): z.input<typeof v1BillingParty> {
  return {
    name: party.name,
    registration_number: party.registrationNumber,
    tax_identification: party.taxIdentification,
    vat_number: party.vatNumber,
    note: party.note,
    address: { ...party.address },
    bank: party.bank
      ? {
          bank_account: party.bank.bankAccount,
          bank_name: party.bank.bankName,
          iban: party.bank.iban,
          swift: party.bank.swift,
        }
      : null,
  };
}

export const v1InvoiceSummary = z.object({
  id: z.number().int(),
  invoice_number: z.string(),
  document_number: z.string(),
  document_type: z.string().describe('invoice, credit-note or debit-note'),
  kind: z.string().describe('COMMISSION, FEES, PENALTY, SELF_BILLING, RETURN_CREDIT or CORRECTION'),
  invoice_type_tag: z.string().nullable().describe('FS (billing fees) or SB (self-billing)'),
  origin_document_id: z.number().int().nullable(),
  origin_invoice_number: z.string().nullable(),
  reference_id: z.string().nullable(),
  purch_no_c: z.string().nullable(),
  period: z.string().nullable().describe('The billed month, YYYY-MM'),
  created_at: wireDate,
  delivery_at: wireDate,
  due_date: wireDate,
  currency: z.string(),
  total_without_vat: money,
  total_vat: money,
  total: money,
  remaining: money.describe('What offsets have not settled yet'),
  variable_symbol: z.string(),
  note: z.string().nullable(),
  reverse_charge: z.boolean(),
  has_overview: z.boolean(),
});

export function invoiceSummaryWire(d: DocumentSummary): z.input<typeof v1InvoiceSummary> {
  return {
    id: d.id,
    invoice_number: d.invoiceNumber,
    document_number: d.documentNumber,
    document_type: d.documentType,
    kind: d.kind,
    invoice_type_tag: d.invoiceTypeTag,
    origin_document_id: d.originDocumentId,
    origin_invoice_number: d.originInvoiceNumber,
    reference_id: d.referenceId,
    purch_no_c: d.purchNoC,
    period: d.period,
    created_at: at(d.createdAt),
    delivery_at: day(d.deliveryAt)!,
    due_date: day(d.dueDate)!,
    currency: d.currency,
    total_without_vat: d.totalWithoutVat,
    total_vat: d.totalVat,
    total: d.total,
    remaining: d.remaining,
    variable_symbol: d.variableSymbol,
    note: d.note,
    reverse_charge: d.reverseCharge,
    has_overview: d.hasOverview,
  };
}

export const v1Invoice = v1InvoiceSummary.extend({
  supplier: v1BillingParty,
  customer: v1BillingParty,
  items: z.array(
    z.object({
      id: z.number().int(),
      code: z.string(),
      article_id: z.string().nullable(),
      order_id: z.number().int().nullable(),
      title: z.string(),
      quantity: z.string(),
      unit: z.string(),
      unit_price: z.string(),
      vat_rate: z.string(),
      price_without_vat: money,
      price_with_vat: money,
      total_price: money,
    }),
  ),
  tax_recap: z.array(z.object({ vat_rate: z.string(), base: money, vat: money, total: money })),
  offsets: z.array(
    z.object({ offset_id: z.number().int(), document_number: z.string(), diff_price: money, created_at: wireDate }),
  ),
});

export function invoiceWire(d: DocumentView): z.input<typeof v1Invoice> {
  return {
    ...invoiceSummaryWire(d),
    supplier: partyWire(d.supplier),
    customer: partyWire(d.customer),
    items: d.items.map((i) => ({
      id: i.position,
      code: i.code,
      article_id: i.articleId,
      order_id: i.orderId,
      title: i.title,
      quantity: i.quantity,
      unit: i.unit,
      unit_price: i.unitPrice,
      vat_rate: i.vatRate,
      price_without_vat: i.priceWithoutVat,
      price_with_vat: i.priceWithVat,
      total_price: i.totalPrice,
    })),
    tax_recap: d.taxRecap.map((r) => ({ vat_rate: r.vatRate, base: r.base, vat: r.vat, total: r.total })),
    offsets: d.offsets.map((o) => ({
      offset_id: o.offsetId,
      document_number: o.documentNumber,
      diff_price: o.diffPrice,
      created_at: at(o.createdAt),
    })),
  };
}

export const v1OffsetSummary = z.object({
  id: z.number().int(),
  document_number: z.string(),
  period: z.string().describe('The settled month, YYYY-MM'),
  created_at: wireDate,
  due_date: wireDate,
  currency: z.string(),
  sum_price: money.describe('What the partner owed before the offset'),
  credit_price: money.describe('What the marketplace owed'),
  remaining_price: money.describe('What the partner still owes after it'),
  diff_price: money.describe('The difference paid: positive to the partner, negative by the partner'),
  variable_symbol: z.string(),
});

export function offsetSummaryWire(o: OffsetSummary): z.input<typeof v1OffsetSummary> {
  return {
    id: o.id,
    document_number: o.documentNumber,
    period: o.period,
    created_at: at(o.createdAt),
    due_date: day(o.dueDate)!,
    currency: o.currency,
    sum_price: o.sumPrice,
    credit_price: o.creditPrice,
    remaining_price: o.remainingPrice,
    diff_price: o.diffPrice,
    variable_symbol: o.variableSymbol,
  };
}

const v1OffsetLine = z.object({
  id: z.number().int(),
  line_kind: z.string().describe('invoice, credit or order'),
  document_id: z.number().int().nullable(),
  order_id: z.number().int().nullable(),
  reference: z.string(),
  created: wireDate,
  due_date: wireDate.nullable(),
  sum_price: money,
  offset_price: money,
  remain_price: money,
  currency: z.string(),
});

function offsetLineWire(l: OffsetLineView): z.input<typeof v1OffsetLine> {
  return {
    id: l.position,
    line_kind: l.lineKind,
    document_id: l.documentId,
    order_id: l.orderId,
    reference: l.reference,
    created: at(l.created),
    due_date: day(l.dueDate),
    sum_price: l.sumPrice,
    offset_price: l.offsetPrice,
    remain_price: l.remainPrice,
    currency: l.currency,
  };
}

export const v1Offset = v1OffsetSummary.extend({
  supplier: v1BillingParty,
  customer: v1BillingParty,
  invoices: z.array(v1OffsetLine),
  orders: z.array(v1OffsetLine),
  attachment: z.object({ filename: z.string(), mime: z.string() }).describe('GET /v1/offsets/{id}/download'),
});

export function offsetWire(o: OffsetView, fileName: string): z.input<typeof v1Offset> {
  return {
    ...offsetSummaryWire(o),
    supplier: partyWire(o.supplier),
    customer: partyWire(o.customer),
    invoices: o.invoices.map(offsetLineWire),
    orders: o.orders.map(offsetLineWire),
    attachment: { filename: fileName, mime: 'application/pdf' },
  };
}

/** A document's file inside the envelope, as the API's other file (the labels) travels: base64. */
export const v1BillingFile = z.object({
  filename: z.string(),
  mime: z.string(),
  content: z.string().describe('The file, base64'),
});
