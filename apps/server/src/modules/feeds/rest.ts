import { DomainError } from '@pp/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Platform, RequestContext } from '../../platform/context';
import { errorPayload } from '../../platform/errors';
import { CONTENT_TYPES, csvStream } from '../../platform/exports/writers';
import { contentDisposition } from '../../platform/files';
import { createRequestContext } from '../../platform/request-context';
import { registerHeurekaLogRoutes } from './heureka-logs';
import { feedRunProtocol } from './stats';

/**
 * Sends a run's protocol (its error log as CSV) that `load` finds for the request's session. Same session headers
 * as GraphQL; the file is streamed as the rows are read, cells that a spreadsheet would take for a formula
 * neutralised as every export does. A run that is not the session partner's answers 404 as an unknown one.
 */
export async function sendFeedProtocol(
  platform: Platform,
  request: FastifyRequest,
  reply: FastifyReply,
  load: (ctx: RequestContext) => ReturnType<typeof feedRunProtocol>,
) {
  const ctx = await createRequestContext(platform, request);
  try {
    const file = await load(ctx);
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
}

/** The downloadable protocol of a MALL feed run (the spec's error-log page's download), and the Heureka logs. */
export function registerFeedRoutes(app: FastifyInstance, platform: Platform) {
  app.get<{ Params: { feedId: string; runId: string } }>(
    '/api/mall-feed/feeds/:feedId/runs/:runId/error-log.csv',
    (request, reply) =>
      sendFeedProtocol(platform, request, reply, (ctx) =>
        feedRunProtocol(ctx, 'MALL', request.params.feedId, request.params.runId),
      ),
  );
  registerHeurekaLogRoutes(app, platform);
}
