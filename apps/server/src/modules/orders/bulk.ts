import {
  DomainError,
  deliveryDateRefusal,
  type ErrorCode,
  ORDER_STATUSES,
  type OrderStatus,
  type StatusChange,
  statusChangeRefusal,
} from '@pp/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import { recordAudits } from '../../platform/audit/service';
import type { Tx } from '../../platform/db/client';
import { publishManyInTransaction } from '../../platform/stream/hub';
import type { ChangeAuthor, StatusChangeSource } from './service';
import { orderStatusHistory, orders } from './tables';

/**
 * The domain event every status change queues, in the change's transaction: the single place order events
 * leave from (webhooks are delivered from this queue by the partner area).
 */
export const ORDER_STATUS_CHANGED_JOB = 'order.status-changed';

/**
 * Orders judged and written per transaction on the embedded database. PGlite runs one transaction at a
 * time for the whole process and answers within one turn of the event loop, so a bulk change gives other
 * requests a turn between groups of this size (the issue-17 fairness); 50 keeps a group to a few tens of
 * milliseconds there. A real PostgreSQL serves other connections meanwhile: the whole list is one group.
 */
export const PGLITE_GROUP = 50;

/** One order of a bulk command and what it becomes (each with its own tracking number, say). */
export interface OrderChange {
  orderId: number;
  change: StatusChange | MarketplaceStatusChange;
}

/**
 * Moves only the marketplace makes (deliveries/intake-events.ts): a blocked order opened, a consignment lost.
 * They are judged by the marketplace's table, passed in as `judge`, never by the partner's.
 */
export type MarketplaceStatusChange = { status: 'open' } | { status: 'lost' };

/** Judges one change of one order instead of the partner's rules (the marketplace's own events). */
export type ChangeJudge = (order: OrderRow, change: OrderChange['change']) => ErrorCode | null;

interface ApplyOptions {
  source?: StatusChangeSource;
  announce?: boolean;
  judge?: ChangeJudge;
}

export type OrderChangeResult =
  | { orderId: number; ok: true; from: OrderStatus; to: OrderStatus }
  | { orderId: number; ok: false; code: ErrorCode };

export type OrderRow = typeof orders.$inferSelect;

function isOrderStatus(value: string): value is OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(value);
}

/** Why this order may not take this change now (the domain's rules), or null. */
function refusalOf(
  order: OrderRow | undefined,
  change: OrderChange['change'],
  now: Date,
  judge?: ChangeJudge,
): ErrorCode | null {
  if (!order || !isOrderStatus(order.status)) return 'ORDER_NOT_FOUND';
  if (judge) return judge(order, change);
  if (change.status === 'open' || change.status === 'lost') return 'INVALID_OPERATION';
  const refusal = statusChangeRefusal(
    { status: order.status, confirmed: order.confirmed, mallDelivery: order.isMallDelivery },
    change.status,
  );
  if (refusal) return refusal;
  return change.status === 'delivered' ? deliveryDateRefusal(order, change, now) : null;
}

/**
 * The order's columns after the change: shipped keeps an earlier tracking number or link when none is
 * given; delivered sets its dates; the other moves only the status.
 */
function changedRow(order: OrderRow, change: OrderChange['change'], now: Date) {
  return {
    status: change.status,
    shippedAt: change.status === 'shipped' ? now : order.shippedAt,
    trackingNumber: change.status === 'shipped' ? change.trackingNumber || order.trackingNumber : order.trackingNumber,
    trackingUrl: change.status === 'shipped' ? change.trackingUrl || order.trackingUrl : order.trackingUrl,
    deliveredAt: change.status === 'delivered' ? change.deliveredAt : order.deliveredAt,
    firstDeliveryAttemptAt:
      change.status === 'delivered' ? (change.firstDeliveryAttemptAt ?? null) : order.firstDeliveryAttemptAt,
  };
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** Lets timers and sockets run (other users' requests are read and answered) before going on. */
function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * Judges and writes status changes of many orders of one partner with the rules of a single change, in a
 * few set-based statements per group: the orders are read and locked in one query, judged in memory, the
 * allowed ones written with one UPDATE … FROM unnest, one history insert, one audit insert, one insert of
 * their events and one statement of stream notices. Each order changes whole or not at all and gets its own
 * result, in the order given; an order listed twice is judged once (callers pass distinct orders).
 */
export async function applyStatusChanges(
  author: ChangeAuthor,
  partnerId: number,
  changes: readonly OrderChange[],
  options: ApplyOptions = {},
): Promise<OrderChangeResult[]> {
  const group = author.platform.database.kind === 'pglite' ? PGLITE_GROUP : Math.max(changes.length, 1);
  const results: OrderChangeResult[] = [];
  for (let start = 0; start < changes.length; start += group) {
    // The embedded database answers within the same turn of the event loop (WebAssembly, promises only):
    // without this pause 500 orders ran as one unbroken turn, and no other request was even read meanwhile.
    if (author.platform.database.kind === 'pglite') await nextTurn();
    const part = changes.slice(start, start + group);
    results.push(...(await author.db.transaction((tx) => applyGroup(tx, author, partnerId, part, options))));
  }
  return results;
}

async function applyGroup(
  tx: Tx,
  author: ChangeAuthor,
  partnerId: number,
  changes: readonly OrderChange[],
  options: ApplyOptions,
): Promise<OrderChangeResult[]> {
  const source = options.source ?? 'partner';
  const { actor } = author;
  // Locked in id order, so two bulk changes over the same orders wait for each other instead of deadlocking.
  const found = await tx
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.partnerId, partnerId),
        sql`${orders.id} = any(${sql.param(changes.map((c) => c.orderId))}::bigint[])`,
      ),
    )
    .orderBy(asc(orders.id))
    .for('update');
  const byId = new Map(found.map((order) => [Number(order.id), order]));
  const now = new Date();
  const results: OrderChangeResult[] = [];
  const allowed: { order: OrderRow; change: OrderChange['change']; from: OrderStatus }[] = [];
  for (const { orderId, change } of changes) {
    const order = byId.get(orderId);
    const refusal = refusalOf(order, change, now, options.judge);
    if (refusal || !order) {
      results.push({ orderId, ok: false, code: refusal ?? 'ORDER_NOT_FOUND' });
      continue;
    }
    const from = order.status as OrderStatus;
    allowed.push({ order, change, from });
    results.push({ orderId, ok: true, from, to: change.status });
  }
  if (allowed.length === 0) return results;

  const rows = allowed.map(({ order, change }) => ({ id: Number(order.id), ...changedRow(order, change, now) }));
  const column = <T>(pick: (row: (typeof rows)[number]) => T) => sql.param(rows.map(pick));
  await tx.execute(sql`update ${orders} as o set
      status = v.status, updated_at = ${iso(now)}::timestamptz, shipped_at = v.shipped_at,
      tracking_number = v.tracking_number, tracking_url = v.tracking_url,
      delivered_at = v.delivered_at, first_delivery_attempt_at = v.first_attempt
    from unnest(${column((r) => r.id)}::bigint[], ${column((r) => r.status)}::text[],
      ${column((r) => iso(r.shippedAt))}::timestamptz[], ${column((r) => r.trackingNumber)}::text[],
      ${column((r) => r.trackingUrl)}::text[], ${column((r) => iso(r.deliveredAt))}::timestamptz[],
      ${column((r) => iso(r.firstDeliveryAttemptAt))}::timestamptz[])
      as v(id, status, shipped_at, tracking_number, tracking_url, delivered_at, first_attempt)
    where o.partner_id = ${partnerId} and o.id = v.id`);
  // The history keeps the tracking number the person gave with this change (none for other moves).
  const given = allowed.map(({ change }) => (change.status === 'shipped' ? change.trackingNumber || null : null));
  await tx.execute(sql`insert into ${orderStatusHistory}
      (partner_id, order_id, status, at, source, account_id, admin_account_id, tracking_number)
    select ${partnerId}::int, v.id, v.status, ${iso(now)}::timestamptz, ${source}::text, ${actor.accountId}::int,
      ${actor.adminAccountId}::int, v.tracking_number
    from unnest(${column((r) => r.id)}::bigint[], ${column((r) => r.status)}::text[], ${sql.param(given)}::text[])
      with ordinality as v(id, status, tracking_number, n)
    order by v.n`);
  await recordAudits(
    tx,
    actor,
    allowed.map(({ order, change, from }) => ({
      action: 'order.status',
      entity: 'order',
      entityId: Number(order.id),
      data: source === 'partner' ? { from, to: change.status } : { from, to: change.status, source },
    })),
  );
  // In the change's transaction: a change that rolls back leaves no event behind.
  await author.platform.jobs.sendMany(
    ORDER_STATUS_CHANGED_JOB,
    allowed.map(({ order, change, from }) => ({
      partnerId,
      orderId: Number(order.id),
      from,
      to: change.status,
      at: now.toISOString(),
    })),
    { tx },
  );
  // Open grids and details of the partner refresh once the group commits (NOTIFY is delivered at commit).
  // An import announces itself once with its progress instead of once per row.
  if (options.announce !== false) {
    await publishManyInTransaction(
      tx,
      { partnerId },
      allowed.map(({ order, change }) => ({
        type: 'order_status_changed' as const,
        data: { orderId: Number(order.id), status: change.status },
      })),
    );
  }
  return results;
}

/** A refusal as the single change throws it. */
export function refusalError(result: Extract<OrderChangeResult, { ok: false }>): DomainError {
  return new DomainError(result.code, { orderId: result.orderId });
}
