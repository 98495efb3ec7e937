import { createHash, timingSafeEqual } from 'node:crypto';
import { DomainError } from '@pp/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../platform/config';
import type { Platform } from '../../platform/context';
import { bearerToken } from '../../platform/request-context';
import { takeMarketplaceOrder } from './intake';
import { applyMarketplaceEvent } from './intake-events';

/** Where the marketplace's systems talk to the portal: not the partners' API, not the web's GraphQL. */
export const INTAKE_PREFIX = '/internal/marketplace/';

/**
 * Whether a request carries the marketplace's service credential. The presented token is hashed and the two
 * SHA-256 digests (always 32 bytes) compared in constant time: neither the secret's length nor how much of it
 * matched shows in the answer's timing, and only the hash is held in memory.
 */
export function hasIntakeCredential(config: Config, request: Pick<FastifyRequest, 'headers'>): boolean {
  const expected = config.marketplace.intakeTokenHash;
  const token = bearerToken(request.headers.authorization);
  if (!expected || !token) return false;
  return timingSafeEqual(createHash('sha256').update(token).digest(), expected);
}

/**
 * The order intake (issue 19 point 7): the marketplace's shop posts new orders and the events of its side.
 * Without a configured credential the routes answer as an unknown path (404); a request without the
 * credential or with a wrong one answers AUTHENTICATION_ERROR (401).
 */
export function registerIntakeRoutes(app: FastifyInstance, platform: Platform) {
  const guard = (request: FastifyRequest) => {
    if (!platform.config.marketplace.intakeTokenHash) throw new DomainError('NOT_FOUND');
    if (!hasIntakeCredential(platform.config, request)) throw new DomainError('AUTHENTICATION_ERROR');
  };

  app.post<{ Body: unknown }>(`${INTAKE_PREFIX}orders`, { bodyLimit: 1024 * 1024 }, async (request, reply) => {
    guard(request);
    const answer = await takeMarketplaceOrder(platform, request.body, { channel: 'push', requestId: request.id });
    // 201 for a new order, 200 when the marketplace had handed it in before (a retry after a lost answer).
    return reply.status(answer.created ? 201 : 200).send(answer);
  });

  app.post<{ Body: unknown; Params: { orderId: string } }>(
    `${INTAKE_PREFIX}orders/:orderId/events`,
    { bodyLimit: 64 * 1024 },
    async (request) => {
      guard(request);
      const id = request.params.orderId;
      if (!/^\d{1,16}$/.test(id)) throw new DomainError('INVALID_ORDER_ID');
      return applyMarketplaceEvent(platform, Number(id), request.body, request.id);
    },
  );
}
