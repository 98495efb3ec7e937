import { DomainError } from '@pp/domain';
import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/context';
import { errorPayload } from '../../platform/errors';
import { CONTENT_TYPES, csvStream } from '../../platform/exports/writers';
import { contentDisposition } from '../../platform/files';
import { createRequestContext } from '../../platform/request-context';
import { feedRunProtocol } from './stats';

/**
 * The downloadable protocol of a MALL feed run (its error log as CSV, the spec's error-log page's download).
 * Same session headers as GraphQL; the file is streamed as the rows are read, cells that a spreadsheet would
 * take for a formula neutralised as every export does.
 */
export function registerFeedRoutes(app: FastifyInstance, platform: Platform) {
  app.get<{ Params: { feedId: string; runId: string } }>(
    '/api/mall-feed/feeds/:feedId/runs/:runId/error-log.csv',
    async (request, reply) => {
      const ctx = await createRequestContext(platform, request);
      try {
        const file = await feedRunProtocol(ctx, 'MALL', request.params.feedId, request.params.runId);
        reply.header('content-type', CONTENT_TYPES.CSV);
        reply.header('content-disposition', contentDisposition(file.fileName));
        reply.header('cache-control', 'private, no-store');
        return reply.send(csvStream(file.header, file.rows, () => undefined));
      } catch (error) {
        // Another partner's run is as absent as an unknown one.
        if (error instanceof DomainError && error.code === 'FEED_RUN_NOT_FOUND') {
          return reply.status(404).send({ ...errorPayload(error, ctx.lang), requestId: request.id });
        }
        throw error;
      }
    },
  );
}
