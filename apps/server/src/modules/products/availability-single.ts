import { type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../../platform/audit/service';
import { type Db, rowsOf } from '../../platform/db/client';
import { withDeadlockRetry } from '../../platform/db/pg-errors';

/**
 * Single stock changes of one partner, written together (a group commit). A connector pushing its stock one
 * product at a time sends dozens of requests at once; written one statement each, every one would pay its own
 * commit. Here the first change of a partner goes out alone at once, and the changes that arrive while it is
 * being written go out together in the next statement, one per product (a product named twice waits for the
 * round after). Each change keeps its own result: one unknown product is refused alone, not its neighbours.
 */

export interface StoredRow {
  n: number;
  in_stock: number;
  status: string;
}

export interface SingleChange {
  id: string;
  inStock: number;
  status: string | null;
  actor: Actor;
}

interface Pending {
  change: SingleChange;
  /** The change's own statement, for a round that holds it alone. */
  alone: SQL;
  resolve(row: StoredRow | undefined): void;
  reject(error: unknown): void;
}

interface PartnerQueue {
  running: boolean;
  waiting: Pending[];
}

/** Changes one statement takes at most: beyond it the rest wait for the next round. */
const GROUP_MAX = 500;

const queues = new WeakMap<Db, Map<number, PartnerQueue>>();

/** Writes one product's change with the others of its partner waiting now; its stored row, or none if unknown. */
export function writeSingleChange(
  db: Db,
  partnerId: number,
  change: SingleChange,
  alone: SQL,
): Promise<StoredRow | undefined> {
  let byPartner = queues.get(db);
  if (!byPartner) {
    byPartner = new Map();
    queues.set(db, byPartner);
  }
  let queue = byPartner.get(partnerId);
  if (!queue) {
    queue = { running: false, waiting: [] };
    byPartner.set(partnerId, queue);
  }
  const q = queue;
  return new Promise((resolve, reject) => {
    q.waiting.push({ change, alone, resolve, reject });
    if (!q.running) void drain(db, partnerId, q, byPartner);
  });
}

async function drain(db: Db, partnerId: number, q: PartnerQueue, byPartner: Map<number, PartnerQueue>) {
  q.running = true;
  try {
    while (q.waiting.length) {
      const taken: Pending[] = [];
      const later: Pending[] = [];
      const named = new Set<string>();
      for (const p of q.waiting) {
        if (taken.length < GROUP_MAX && !named.has(p.change.id)) {
          named.add(p.change.id);
          taken.push(p);
        } else later.push(p);
      }
      q.waiting = later;
      try {
        const statement = taken.length === 1 ? taken[0]!.alone : groupStatement(partnerId, taken);
        const rows = rowsOf<StoredRow>(await withDeadlockRetry(() => db.execute(statement)));
        // The alone statement answers its caller's index; a group answers each change's place in it.
        if (taken.length === 1) taken[0]!.resolve(rows[0]);
        else {
          const byPlace = new Map(rows.map((r) => [Number(r.n), r]));
          taken.forEach((p, place) => {
            p.resolve(byPlace.get(place));
          });
        }
      } catch (error) {
        for (const p of taken) p.reject(error);
      }
    }
  } finally {
    q.running = false;
    byPartner.delete(partnerId);
  }
}

/**
 * The changes of a round in one statement: their rows locked in id order first (two processes' groups wait for
 * each other instead of locking crosswise), each row changed only when its stock or status changes, and one
 * audit entry per changed product with its own request and key, as a single change records it.
 */
function groupStatement(partnerId: number, taken: readonly Pending[]): SQL {
  const column = <T>(pick: (change: SingleChange) => T) => sql.param(taken.map((p) => pick(p.change)));
  return sql`
    with input as (
      select * from unnest(${column((c) => c.id)}::text[], ${column((c) => c.inStock)}::int[],
        ${column((c) => c.status)}::text[], ${sql.param(taken.map((_, place) => place))}::int[],
        ${column((c) => c.actor.accountId)}::int[], ${column((c) => c.actor.adminAccountId)}::int[],
        ${column((c) => c.actor.requestId)}::text[], ${column((c) => c.actor.apiKeyId ?? null)}::int[])
        as t(id, in_stock, status, n, account_id, admin_account_id, request_id, api_key_id)
    ),
    locked as materialized (
      select p.id, p.status from products p
      where p.partner_id = ${partnerId} and p.id in (select id from input)
      order by p.id for update
    ),
    changed as (
      update products t set in_stock = i.in_stock,
          status = case when t.status = 'NOT_FOR_RESALE' then t.status else coalesce(i.status, t.status) end,
          updated_at = now()
        from input i join locked l on l.id = i.id
        where t.partner_id = ${partnerId} and t.id = i.id
          and (t.in_stock <> i.in_stock or (i.status is not null and t.status <> i.status
            and t.status <> 'NOT_FOR_RESALE'))
        returning i.n
    ),
    trail as (
      insert into audit_log (partner_id, account_id, admin_account_id, action, entity, entity_id, data, request_id,
          api_key_id)
      select ${partnerId}, i.account_id, i.admin_account_id, 'product.update', 'product', i.id,
        jsonb_build_object('availability', true, 'inStock', i.in_stock)
          || case when i.status is null then '{}'::jsonb else jsonb_build_object('status', i.status) end,
        i.request_id, i.api_key_id
      from input i where i.n in (select n from changed)
    )
    select i.n, i.in_stock,
      case when l.status = 'NOT_FOR_RESALE' then l.status else coalesce(i.status, l.status) end as status
    from input i join locked l on l.id = i.id`;
}
