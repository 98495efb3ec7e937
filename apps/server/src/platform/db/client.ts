import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

/** Rows of a raw `db.execute` answer; both drivers put them under `rows`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export type Listener = (payload: string) => void;

/**
 * One handle over either database: the embedded PGlite (no configuration) or a real PostgreSQL server
 * (DATABASE_URL). Both speak the same SQL, run the same migrations, and carry LISTEN/NOTIFY.
 */
/** The advisory lock under which one process at a time applies migrations (any fixed number of our own). */
const MIGRATION_LOCK = 7_240_001;

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Raw SQL for libraries that bring their own (pg-boss). Several statements are allowed without values. */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  listen(channel: string, listener: Listener): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the whole data folder as a tarball, which `loadDataDir` opens again (the tests' template). */
  dumpDataDir?(): Promise<Blob>;
}

const migrationsFolder = fileURLToPath(new URL('../../../drizzle', import.meta.url));

export interface OpenOptions {
  databaseUrl?: string;
  /** Folder of the embedded database; 'memory://' for a throw-away one (tests). */
  dataDir: string;
  poolSize?: number;
  /** PostgreSQL only: the longest a statement of this pool may run (request traffic), 0 for no limit. */
  statementTimeoutMs?: number;
  /** PGlite only: start from this dumped data folder (`Database.dumpDataDir`) instead of an empty one. */
  loadDataDir?: Blob;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.poolSize ?? 10, options.statementTimeoutMs ?? 0)
    : openPglite(options.dataDir, options.loadDataDir);
}

async function openPglite(dataDir: string, loadDataDir?: Blob): Promise<Database> {
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  // pg_trgm backs the grids' "contains" text filters (migration 0008 creates the extension and its indexes);
  // unaccent lets names be searched without diacritics (migration 0021).
  const client = await PGlite.create(dataDir, {
    extensions: { pg_trgm, unaccent },
    ...(loadDataDir ? { loadDataDir } : {}),
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    async executeSql(text, values) {
      if (!values || values.length === 0) {
        const results = await client.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      }
      const result = await client.query(text, values as never[]);
      return { rows: result.rows };
    },
    async listen(channel, listener) {
      const unsubscribe = await client.listen(channel, listener);
      return async () => unsubscribe();
    },
    async notify(channel, payload) {
      await client.query('select pg_notify($1, $2)', [channel, payload]);
    },
    async migrate() {
      await migratePglite(drizzlePglite(client), { migrationsFolder });
    },
    async close() {
      if (!client.closed) await client.close();
    },
    dumpDataDir: () => client.dumpDataDir('none'),
  };
}

async function openPostgres(url: string, poolSize: number, statementTimeoutMs: number): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    ...(statementTimeoutMs > 0 ? { statement_timeout: statementTimeoutMs } : {}),
  });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it. Queries in flight report their own error.
  });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  // LISTEN needs one dedicated connection for the life of the process.
  let listenClient: pg.Client | null = null;
  const listeners = new Map<string, Set<Listener>>();
  async function ensureListenClient(): Promise<pg.Client> {
    if (listenClient) return listenClient;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    client.on('notification', (msg) => {
      for (const l of listeners.get(msg.channel) ?? []) l(msg.payload ?? '');
    });
    client.on('error', () => {
      listenClient = null;
    });
    listenClient = client;
    return client;
  }
  return {
    kind: 'postgres',
    db,
    async executeSql(text, values) {
      const result = await pool.query(text, values as unknown[]);
      const last = Array.isArray(result) ? result.at(-1) : result;
      return { rows: last?.rows ?? [] };
    },
    async listen(channel, listener) {
      const client = await ensureListenClient();
      let set = listeners.get(channel);
      if (!set) {
        set = new Set();
        listeners.set(channel, set);
        await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      }
      set.add(listener);
      return async () => {
        set.delete(listener);
      };
    },
    async notify(channel, payload) {
      await pool.query('select pg_notify($1, $2)', [channel, payload]);
    },
    async migrate() {
      // Migrations may build indexes over millions of rows: their own connection, without the request timeout.
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        // N servers starting at once migrate one after another: the others wait here, then find nothing to do.
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
        await migratePg(drizzlePg(client), { migrationsFolder });
      } finally {
        // Ending the session releases the lock too; said here so a reader need not know it.
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
        await client.end();
      }
    },
    async close() {
      await listenClient?.end().catch(() => undefined);
      await pool.end();
    },
  };
}
