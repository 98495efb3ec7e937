import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { buildApp } from '../app';
import { openDatabase, type Database } from '../platform/db/client';
import { throwawayPostgres } from '../platform/db/throwaway';
import { setFeatureFlag } from '../platform/flags/service';
import { secretBox } from '../platform/secrets';
import { seedDemo } from '../seed/demo';
import { testConfig } from './harness';

/**
 * The database every test file's server starts from, made once per run (vitest's global setup): migrated, with
 * the demo data, and with the job system's own tables. Each file then copies it — a PGlite data folder loaded
 * from a tarball, a PostgreSQL database created from a template — instead of running 36 migrations and the
 * demo seed again, which was most of a short test file's time.
 */

/** Where the files find it: the PGlite tarball's path, or the PostgreSQL template database's name. */
export const TEMPLATE_PGLITE_ENV = 'PP_TEST_TEMPLATE_PGLITE';
export const TEMPLATE_POSTGRES_ENV = 'PP_TEST_TEMPLATE_POSTGRES';

/** The demo data as every test server has it (harness.ts `startTestServer`). */
export async function seedTestData(database: Database): Promise<void> {
  await seedDemo(database.db, { extraPartners: 8, secrets: secretBox(testConfig()) });
  await setFeatureFlag(database.db, 'croatiaEnabled', false);
}

async function fill(database: Database, url?: string): Promise<void> {
  await seedTestData(database);
  // The job system creates its schema when it first starts: once here, not in every file.
  const app = await buildApp({ config: testConfig({ databaseUrl: url }), database });
  await app.close();
}

export default async function setup(): Promise<() => Promise<void>> {
  const server = process.env.TEST_DATABASE_URL;
  if (server) {
    const name = `pp_template_${randomBytes(6).toString('hex')}`;
    const made = await throwawayPostgres(server, name, { poolSize: 2 });
    await fill(made.database, made.url);
    // A template must have nobody connected while it is copied.
    await made.database.close();
    process.env[TEMPLATE_POSTGRES_ENV] = name;
    return async () => {
      const admin = new pg.Client({ connectionString: server });
      await admin.connect();
      await admin.query(`drop database if exists ${pg.escapeIdentifier(name)} with (force)`);
      await admin.end();
    };
  }
  const database = await openDatabase({ dataDir: 'memory://' });
  await database.migrate();
  await fill(database);
  const tarball = await database.dumpDataDir!();
  await database.close();
  const folder = resolve('.tmp/test-templates');
  mkdirSync(folder, { recursive: true });
  const path = join(folder, `pglite-${process.pid}-${randomBytes(4).toString('hex')}.tar`);
  writeFileSync(path, Buffer.from(await tarball.arrayBuffer()));
  process.env[TEMPLATE_PGLITE_ENV] = path;
  return async () => rmSync(path, { force: true });
}
