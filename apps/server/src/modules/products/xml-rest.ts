import type { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import { DomainError, PRODUCT_XML_MAX_BYTES } from '@pp/domain';
import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/context';
import { contentDisposition } from '../../platform/files';
import { createRequestContext } from '../../platform/request-context';
import { fileNameOfDisposition } from './media-rest';
import { exportProductsXml } from './xml-export';
import { startProductImport } from './xml-import';

/**
 * The product XML feed over HTTP (spec §7): the import takes the file as the body (application/xml or
 * text/xml) or as the multipart field "file"; the export streams the catalogue back. Same session headers
 * as GraphQL.
 */
export async function registerProductXmlRoutes(app: FastifyInstance, platform: Platform) {
  await app.register(async (scope) => {
    // The body stays a stream: the import spools it to disk and counts its bytes as they pass.
    scope.addContentTypeParser(['application/xml', 'text/xml'], (_request, payload, done) => done(null, payload));
    await scope.register(multipart, {
      limits: { fileSize: PRODUCT_XML_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 10 },
    });

    scope.post('/portal/import/partner-products', async (request, reply) => {
      const ctx = await createRequestContext(platform, request);
      await ctx.require('products', 'create');
      await ctx.require('products', 'update');
      // A declared size over the limit is refused before a byte of the body is read.
      if (Number(request.headers['content-length'] ?? 0) > PRODUCT_XML_MAX_BYTES + 64 * 1024) {
        reply.header('connection', 'close');
        throw new DomainError('XML_FILE_TOO_LARGE', { 0: PRODUCT_XML_MAX_BYTES / 1024 / 1024 });
      }
      let upload: (Readable & { truncated?: boolean }) | null = null;
      let fileName: string | null = null;
      if (request.isMultipart()) {
        const part = await request.file();
        if (part && part.fieldname === 'file') {
          upload = part.file;
          fileName = part.filename;
        }
      } else if (request.body && typeof (request.body as Readable).pipe === 'function') {
        upload = request.body as Readable;
        fileName = fileNameOfDisposition(request.headers['content-disposition']) || null;
      }
      const answer = await startProductImport(ctx, upload, fileName);
      return reply.status(202).send(answer);
    });

    scope.get('/portal/export/partner-products', async (request, reply) => {
      const ctx = await createRequestContext(platform, request);
      const file = await exportProductsXml(ctx);
      reply.header('content-type', 'application/xml; charset=utf-8');
      reply.header('content-disposition', contentDisposition(file.fileName));
      reply.header('cache-control', 'private, no-store');
      return reply.send(file.body);
    });
  });
}
