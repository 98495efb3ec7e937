import {
  BULK_STATUS_MAX,
  bulkStatusOutcome,
  DomainError,
  deliveryDateRefusal,
  type ErrorCode,
  ORDER_STATUSES,
  type OrderStatus,
  type StatusChange,
  statusChangeRefusal,
  statusChangeSchema,
} from '@pp/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { accounts } from '../account/tables';
import { type Actor, recordAudit } from '../../platform/audit/service';
import type { Platform, RequestContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import { errorPayload, validationError } from '../../platform/errors';
import { orderItems, orderShipmentHistory, orderStatusHistory, orders } from './tables';

/**
 * The domain event every status change queues, in the change's transaction: the single place order events
 * leave from (webhooks are delivered from this queue by the partner area).
 */
export const ORDER_STATUS_CHANGED_JOB = 'order.status-changed';

function isOrderStatus(value: string): value is OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(value);
}

/** The change as the status dialog sends it, checked by the domain schema (VALIDATION_ERROR otherwise). */
export function parseStatusChange(input: unknown): StatusChange {
  const parsed = statusChangeSchema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

/** Where a status change came from, kept in the history (the CSV import's rows are `import`). */
export type StatusChangeSource = 'partner' | 'import';

/**
 * Who makes a change and where it goes: a request's caller, or a job working for the account that asked
 * (the CSV import of a long file). Both write the same history, audit and event.
 */
export interface ChangeAuthor {
  db: Db;
  platform: Platform;
  log: FastifyBaseLogger;
  actor: Actor;
}

export function changeAuthorOf(ctx: RequestContext, partnerId: number): ChangeAuthor {
  return { db: ctx.db, platform: ctx.platform, log: ctx.log, actor: ctx.actor(partnerId) };
}

/**
 * Applies one checked change to one order of the author's partner, in its own transaction: the single place
 * a partner's status change is judged and written (dialog, bulk change, CSV import).
 */
export async function applyOrderStatusChange(
  author: ChangeAuthor,
  partnerId: number,
  orderId: number,
  change: StatusChange,
  options: { source?: StatusChangeSource; announce?: boolean } = {},
) {
  const source = options.source ?? 'partner';
  const { db, actor } = author;
  const result = await db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.partnerId, partnerId), eq(orders.id, orderId)))
      .for('update');
    if (!order || !isOrderStatus(order.status)) throw new DomainError('ORDER_NOT_FOUND', { orderId });
    const from = order.status;
    const refusal = statusChangeRefusal(
      { status: from, confirmed: order.confirmed, mallDelivery: order.isMallDelivery },
      change.status,
    );
    if (refusal) throw new DomainError(refusal, { orderId });
    if (change.status === 'delivered') {
      const dates = deliveryDateRefusal(order, change, new Date());
      if (dates) throw new DomainError(dates, { orderId });
    }

    const now = new Date();
    await tx
      .update(orders)
      .set({
        status: change.status,
        updatedAt: now,
        ...(change.status === 'shipped'
          ? {
              shippedAt: now,
              trackingNumber: change.trackingNumber || order.trackingNumber,
              trackingUrl: change.trackingUrl || order.trackingUrl,
            }
          : {}),
        ...(change.status === 'delivered'
          ? { deliveredAt: change.deliveredAt, firstDeliveryAttemptAt: change.firstDeliveryAttemptAt ?? null }
          : {}),
      })
      .where(and(eq(orders.partnerId, partnerId), eq(orders.id, orderId)));
    await tx.insert(orderStatusHistory).values({
      partnerId,
      orderId,
      status: change.status,
      at: now,
      source,
      accountId: actor.accountId,
      adminAccountId: actor.adminAccountId,
      trackingNumber: change.status === 'shipped' ? change.trackingNumber || null : null,
    });
    await recordAudit(tx, actor, {
      action: 'order.status',
      entity: 'order',
      entityId: orderId,
      data: source === 'partner' ? { from, to: change.status } : { from, to: change.status, source },
    });
    await author.platform.jobs.send(
      ORDER_STATUS_CHANGED_JOB,
      {
        partnerId,
        orderId,
        from,
        to: change.status,
        at: now.toISOString(),
      },
      // In the change's transaction: a change that rolls back leaves no event behind.
      { tx },
    );
    return { from, to: change.status };
  });
  // Open grids and details of the partner refresh; the change itself is already committed. An import
  // announces itself once with its progress instead of once per row.
  if (options.announce === false) return result;
  await author.platform.stream
    .publish({ partnerId }, { type: 'order_status_changed', data: { orderId, status: result.to } })
    .catch((error) => author.log.warn({ err: error, orderId }, 'order status event not published'));
  return result;
}

/** Changes the status of one order (the status dialog, the partner API, the CSV import's rows). */
export async function changeOrderStatus(ctx: RequestContext, orderId: number, input: unknown) {
  const access = await ctx.require('orders', 'update');
  const change = parseStatusChange(input);
  await applyOrderStatusChange(changeAuthorOf(ctx, access.partnerId), access.partnerId, orderId, change);
  return orderDetail(ctx, orderId);
}

export interface BulkStatusResult {
  outcome: ReturnType<typeof bulkStatusOutcome>;
  results: { orderId: number; ok: boolean; code: ErrorCode | null; message: string | null }[];
}

/**
 * Changes many orders with the same rules as one: each order is applied whole or not at all, and the answer
 * says for each whether it changed and, if not, why (the spec's statusesUpdate / WithErr / Err).
 */
export async function changeOrderStatuses(
  ctx: RequestContext,
  orderIds: readonly number[],
  input: unknown,
): Promise<BulkStatusResult> {
  const access = await ctx.require('orders', 'update');
  const change = parseStatusChange(input);
  const unique = [...new Set(orderIds)];
  if (unique.length === 0 || unique.length > BULK_STATUS_MAX) {
    throw new DomainError('VALIDATION_ERROR', {}, [
      { field: 'orderIds', rule: unique.length === 0 ? 'required' : 'max', params: { 0: BULK_STATUS_MAX } },
    ]);
  }
  const results: BulkStatusResult['results'] = [];
  for (const orderId of unique) {
    // The embedded database answers within the same turn of the event loop (WebAssembly, promises only):
    // without this pause 500 orders ran as one unbroken turn, and no other request was even read meanwhile.
    await nextTurn();
    try {
      await applyOrderStatusChange(changeAuthorOf(ctx, access.partnerId), access.partnerId, orderId, change);
      results.push({ orderId, ok: true, code: null, message: null });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      results.push({ orderId, ok: false, code: error.code, message: errorPayload(error, ctx.lang).message });
    }
  }
  return { outcome: bulkStatusOutcome(results), results };
}

/** Lets timers and sockets run (other users' requests are read and answered) before going on. */
function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** One order of the caller's partner with its items and both histories, or ORDER_NOT_FOUND. */
export async function orderDetail(ctx: RequestContext, orderId: number) {
  const { partnerId } = await ctx.require('orders', 'read');
  const [order] = await ctx.db
    .select()
    .from(orders)
    .where(and(eq(orders.partnerId, partnerId), eq(orders.id, orderId)));
  if (!order) throw new DomainError('ORDER_NOT_FOUND', { orderId });
  const scope = (table: typeof orderItems | typeof orderStatusHistory | typeof orderShipmentHistory) =>
    and(eq(table.partnerId, partnerId), eq(table.orderId, orderId));
  const [items, statusHistory, shipmentHistory] = await Promise.all([
    ctx.db.select().from(orderItems).where(scope(orderItems)).orderBy(asc(orderItems.id)),
    ctx.db
      .select({
        entry: orderStatusHistory,
        // The partner's own people are named; an operator acting for the partner is shown as the marketplace.
        accountName: sql<string | null>`case when ${orderStatusHistory.adminAccountId} is null
          then coalesce(nullif(trim(${accounts.firstName} || ' ' || ${accounts.lastName}), ''), ${accounts.email}) end`,
      })
      .from(orderStatusHistory)
      .leftJoin(accounts, eq(accounts.id, orderStatusHistory.accountId))
      .where(scope(orderStatusHistory))
      .orderBy(asc(orderStatusHistory.id))
      .then((rows) => rows.map((r) => ({ ...r.entry, accountName: r.accountName }))),
    ctx.db.select().from(orderShipmentHistory).where(scope(orderShipmentHistory)).orderBy(asc(orderShipmentHistory.id)),
  ]);
  return { ...order, items, statusHistory, shipmentHistory };
}

export type OrderDetail = Awaited<ReturnType<typeof orderDetail>>;
