import { DomainError } from '@pp/domain';
import { and, eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/service';
import type { RequestContext } from '../../platform/context';
import { publishInTransaction } from '../../platform/stream/hub';
import { orderItems, orders } from './tables';

/**
 * Sets every serial number of one item of an order of the caller's partner (the partner API's
 * `PUT /orders/{id}/items/{itemId}/serial-numbers`; the delivery note prints them). A blocked order waits for the
 * marketplace and a cancelled one is over: neither takes serial numbers. An item the order does not have is
 * MISSING_ITEM_ID. One transaction on the locked order, audited, announced to open views.
 */
export async function setOrderItemSerialNumbers(
  ctx: RequestContext,
  orderId: number,
  itemId: number,
  serialNumbers: readonly string[],
): Promise<void> {
  const { partnerId } = await ctx.require('orders', 'update');
  await ctx.db.transaction(async (tx) => {
    const [order] = await tx
      .select({ status: orders.status })
      .from(orders)
      .where(and(eq(orders.partnerId, partnerId), eq(orders.id, orderId)))
      .for('update');
    if (!order) throw new DomainError('ORDER_NOT_FOUND', { orderId });
    if (order.status === 'blocked') throw new DomainError('ORDER_BLOCKED_STATUS_CANNOT_CHANGE', { orderId });
    if (order.status === 'cancelled') throw new DomainError('ORDER_CANCELLED', { orderId });
    const [item] = await tx
      .update(orderItems)
      .set({ serialNumbers: [...serialNumbers] })
      .where(and(eq(orderItems.partnerId, partnerId), eq(orderItems.orderId, orderId), eq(orderItems.id, itemId)))
      .returning({ id: orderItems.id });
    if (!item) throw new DomainError('MISSING_ITEM_ID', { itemId });
    await recordAudit(tx, ctx.actor(partnerId), {
      action: 'order.serial-numbers',
      entity: 'order',
      entityId: orderId,
      data: { itemId, count: serialNumbers.length },
    });
    await publishInTransaction(
      tx,
      { partnerId },
      { type: 'order_status_changed', data: { orderId, status: order.status } },
    );
  });
}
