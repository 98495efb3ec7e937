import multipart from '@fastify/multipart';
import { STATUS_IMPORT_MAX_BYTES } from '@pp/domain';
import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/context';
import { contentDisposition } from '../../platform/files';
import { createRequestContext } from '../../platform/request-context';
import { importOrderStatuses } from './import';
import { orderLabels } from './labels';

/**
 * The orders tools that speak HTTP rather than GraphQL because they carry files: the labels (a PDF or ZPL
 * download) and the CSV status import (a multipart upload). Same session headers as GraphQL.
 */
export async function registerOrderToolRoutes(app: FastifyInstance, platform: Platform) {
  await app.register(async (scope) => {
    // Multipart only here: the upload is streamed, and anything past the limit is cut off and refused.
    await scope.register(multipart, {
      limits: { fileSize: STATUS_IMPORT_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 10 },
    });

    scope.post('/api/orders/import-statuses', async (request) => {
      const ctx = await createRequestContext(platform, request);
      await ctx.require('orders', 'update');
      const part = request.isMultipart() ? await request.file() : undefined;
      return importOrderStatuses(ctx, part ? part.file : null);
    });

    scope.post<{ Body: unknown }>('/api/orders/labels', async (request, reply) => {
      const ctx = await createRequestContext(platform, request);
      const file = await orderLabels(ctx, request.body);
      reply.header('content-type', file.contentType);
      reply.header('content-disposition', contentDisposition(file.fileName));
      reply.header('cache-control', 'private, no-store');
      reply.header('x-label-count', String(file.labels));
      return reply.send(typeof file.body === 'string' ? file.body : Buffer.from(file.body));
    });
  });
}
