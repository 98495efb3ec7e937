import { resolve } from 'node:path';
import { z } from 'zod';

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
  /** Secret for remote-login link hashes. Must be set in production; the default is for the demo only. */
  REMOTE_LOGIN_SECRET: z.string().min(16).default('demo-remote-login-secret-change-me'),
  /** Seeds the demo data when the database has no partner yet. */
  SEED_DEMO: z.enum(['true', 'false']).default('true'),
  /** Starts the job workers in this process (set false on processes that only serve requests). */
  JOBS_ENABLED: z.enum(['true', 'false']).default('true'),
  WEB_DIST: z.string().optional(),
  /** Initial value of the croatiaEnabled feature flag when the database has none stored. */
  FEATURE_CROATIA_ENABLED: z.enum(['true', 'false']).optional(),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  remoteLoginSecret: string;
  seedDemo: boolean;
  jobsEnabled: boolean;
  webDist: string;
  croatiaEnabledDefault: boolean | undefined;
  shutdownTimeoutMs: number;
  trustProxy: boolean;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL || undefined,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    logLevel: e.LOG_LEVEL,
    remoteLoginSecret: e.REMOTE_LOGIN_SECRET,
    seedDemo: e.SEED_DEMO === 'true',
    jobsEnabled: e.JOBS_ENABLED === 'true',
    webDist: resolve(e.WEB_DIST ?? new URL('../../../web/dist', import.meta.url).pathname),
    croatiaEnabledDefault: e.FEATURE_CROATIA_ENABLED === undefined ? undefined : e.FEATURE_CROATIA_ENABLED === 'true',
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    trustProxy: e.TRUST_PROXY === 'true',
  };
}
