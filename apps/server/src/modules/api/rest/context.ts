import { DomainError, isAllowed, isShopId, languageFromAcceptLanguage, MARKETS } from '@pp/domain';
import type { FastifyRequest } from 'fastify';
import type { PartnerAccess, Platform, RequestContext } from '../../../platform/context';
import { readFeatureFlags } from '../../../platform/flags/service';
import type { PartnerSummary } from '../../partner/service';
import type { V1Client } from './auth';

/**
 * The RequestContext of a v1 request: the key's partner is the selected partner and the key's rights are
 * the policies, so every service runs its own `ctx.require(resource, action)` and partner scoping exactly as
 * for the portal. There is no session: `auth` is null, and what needs a signed-in person (requireAuth,
 * requireAdmin, session caches) is refused as unauthenticated.
 */
export function v1RequestContext(platform: Platform, request: FastifyRequest, client: V1Client): RequestContext {
  const db = platform.database.db;
  const summary: PartnerSummary = {
    id: client.partnerId,
    partnerName: client.partnerName,
    mallName: null,
    sapId: null,
    shopId: client.shopId,
    currency: isShopId(client.shopId) ? MARKETS[client.shopId].currency : 'EUR',
    provider: null,
    mdpStatus: '',
    workflowStatus: '',
    billingStatus: '',
    rating: null,
    isDefault: true,
    isMaster: false,
  };
  const access: PartnerAccess = { partnerId: client.partnerId, policies: client.policies, isMaster: false };
  const ctx: RequestContext = {
    platform,
    db,
    lang: languageFromAcceptLanguage(request.headers['accept-language']),
    requestId: String(request.id),
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? null,
    token: null,
    requestedPartnerId: client.partnerId,
    auth: null,
    log: request.log,
    flags: () => readFeatureFlags(db),
    reachablePartners: async () => [summary],
    policiesFor: async (partner) => (partner.id === client.partnerId ? client.policies : []),
    sessionCached: () => Promise.reject(new DomainError('AUTHENTICATION_ERROR')),
    requireAuth() {
      throw new DomainError('AUTHENTICATION_ERROR');
    },
    requireAdmin() {
      throw new DomainError('ACCESS_DENIED');
    },
    requireOperator() {
      throw new DomainError('ACCESS_DENIED');
    },
    requirePartner: async () => access,
    async require(resource, action = 'read') {
      if (!isAllowed(client.policies, resource, action)) throw new DomainError('ACCESS_DENIED');
      return access;
    },
    enqueue: (tx, name, data) => platform.jobs.send(name, data, { tx }),
    // Changes through the API are the partner's, made by no account: the trail names the request.
    actor: (partnerId) => ({
      accountId: null,
      adminAccountId: null,
      partnerId: partnerId === undefined ? client.partnerId : partnerId,
      requestId: String(request.id),
      // A sandbox client is a sandbox account, not a key: its changes stay in the sandbox's own trail.
      apiKeyId: client.sandbox ? null : client.keyId,
    }),
  };
  return ctx;
}
