import { DomainError } from '@pp/domain';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Platform, RequestContext } from '../../platform/context';
import { sendFeedProtocol } from './rest';
import type { FeedType } from './run-types';
import { feedRunProtocol } from './stats';
import { feedRuns } from './tables';

/**
 * The Heureka feed's downloads. A run's protocol (its error log as CSV) as the MALL one, and the spec's product
 * and availability logs (`GET /portal/partners/{partnerId}/product-log`, `availability-log`): for a seller, the
 * protocol of the latest finished run of that feed — which items were refused and why, with their lines. The
 * partner in the path must be the session's selected partner; another answers 404 as a partner without runs.
 */

/** The protocol of the partner's latest finished Heureka run of a type; FEED_RUN_NOT_FOUND when none. */
async function latestRunProtocol(ctx: RequestContext, pathPartnerId: string, type: FeedType) {
  const { partnerId } = await ctx.require('heurekaFeed', 'read');
  if (String(partnerId) !== pathPartnerId) throw new DomainError('FEED_RUN_NOT_FOUND');
  const [run] = await ctx.db
    .select({ id: feedRuns.id, feedId: feedRuns.feedId })
    .from(feedRuns)
    .where(
      and(
        eq(feedRuns.partnerId, partnerId),
        eq(feedRuns.format, 'HEUREKA'),
        eq(feedRuns.type, type),
        inArray(feedRuns.status, ['DONE', 'FAILED']),
      ),
    )
    .orderBy(desc(feedRuns.id))
    .limit(1);
  if (!run) throw new DomainError('FEED_RUN_NOT_FOUND');
  return feedRunProtocol(ctx, 'HEUREKA', run.feedId, run.id);
}

export function registerHeurekaLogRoutes(app: FastifyInstance, platform: Platform) {
  app.get<{ Params: { feedId: string; runId: string } }>(
    '/api/heureka-feed/feeds/:feedId/runs/:runId/error-log.csv',
    (request, reply) =>
      sendFeedProtocol(platform, request, reply, (ctx) =>
        feedRunProtocol(ctx, 'HEUREKA', request.params.feedId, request.params.runId),
      ),
  );
  const logs = [
    ['product-log', 'PRODUCTS'],
    ['availability-log', 'AVAILABILITY'],
  ] as const;
  for (const [path, type] of logs) {
    app.get<{ Params: { partnerId: string } }>(`/portal/partners/:partnerId/${path}`, (request, reply) =>
      sendFeedProtocol(platform, request, reply, (ctx) => latestRunProtocol(ctx, request.params.partnerId, type)),
    );
  }
}
