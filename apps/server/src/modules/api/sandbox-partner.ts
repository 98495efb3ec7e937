import { allPolicies, DomainError, isShopId } from '@pp/domain';
import { eq, sql } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/service';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx, Tx } from '../../platform/db/client';
import { rowsOf } from '../../platform/db/client';
import { readFeatureFlags } from '../../platform/flags/service';
import { hashToken } from '../auth/tokens';
import { isPartnerReachable } from '../partner/service';
import { partners } from '../partner/tables';
import type { V1Client } from './rest/auth';
import { generateSandboxData } from './sandbox-data';
import { PG_FOREIGN_KEY_VIOLATION, pgErrorOf } from '../../platform/db/pg-errors';

/**
 * A partner's sandbox (issue 20, point 7) is a shadow partner row (`partners.sandbox_of` = the live partner)
 * with test data of its own. A sandbox client id acts as that row, so every v1 route and the service behind it
 * run unchanged, scoped to the sandbox's data by the same partner scoping that keeps partners apart; the daily
 * limits count against the sandbox row too. Nobody is linked to it, so no person can switch to it, and every
 * operator list of partners leaves it out (`livePartner`).
 */

/** The per-partner lock sandbox accounts are created under (sandbox.ts) orders the sandbox's creation too. */
const SANDBOX_LOCK = sql`hashtext('sandbox-partner')`;

/** The sandbox of a live partner, or null while it has none. */
export async function sandboxOf(db: DbOrTx, livePartnerId: number): Promise<number | null> {
  const [row] = await db.select({ id: partners.id }).from(partners).where(eq(partners.sandboxOf, livePartnerId));
  return row?.id ?? null;
}

/**
 * The live partner's sandbox, made with its starting data when it has none yet. Called with the partner's
 * first sandbox account and, for accounts older than sandboxes, on the first call of one. Under a per-partner
 * lock (and the unique index on `sandbox_of`), two first calls make one sandbox.
 */
export async function ensureSandboxPartner(db: DbOrTx, livePartnerId: number, now: Date = new Date()): Promise<number> {
  const existing = await sandboxOf(db, livePartnerId);
  if (existing !== null) return existing;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SANDBOX_LOCK}, ${livePartnerId})`);
    const again = await sandboxOf(tx, livePartnerId);
    if (again !== null) return again;
    const [live] = await tx.select().from(partners).where(eq(partners.id, livePartnerId));
    if (!live || live.sandboxOf !== null || !isShopId(live.shopId)) throw new DomainError('NOT_FOUND');
    const [sandbox] = await tx
      .insert(partners)
      .values({
        partnerName: `${live.partnerName} (sandbox)`,
        shopId: live.shopId,
        country: live.country,
        provider: 'API',
        // A sandbox behaves as a partner in production: every API rule of a selling partner applies.
        workflowStatus: 'PRODUCTION',
        sandboxOf: live.id,
        created: now,
        updated: now,
      })
      .returning({ id: partners.id });
    await generateSandboxData(tx, { id: sandbox!.id, shopId: live.shopId, livePartnerId: live.id }, now);
    return sandbox!.id;
  });
}

interface SandboxRow {
  account_id: number;
  live_id: number;
  live_name: string;
  workflow_status: string;
  shop_id: string;
  sandbox_id: number | null;
}

/**
 * What a sandbox client id opens (the secret shown once with the sandbox account; only its hash is kept):
 * the live partner's sandbox, with every right of the API — it holds nothing but test data, and an integration
 * is tried on all of it. Read fresh on every request like a key, so a deleted account or a new secret closes
 * the old one at once; open only while the live partner is (a deactivated partner's sandbox is closed too).
 */
export async function authenticateSandboxClient(db: DbOrTx, clientId: string): Promise<V1Client | null> {
  const result = await db.execute(sql`
    select sa.id as account_id, p.id as live_id, p.partner_name as live_name, p.workflow_status, p.shop_id,
      s.id as sandbox_id
    from sandbox_accounts sa
    join partners p on p.id = sa.partner_id and p.sandbox_of is null
    left join partners s on s.sandbox_of = p.id
    where sa.secret_hash = ${hashToken(clientId)}`);
  const row = rowsOf<SandboxRow>(result)[0];
  if (!row) return null;
  if (!isPartnerReachable({ workflowStatus: row.workflow_status, shopId: row.shop_id }, await readFeatureFlags(db))) {
    return null;
  }
  const livePartnerId = Number(row.live_id);
  const partnerId = row.sandbox_id === null ? await ensureSandboxPartner(db, livePartnerId) : Number(row.sandbox_id);
  return {
    keyId: Number(row.account_id),
    type: 'master',
    partnerId,
    shopId: row.shop_id,
    partnerName: `${row.live_name} (sandbox)`,
    policies: allPolicies(),
    sandbox: { accountId: Number(row.account_id), livePartnerId },
  };
}

/**
 * What a reset keeps of a sandbox: its limits and the day's count (a reset is no way round the daily limit),
 * the audit trail, and stored files (their own cleanup job removes them).
 */
const KEPT_ON_RESET = new Set([
  'api_usage_daily',
  'api_quota_leases',
  'partner_api_tiers',
  'audit_log',
  'stored_files',
]);

/**
 * Every row of the sandbox in every table keyed by partner (read from the catalogue, so a table added later
 * is emptied too), in an order the foreign keys allow: a table whose rows are still referenced is tried again
 * after the others, each try in a savepoint.
 */
async function emptySandbox(tx: Tx, sandboxId: number): Promise<void> {
  const tables = rowsOf<{ name: string }>(
    await tx.execute(sql`select c.table_name as name from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = current_schema() and c.column_name = 'partner_id' and t.table_type = 'BASE TABLE'
      order by c.table_name`),
  )
    .map((r) => r.name)
    .filter((name) => !KEPT_ON_RESET.has(name));
  let pending = tables;
  while (pending.length) {
    const referenced: string[] = [];
    for (const table of pending) {
      try {
        await tx.transaction((sp) =>
          sp.execute(sql`delete from ${sql.identifier(table)} where partner_id = ${sandboxId}`),
        );
      } catch (error) {
        if (pgErrorOf(error)?.code !== PG_FOREIGN_KEY_VIOLATION) throw error;
        referenced.push(table);
      }
    }
    if (referenced.length === pending.length)
      throw new Error(`sandbox reset: ${referenced.join(', ')} stay referenced`);
    pending = referenced;
  }
}

/**
 * The partner's sandbox as it started: every test product, order and delivery method the integration made or
 * changed is gone and the starting data is generated again (a sandbox whose unconfirmed orders were all
 * confirmed has two again). The sandbox accounts, the limits and the day's count stay. One transaction, under
 * the sandbox's lock; a partner without a sandbox gets one.
 */
export async function resetSandbox(ctx: RequestContext, now: Date = new Date()): Promise<boolean> {
  const { partnerId } = await ctx.require('sandboxAccounts', 'update');
  const existing = await sandboxOf(ctx.db, partnerId);
  if (existing === null) {
    await ensureSandboxPartner(ctx.db, partnerId, now);
    return true;
  }
  await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SANDBOX_LOCK}, ${partnerId})`);
    const [row] = await tx
      .select({ id: partners.id, shopId: partners.shopId })
      .from(partners)
      .where(eq(partners.sandboxOf, partnerId))
      .for('update');
    if (!row || !isShopId(row.shopId)) throw new DomainError('NOT_FOUND');
    await emptySandbox(tx, row.id);
    await generateSandboxData(tx, { id: row.id, shopId: row.shopId, livePartnerId: partnerId }, now);
    await recordAudit(tx, ctx.actor(partnerId), { action: 'api.sandbox.reset', entity: 'partner', entityId: row.id });
  });
  return true;
}
