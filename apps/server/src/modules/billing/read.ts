import { type BillingParty, DomainError, type RecapRow } from '@pp/domain';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import {
  billingDocumentItems,
  billingDocuments,
  billingOffsetLines,
  billingOffsets,
  billingOverviewLines,
} from './tables';

/**
 * What partners read of their billing documents: the same views serve the detail pages, the PDF and XLSX
 * files, the export and the partner API, so a file always says what the page says.
 */

export interface DocumentItemView {
  position: number;
  code: string;
  articleId: string | null;
  orderId: number | null;
  title: string;
  quantity: string;
  unit: string;
  unitPrice: string;
  vatRate: string;
  priceWithoutVat: string;
  priceWithVat: string;
  totalPrice: string;
}

export interface DocumentOffsetView {
  offsetId: number;
  documentNumber: string;
  /** What this offset took from the document. */
  diffPrice: string;
  createdAt: Date;
}

export interface DocumentSummary {
  id: number;
  partnerId: number;
  shopId: string;
  documentType: string;
  kind: string;
  invoiceTypeTag: string | null;
  invoiceNumber: string;
  documentNumber: string;
  originDocumentId: number | null;
  originInvoiceNumber: string | null;
  referenceId: string | null;
  purchNoC: string | null;
  period: string | null;
  createdAt: Date;
  deliveryAt: string;
  dueDate: string;
  currency: string;
  totalWithoutVat: string;
  totalVat: string;
  total: string;
  remaining: string;
  variableSymbol: string;
  note: string | null;
  reverseCharge: boolean;
  /** Whether the document has an overview of orders (commission invoices and return credits). */
  hasOverview: boolean;
}

export interface DocumentView extends DocumentSummary {
  supplier: BillingParty;
  customer: BillingParty;
  taxRecap: RecapRow[];
  items: DocumentItemView[];
  offsets: DocumentOffsetView[];
}

// Spelled out: drizzle leaves a lone table's columns unqualified, which inside the subquery would name `o`'s own.
const origin = sql<string | null>`(select o.invoice_number from billing_documents o
  where o.id = billing_documents.origin_document_id)`;

export const documentSummaryFields = {
  id: billingDocuments.id,
  partnerId: billingDocuments.partnerId,
  shopId: billingDocuments.shopId,
  documentType: billingDocuments.documentType,
  kind: billingDocuments.kind,
  invoiceTypeTag: billingDocuments.invoiceTypeTag,
  invoiceNumber: billingDocuments.invoiceNumber,
  documentNumber: billingDocuments.documentNumber,
  originDocumentId: billingDocuments.originDocumentId,
  originInvoiceNumber: origin,
  referenceId: billingDocuments.referenceId,
  purchNoC: billingDocuments.purchNoC,
  period: sql<string | null>`to_char(${billingDocuments.period}, 'YYYY-MM')`,
  createdAt: billingDocuments.createdAt,
  deliveryAt: sql<string>`${billingDocuments.deliveryAt}::text`,
  dueDate: sql<string>`${billingDocuments.dueDate}::text`,
  currency: billingDocuments.currency,
  totalWithoutVat: billingDocuments.totalWithoutVat,
  totalVat: billingDocuments.totalVat,
  total: billingDocuments.total,
  remaining: billingDocuments.remaining,
  variableSymbol: billingDocuments.variableSymbol,
  note: billingDocuments.note,
  reverseCharge: billingDocuments.reverseCharge,
  hasOverview: sql<boolean>`${billingDocuments.kind} in ('COMMISSION', 'RETURN_CREDIT')`,
};

/** One document of the partner with its items and the offsets that settled it; not found for another's. */
export async function loadDocument(db: DbOrTx, partnerId: number, id: number): Promise<DocumentView> {
  const [row] = await db
    .select({
      ...documentSummaryFields,
      supplier: billingDocuments.supplier,
      customer: billingDocuments.customer,
      taxRecap: billingDocuments.taxRecap,
    })
    .from(billingDocuments)
    .where(and(eq(billingDocuments.partnerId, partnerId), eq(billingDocuments.id, id)));
  if (!row) throw new DomainError('ENTITY_NOT_FOUND');
  const [items, offsets] = await Promise.all([
    db
      .select({
        position: billingDocumentItems.position,
        code: billingDocumentItems.code,
        articleId: billingDocumentItems.articleId,
        orderId: billingDocumentItems.orderId,
        title: billingDocumentItems.title,
        quantity: billingDocumentItems.quantity,
        unit: billingDocumentItems.unit,
        unitPrice: billingDocumentItems.unitPrice,
        vatRate: billingDocumentItems.vatRate,
        priceWithoutVat: billingDocumentItems.priceWithoutVat,
        priceWithVat: billingDocumentItems.priceWithVat,
        totalPrice: billingDocumentItems.totalPrice,
      })
      .from(billingDocumentItems)
      .where(and(eq(billingDocumentItems.partnerId, partnerId), eq(billingDocumentItems.documentId, id)))
      .orderBy(asc(billingDocumentItems.position)),
    db
      .select({
        offsetId: billingOffsets.id,
        documentNumber: billingOffsets.documentNumber,
        diffPrice: billingOffsetLines.offsetPrice,
        createdAt: billingOffsets.createdAt,
      })
      .from(billingOffsetLines)
      .innerJoin(
        billingOffsets,
        and(
          eq(billingOffsets.partnerId, billingOffsetLines.partnerId),
          eq(billingOffsets.id, billingOffsetLines.offsetId),
        ),
      )
      .where(
        and(
          eq(billingOffsetLines.partnerId, partnerId),
          eq(billingOffsetLines.documentId, id),
          sql`${billingOffsetLines.offsetPrice} <> 0`,
        ),
      )
      .orderBy(asc(billingOffsets.createdAt)),
  ]);
  return { ...row, items, offsets };
}

/** A document by its number (the spec's "invoice get" takes the invoiceNumber). */
export async function documentIdByNumber(db: DbOrTx, partnerId: number, invoiceNumber: string): Promise<number> {
  const [row] = await db
    .select({ id: billingDocuments.id })
    .from(billingDocuments)
    .where(and(eq(billingDocuments.partnerId, partnerId), eq(billingDocuments.invoiceNumber, invoiceNumber)));
  if (!row) throw new DomainError('ENTITY_NOT_FOUND');
  return row.id;
}

export interface OverviewLineView {
  orderId: number;
  itemId: number;
  articleId: string | null;
  title: string;
  quantity: number;
  priceWithVat: string;
  commissionRate: string;
  rateSource: string;
  commission: string;
  orderedAt: Date;
  deliveredAt: Date | null;
}

/**
 * The overview of a document (its order lines), read in pages of `pageSize` by (order, item): a commission
 * invoice of a large partner holds tens of thousands of lines, which a file writer streams and never holds.
 */
export async function* overviewLines(
  db: DbOrTx,
  partnerId: number,
  documentId: number,
  pageSize = 2000,
): AsyncGenerator<OverviewLineView[]> {
  let after: { orderId: number; itemId: number } | null = null;
  for (;;) {
    const seek: ReturnType<typeof sql> | undefined = after
      ? sql`(${billingOverviewLines.orderId}, ${billingOverviewLines.itemId}) > (${after.orderId}, ${after.itemId})`
      : undefined;
    const rows: OverviewLineView[] = await db
      .select({
        orderId: billingOverviewLines.orderId,
        itemId: billingOverviewLines.itemId,
        articleId: billingOverviewLines.articleId,
        title: billingOverviewLines.title,
        quantity: billingOverviewLines.quantity,
        priceWithVat: billingOverviewLines.priceWithVat,
        commissionRate: billingOverviewLines.commissionRate,
        rateSource: billingOverviewLines.rateSource,
        commission: billingOverviewLines.commission,
        orderedAt: billingOverviewLines.orderedAt,
        deliveredAt: billingOverviewLines.deliveredAt,
      })
      .from(billingOverviewLines)
      .where(and(eq(billingOverviewLines.partnerId, partnerId), eq(billingOverviewLines.documentId, documentId), seek))
      .orderBy(asc(billingOverviewLines.orderId), asc(billingOverviewLines.itemId))
      .limit(pageSize);
    if (rows.length) yield rows;
    if (rows.length < pageSize) return;
    const last = rows.at(-1)!;
    after = { orderId: last.orderId, itemId: last.itemId };
  }
}

export interface OffsetLineView {
  position: number;
  lineKind: string;
  documentId: number | null;
  orderId: number | null;
  reference: string;
  created: Date;
  dueDate: string | null;
  sumPrice: string;
  offsetPrice: string;
  remainPrice: string;
  currency: string;
}

export interface OffsetSummary {
  id: number;
  partnerId: number;
  shopId: string;
  documentNumber: string;
  period: string;
  createdAt: Date;
  dueDate: string;
  currency: string;
  sumPrice: string;
  creditPrice: string;
  remainingPrice: string;
  diffPrice: string;
  variableSymbol: string;
}

export interface OffsetView extends OffsetSummary {
  supplier: BillingParty;
  customer: BillingParty;
  /** Documents the partner owed and the marketplace owed, in that order. */
  invoices: OffsetLineView[];
  /** The customers' payments the marketplace collected, per order. */
  orders: OffsetLineView[];
}

export const offsetSummaryFields = {
  id: billingOffsets.id,
  partnerId: billingOffsets.partnerId,
  shopId: billingOffsets.shopId,
  documentNumber: billingOffsets.documentNumber,
  period: sql<string>`to_char(${billingOffsets.period}, 'YYYY-MM')`,
  createdAt: billingOffsets.createdAt,
  dueDate: sql<string>`${billingOffsets.dueDate}::text`,
  currency: billingOffsets.currency,
  sumPrice: billingOffsets.sumPrice,
  creditPrice: billingOffsets.creditPrice,
  remainingPrice: billingOffsets.remainingPrice,
  diffPrice: billingOffsets.diffPrice,
  variableSymbol: billingOffsets.variableSymbol,
};

/** One offset of the partner by its document number (the spec's "offset get"); not found for another's. */
export async function loadOffset(db: DbOrTx, partnerId: number, documentNumber: string): Promise<OffsetView> {
  const [row] = await db
    .select({ ...offsetSummaryFields, supplier: billingOffsets.supplier, customer: billingOffsets.customer })
    .from(billingOffsets)
    .where(and(eq(billingOffsets.partnerId, partnerId), eq(billingOffsets.documentNumber, documentNumber)));
  if (!row) throw new DomainError('ENTITY_NOT_FOUND');
  const lines = await db
    .select({
      position: billingOffsetLines.position,
      lineKind: billingOffsetLines.lineKind,
      documentId: billingOffsetLines.documentId,
      orderId: billingOffsetLines.orderId,
      reference: billingOffsetLines.reference,
      created: billingOffsetLines.created,
      dueDate: sql<string | null>`${billingOffsetLines.dueDate}::text`,
      sumPrice: billingOffsetLines.sumPrice,
      offsetPrice: billingOffsetLines.offsetPrice,
      remainPrice: billingOffsetLines.remainPrice,
      currency: billingOffsetLines.currency,
    })
    .from(billingOffsetLines)
    .where(and(eq(billingOffsetLines.partnerId, partnerId), eq(billingOffsetLines.offsetId, row.id)))
    .orderBy(asc(billingOffsetLines.position));
  return {
    ...row,
    invoices: lines.filter((l) => l.lineKind !== 'order'),
    orders: lines.filter((l) => l.lineKind === 'order'),
  };
}

export async function offsetNumberById(db: DbOrTx, partnerId: number, id: number): Promise<string> {
  const [row] = await db
    .select({ documentNumber: billingOffsets.documentNumber })
    .from(billingOffsets)
    .where(and(eq(billingOffsets.partnerId, partnerId), eq(billingOffsets.id, id)));
  if (!row) throw new DomainError('ENTITY_NOT_FOUND');
  return row.documentNumber;
}

/**
 * The partner's documents issued in a range of days (the export, the API's list), oldest first, read in
 * pages by id so a long range is never held whole.
 */
export async function* documentsIssuedBetween(
  db: DbOrTx,
  partnerId: number,
  range: { from: Date; to: Date },
  pageSize = 200,
): AsyncGenerator<DocumentSummary[]> {
  let afterId = 0;
  for (;;) {
    const rows = await db
      .select(documentSummaryFields)
      .from(billingDocuments)
      .where(
        and(
          eq(billingDocuments.partnerId, partnerId),
          sql`${billingDocuments.createdAt} >= ${range.from.toISOString()}::timestamptz`,
          sql`${billingDocuments.createdAt} < ${range.to.toISOString()}::timestamptz`,
          gt(billingDocuments.id, afterId),
        ),
      )
      .orderBy(asc(billingDocuments.id))
      .limit(pageSize);
    if (rows.length) yield rows;
    if (rows.length < pageSize) return;
    afterId = rows.at(-1)!.id;
  }
}

/** The same for offsets. */
export async function offsetsIssuedBetween(
  db: DbOrTx,
  partnerId: number,
  range: { from: Date; to: Date },
): Promise<OffsetSummary[]> {
  return db
    .select(offsetSummaryFields)
    .from(billingOffsets)
    .where(
      and(
        eq(billingOffsets.partnerId, partnerId),
        sql`${billingOffsets.createdAt} >= ${range.from.toISOString()}::timestamptz`,
        sql`${billingOffsets.createdAt} < ${range.to.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(asc(billingOffsets.id));
}
