import multipart from '@fastify/multipart';
import { DomainError } from '@pp/domain';
import type { FastifyInstance } from 'fastify';
import type { Readable } from 'node:stream';
import type { Platform } from '../../platform/context';
import { createRequestContext } from '../../platform/request-context';
import { rawUploadParser } from '../../platform/uploads/transport';
import { UPLOAD_TRANSPORT_MAX_BYTES, uploadProductImage } from './media';

/** The file name of a raw upload from its Content-Disposition header (RFC 6266, with the UTF-8 form first). */
export function fileNameOfDisposition(header: string | undefined): string {
  if (!header) return '';
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (extended) {
    try {
      return decodeURIComponent(extended[1]!.trim());
    } catch {
      // A malformed escape: fall back to the plain name.
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/i.exec(header);
  return (plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2] ?? '').trim();
}

/**
 * The product image uploads (spec §7): a multipart form (`POST /media/upload`, field "file") and a raw body
 * named by Content-Disposition (`POST /upload`). Same session headers as GraphQL; both stream the body to
 * a spool file and cut it off past the transport limit (the connection closes: see platform/uploads/transport).
 */
export async function registerProductRoutes(app: FastifyInstance, platform: Platform) {
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: UPLOAD_TRANSPORT_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 10 },
    });
    scope.post('/media/upload', async (request) => {
      const ctx = await createRequestContext(platform, request);
      await ctx.require('products', 'update');
      const part = request.isMultipart() ? await request.file() : undefined;
      if (part?.fieldname !== 'file') throw new DomainError('IMAGE_UNREADABLE');
      return uploadProductImage(ctx, { body: part.file, fileName: part.filename });
    });
  });

  await app.register(async (scope) => {
    // Whatever the declared type, the body is an image to decode: taken as a stream, never parsed. A body
    // declared or found larger than the transport limit is REQUEST_BODY_SIZE_EXCEEDED before it is read on.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', rawUploadParser(UPLOAD_TRANSPORT_MAX_BYTES));
    scope.post('/upload', async (request) => {
      const ctx = await createRequestContext(platform, request);
      await ctx.require('products', 'update');
      return uploadProductImage(ctx, {
        body: request.body as Readable,
        fileName: fileNameOfDisposition(request.headers['content-disposition']),
      });
    });
  });
}
