import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { z } from 'zod';

/** The remote-login secret the demo used to ship with; a server never accepts it again. */
const KNOWN_SECRETS = new Set(['demo-remote-login-secret-change-me']);

/**
 * Every setting comes from the environment (documented in docs/operations.md). Defaults give the
 * embedded demo: PGlite under ./data, port 3000.
 */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** production: every secret set, no demo data, no schema introspection for the public. */
  NODE_ENV: z.string().optional(),
  /** Secret for remote-login link hashes (at least 32 characters). Required in production. */
  REMOTE_LOGIN_SECRET: z.string().optional(),
  /** The portal's address as users reach it: links in e-mails; HSTS when https. */
  PUBLIC_URL: z.string().url().optional(),
  /** Origins (scheme://host[:port]) other than the portal's own that may call the API from a browser. */
  CORS_ORIGINS: z.string().default(''),
  /** Passkeys: the relying party id (a domain, never an address); default the PUBLIC_URL's host (localhost for 127.0.0.1). */
  WEBAUTHN_RP_ID: z.string().optional(),
  /** Passkeys: origins (scheme://host[:port]) a passkey ceremony may come from; default the PUBLIC_URL's origin. */
  WEBAUTHN_ORIGINS: z.string().optional(),
  /** Bearer token that opens GET /metrics; without it /metrics is not served. */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** A Sentry-compatible DSN: the web reports its uncaught errors there (given out with the flags); none, none sent. */
  SENTRY_DSN: z
    .string()
    .url()
    .refine((value) => /^https?:\/\//.test(value))
    .optional(),
  /** Requests per client (session, else address) per minute; 0 switches the limit off. */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(600),
  /** Longest a request's SQL statement may run on PostgreSQL, in milliseconds (0: no limit). */
  STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  /** How long a process reuses a resolved session and its policies (changes are announced at once). */
  AUTH_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  /** How old a dashboard's counts may be (computed once per process and period); 0 computes every time. */
  FIGURES_CACHE_TTL_MS: z.coerce.number().int().min(0).max(300_000).default(10_000),
  /** Seeds the demo data when the database has no partner yet. */
  SEED_DEMO: z.enum(['true', 'false']).default('true'),
  /** Starts the job workers in this process (set false on processes that only serve requests). */
  JOBS_ENABLED: z.enum(['true', 'false']).default('true'),
  WEB_DIST: z.string().optional(),
  /** Initial value of the croatiaEnabled feature flag when the database has none stored. */
  FEATURE_CROATIA_ENABLED: z.enum(['true', 'false']).optional(),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  /**
   * Which X-Forwarded-For hops to believe: 'false' (none), a hop count ('1' behind one balancer), or a
   * comma-separated list of proxy addresses or CIDR ranges. 'true' (believe anyone) is refused.
   */
  TRUST_PROXY: z.string().default('false'),
  /** Where made files (exports) are kept: a folder under DATA_DIR, or an S3-compatible bucket. */
  FILE_STORAGE: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z.string().url().optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** The SMTP relay; without it mail goes to the demo mailbox (outside production) or the log. */
  SMTP_HOST: z.string().min(1).optional(),
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** true: TLS from the first byte (port 465); false: STARTTLS when the relay offers it. */
  SMTP_SECURE: z.enum(['true', 'false']).optional(),
  SMTP_USER: z.string().min(1).optional(),
  SMTP_PASSWORD: z.string().optional(),
  MAIL_FROM: z.string().min(3).default('Partner Portal <no-reply@localhost>'),
  /** Where registration looks companies up by company id: the offline sample registry, or the Czech ARES. */
  COMPANY_REGISTRY: z.enum(['offline', 'ares']).default('offline'),
  ARES_URL: z.string().url().default('https://ares.gov.cz/ekonomicke-subjekty-v-be/rest'),
  /** Lets webhooks target private, loopback and link-local addresses (tests, a closed network); never in the open. */
  WEBHOOK_ALLOW_PRIVATE_URLS: z.enum(['true', 'false']).default('false'),
  /**
   * Who besides the loopback address may read the demo mailbox: a comma-separated list of addresses or CIDR
   * ranges. The mailbox holds live sign-in and reset links, so it is the machine's own by default.
   */
  DEV_MAILBOX_ALLOW: z.string().default(''),
  /**
   * The marketplace's service credential for the order intake (/internal/marketplace/…): its SHA-256 in hex
   * (preferred: the secret itself never sits in the settings), or the secret (32+ characters), hashed at start.
   * Without either the intake does not exist (404).
   */
  MARKETPLACE_INTAKE_TOKEN_SHA256: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/)
    .optional(),
  MARKETPLACE_INTAKE_TOKEN: z.string().min(32).optional(),
  /** The marketplace's order feed, pulled every 15 minutes through the intake (a pull instead of the push). */
  MARKETPLACE_ORDER_FEED_URL: z.string().url().optional(),
  /** The demo generator: a few new orders a minute for the demo shops. Default: on in the demo, never in production. */
  DEMO_ORDERS: z.enum(['true', 'false']).optional(),
  /** Ulozenka's API (register and export of consignments); unset: the operations say it is not set up. */
  ULOZENKA_URL: z.url({ protocol: /^https?$/ }).optional(),
  ULOZENKA_SHOP_ID: z.string().default(''),
  ULOZENKA_API_KEY: z.string().default(''),
  /** How long one call to a carrier's API may take before it counts as failed. */
  CARRIER_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /**
   * The financing provider's API (modules/content/financing.ts): POST {url}/offer-links gives a partner's offer
   * link. Unset: the demo's built-in stand-in outside production, and the financing error in production.
   */
  FINANCING_URL: z.url({ protocol: /^https?$/ }).optional(),
  FINANCING_API_KEY: z.string().default(''),
  FINANCING_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
});

export type TrustProxy = false | number | string[];

/** TRUST_PROXY as Fastify takes it: trusting every X-Forwarded-For would let any client pick its address. */
export function parseTrustProxy(value: string): TrustProxy {
  const text = value.trim();
  if (text === '' || text === 'false') return false;
  if (text === 'true') {
    throw new Error('TRUST_PROXY=true would trust any X-Forwarded-For: give a hop count or the proxy addresses');
  }
  if (/^\d+$/.test(text)) return Number(text);
  const list = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const entry of list) {
    if (!/^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(entry))
      throw new Error(`TRUST_PROXY: ${entry} is not an address or CIDR range`);
  }
  return list;
}

/** DEV_MAILBOX_ALLOW as address/prefix pairs; a malformed entry stops the start rather than opening nothing or all. */
export function parseAddressRanges(name: string, value: string): string[] {
  const list = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const entry of list) {
    const [address = '', prefix] = entry.split('/');
    const family = isIP(address);
    const max = family === 4 ? 32 : 128;
    if (!family || (prefix !== undefined && !(/^\d{1,3}$/.test(prefix) && Number(prefix) <= max))) {
      throw new Error(`${name}: ${entry} is not an address or CIDR range`);
    }
  }
  return list;
}

/**
 * WebAuthn binds a passkey to a domain: an address is no relying party id, so a portal reached at 127.0.0.1
 * offers passkeys at localhost (same port), the one name a browser treats as secure without https.
 */
function webauthnConfig(publicUrl: string, rpId: string | undefined, origins: string | undefined) {
  const url = new URL(publicUrl);
  const local = isIP(url.hostname.replace(/^\[|\]$/g, '')) !== 0;
  const localhost = `${url.protocol}//localhost${url.port ? `:${url.port}` : ''}`;
  const listed = (origins ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  for (const origin of listed) {
    if (!/^https?:\/\/[^/\s]+$/.test(origin)) throw new Error(`WEBAUTHN_ORIGINS: ${origin} is not an origin`);
  }
  return {
    rpId: rpId ?? (local ? 'localhost' : url.hostname),
    origins: listed.length > 0 ? listed : local ? [url.origin, localhost] : [url.origin],
  };
}

/** Demo mode keeps one random secret under DATA_DIR, made on first start; production must be given one. */
function remoteLoginSecret(given: string | undefined, production: boolean, dataDir: string): string {
  if (given !== undefined) {
    if (given.length < 32 || KNOWN_SECRETS.has(given)) {
      throw new Error('REMOTE_LOGIN_SECRET must be at least 32 characters and not a published default');
    }
    return given;
  }
  if (production) throw new Error('REMOTE_LOGIN_SECRET is required in production');
  const file = join(dataDir, 'remote-login.secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('base64url');
  if (!dataDir.startsWith('memory:')) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, secret, { mode: 0o600 });
  }
  return secret;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** NODE_ENV=production: the demo conveniences are off. */
  production: boolean;
  remoteLoginSecret: string;
  publicUrl: string;
  corsOrigins: string[];
  /** Passkeys (modules/auth/passkeys.ts): the relying party id and the origins a ceremony may come from. */
  webauthn: { rpId: string; origins: string[] };
  metricsToken: string | undefined;
  /** The web's error-reporting DSN (public by design: it only lets a browser send reports). */
  sentryDsn: string | null;
  rateLimitPerMinute: number;
  statementTimeoutMs: number;
  authCacheTtlMs: number;
  figuresCacheTtlMs: number;
  seedDemo: boolean;
  jobsEnabled: boolean;
  webDist: string;
  croatiaEnabledDefault: boolean | undefined;
  shutdownTimeoutMs: number;
  trustProxy: TrustProxy;
  fileStorage: FileStorageConfig;
  mail: MailConfig;
  /** The sender of every e-mail (MAIL_FROM). */
  mailFrom: string;
  companyRegistry: { kind: 'offline' } | { kind: 'ares'; url: string };
  webhooks: WebhooksConfig;
  marketplace: MarketplaceConfig;
  /** Carriers' APIs (modules/deliveries/carriers): Ulozenka when its URL is set, and the call deadline. */
  carriers: { ulozenka: { url: string; shopId: string; apiKey: string } | null; timeoutMs: number };
  /** The financing provider (modules/content/financing.ts); `demo`: the built-in stand-in (never in production). */
  financing: { kind: 'http'; url: string; apiKey: string; timeoutMs: number } | { kind: 'demo' } | { kind: 'none' };
}

/** The marketplace's side of orders (modules/deliveries/intake*.ts). */
export interface MarketplaceConfig {
  /** SHA-256 of the intake's service credential; null: the intake is off (its routes answer 404). */
  intakeTokenHash: Buffer | null;
  /** The feed the 15-minute pull reads; null: the marketplace pushes (or nothing arrives). */
  orderFeedUrl: string | null;
  /** The demo generator's switch. */
  demoOrders: boolean;
}

function marketplaceConfig(e: z.infer<typeof envSchema>, production: boolean, seedDemo: boolean): MarketplaceConfig {
  if (production && e.DEMO_ORDERS === 'true') {
    throw new Error('DEMO_ORDERS=true is for the demo: production never makes up orders');
  }
  const hash = e.MARKETPLACE_INTAKE_TOKEN_SHA256
    ? Buffer.from(e.MARKETPLACE_INTAKE_TOKEN_SHA256, 'hex')
    : e.MARKETPLACE_INTAKE_TOKEN
      ? createHash('sha256').update(e.MARKETPLACE_INTAKE_TOKEN).digest()
      : null;
  return {
    intakeTokenHash: hash,
    orderFeedUrl: e.MARKETPLACE_ORDER_FEED_URL ?? null,
    demoOrders: e.DEMO_ORDERS === undefined ? !production && seedDemo : e.DEMO_ORDERS === 'true',
  };
}

/** Webhook delivery; tests shorten the timeout and the retry schedule (not settable from the environment). */
export interface WebhooksConfig {
  allowPrivateUrls: boolean;
  timeoutMs?: number;
  retryDelaysMs?: readonly number[];
  /** The log grid's deadline (default WEBHOOK_LOGS_TIMEOUT_MS). */
  logsTimeoutMs?: number;
  /** Tests only: the log query first sleeps this long in the database, to run into the deadline for real. */
  logsQueryDelayMs?: number;
}

/** How mail leaves: an SMTP relay, the demo mailbox (no relay, not production) or the log (production without one). */
export type MailConfig =
  | { kind: 'smtp'; host: string; port: number; secure: boolean; user?: string; password?: string }
  | {
      kind: 'mailbox';
      /** Addresses or CIDR ranges besides loopback that may read it (DEV_MAILBOX_ALLOW). */
      allow?: string[];
    }
  | { kind: 'log' };

function mailConfig(e: z.infer<typeof envSchema>, production: boolean): MailConfig {
  if (!e.SMTP_HOST) {
    return production
      ? { kind: 'log' }
      : { kind: 'mailbox', allow: parseAddressRanges('DEV_MAILBOX_ALLOW', e.DEV_MAILBOX_ALLOW) };
  }
  const port = e.SMTP_PORT ?? (e.SMTP_SECURE === 'true' ? 465 : 587);
  return {
    kind: 'smtp',
    host: e.SMTP_HOST,
    port,
    secure: e.SMTP_SECURE === undefined ? port === 465 : e.SMTP_SECURE === 'true',
    ...(e.SMTP_USER ? { user: e.SMTP_USER, password: e.SMTP_PASSWORD ?? '' } : {}),
  };
}

export type FileStorageConfig =
  | { kind: 'local' }
  | { kind: 's3'; endpoint: string; bucket: string; region: string; accessKeyId: string; secretAccessKey: string };

/** S3 needs all of its settings: a half-configured bucket would fail at the first export, not at start. */
function fileStorage(e: z.infer<typeof envSchema>): FileStorageConfig {
  if (e.FILE_STORAGE === 'local') return { kind: 'local' };
  const { S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY } = e;
  if (!S3_ENDPOINT || !S3_BUCKET || !S3_ACCESS_KEY_ID || !S3_SECRET_ACCESS_KEY) {
    throw new Error('FILE_STORAGE=s3 needs S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
  }
  return {
    kind: 's3',
    endpoint: S3_ENDPOINT.replace(/\/+$/, ''),
    bucket: S3_BUCKET,
    region: e.S3_REGION,
    accessKeyId: S3_ACCESS_KEY_ID,
    secretAccessKey: S3_SECRET_ACCESS_KEY,
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const dataDir = resolve(e.DATA_DIR);
  if (production && e.SEED_DEMO === 'true' && env.SEED_DEMO !== undefined) {
    throw new Error('SEED_DEMO=true is for the demo: production never seeds demo accounts');
  }
  const corsOrigins = e.CORS_ORIGINS.split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  for (const origin of corsOrigins) {
    if (!/^https?:\/\/[^/\s]+$/.test(origin)) throw new Error(`CORS_ORIGINS: ${origin} is not an origin`);
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL || undefined,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    logLevel: e.LOG_LEVEL,
    production,
    remoteLoginSecret: remoteLoginSecret(e.REMOTE_LOGIN_SECRET, production, dataDir),
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT || 3000}`,
    corsOrigins,
    webauthn: webauthnConfig(
      e.PUBLIC_URL ?? `http://localhost:${e.PORT || 3000}`,
      e.WEBAUTHN_RP_ID,
      e.WEBAUTHN_ORIGINS,
    ),
    metricsToken: e.METRICS_TOKEN,
    sentryDsn: e.SENTRY_DSN ?? null,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    statementTimeoutMs: e.STATEMENT_TIMEOUT_MS,
    authCacheTtlMs: e.AUTH_CACHE_TTL_MS,
    figuresCacheTtlMs: e.FIGURES_CACHE_TTL_MS,
    // Production never seeds the demo accounts (their password is published).
    seedDemo: !production && e.SEED_DEMO === 'true',
    jobsEnabled: e.JOBS_ENABLED === 'true',
    webDist: resolve(e.WEB_DIST ?? new URL('../../../web/dist', import.meta.url).pathname),
    croatiaEnabledDefault: e.FEATURE_CROATIA_ENABLED === undefined ? undefined : e.FEATURE_CROATIA_ENABLED === 'true',
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    fileStorage: fileStorage(e),
    mail: mailConfig(e, production),
    mailFrom: e.MAIL_FROM,
    companyRegistry:
      e.COMPANY_REGISTRY === 'ares' ? { kind: 'ares', url: e.ARES_URL.replace(/\/+$/, '') } : { kind: 'offline' },
    webhooks: { allowPrivateUrls: e.WEBHOOK_ALLOW_PRIVATE_URLS === 'true' },
    marketplace: marketplaceConfig(e, production, !production && e.SEED_DEMO === 'true'),
    carriers: {
      ulozenka: e.ULOZENKA_URL
        ? { url: e.ULOZENKA_URL.replace(/\/+$/, ''), shopId: e.ULOZENKA_SHOP_ID, apiKey: e.ULOZENKA_API_KEY }
        : null,
      timeoutMs: e.CARRIER_TIMEOUT_MS,
    },
    financing: e.FINANCING_URL
      ? {
          kind: 'http',
          url: e.FINANCING_URL.replace(/\/+$/, ''),
          apiKey: e.FINANCING_API_KEY,
          timeoutMs: e.FINANCING_TIMEOUT_MS,
        }
      : production
        ? { kind: 'none' }
        : { kind: 'demo' },
  };
}
