import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import helmet from 'helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import websocket from '@fastify/websocket';
import { DomainError, isLanguage, languageFromAcceptLanguage, TRANSLATION_PROJECT_ID } from '@pp/domain';
import Fastify, { type FastifyInstance } from 'fastify';
import { jobDefinitions, mailRendererOf } from './jobs';
import type { Config } from './platform/config';
import type { Platform } from './platform/context';
import { type Database, openDatabase } from './platform/db/client';
import { databaseRefusal, errorPayload, httpStatusOf } from './platform/errors';
import { initFeatureFlags, listenFeatureFlags, readFeatureFlags } from './platform/flags/service';
import { createGraphQL } from './platform/graphql/yoga';
import { safeEqual } from './modules/auth/tokens';
import { localeFileText } from './platform/i18n';
import { logRedact, logSerializers } from './platform/log';
import { createAuthCache } from './platform/auth-cache';
import { onAuditCommitted } from './platform/audit/service';
import { createFiguresCache, partnerFiguresPrefix } from './platform/figures-cache';
import { createJobs } from './platform/jobs';
import { startImmediateMailDelivery } from './platform/mail/jobs';
import { startImmediateWebhookDelivery } from './modules/webhooks/jobs';
import { registerMailboxRoute } from './platform/mail/mailbox-route';
import { logTransport, type MailTransport, mailboxTransport, smtpTransport } from './platform/mail/transport';
import { metrics, registry } from './platform/metrics';
import { bearerToken } from './platform/request-context';
import { createStreamHub } from './platform/stream/hub';
import { registerStreamRoute } from './platform/stream/route';
import { registerFileRoutes, registerPublicMediaRoute } from './platform/files/index';
import { registerProductRoutes } from './modules/products/media-rest';
import { registerOrdersExportRoutes } from './modules/orders/exports';
import { registerSlaExportRoute } from './modules/sla/exports';
import { registerOrderToolRoutes } from './modules/orders/orders-tools-rest';
import { registerCatalogRoutes } from './modules/catalog/rest';
import { registerPartnerRoutes } from './modules/partner/rest';
import { registerProductXmlRoutes } from './modules/products/xml-rest';
import { registerUsageRoute } from './modules/analytics/rest';
import { registerMessageRoutes } from './modules/messages/rest';
import { hasIntakeCredential, registerIntakeRoutes } from './modules/deliveries/intake-rest';
import { registerBranchUploadRoute } from './modules/deliveries/carriers/upload-rest';
import { registerDemoFeedRoutes } from './modules/feeds/demo-feeds';
import { registerFeedRoutes } from './modules/feeds/rest';
import { registerHeurekaOverrideRoutes } from './modules/feeds/overrides-rest';
import { registerCampaignImportRoutes } from './modules/campaigns/import-rest';
import { registerBillingFileRoutes } from './modules/billing/files-rest';
import { type ApiV1, registerApiV1 } from './modules/api/rest/plugin';
import { closeUnreadUploadOnRefusal } from './platform/uploads/transport';

/** Paths the single-page app must never shadow. */
const API_PREFIXES = [
  '/graphql',
  '/v1/',
  '/fefl',
  '/translations/',
  '/healthz',
  '/metrics',
  '/v2/',
  '/api/',
  '/portal/export/',
  '/media/',
  '/dev/mailbox/messages',
];

export interface AppOptions {
  config: Config;
  /** An already open database (tests share one between two app instances). */
  database?: Database;
  /** Skips pg-boss entirely (a few unit-style integration tests). Default: start it. */
  jobs?: boolean;
  /** The mail relay (tests capture); default: by the settings (SMTP, demo mailbox or log). */
  mailTransport?: MailTransport;
  /** Where the log goes (tests capture it); default: standard output. */
  logStream?: { write(line: string): void };
}

export interface App {
  app: FastifyInstance;
  platform: Platform;
  /** The partner REST API v1; tests settle its rate-limit counts with `apiV1.quota.flush()`. */
  apiV1: ApiV1;
  close(): Promise<void>;
}

/** How mail leaves this process, by the settings (docs/operations.md, "Mail"). */
function mailTransportOf(config: Config, database: Database, log: FastifyInstance['log']): MailTransport {
  const mail = config.mail;
  if (mail.kind === 'smtp') return smtpTransport({ ...mail, from: config.mailFrom });
  if (mail.kind === 'mailbox') return mailboxTransport(database.db);
  return logTransport(log);
}

/** The request's host for the CSP, reduced to host-name characters so a crafted header adds no directive. */
function cspHost(req: unknown): string {
  const host = (req as { headers: { host?: string } }).headers.host ?? '';
  return /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/.test(host) ? host : 'localhost';
}

function readWebVersion(webDist: string): string | null {
  try {
    return (JSON.parse(readFileSync(join(webDist, 'version.json'), 'utf8')) as { version: string }).version;
  } catch {
    return null;
  }
}

/**
 * Cross-origin requests: the portal serves its own pages, so by default no other origin may call the API
 * from a browser. Origins in CORS_ORIGINS may, with credentials; nobody else gets any CORS header.
 */
function registerCors(app: FastifyInstance, allowed: readonly string[]) {
  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    reply.header('vary', 'Origin');
    if (!origin || !allowed.includes(origin)) return;
    reply.header('access-control-allow-origin', origin);
    reply.header('access-control-allow-credentials', 'true');
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
      reply.header('access-control-allow-methods', 'GET, POST, OPTIONS');
      reply.header(
        'access-control-allow-headers',
        'authorization, content-type, x-partner-id, x-application-name, x-request-id, accept-language',
      );
      reply.header('access-control-max-age', '600');
      return reply.status(204).send();
    }
  });
}

export async function buildApp(options: AppOptions): Promise<App> {
  const { config } = options;
  const app = Fastify({
    // Serializers keep SQL parameter values, URL tokens, authorization headers and cookies out of the log.
    logger: {
      level: config.logLevel,
      serializers: logSerializers,
      redact: logRedact,
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    // A hop count becomes a function: Fastify's types take lists and functions (see parseTrustProxy).
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (
            (hops: number) => (_address: string, hop: number) =>
              hop < hops
          )(config.trustProxy)
        : config.trustProxy,
    bodyLimit: 5 * 1024 * 1024,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
  });

  const ownDatabase = !options.database;
  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      poolSize: config.databasePoolSize,
      statementTimeoutMs: config.statementTimeoutMs,
    }));
  if (ownDatabase) await database.migrate();
  await initFeatureFlags(
    database.db,
    config.croatiaEnabledDefault === undefined ? {} : { croatiaEnabled: config.croatiaEnabledDefault },
  );

  const stream = createStreamHub(database);
  await stream.start();
  const authCache = createAuthCache(database, { ttlMs: config.authCacheTtlMs });
  await authCache.start();
  // A flag switched in any process is forgotten here at once (the per-process flag cache).
  const stopFlags = await listenFeatureFlags(database);
  const figures = createFiguresCache(config.figuresCacheTtlMs);
  // A committed change to a partner's audit trail makes its figures stale, in every process.
  const stopFigures = await onAuditCommitted(database, (partnerIds) =>
    figures.forget(partnerIds === 'all' ? undefined : partnerIds.map(partnerFiguresPrefix)),
  );
  const jobs = createJobs(database, config.databaseUrl, app.log);
  const platform: Platform = {
    config,
    database,
    stream,
    jobs,
    mail: options.mailTransport ?? mailTransportOf(config, database, app.log),
    authCache,
    figures,
    log: app.log,
    async sessionsEnded(ids) {
      if (!ids.length) return;
      await authCache.changed({ sessions: ids });
      await stream.endSessions(ids);
    },
  };
  if (options.jobs !== false) await jobs.start(jobDefinitions(platform), config.jobsEnabled);
  const stopMailDelivery =
    options.jobs !== false && config.jobsEnabled
      ? await startImmediateMailDelivery(platform, mailRendererOf(platform))
      : async () => undefined;
  const stopWebhookDelivery =
    options.jobs !== false && config.jobsEnabled
      ? await startImmediateWebhookDelivery(platform)
      : async () => undefined;

  // One helmet for the app, built once: @fastify/helmet built it anew on every request (parsing the policy each
  // time), a tenth of the API's own time per call. The policy's websocket host is still read per request.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine writes its CSS variables into a style element at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        // The live stream's websocket, on this host only ('self' does not cover ws: in every browser).
        connectSrc: ["'self'", (req) => `ws://${cspHost(req)}`, (req) => `wss://${cspHost(req)}`],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // HSTS only where the portal is served over https: on plain http it would lock browsers out.
    hsts: config.publicUrl.startsWith('https:') ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  app.addHook('onRequest', (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)),
  );
  registerCors(app, config.corsOrigins);
  if (config.rateLimitPerMinute > 0) {
    await app.register(rateLimit, {
      global: true,
      max: config.rateLimitPerMinute,
      timeWindow: 60_000,
      // The standard RateLimit-* headers (IETF draft) and Retry-After.
      enableDraftSpec: true,
      // Per signed-in session (its token, hashed), else per client address: one office shares an address.
      keyGenerator: (request) => {
        const token = bearerToken(request.headers.authorization);
        return token ? `s:${createHash('sha256').update(token).digest('base64url').slice(0, 22)}` : `a:${request.ip}`;
      },
      // The marketplace's intake posts hundreds of orders a second from one address, with its credential.
      allowList: (request) =>
        request.url === '/healthz' ||
        request.url.startsWith('/v2/') ||
        // The partner REST API counts by partner and tier itself; one shop platform calls for many partners.
        (request.url.startsWith('/v1/') && !request.url.startsWith('/v1/stream-api/')) ||
        (request.url.startsWith('/internal/marketplace/') && hasIntakeCredential(config, request)),
      errorResponseBuilder: (request, context) => {
        metrics.rateLimited.inc();
        const lang = languageFromAcceptLanguage(request.headers['accept-language']);
        return {
          statusCode: 429,
          ...errorPayload(new DomainError('TOO_MANY_REQUESTS'), lang),
          retryAfterSeconds: Math.ceil(context.ttl / 1000),
        };
      },
    });
  }
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.addHook('onSend', closeUnreadUploadOnRefusal);
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.httpRequests.inc({ method: request.method, route, status: String(reply.statusCode) });
    metrics.httpDuration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
  });

  app.setErrorHandler((error, request, reply) => {
    const lang = languageFromAcceptLanguage(request.headers['accept-language']);
    let domain: DomainError;
    const fastifyCode = (error as { code?: string }).code;
    const refusal = databaseRefusal(error);
    if (error instanceof DomainError) domain = error;
    else if (refusal) domain = refusal;
    else if ((error as { statusCode?: number }).statusCode === 429) domain = new DomainError('TOO_MANY_REQUESTS');
    else if (fastifyCode === 'FST_ERR_CTP_BODY_TOO_LARGE') domain = new DomainError('REQUEST_BODY_SIZE_EXCEEDED');
    else if (fastifyCode === 'FST_ERR_CTP_EMPTY_JSON_BODY') domain = new DomainError('REQUEST_BODY_MISSING');
    else if ((error as { validation?: unknown }).validation || fastifyCode?.startsWith('FST_ERR_CTP')) {
      domain = new DomainError('INVALID_REQUEST');
    } else {
      request.log.error({ err: error }, 'unexpected error');
      domain = new DomainError('INTERNAL');
    }
    const status = fastifyCode === 'FST_ERR_CTP_BODY_TOO_LARGE' ? 413 : httpStatusOf(domain.code);
    reply.status(status).send({ ...errorPayload(domain, lang), requestId: request.id });
  });

  app.get('/healthz', async (_request, reply) => {
    try {
      await database.executeSql('select 1');
      return { status: 'ok', database: database.kind };
    } catch {
      return reply.status(503).send({ status: 'unavailable' });
    }
  });

  // Metrics tell an attacker what runs and how busy it is: only with the configured token.
  app.get('/metrics', async (request, reply) => {
    const token = bearerToken(request.headers.authorization);
    if (!config.metricsToken || !token || !safeEqual(token, config.metricsToken)) throw new DomainError('NOT_FOUND');
    reply.header('content-type', registry.contentType);
    return registry.metrics();
  });

  app.get('/fefl', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    const flags = await readFeatureFlags(database.db);
    // The web's error reporting rides along with the flags it fetches at start anyway: no extra request.
    return config.sentryDsn ? { ...flags, errorReportingDsn: config.sentryDsn } : flags;
  });

  app.get<{ Params: { projectId: string; lang: string } }>(
    '/translations/localization/:projectId/:lang',
    async (request, reply) => {
      const { projectId, lang } = request.params;
      if (projectId !== TRANSLATION_PROJECT_ID || !isLanguage(lang)) throw new DomainError('NOT_FOUND');
      reply.header('content-type', 'application/json; charset=utf-8');
      reply.header('cache-control', 'no-cache');
      return localeFileText(lang);
    },
  );

  const yoga = createGraphQL(platform);
  app.route({
    url: '/graphql',
    method: ['GET', 'POST', 'OPTIONS'],
    handler: async (req, reply) => {
      const response = await yoga.handleNodeRequestAndResponse(req, reply, { req, reply });
      for (const [key, value] of response.headers) reply.header(key, value);
      reply.status(response.status);
      reply.send(response.body);
      return reply;
    },
  });

  registerFileRoutes(app, platform);
  registerMailboxRoute(app, platform);
  registerPublicMediaRoute(app, platform);
  await registerProductRoutes(app, platform);
  registerOrdersExportRoutes(app, platform);
  registerSlaExportRoute(app, platform);
  await registerOrderToolRoutes(app, platform);
  await registerCatalogRoutes(app, platform);
  await registerPartnerRoutes(app, platform);
  await registerProductXmlRoutes(app, platform);
  registerUsageRoute(app, platform);
  await registerMessageRoutes(app, platform);
  registerIntakeRoutes(app, platform);
  await registerBranchUploadRoute(app, platform);
  registerFeedRoutes(app, platform);
  // The demo shops' feed files, served by the portal itself (never in production: seedDemo is off there).
  if (config.seedDemo) registerDemoFeedRoutes(app, platform);
  await registerHeurekaOverrideRoutes(app, platform);
  await registerCampaignImportRoutes(app, platform);
  registerBillingFileRoutes(app, platform);
  const apiV1 = await registerApiV1(app, platform);

  let webVersion = readWebVersion(config.webDist);
  registerStreamRoute(app, platform, () => webVersion);

  const hasWeb = existsSync(join(config.webDist, 'index.html'));
  /**
   * The web's page paths (routes.json, written by the web build from its router): a path outside them is
   * answered 404 with the same index.html, whose router then shows its not-found page (docs/decisions.md,
   * "Pages and HTTP status"). Re-read when a new build is served; without the file every path is a page.
   */
  const pageList = { version: undefined as string | null | undefined, patterns: null as RegExp[] | null };
  const routePattern = (route: string): RegExp => {
    const escapeText = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    let source = '';
    for (const segment of route.split('/').filter(Boolean)) {
      if (segment === '$' || segment === '{$}') source += '(?:/.*)?';
      else if (/^\{-\$[^}]*\}$/.test(segment)) source += '(?:/[^/]+)?';
      else if (segment.startsWith('$')) source += '/[^/]+';
      else {
        source += `/${segment
          .split(/(\{-?\$[^}]*\})/)
          .map((part) => (part.startsWith('{-$') ? '[^/]*' : part.startsWith('{$') ? '[^/]+' : escapeText(part)))
          .join('')}`;
      }
    }
    // The router matches paths ignoring case and a trailing slash.
    return new RegExp(`^${source}/?$`, 'i');
  };
  const isPagePath = (path: string): boolean => {
    if (pageList.version !== webVersion) {
      pageList.version = webVersion;
      try {
        const { routes } = JSON.parse(readFileSync(join(config.webDist, 'routes.json'), 'utf8')) as {
          routes: string[];
        };
        pageList.patterns = routes.map(routePattern);
      } catch {
        pageList.patterns = null;
      }
    }
    return pageList.patterns === null || pageList.patterns.some((pattern) => pattern.test(path));
  };
  if (hasWeb) {
    // reply.sendFile for the page fallback below; the files themselves are served in their own context.
    // Both pick the build's .br / .gz sibling by Accept-Encoding (and answer Vary: Accept-Encoding).
    await app.register(fastifyStatic, { root: config.webDist, serve: false, preCompressed: true, cacheControl: false });
    await app.register(async (web) => {
      // A path the static plugin refuses (`/v2/../../package.json`, `/v2/%00`) is simply not found: it names
      // no file of the build. Anything else goes on to the application's error handler.
      web.setErrorHandler((error, _request, reply) => {
        const status = (error as { statusCode?: number }).statusCode;
        if (status === 403 || status === 404) return reply.callNotFound();
        throw error;
      });
      await web.register(fastifyStatic, {
        root: config.webDist,
        prefix: '/v2/',
        index: false,
        wildcard: true,
        decorateReply: false,
        preCompressed: true,
        // Source maps stay in dist for error reports but are not public; nor is the build's bookkeeping (.vite/).
        allowedPath: (pathName) => !/\.map$/i.test(pathName) && !/(^|\/)\./.test(pathName),
        // Files under assets/ carry their content hash in the name: cached for a year, never revalidated.
        // Everything else (version.json, routes.json, the icon) keeps its name across builds: revalidated.
        cacheControl: false,
        setHeaders: (reply, path) => {
          const fingerprinted = path.startsWith(join(config.webDist, 'assets/'));
          reply.header('cache-control', fingerprinted ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isApi = API_PREFIXES.some((p) => path === p.replace(/\/$/, '') || path.startsWith(p));
    // HEAD answers as GET does (Node sends no body for it).
    if ((request.method !== 'GET' && request.method !== 'HEAD') || isApi) {
      const lang = languageFromAcceptLanguage(request.headers['accept-language']);
      return reply.status(404).send(errorPayload(new DomainError('NOT_FOUND'), lang));
    }
    if (!hasWeb)
      return reply.status(503).type('text/plain').send('The web application is not built: run npm run build.');
    webVersion = readWebVersion(config.webDist) ?? webVersion;
    reply.header('cache-control', 'no-cache');
    // Every page is the same document: the router renders the page, and for an unknown path its not-found
    // page, which the status then tells crawlers, monitors and caches too.
    if (isPagePath(path)) return reply.sendFile('index.html', config.webDist);
    return reply.status(404).sendFile('index.html', config.webDist, { etag: false, lastModified: false });
  });

  return {
    app,
    platform,
    apiV1,
    async close() {
      await app.close();
      await apiV1.close();
      await stopMailDelivery();
      await stopWebhookDelivery();
      await jobs.stop();
      await platform.mail.close?.();
      await authCache.stop();
      await stopFigures();
      await stopFlags();
      await stream.stop();
      if (ownDatabase) await database.close();
    },
  };
}
