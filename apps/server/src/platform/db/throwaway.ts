import pg from 'pg';
import { type Database, type OpenOptions, openDatabase } from './client';

/**
 * A new, migrated database on a PostgreSQL server, made for one test file or bench run and dropped after,
 * so every run starts from the same empty state.
 */
export async function throwawayPostgres(
  serverUrl: string,
  name: string,
  options: Pick<OpenOptions, 'poolSize' | 'statementTimeoutMs'> & {
    /** A database to copy (migrated and filled already, nobody connected to it) instead of an empty one. */
    template?: string;
  } = {},
): Promise<{ database: Database; url: string; drop(): Promise<void> }> {
  const { template, ...open } = options;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const create = `create database ${pg.escapeIdentifier(name)}${template ? ` template ${pg.escapeIdentifier(template)}` : ''}`;
  for (let attempt = 1; ; attempt++) {
    try {
      await admin.query(create);
      break;
    } catch (error) {
      // Two copies of one template at the same moment: the second finds the first "accessing" the template.
      if ((error as { code?: string }).code !== '55006' || attempt >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 150));
    }
  }
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: '', ...open });
  if (!template) await database.migrate();
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
