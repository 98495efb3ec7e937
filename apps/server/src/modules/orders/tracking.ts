import {
  DomainError,
  type OrderStatus,
  statusChangeRefusal,
  trackingNumberSchema,
  trackingUrlSchema,
} from '@pp/domain';
import { and, eq, sql } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/service';
import type { RequestContext } from '../../platform/context';
import { validationError } from '../../platform/errors';
import { publishInTransaction } from '../../platform/stream/hub';
import { orders } from './tables';

/** Orders whose parcel travels or is about to: their tracking may be set or corrected. */
const TRACKED_STATUSES: readonly OrderStatus[] = ['open', 'shipping', 'shipped'];

/**
 * Sets the tracking number (and link) of one order of the caller's partner without moving its status: the
 * carrier's number known after the order was shipped, or a corrected one (the partner API's
 * `PUT /orders/{id}/tracking`). The order must be one the partner may still ship: the status rules name why not
 * (blocked, awaiting the marketplace's confirmation, a shipped MALL Delivery order, cancelled); a finished
 * order keeps its tracking. One transaction on the locked row, audited, announced to open views.
 */
export async function setOrderTracking(
  ctx: RequestContext,
  orderId: number,
  input: { trackingNumber: string; trackingUrl: string | null },
): Promise<void> {
  const { partnerId } = await ctx.require('orders', 'update');
  const number = trackingNumberSchema.safeParse(input.trackingNumber);
  if (!number.success) throw validationError(number.error);
  const url = input.trackingUrl ? trackingUrlSchema.safeParse(input.trackingUrl) : null;
  if (url && !url.success) throw validationError(url.error);
  await ctx.db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.partnerId, partnerId), eq(orders.id, orderId)))
      .for('update');
    if (!order) throw new DomainError('ORDER_NOT_FOUND', { orderId });
    const status = order.status as OrderStatus;
    // The rules of a move to shipped name the states that forbid it; a shipped order taking a new number is
    // no move, so only the table's own refusal (shipped → shipped) does not apply.
    const refusal = statusChangeRefusal(
      { status, confirmed: order.confirmed, mallDelivery: order.isMallDelivery },
      'shipped',
    );
    if (refusal && refusal !== 'INVALID_OPERATION') throw new DomainError(refusal, { orderId });
    if (!TRACKED_STATUSES.includes(status)) throw new DomainError('INVALID_OPERATION', { orderId });
    const trackingUrl = url?.success ? url.data : null;
    await tx
      .update(orders)
      .set({ trackingNumber: number.data, trackingUrl, updatedAt: sql`now()` })
      .where(and(eq(orders.partnerId, partnerId), eq(orders.id, orderId)));
    await recordAudit(tx, ctx.actor(partnerId), {
      action: 'order.tracking',
      entity: 'order',
      entityId: orderId,
      data: { from: order.trackingNumber, to: number.data },
    });
    await publishInTransaction(tx, { partnerId }, { type: 'order_status_changed', data: { orderId, status } });
  });
}
