import { DomainError, isAllowed, isOperatorAllowed, languageFromAcceptLanguage } from '@pp/domain';
import type { FastifyRequest } from 'fastify';
import { resolveSession } from '../modules/auth/service';
import { hashToken } from '../modules/auth/tokens';
import { choosePartner, type PartnerSummary, policiesFor, reachablePartners } from '../modules/partner/service';
import type { Auth, PartnerAccess, Platform, RequestContext } from './context';
import { readFeatureFlags } from './flags/service';

export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * The x-partner-id header: absent means "the default partner"; anything but one positive 32-bit integer
 * in plain decimal is refused, so `-1`, `2,1` or `0x2` never silently select the default partner.
 */
function partnerHeader(value: string | string[] | undefined): number | null {
  if (value === undefined) return null;
  const text = Array.isArray(value) ? (value.length === 1 ? value[0] : undefined) : value;
  if (text === undefined || !/^[1-9]\d{0,9}$/.test(text) || Number(text) > 2_147_483_647) {
    throw new DomainError('INVALID_PARTNER_ID');
  }
  return Number(text);
}

function ownerOf(auth: Auth) {
  return { sessionId: auth.sessionId, accountId: auth.account.id, adminAccountId: auth.admin?.id ?? null };
}

/** The session of a token, from the per-process cache while it is fresh and the session not yet over. */
async function cachedSession(platform: Platform, token: string): Promise<Auth | null> {
  const key = `session:${hashToken(token)}`;
  const cached = platform.authCache.get<Auth>(key);
  if (cached && cached.expiresAt.getTime() > Date.now()) return cached;
  const auth = await resolveSession(platform.database.db, token);
  // Only live sessions are kept: made-up tokens must not fill the cache.
  if (auth) platform.authCache.set(key, auth, ownerOf(auth));
  return auth;
}

async function cached<T>(platform: Platform, key: string, auth: Auth, load: () => Promise<T>): Promise<T> {
  const hit = platform.authCache.get<T>(key);
  if (hit !== undefined) return hit;
  const value = await load();
  platform.authCache.set(key, value, ownerOf(auth));
  return value;
}

const READ_ONLY_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** POSTs that change nothing of the partner's: GraphQL (its mutations are refused by the read-only plugin), usage. */
const READ_ONLY_POSTS = new Set(['/graphql', '/portal/usage']);

/** Builds the context of one request: resolves the session once, and the partner access on first need. */

export async function createRequestContext(platform: Platform, request: FastifyRequest): Promise<RequestContext> {
  const db = platform.database.db;
  const requestedPartnerId = partnerHeader(request.headers['x-partner-id']);
  const token = bearerToken(request.headers.authorization);
  const auth: Auth | null = token ? await cachedSession(platform, token) : null;
  const lang = languageFromAcceptLanguage(request.headers['accept-language']);
  let access: Promise<PartnerAccess | null> | null = null;
  if (
    auth?.readOnly &&
    !READ_ONLY_METHODS.has(request.method) &&
    !READ_ONLY_POSTS.has(request.routeOptions.url ?? '')
  ) {
    // Uploads, imports and every other REST change: a read-only impersonation looks and sends nothing.
    throw new DomainError('READ_ONLY_SESSION');
  }

  const ctx: RequestContext = {
    platform,
    db,
    lang,
    requestId: String(request.id),
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? null,
    token,
    requestedPartnerId,
    auth,
    log: request.log,
    flags: () => readFeatureFlags(db),
    async reachablePartners() {
      const a = ctx.requireAuth();
      const flags = await ctx.flags();
      // The flags are part of the key: switching a market off changes who is reachable.
      const key = `partners:${a.sessionId}:${JSON.stringify(flags)}`;
      return cached(platform, key, a, () => reachablePartners(db, a, flags));
    },
    sessionCached(key, load) {
      const a = ctx.requireAuth();
      return cached(platform, `${key}:${a.sessionId}`, a, load);
    },
    policiesFor(partner: PartnerSummary) {
      const a = ctx.requireAuth();
      return cached(platform, `policies:${a.sessionId}:${partner.id}`, a, () => policiesFor(db, a, partner));
    },
    requireAuth() {
      if (!auth) throw new DomainError('AUTHENTICATION_ERROR');
      return auth;
    },
    requireAdmin() {
      const a = ctx.requireAuth();
      // An operator without a second factor may only enrol one (modules/auth/two-factor.ts).
      if (a.twoFactorEnrolmentRequired) throw new DomainError('TWO_FACTOR_REQUIRED');
      if (!a.account.isAdmin || a.admin) throw new DomainError('ACCESS_DENIED');
      return a;
    },
    requireOperator(area, action = 'read') {
      const a = ctx.requireAdmin();
      if (!isOperatorAllowed(a.account.operatorRoles, area, action)) throw new DomainError('ACCESS_DENIED');
      return a;
    },
    async requirePartner() {
      const a = ctx.requireAuth();
      // So may an account of a partner that requires two-factor sign-in (modules/auth/two-factor.ts).
      if (a.twoFactorEnrolmentRequired) throw new DomainError('TWO_FACTOR_REQUIRED');
      access ??= (async () => {
        const reachable = await ctx.reachablePartners();
        const partner =
          requestedPartnerId === null
            ? choosePartner(reachable, null)
            : reachable.find((p) => p.id === requestedPartnerId);
        if (!partner) return null;
        const policies = await ctx.policiesFor(partner);
        // A read-only impersonation is not the master: what only the master may do, it may not.
        const isMaster = !a.readOnly && (partner.isMaster || a.admin !== null);
        return { partnerId: partner.id, policies, isMaster };
      })();
      const granted = await access;
      // Not a member of the named partner, or no partner at all: the same answer, so ids cannot be probed.
      if (!granted) throw new DomainError('ACCESS_DENIED');
      return granted;
    },
    async require(resource, action = 'read') {
      const granted = await ctx.requirePartner();
      if (!isAllowed(granted.policies, resource, action)) throw new DomainError('ACCESS_DENIED');
      return granted;
    },
    enqueue(tx, name, data) {
      return platform.jobs.send(name, data, { tx });
    },
    actor(partnerId) {
      return {
        accountId: auth?.account.id ?? null,
        adminAccountId: auth?.admin?.id ?? null,
        partnerId: partnerId === undefined ? requestedPartnerId : partnerId,
        requestId: String(request.id),
      };
    },
  };
  return ctx;
}
