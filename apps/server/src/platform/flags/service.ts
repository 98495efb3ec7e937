import { DEFAULT_FEATURE_FLAGS, FEATURE_FLAG_NAMES, type FeatureFlagName, type FeatureFlags } from '@pp/domain';
import { sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../db/client';
import { featureFlags } from './tables';

/** Flags change rarely; each process re-reads them at most this often, and at once when one is switched. */
const CACHE_MS = 5_000;
/**
 * Announced when a switch commits: every process (this one too) forgets its cached flags, so two servers on
 * one database never answer with different flags for the five seconds of the cache.
 */
export const FLAGS_CHANNEL = 'pp_flags';
let cached: { at: number; flags: FeatureFlags } | null = null;
let cacheMs = CACHE_MS;

/**
 * Tests: keeps the flags this long instead (a long time proves that only the announcement makes a process
 * forget). Returns the restorer.
 */
export function keepFeatureFlagsFor(ms: number): () => void {
  const previous = cacheMs;
  cacheMs = ms;
  return () => {
    cacheMs = previous;
  };
}

export async function readFeatureFlags(db: DbOrTx): Promise<FeatureFlags> {
  if (cached && Date.now() - cached.at < cacheMs) return cached.flags;
  const rows = await db.select().from(featureFlags);
  const flags: FeatureFlags = { ...DEFAULT_FEATURE_FLAGS };
  for (const row of rows) {
    if ((FEATURE_FLAG_NAMES as readonly string[]).includes(row.name)) flags[row.name as FeatureFlagName] = row.enabled;
  }
  cached = { at: Date.now(), flags };
  return flags;
}

/**
 * Switches a flag. Inside a transaction the other processes hear of it only when it commits (NOTIFY); this
 * process forgets at once, and again on the announcement, so a read between the two cannot keep the old value.
 */
export async function setFeatureFlag(
  db: DbOrTx,
  name: FeatureFlagName,
  enabled: boolean,
  updatedBy: number | null = null,
): Promise<void> {
  await db
    .insert(featureFlags)
    .values({ name, enabled, updatedBy })
    .onConflictDoUpdate({ target: featureFlags.name, set: { enabled, updatedBy, updated: sql`now()` } });
  await db.execute(sql`select pg_notify(${FLAGS_CHANNEL}, ${name})`);
  cached = null;
}

/** Forgets this process's cached flags whenever a switch commits anywhere; returns the unlistener. */
export async function listenFeatureFlags(database: Database): Promise<() => Promise<void>> {
  return database.listen(FLAGS_CHANNEL, () => {
    cached = null;
  });
}

/** Every flag the domain knows with its stored row (the cockpit's list); a flag without a row has its default. */
export async function readFeatureFlagRows(
  db: DbOrTx,
): Promise<{ name: FeatureFlagName; enabled: boolean; updated: Date | null; updatedBy: number | null }[]> {
  const rows = await db.select().from(featureFlags);
  return FEATURE_FLAG_NAMES.map((name) => {
    const row = rows.find((r) => r.name === name);
    return {
      name,
      enabled: row?.enabled ?? DEFAULT_FEATURE_FLAGS[name],
      updated: row?.updated ?? null,
      updatedBy: row?.updatedBy ?? null,
    };
  });
}

/** Stores the environment's initial values for flags the database does not hold yet. */
export async function initFeatureFlags(db: DbOrTx, initial: Partial<FeatureFlags>): Promise<void> {
  for (const name of FEATURE_FLAG_NAMES) {
    const value = initial[name] ?? DEFAULT_FEATURE_FLAGS[name];
    await db.insert(featureFlags).values({ name, enabled: value }).onConflictDoNothing();
  }
  cached = null;
}
