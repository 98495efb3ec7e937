import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type Database, openDatabase } from '../apps/server/src/platform/db/client';

export interface BenchDatabase {
  database: Database;
  /** The PostgreSQL URL of this bench's own database; undefined on the embedded one. */
  url: string | undefined;
  /** Closes the database and throws it away. */
  drop(): Promise<void>;
}

/**
 * A fresh, migrated database for one bench: an embedded PGlite in a temporary folder, or, when
 * BENCH_DATABASE_URL names a PostgreSQL server, a new database created on that server and dropped after
 * (so every run starts from the same empty state and runs can repeat).
 */
export async function benchDatabase(
  label: string,
  pool: { poolSize?: number; statementTimeoutMs?: number } = {},
): Promise<BenchDatabase> {
  const server = process.env.BENCH_DATABASE_URL;
  if (!server) {
    const dir = join(tmpdir(), `pp-bench-${label}-${process.pid}`);
    const database = await openDatabase({ dataDir: dir });
    await database.migrate();
    return {
      database,
      url: undefined,
      async drop() {
        await database.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const name = `pp_bench_${label.replace(/\W/g, '_')}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(server);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: '', ...pool });
  await database.migrate();
  return {
    database,
    url: url.toString(),
    async drop() {
      await database.close();
      const c = new pg.Client({ connectionString: server });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
