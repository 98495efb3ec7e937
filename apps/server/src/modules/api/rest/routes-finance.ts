import { DomainError, v1PageRequest, v1Paging, v1PagingQuery } from '@pp/domain';
import { z } from 'zod';
import type { RequestContext } from '../../../platform/context';
import { documentPdf, offsetFileName, offsetPdf } from '../../billing/pdf';
import { documentsPage, invoiceDetail, offsetDetail, offsetsGrid } from '../../billing/service';
import {
  invoiceSummaryWire,
  invoiceWire,
  offsetSummaryWire,
  offsetWire,
  v1BillingFile,
  v1Invoice,
  v1InvoiceSummary,
  v1Offset,
  v1OffsetSummary,
} from './finance-wire';
import { v1Route } from './route';

/**
 * Invoices, credit and debit notes and offsets of the partner REST API v1 (issue 23 point 3), over the billing
 * pages' own services: the lists are the billings grids (newest first), the details the detail pages', the
 * downloads the portal's PDFs. Behind billing/read; another partner's document is DOCUMENT_NOT_FOUND (404).
 */

const idParams = z.object({ id: z.string().max(20).describe('The document id') });

/** A path id: anything but a positive integer names no document. */
function documentId(raw: string): number {
  const id = /^\d{1,15}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(id) || id <= 0) throw new DomainError('DOCUMENT_NOT_FOUND');
  return id;
}

/** The billing services say ENTITY_NOT_FOUND; the API has always named a missing document DOCUMENT_NOT_FOUND. */
async function orMissingDocument<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof DomainError && error.code === 'ENTITY_NOT_FOUND') throw new DomainError('DOCUMENT_NOT_FOUND');
    throw error;
  }
}

function gridOf(query: z.output<typeof v1PagingQuery>) {
  const request = v1PageRequest(query);
  return { request, grid: { page: request.page, perPage: request.pageSize } };
}

const invoices = v1Route({
  method: 'GET',
  path: '/invoices',
  summary: 'The partner’s invoices, credit notes and debit notes, newest first',
  tag: 'Finance',
  query: v1PagingQuery,
  data: z.array(v1InvoiceSummary),
  paged: true,
  async handler(ctx: RequestContext, { query }) {
    const { partnerId } = await ctx.require('billing', 'read');
    const { request, grid } = gridOf(query);
    const page = await documentsPage(ctx, partnerId, grid);
    return { data: page.items.map(invoiceSummaryWire), paging: v1Paging(page.total, request, page.items.length) };
  },
});

const invoice = v1Route({
  method: 'GET',
  path: '/invoices/:id',
  summary: 'One invoice, credit note or debit note with its parties, items, tax recap per VAT rate and offsets',
  tag: 'Finance',
  params: idParams,
  data: v1Invoice,
  async handler(ctx, { params }) {
    await ctx.require('billing', 'read');
    const doc = await orMissingDocument(invoiceDetail(ctx, { id: documentId(params.id) }));
    return { data: invoiceWire(doc) };
  },
});

const invoiceDownload = v1Route({
  method: 'GET',
  path: '/invoices/:id/download',
  summary: 'The PDF of an invoice, credit note or debit note (base64 in content), as the portal downloads it',
  tag: 'Finance',
  params: idParams,
  data: v1BillingFile,
  async handler(ctx, { params }) {
    const { partnerId } = await ctx.require('billing', 'read');
    const file = await orMissingDocument(documentPdf(ctx.db, partnerId, documentId(params.id)));
    return {
      data: { filename: file.fileName, mime: 'application/pdf', content: Buffer.from(file.body).toString('base64') },
    };
  },
});

const offsets = v1Route({
  method: 'GET',
  path: '/offsets',
  summary: 'The partner’s offsets, newest first',
  tag: 'Finance',
  query: v1PagingQuery,
  data: z.array(v1OffsetSummary),
  paged: true,
  async handler(ctx, { query }) {
    const { request, grid } = gridOf(query);
    const page = await offsetsGrid(ctx, grid);
    return { data: page.items.map(offsetSummaryWire), paging: v1Paging(page.total, request, page.items.length) };
  },
});

const offset = v1Route({
  method: 'GET',
  path: '/offsets/:id',
  summary: 'One offset: the documents and collected payments it settled and the difference paid',
  tag: 'Finance',
  params: idParams.extend({ id: z.string().max(20).describe('The offset id') }),
  data: v1Offset,
  async handler(ctx, { params }) {
    await ctx.require('billing', 'read');
    const found = await orMissingDocument(offsetDetail(ctx, { id: documentId(params.id) }));
    return { data: offsetWire(found, offsetFileName(found.shopId, found.documentNumber)) };
  },
});

const offsetDownload = v1Route({
  method: 'GET',
  path: '/offsets/:id/download',
  summary: 'The PDF of an offset (base64 in content), as the portal downloads it',
  tag: 'Finance',
  params: idParams.extend({ id: z.string().max(20).describe('The offset id') }),
  data: v1BillingFile,
  async handler(ctx, { params }) {
    const { partnerId } = await ctx.require('billing', 'read');
    const found = await orMissingDocument(offsetDetail(ctx, { id: documentId(params.id) }));
    const file = await offsetPdf(ctx.db, partnerId, found.documentNumber);
    return {
      data: { filename: file.fileName, mime: 'application/pdf', content: Buffer.from(file.body).toString('base64') },
    };
  },
});

export const FINANCE_ROUTES = [invoices, invoice, invoiceDownload, offsets, offset, offsetDownload];
