import pg from 'pg';
import { type Database, type OpenOptions, openDatabase } from './client';

/**
 * A new, migrated database on a PostgreSQL server, made for one test file or bench run and dropped after,
 * so every run starts from the same empty state.
 */
export async function throwawayPostgres(
  serverUrl: string,
  name: string,
  options: Pick<OpenOptions, 'poolSize' | 'statementTimeoutMs'> = {},
): Promise<{ database: Database; url: string; drop(): Promise<void> }> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${pg.escapeIdentifier(name)}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: '', ...options });
  await database.migrate();
  return {
    database,
    url: url.toString(),
    async drop() {
      await database.close();
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists ${pg.escapeIdentifier(name)} with (force)`);
      await c.end();
    },
  };
}
