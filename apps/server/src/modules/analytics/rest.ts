import { USAGE_BODY_MAX_BYTES } from '@pp/domain';
import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/context';
import { createRequestContext } from '../../platform/request-context';
import { recordUsage } from './service';

/**
 * `POST /portal/usage`: the portal's page views and clicks in batches (spec §2), with the same session
 * headers as GraphQL. The tracker sends them with `fetch(…, { keepalive: true })`, also while the page
 * closes, so the answer carries nothing.
 */
export function registerUsageRoute(app: FastifyInstance, platform: Platform) {
  app.post('/portal/usage', { bodyLimit: USAGE_BODY_MAX_BYTES }, async (request, reply) => {
    const ctx = await createRequestContext(platform, request);
    await recordUsage(ctx, request.body);
    return reply.status(204).send();
  });
}
