import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Database, openDatabase } from '../apps/server/src/platform/db/client';
import { throwawayPostgres } from '../apps/server/src/platform/db/throwaway';

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
  return throwawayPostgres(server, name, pool);
}

/**
 * A database somebody already seeded (`npm run seed -- --scale large`), named by a PGlite folder or a
 * PostgreSQL URL: opened as it is, never migrated or dropped; a bench puts back whatever it changes there.
 */
export async function existingBenchDatabase(location: string): Promise<BenchDatabase> {
  const url = /^postgres(ql)?:/.test(location) ? location : undefined;
  const database = await openDatabase({ databaseUrl: url, dataDir: url ? '' : location });
  return { database, url, drop: () => database.close() };
}

/**
 * CPU seconds of the local PostgreSQL server's processes (Linux /proc; 0 where unreadable): on a shared machine
 * the CPU an import costs is steadier than its wall time.
 */
export function postgresCpuSeconds(): number {
  let ticks = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      if (!stat.slice(stat.indexOf('(') + 1, close).startsWith('postgres')) continue;
      const fields = stat.slice(close + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  return ticks / 100;
}
