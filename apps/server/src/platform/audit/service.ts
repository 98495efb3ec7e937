import { sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../db/client';
import { auditLog } from './tables';

/** Who acts: filled from the request context, or by a job from the data it was given. */
export interface Actor {
  accountId: number | null;
  adminAccountId: number | null;
  partnerId: number | null;
  requestId: string | null;
  /** A change through the partner REST API: the key that made it. */
  apiKeyId?: number | null;
}

export interface AuditEntry {
  action: string;
  entity?: string;
  entityId?: string | number;
  data?: Record<string, unknown>;
  /** Overrides the actor's partner, e.g. when an operator changes a partner from the cockpit. */
  partnerId?: number | null;
  /** Overrides the actor's request: a batch of the order intake records each order with the request that carried it. */
  requestId?: string | null;
}

/**
 * Records one change. Call it inside the transaction of the change, so the trail and the change commit
 * or fail together.
 *
 * What `data` holds, so the cockpit's audit view (modules/cockpit/audit-view-changes.ts) shows a before/after:
 * - new code writes `{ before: { field: old, … }, after: { field: new, … } }` with the fields that changed
 *   (only those; secrets and whole documents never), plus any context beside them (`reason`, `count`);
 * - one value that moved (a status) may stay `{ from, to }`, as many callers wrote it;
 * - anything else is shown field by field as details of the change (a name, the shops, a count).
 */
export async function recordAudit(tx: DbOrTx, actor: Actor, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    partnerId: entry.partnerId === undefined ? actor.partnerId : entry.partnerId,
    accountId: actor.accountId,
    adminAccountId: actor.adminAccountId,
    action: entry.action,
    entity: entry.entity ?? null,
    entityId: entry.entityId === undefined ? null : String(entry.entityId),
    data: entry.data ?? null,
    requestId: entry.requestId === undefined ? actor.requestId : entry.requestId,
    apiKeyId: actor.apiKeyId ?? null,
  });
}

/**
 * Records many changes of one actor in one statement (a bulk command's orders): one row each, as
 * `recordAudit` writes them. The columns travel as arrays through unnest, so 500 rows cost one statement
 * with nine parameters instead of 500 statements (or one with 4,000 parameters to build).
 */
export async function recordAudits(tx: DbOrTx, actor: Actor, entries: readonly AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  const column = <T>(pick: (entry: AuditEntry) => T) => sql.param(entries.map(pick));
  await tx.execute(sql`insert into ${auditLog}
      (partner_id, account_id, admin_account_id, action, entity, entity_id, data, request_id, api_key_id)
    select p, ${actor.accountId}::int, ${actor.adminAccountId}::int, a, e, i, d::jsonb, r, ${actor.apiKeyId ?? null}::int
    from unnest(
      ${column((e) => (e.partnerId === undefined ? actor.partnerId : e.partnerId))}::int[],
      ${column((e) => e.action)}::text[],
      ${column((e) => e.entity ?? null)}::text[],
      ${column((e) => (e.entityId === undefined ? null : String(e.entityId)))}::text[],
      ${column((e) => (e.data ? JSON.stringify(e.data) : null))}::text[],
      ${column((e) => (e.requestId === undefined ? actor.requestId : e.requestId))}::text[]
    ) as t(p, a, e, i, d, r)`);
}

/** Announced by the audit trail's trigger (migration 0005) when an insert commits: the partners concerned. */
const AUDIT_CHANNEL = 'pp_audit';

/**
 * Calls `listener` with the partners whose audit trail grew, once the change committed ('all' after a bulk
 * insert over many partners). Views cached per process listen to this to forget what a change made stale.
 */
export async function onAuditCommitted(
  database: Database,
  listener: (partnerIds: number[] | 'all') => void,
): Promise<() => Promise<void>> {
  return database.listen(AUDIT_CHANNEL, (payload) => {
    if (payload === '*') return listener('all');
    const ids = payload.split(',').map(Number).filter(Number.isSafeInteger);
    listener(ids);
  });
}
