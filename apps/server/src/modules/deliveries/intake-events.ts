import {
  DomainError,
  type MarketplaceEvent,
  type MarketplaceEffect,
  marketplaceEventEffect,
  marketplaceEventSchema,
  marketplaceMoveRefusal,
  type OrderStatus,
  type StatusChange,
} from '@pp/domain';
import { and, eq, sql } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/service';
import type { Platform } from '../../platform/context';
import type { Db, Tx } from '../../platform/db/client';
import { validationError } from '../../platform/errors';
import { publishInTransaction } from '../../platform/stream/hub';
import { emitPartnerEvent } from '../events/emit';
import { applyStatusChanges, type MarketplaceStatusChange, type OrderRow, refusalError } from '../orders/bulk';
import { orderShipmentHistory, orders } from '../orders/tables';
import { marketplaceActor } from './intake';

export interface MarketplaceEventAnswer {
  orderId: number;
  status: string;
  /** changed: the order moved or a flag changed; requested: the partner is asked to call; unchanged: already so. */
  outcome: 'changed' | 'requested' | 'unchanged';
}

function factsOf(order: OrderRow) {
  return {
    status: order.status as OrderStatus,
    confirmed: order.confirmed,
    mallDelivery: order.isMallDelivery,
    readyToReturn: order.readyToReturn,
  };
}

/** The status change the writer gets for an effect's move (a delivered consignment is delivered when reported). */
function changeOf(to: OrderStatus, at: Date): StatusChange | MarketplaceStatusChange {
  switch (to) {
    case 'delivered':
      return { status: 'delivered', deliveredAt: at };
    case 'shipped':
      return { status: 'shipped' };
    case 'open':
    case 'lost':
      return { status: to };
    case 'cancelled':
    case 'returned':
      return { status: to };
    default:
      throw new DomainError('INVALID_OPERATION');
  }
}

/**
 * Applies one event the marketplace reports about an order (customer cancellation, the end of a block, the
 * payment confirmation, a MALL Delivery consignment status), in one transaction. A status move goes through
 * the orders' own writer (orders/bulk.ts: history, audit, ORDER_STATUS_CHANGED job, stream event) judged by
 * the marketplace's table on the locked row; flags and the shipment history are written beside it, audited
 * with the marketplace as the actor, and announced on the stream so open grids and details refresh.
 */
export async function applyMarketplaceEvent(
  platform: Platform,
  orderId: number,
  input: unknown,
  requestId: string | null = null,
): Promise<MarketplaceEventAnswer> {
  if (!Number.isSafeInteger(orderId) || orderId < 1) throw new DomainError('INVALID_ORDER_ID');
  const parsed = marketplaceEventSchema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error);
  const { partnerId, event } = parsed.data;
  const at = event.type === 'consignment' && event.at ? event.at : new Date();
  const actor = marketplaceActor(partnerId, requestId);

  return platform.database.db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.partnerId, partnerId), eq(orders.id, orderId)))
      .for('update');
    if (!order) throw new DomainError('ORDER_NOT_FOUND', { orderId });
    const effect = marketplaceEventEffect(factsOf(order), event);
    if (effect.refusal) throw new DomainError(effect.refusal, { orderId });
    if (effect.nothing) return { orderId, status: order.status, outcome: 'unchanged' as const };

    let status = order.status;
    if (effect.to) {
      const wanted = effect.to;
      // The writer locks and reads the row again: judged there, by the marketplace's table.
      const [result] = await applyStatusChanges(
        { db: tx as unknown as Db, platform, log: platform.log, actor },
        partnerId,
        [{ orderId, change: changeOf(wanted, at) }],
        {
          source: 'marketplace',
          judge: (row, change) => marketplaceMoveRefusal(row.status as OrderStatus, change.status as OrderStatus),
        },
      );
      if (!result?.ok) throw refusalError(result ?? { orderId, ok: false, code: 'ORDER_NOT_FOUND' });
      status = wanted;
    }
    await writeFlags(tx, order, event, effect, at);
    if (hasFlags(effect)) {
      await recordAudit(tx, actor, {
        action: 'order.marketplace-event',
        entity: 'order',
        entityId: orderId,
        data: { event: event.type, ...flagData(effect) },
      });
      // A move announced itself through the writer; a change of flags only refreshes the same views.
      if (!effect.to) {
        await publishInTransaction(tx, { partnerId }, { type: 'order_status_changed', data: { orderId, status } });
      }
    }
    if (effect.cancellationRequested) {
      await emitPartnerEvent(tx, {
        partnerId,
        type: 'ORDER_CANCELLATION_REQUESTED',
        data: { orderId, status },
        at: at.toISOString(),
      });
    }
    return { orderId, status, outcome: effect.cancellationRequested ? ('requested' as const) : ('changed' as const) };
  });
}

function hasFlags(effect: MarketplaceEffect): boolean {
  return (
    effect.confirmed !== null ||
    effect.readyToReturn !== null ||
    effect.shipment !== null ||
    effect.cancellationRequested
  );
}

function flagData(effect: MarketplaceEffect): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  if (effect.confirmed !== null) data.confirmed = effect.confirmed;
  if (effect.readyToReturn !== null) data.readyToReturn = effect.readyToReturn;
  if (effect.shipment !== null) data.shipment = effect.shipment;
  if (effect.cancellationRequested) data.cancellationRequested = true;
  return data;
}

async function writeFlags(tx: Tx, order: OrderRow, _event: MarketplaceEvent, effect: MarketplaceEffect, at: Date) {
  const set: Partial<typeof orders.$inferInsert> = {};
  if (effect.confirmed !== null) set.confirmed = effect.confirmed;
  if (effect.readyToReturn !== null) set.readyToReturn = effect.readyToReturn;
  if (effect.cancellationRequested) set.cancelRequestedAt = at;
  if (Object.keys(set).length) {
    await tx
      .update(orders)
      .set({ ...set, updatedAt: sql`now()` })
      .where(and(eq(orders.partnerId, order.partnerId), eq(orders.id, order.id)));
  }
  if (effect.shipment) {
    await tx.insert(orderShipmentHistory).values({
      partnerId: order.partnerId,
      orderId: Number(order.id),
      status: effect.shipment,
      at,
    });
  }
}
