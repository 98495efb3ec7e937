import type { Readable } from 'node:stream';
import { DomainError } from '@pp/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Platform } from '../../platform/context';
import { errorPayload } from '../../platform/errors';
import { contentDisposition, openStoredFile } from '../../platform/files';
import { createRequestContext } from '../../platform/request-context';
import { billingExportOf } from './export';
import { documentPdf, offsetPdf, overviewPdf } from './pdf';
import { documentXlsx, overviewXlsx, XLSX_CONTENT_TYPE } from './xlsx';

/**
 * The billing downloads (spec §7 REST): a document's, an overview's and an offset's file, and the export's zip.
 * Session headers as GraphQL; billing/read; another partner's document is ENTITY_NOT_FOUND (404), an export
 * that is not the caller's (or not made yet) EXPORT_NOT_FOUND, answered 404 as well.
 */

const PDF = 'application/pdf';

/** A document id of the path: anything but a positive integer names no document. */
function documentId(raw: string): number {
  const id = /^\d{1,15}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(id) || id <= 0) throw new DomainError('ENTITY_NOT_FOUND');
  return id;
}

function fileType(raw: string, allowed: readonly string[]): string {
  if (!allowed.includes(raw)) throw new DomainError('NOT_FOUND');
  return raw;
}

function sendFile(reply: FastifyReply, file: { fileName: string; body: Uint8Array | Readable }, type: string) {
  reply.header('content-type', type);
  reply.header('content-disposition', contentDisposition(file.fileName));
  // Partner data: never kept by a shared cache, nor by the browser beyond this download.
  reply.header('cache-control', 'private, no-store');
  if (file.body instanceof Uint8Array) {
    reply.header('content-length', String(file.body.length));
    return reply.send(Buffer.from(file.body.buffer, file.body.byteOffset, file.body.byteLength));
  }
  return reply.send(file.body);
}

export function registerBillingFileRoutes(app: FastifyInstance, platform: Platform) {
  app.get<{ Params: { id: string; fileType: string } }>('/portal/invoices/:id/:fileType', async (request, reply) => {
    const ctx = await createRequestContext(platform, request);
    const { partnerId } = await ctx.require('billing', 'read');
    const type = fileType(request.params.fileType, ['pdf', 'xlsx']);
    const id = documentId(request.params.id);
    if (type === 'pdf') return sendFile(reply, await documentPdf(ctx.db, partnerId, id), PDF);
    return sendFile(reply, await documentXlsx(ctx.db, partnerId, id), XLSX_CONTENT_TYPE);
  });

  app.get<{ Params: { id: string; fileType: string }; Querystring: { invoiceNumber?: string } }>(
    '/portal/overviews/:id/:fileType',
    async (request, reply) => {
      const ctx = await createRequestContext(platform, request);
      const { partnerId } = await ctx.require('billing', 'read');
      const type = fileType(request.params.fileType, ['pdf', 'xlsx']);
      const id = documentId(request.params.id);
      const invoiceNumber = request.query.invoiceNumber;
      if (type === 'pdf') return sendFile(reply, await overviewPdf(ctx.db, partnerId, id, invoiceNumber), PDF);
      // The spec's xlsx call names the invoice too: the number must be the document's.
      if (!invoiceNumber) throw new DomainError('ENTITY_NOT_FOUND');
      return sendFile(reply, await overviewXlsx(ctx.db, partnerId, id, invoiceNumber), XLSX_CONTENT_TYPE);
    },
  );

  app.get<{ Params: { documentNumber: string } }>('/portal/offsets/:documentNumber/pdf', async (request, reply) => {
    const ctx = await createRequestContext(platform, request);
    const { partnerId } = await ctx.require('billing', 'read');
    const number = request.params.documentNumber;
    if (number.length > 64) throw new DomainError('ENTITY_NOT_FOUND');
    return sendFile(reply, await offsetPdf(ctx.db, partnerId, number), PDF);
  });

  app.get<{ Params: { exportId: string } }>('/portal/invoices/export/:exportId/zip', async (request, reply) => {
    const ctx = await createRequestContext(platform, request);
    try {
      const made = await billingExportOf(ctx, request.params.exportId);
      if (made.status !== 'DONE' || !made.fileId) throw new DomainError('EXPORT_NOT_FOUND');
      const { file, body } = await openStoredFile(ctx, made.fileId).catch((error: unknown) => {
        // The file outlived its days in the storage: the export is gone as far as the caller can tell.
        throw error instanceof DomainError && error.code === 'NOT_FOUND' ? new DomainError('EXPORT_NOT_FOUND') : error;
      });
      reply.header('content-length', String(file.size));
      return sendFile(reply, { fileName: file.fileName, body: body as Readable }, 'application/zip');
    } catch (error) {
      // A missing export is "not found" to HTTP, with the catalogue's own code and message.
      if (error instanceof DomainError && error.code === 'EXPORT_NOT_FOUND') {
        return reply.status(404).send(errorPayload(error, ctx.lang));
      }
      throw error;
    }
  });
}
