import { FEATURE_FLAG_NAMES, type FeatureFlagName } from '@pp/domain';
import { inArray } from 'drizzle-orm';
import { z } from 'zod';
import { recordAudit } from '../../platform/audit/service';
import { announceInTransaction } from '../../platform/auth-cache';
import type { RequestContext } from '../../platform/context';
import { validationError } from '../../platform/errors';
import { readFeatureFlagRows, setFeatureFlag } from '../../platform/flags/service';
import { publishInTransaction } from '../../platform/stream/hub';
import { accounts } from '../account/tables';

export interface CockpitFeatureFlag {
  name: FeatureFlagName;
  enabled: boolean;
  /** When it was last switched (or first stored); null while the database holds no row. */
  updated: Date | null;
  /** The operator who switched it last; null for the environment's initial value. */
  updatedByEmail: string | null;
}

/** Every flag the domain knows, with its state and who switched it last. */
export async function cockpitFeatureFlags(ctx: RequestContext): Promise<CockpitFeatureFlag[]> {
  ctx.requireOperator('flags', 'read');
  const rows = await readFeatureFlagRows(ctx.db);
  const ids = rows.map((r) => r.updatedBy).filter((id) => id !== null);
  const emails = ids.length
    ? await ctx.db.select({ id: accounts.id, email: accounts.email }).from(accounts).where(inArray(accounts.id, ids))
    : [];
  return rows.map((r) => ({
    name: r.name,
    enabled: r.enabled,
    updated: r.updated,
    updatedByEmail: emails.find((a) => a.id === r.updatedBy)?.email ?? null,
  }));
}

const switchSchema = z.object({ name: z.enum(FEATURE_FLAG_NAMES), enabled: z.boolean() });

/**
 * Switches a flag: stored, audited and announced in one transaction. On commit every process forgets its
 * cached flags and its cached sessions (croatiaEnabled changes which partners a session reaches), and every
 * signed-in browser gets `feature_flags_changed` with the flags as they are now.
 */
export async function cockpitSetFeatureFlag(
  ctx: RequestContext,
  input: { name: string; enabled: boolean },
): Promise<CockpitFeatureFlag> {
  const operator = ctx.requireOperator('flags', 'update');
  const parsed = switchSchema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error);
  const { name, enabled } = parsed.data;
  await ctx.db.transaction(async (tx) => {
    const before = (await readFeatureFlagRows(tx)).find((r) => r.name === name)!;
    // Switching to the state it has changes nothing: nothing to record or announce (a second click, two tabs).
    if (before.enabled === enabled && before.updated !== null) return;
    await setFeatureFlag(tx, name, enabled, operator.account.id);
    await recordAudit(tx, ctx.actor(null), {
      action: 'featureFlag.update',
      entity: 'feature_flag',
      entityId: name,
      data: { from: before.enabled, to: enabled },
    });
    const flags = Object.fromEntries((await readFeatureFlagRows(tx)).map((r) => [r.name, r.enabled]));
    await announceInTransaction(tx, { all: true });
    await publishInTransaction(tx, { all: true }, { type: 'feature_flags_changed', data: { name, enabled, flags } });
  });
  return (await cockpitFeatureFlags(ctx)).find((f) => f.name === name)!;
}
