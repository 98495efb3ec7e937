import { DEFAULT_FEATURE_FLAGS, FEATURE_FLAG_NAMES, type FeatureFlagName, type FeatureFlags } from '@pp/domain';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { featureFlags } from './tables';

/** Flags change rarely; each process re-reads them at most this often. */
const CACHE_MS = 5_000;
let cached: { at: number; flags: FeatureFlags } | null = null;

export async function readFeatureFlags(db: DbOrTx): Promise<FeatureFlags> {
  if (cached && Date.now() - cached.at < CACHE_MS) return cached.flags;
  const rows = await db.select().from(featureFlags);
  const flags: FeatureFlags = { ...DEFAULT_FEATURE_FLAGS };
  for (const row of rows) {
    if ((FEATURE_FLAG_NAMES as readonly string[]).includes(row.name)) flags[row.name as FeatureFlagName] = row.enabled;
  }
  cached = { at: Date.now(), flags };
  return flags;
}

export async function setFeatureFlag(db: DbOrTx, name: FeatureFlagName, enabled: boolean): Promise<void> {
  await db
    .insert(featureFlags)
    .values({ name, enabled })
    .onConflictDoUpdate({ target: featureFlags.name, set: { enabled, updated: sql`now()` } });
  cached = null;
}

/** Stores the environment's initial values for flags the database does not hold yet. */
export async function initFeatureFlags(db: DbOrTx, initial: Partial<FeatureFlags>): Promise<void> {
  for (const name of FEATURE_FLAG_NAMES) {
    const value = initial[name] ?? DEFAULT_FEATURE_FLAGS[name];
    await db.insert(featureFlags).values({ name, enabled: value }).onConflictDoNothing();
  }
  cached = null;
}
