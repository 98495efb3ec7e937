import {
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
import { and, asc, eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/service';
import type { RequestContext } from '../../platform/context';
import { errorPayload, validationError } from '../../platform/errors';
import { orderItems, orderShipmentHistory, orderStatusHistory, orders } from './tables';

/**
 * The domain event every status change queues, in the change's transaction: the single place order events
 * leave from (webhooks are delivered from this queue by the partner area).
 */
export const ORDER_STATUS_CHANGED_JOB = 'order.status-changed';

/** A bulk change takes at most this many orders per request (the grid's largest selection). */
export const BULK_STATUS_MAX = 500;

function isOrderStatus(value: string): value is OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(value);
}

function parseChange(input: unknown): StatusChange {
  const parsed = statusChangeSchema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

/** Applies one checked change to one order of the caller's partner, in its own transaction. */
async function applyChange(ctx: RequestContext, partnerId: number, orderId: number, change: StatusChange) {
  const auth = ctx.requireAuth();
  const result = await ctx.db.transaction(async (tx) => {
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
      source: 'partner',
      accountId: auth.account.id,
      adminAccountId: auth.admin?.id ?? null,
      trackingNumber: change.status === 'shipped' ? change.trackingNumber || null : null,
    });
    await recordAudit(tx, ctx.actor(partnerId), {
      action: 'order.status',
      entity: 'order',
      entityId: orderId,
      data: { from, to: change.status },
    });
    await ctx.enqueue(tx, ORDER_STATUS_CHANGED_JOB, {
      partnerId,
      orderId,
      from,
      to: change.status,
      at: now.toISOString(),
    });
    return { from, to: change.status };
  });
  // Open grids and details of the partner refresh; the change itself is already committed.
  await ctx.platform.stream
    .publish({ partnerId }, { type: 'order_status_changed', data: { orderId, status: result.to } })
    .catch((error) => ctx.log.warn({ err: error, orderId }, 'order status event not published'));
  return result;
}

/** Changes the status of one order (the status dialog, the partner API, the CSV import's rows). */
export async function changeOrderStatus(ctx: RequestContext, orderId: number, input: unknown) {
  const access = await ctx.require('orders', 'update');
  const change = parseChange(input);
  await applyChange(ctx, access.partnerId, orderId, change);
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
  const change = parseChange(input);
  const unique = [...new Set(orderIds)];
  if (unique.length === 0 || unique.length > BULK_STATUS_MAX) {
    throw new DomainError('VALIDATION_ERROR', {}, [
      { field: 'orderIds', rule: unique.length === 0 ? 'required' : 'max', params: { 0: BULK_STATUS_MAX } },
    ]);
  }
  const results: BulkStatusResult['results'] = [];
  for (const orderId of unique) {
    try {
      await applyChange(ctx, access.partnerId, orderId, change);
      results.push({ orderId, ok: true, code: null, message: null });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      results.push({ orderId, ok: false, code: error.code, message: errorPayload(error, ctx.lang).message });
    }
  }
  return { outcome: bulkStatusOutcome(results), results };
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
    ctx.db.select().from(orderStatusHistory).where(scope(orderStatusHistory)).orderBy(asc(orderStatusHistory.id)),
    ctx.db.select().from(orderShipmentHistory).where(scope(orderShipmentHistory)).orderBy(asc(orderShipmentHistory.id)),
  ]);
  return { ...order, items, statusHistory, shipmentHistory };
}

export type OrderDetail = Awaited<ReturnType<typeof orderDetail>>;
