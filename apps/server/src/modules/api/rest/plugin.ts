import { apiDomainOfPath, DomainError, languageFromAcceptLanguage, lastQueryValue } from '@pp/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodType } from 'zod';
import type { Platform } from '../../../platform/context';
import { onAuditCommitted } from '../../../platform/audit/service';
import { validationError } from '../../../platform/errors';
import { applicationOf, createIntegrationRecorder, type IntegrationRecorder } from '../integrations';
import { authenticateV1Client, type CachedKey, type V1Client } from './auth';
import { apiKeyCacheFor } from './key-cache';
import { v1RequestContext } from './context';
import { v1DomainError, v1ErrorBody, v1Ok, v1OkText } from './envelope';
import { openApiDocument } from './openapi';
import { createApiQuota, type ApiQuota } from './quota';
import type { V1Route } from './route';
import { V1_ROUTES } from './routes';

/**
 * The partner REST API v1 (issue 20): `/v1/*` as the marketplace's REST API answers it. Every route is a
 * `V1Route` (route.ts); this plugin gives them, in one place, what the wire needs:
 * - authentication by `?client_id=` (auth.ts) and the key's RequestContext (context.ts);
 * - the daily limit per partner and domain (quota.ts) with `X-RateLimit-*` headers on every authenticated
 *   answer and 429 LIMITED past it;
 * - liberal bodies (any method may carry JSON, `[]` for empty) and zod validation of query, path and body;
 * - the envelope, and every failure as `errorCodes` in the caller's language (envelope.ts);
 * - the OpenAPI document at /v1/openapi.json, generated from the same schemas (openapi.ts).
 */

export interface ApiV1 {
  quota: ApiQuota;
  /** The applications keys announce and the connection type following traffic (tests flush it). */
  integrations: IntegrationRecorder;
  close(): Promise<void>;
}

function rawQueryOf(request: FastifyRequest): string {
  const at = request.url.indexOf('?');
  return at < 0 ? '' : request.url.slice(at + 1);
}

/**
 * A parameter sent twice (`page_size=50&page_size=100`, as a client that appends its own query does) counts with
 * its last value, as `client_id` does: be liberal in what is accepted. The list filters read the raw query.
 */
function lastOfRepeated(query: unknown): unknown {
  if (!query || typeof query !== 'object') return query;
  return Object.fromEntries(
    Object.entries(query as Record<string, unknown>).map(([name, value]) => [
      name,
      Array.isArray(value) ? value[value.length - 1] : value,
    ]),
  );
}

function parsed<T>(schema: ZodType<T> | undefined, value: unknown, where: string): T {
  if (!schema) return undefined as T;
  const result = schema.safeParse(value ?? {});
  if (!result.success) {
    const error = validationError(result.error);
    // Field paths name where the value was: `query.page`, `body.items.0.id`.
    throw new DomainError(
      error.code,
      error.params,
      error.fields.map((f) => ({ ...f, field: f.field ? `${where}.${f.field}` : where })),
    );
  }
  return result.data;
}

/** A JSON body on any method, empty or `[]` when there is nothing to say; anything else not JSON is refused. */
function liberalJson(_request: FastifyRequest, body: string, done: (error: Error | null, value?: unknown) => void) {
  const text = body.trim();
  if (text === '') return done(null, undefined);
  try {
    done(null, JSON.parse(text));
  } catch {
    done(new DomainError('INVALID_REQUEST'));
  }
}

export async function registerApiV1(app: FastifyInstance, platform: Platform): Promise<ApiV1> {
  const quota = createApiQuota(platform.database, platform.log);
  await quota.start();
  const clients = new WeakMap<FastifyRequest, V1Client>();
  const keys = apiKeyCacheFor<CachedKey>(platform);
  // What closes a key is announced: an audited change of its partner (a revocation among them) or of its issuer.
  const stopAuditListener = await onAuditCommitted(platform.database, (partnerIds) => keys.forgetPartners(partnerIds));
  const stopAuthListener = platform.authCache.onChange((change) => {
    if ('all' in change) keys.forgetAccounts('all');
    else if ('accounts' in change) keys.forgetAccounts(change.accounts);
  });
  // The integration a key speaks for, as its X-Application-* headers name it: recorded per key when first seen
  // in the process and at most once a minute after (api/integrations.ts), never a write per request.
  const integrations = createIntegrationRecorder(platform);
  const document = openApiDocument(V1_ROUTES, platform.config.publicUrl.replace(/\/$/, ''));

  await app.register(
    async (v1) => {
      v1.removeAllContentTypeParsers();
      v1.addContentTypeParser('*', { parseAs: 'string' }, liberalJson);

      v1.setErrorHandler((error, request, reply) => {
        const { error: refusal, unexpected } = v1DomainError(error);
        if (unexpected) request.log.error({ err: error }, 'unexpected error');
        const { status, body } = v1ErrorBody(refusal, languageFromAcceptLanguage(request.headers['accept-language']));
        return reply.status(status).send(body);
      });

      // The document is public: an integrator reads it before holding a key.
      v1.get('/openapi.json', async (_request, reply) => {
        reply.header('cache-control', 'no-cache');
        return document;
      });

      const authenticate = async (request: FastifyRequest, reply: FastifyReply) => {
        const client = await authenticateV1Client(
          platform.database.db,
          lastQueryValue(rawQueryOf(request), 'client_id'),
          keys,
        );
        if (!client) throw new DomainError('API_CLIENT_INVALID');
        clients.set(request, client);
        const domain = apiDomainOfPath(request.method, request.url);
        integrations.seen(client, applicationOf(request.headers), domain);
        const limit = await quota.take(client.partnerId, domain);
        reply.header('x-ratelimit-limit', String(limit.limit));
        reply.header('x-ratelimit-remaining', String(limit.remaining));
        reply.header('x-ratelimit-reset', String(limit.reset));
        if (!limit.allowed) throw new DomainError('TOO_MANY_REQUESTS');
      };

      for (const route of V1_ROUTES) register(v1, route);

      function register(scope: FastifyInstance, route: V1Route) {
        scope.route({
          method: route.method,
          url: route.path,
          preHandler: authenticate,
          handler: async (request, reply) => {
            const client = clients.get(request)!;
            const ctx = v1RequestContext(platform, request, client);
            const input = {
              query: parsed(route.query, lastOfRepeated(request.query), 'query'),
              params: parsed(route.params, request.params, 'path'),
              body: parsed(route.body, request.body, 'body'),
              rawQuery: (request.query ?? {}) as Record<string, unknown>,
            };
            const { data, paging } = await route.handler(ctx, input);
            if (route.noContent) return reply.code(204).send();
            const envelope = { ...v1Ok(data, ctx.lang, paging), ...(route.alsoAs ? { [route.alsoAs]: data } : {}) };
            const text = v1OkText(envelope);
            return text === null ? envelope : reply.type('application/json; charset=utf-8').send(text);
          },
        });
      }
    },
    { prefix: '/v1' },
  );

  return {
    quota,
    integrations,
    close: async () => {
      stopAuthListener();
      await stopAuditListener();
      await integrations.flush();
      await quota.close();
    },
  };
}
