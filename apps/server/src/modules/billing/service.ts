import { DOCUMENT_KINDS, DOCUMENT_TYPES, DomainError, type GridPage, INVOICE_TAGS, SHOP_IDS } from '@pp/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { RequestContext } from '../../platform/context';
import { buildGridQuery, cappedTotal, type GridColumn } from '../../platform/grid';
import {
  type DocumentSummary,
  type DocumentView,
  documentIdByNumber,
  documentSummaryFields,
  loadDocument,
  loadOffset,
  type OffsetSummary,
  type OffsetView,
  offsetNumberById,
  offsetSummaryFields,
} from './read';
import { billingDocuments, billingOffsets, vatRates } from './tables';

/** The grids of the billings page (spec §9: invoices and offsets by createdAt, newest first). */
const NEWEST_FIRST = { field: 'createdAt', direction: 'DESCENDING' } as const;

const documentColumns: GridColumn[] = [
  { field: 'id', sql: billingDocuments.id, filterType: 'NUMBER' },
  { field: 'invoiceNumber', sql: billingDocuments.invoiceNumber, filterType: 'TEXT', sortable: true },
  { field: 'documentType', sql: billingDocuments.documentType, filterType: 'ENUMS', options: DOCUMENT_TYPES },
  { field: 'kind', sql: billingDocuments.kind, filterType: 'ENUMS', options: DOCUMENT_KINDS },
  {
    field: 'invoiceTypeTag',
    sql: billingDocuments.invoiceTypeTag,
    filterType: 'ENUMS',
    options: INVOICE_TAGS,
  },
  { field: 'createdAt', sql: billingDocuments.createdAt, filterType: 'DATETIME', sortable: true },
  { field: 'dueDate', sql: billingDocuments.dueDate, filterType: 'DATE', sortable: true },
  { field: 'currency', sql: billingDocuments.currency, filterType: 'TEXT' },
  { field: 'total', sql: billingDocuments.total, filterType: 'NUMBER', number: 'decimal', sortable: true },
  { field: 'remaining', sql: billingDocuments.remaining, filterType: 'NUMBER', number: 'decimal', sortable: true },
  { field: 'variableSymbol', sql: billingDocuments.variableSymbol, filterType: 'TEXT' },
];

const offsetColumns: GridColumn[] = [
  { field: 'id', sql: billingOffsets.id, filterType: 'NUMBER' },
  { field: 'documentNumber', sql: billingOffsets.documentNumber, filterType: 'TEXT', sortable: true },
  { field: 'createdAt', sql: billingOffsets.createdAt, filterType: 'DATETIME', sortable: true },
  { field: 'dueDate', sql: billingOffsets.dueDate, filterType: 'DATE', sortable: true },
  { field: 'currency', sql: billingOffsets.currency, filterType: 'TEXT' },
  { field: 'diffPrice', sql: billingOffsets.diffPrice, filterType: 'NUMBER', number: 'decimal', sortable: true },
  { field: 'variableSymbol', sql: billingOffsets.variableSymbol, filterType: 'TEXT' },
];

/** The partner's invoices, credit notes and debit notes. */
export async function invoicesGrid(ctx: RequestContext, grid: unknown): Promise<GridPage<DocumentSummary>> {
  const { partnerId } = await ctx.require('billing', 'read');
  return documentsPage(ctx, partnerId, grid);
}

/** One partner's documents as a grid page (the partner's own, or an operator's look at a partner). */
export async function documentsPage(
  ctx: RequestContext,
  partnerId: number,
  grid: unknown,
): Promise<GridPage<DocumentSummary>> {
  const q = buildGridQuery(grid, documentColumns, {
    idColumn: billingDocuments.id,
    defaultSort: NEWEST_FIRST,
    searchColumns: [billingDocuments.invoiceNumber, billingDocuments.variableSymbol],
  });
  const where = and(eq(billingDocuments.partnerId, partnerId), q.where);
  const [rows, total] = await Promise.all([
    q.readRows((seek, limit, offset) =>
      ctx.db
        .select({ ...documentSummaryFields, ...q.cursorFields })
        .from(billingDocuments)
        .where(and(where, seek))
        .orderBy(...q.orderBy)
        .limit(limit)
        .offset(offset),
    ),
    cappedTotal(ctx.db, billingDocuments, where),
  ]);
  return q.toPage(rows, total);
}

/** One document by id or by its number (the spec's "invoice get" takes the invoiceNumber). */
export async function invoiceDetail(
  ctx: RequestContext,
  ref: { id?: number | null; invoiceNumber?: string | null },
): Promise<DocumentView> {
  const { partnerId } = await ctx.require('billing', 'read');
  const id = ref.id ?? (ref.invoiceNumber ? await documentIdByNumber(ctx.db, partnerId, ref.invoiceNumber) : null);
  if (id == null) throw new DomainError('ENTITY_NOT_FOUND');
  return loadDocument(ctx.db, partnerId, id);
}

/** The partner's offsets. */
export async function offsetsGrid(ctx: RequestContext, grid: unknown): Promise<GridPage<OffsetSummary>> {
  const { partnerId } = await ctx.require('billing', 'read');
  const q = buildGridQuery(grid, offsetColumns, {
    idColumn: billingOffsets.id,
    defaultSort: NEWEST_FIRST,
    searchColumns: [billingOffsets.documentNumber, billingOffsets.variableSymbol],
  });
  const where = and(eq(billingOffsets.partnerId, partnerId), q.where);
  const [rows, total] = await Promise.all([
    q.readRows((seek, limit, offset) =>
      ctx.db
        .select({ ...offsetSummaryFields, ...q.cursorFields })
        .from(billingOffsets)
        .where(and(where, seek))
        .orderBy(...q.orderBy)
        .limit(limit)
        .offset(offset),
    ),
    cappedTotal(ctx.db, billingOffsets, where),
  ]);
  return q.toPage(rows, total);
}

/** One offset by id or by its document number. */
export async function offsetDetail(
  ctx: RequestContext,
  ref: { id?: number | null; documentNumber?: string | null },
): Promise<OffsetView> {
  const { partnerId } = await ctx.require('billing', 'read');
  const number = ref.documentNumber ?? (ref.id != null ? await offsetNumberById(ctx.db, partnerId, ref.id) : null);
  if (number == null) throw new DomainError('ENTITY_NOT_FOUND');
  return loadOffset(ctx.db, partnerId, number);
}

export interface VatRateView {
  id: number;
  shopId: string;
  rate: string;
  isDefault: boolean;
}

/** The VAT-rate table (spec §7: filtered by shop_id); any signed-in partner account reads its shop's. */
export async function vatRatesOf(ctx: RequestContext, shopId?: string | null): Promise<VatRateView[]> {
  await ctx.require('billing', 'read');
  if (shopId && !(SHOP_IDS as readonly string[]).includes(shopId)) {
    throw new DomainError('VALIDATION_ERROR', {}, [{ field: 'shopId', rule: 'invalid' }]);
  }
  return ctx.db
    .select({ id: vatRates.id, shopId: vatRates.shopId, rate: vatRates.rate, isDefault: vatRates.isDefault })
    .from(vatRates)
    .where(shopId ? eq(vatRates.shopId, shopId) : undefined)
    .orderBy(asc(vatRates.shopId), asc(vatRates.rate));
}
