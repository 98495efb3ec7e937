import multipart from '@fastify/multipart';
import { DomainError } from '@pp/domain';
import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/context';
import { errorPayload } from '../../platform/errors';
import { contentDisposition } from '../../platform/files';
import { createRequestContext } from '../../platform/request-context';
import { exportCategory } from './category-export';
import { LOGO_TRANSPORT_MAX_BYTES, uploadBrandLogo } from './logo';

/**
 * The catalogue's HTTP routes (spec §7): the category detail export (a download) and the brand logo upload
 * (a multipart form). Same session headers as GraphQL.
 */
export async function registerCatalogRoutes(app: FastifyInstance, platform: Platform) {
  // The spec lists `menuItemId` among this call's inputs but never says what it selects; the export is the
  // category's own detail, so nothing here reads it (docs/decisions.md).
  app.get<{ Params: { categoryId: string }; Querystring: { type?: string; language?: string } }>(
    '/portal/export/category/:categoryId',
    async (request, reply) => {
      const ctx = await createRequestContext(platform, request);
      try {
        const file = await exportCategory(ctx, request.params.categoryId, request.query);
        reply.header('content-type', file.contentType);
        reply.header('content-disposition', contentDisposition(file.fileName));
        reply.header('cache-control', 'private, no-store');
        return reply.send(file.body);
      } catch (error) {
        // Another shop's category is as absent as an unknown one: the status says so to any client.
        if (error instanceof DomainError && error.code === 'CATEGORY_NOT_FOUND') {
          return reply.status(404).send({ ...errorPayload(error, ctx.lang), requestId: request.id });
        }
        throw error;
      }
    },
  );

  await app.register(async (scope) => {
    // Multipart only here: the upload is streamed to disk and cut off past the limit.
    await scope.register(multipart, {
      limits: { fileSize: LOGO_TRANSPORT_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 10 },
    });
    scope.post('/medias/brand/images', async (request) => {
      const ctx = await createRequestContext(platform, request);
      await ctx.require('brands', 'create');
      const part = request.isMultipart() ? await request.file() : undefined;
      if (part?.fieldname !== 'file') throw new DomainError('BRAND_LOGO_TYPE');
      return uploadBrandLogo(ctx, { body: part.file, fileName: part.filename });
    });
  });
}
