import { DomainError } from '@pp/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { recordAudit } from '../../../platform/audit/service';
import type { Platform, RequestContext } from '../../../platform/context';
import { orders } from '../../orders/tables';
import { type CarrierAdapter, CarrierFailure } from './adapter';
import { branchById } from './branches';
import { carrierConsignments } from './tables';
import { ULOZENKA, ulozenkaAdapter } from './ulozenka';

/**
 * The spec's "Ulozenka register and export" of orders (commerce §7): a MALL Delivery order's consignment is
 * registered with Ulozenka (the marketplace's carrier of MALL Delivery parcels), and registered consignments
 * are exported — handed over — in one list. Refusals are the Orders API's codes: only for MDP orders, wrong
 * status for consignment, missing consignment, carrier API error.
 */

export interface OrderConsignment {
  orderId: number;
  carrier: string;
  consignmentId: string;
  trackingNumber: string | null;
  registeredAt: Date;
  exportedAt: Date | null;
}

/** Statuses in which a parcel is still with the seller, so a consignment can be made for it. */
const CONSIGNMENT_STATUSES = ['open', 'shipping'];
export const EXPORT_MAX_ORDERS = 100;

const adapters = new WeakMap<Platform, CarrierAdapter | null>();

/** Ulozenka's client of this server, or null when ULOZENKA_URL is not set (the default, and the demo's). */
export function ulozenkaOf(platform: Platform): CarrierAdapter | null {
  if (!adapters.has(platform)) {
    const settings = platform.config.carriers?.ulozenka;
    adapters.set(
      platform,
      settings ? ulozenkaAdapter({ ...settings, timeoutMs: platform.config.carriers.timeoutMs }) : null,
    );
  }
  return adapters.get(platform) ?? null;
}

function requireUlozenka(ctx: RequestContext): CarrierAdapter {
  const adapter = ulozenkaOf(ctx.platform);
  if (!adapter) throw new DomainError('CARRIER_NOT_CONFIGURED', { carrier: 'Ulozenka' });
  return adapter;
}

/** A carrier that failed answers CARRIER_API_ERROR; what it said is logged, never shown (it may quote data). */
async function carrierCall<T>(ctx: RequestContext, orderIds: number[], call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof CarrierFailure)) throw error;
    ctx.log.warn(
      { carrier: ULOZENKA, kind: error.kind, status: error.status, carrierCode: error.carrierCode, orderIds },
      'carrier call failed',
    );
    throw new DomainError('CARRIER_API_ERROR', { carrier: 'Ulozenka' });
  }
}

/**
 * Registers the order's consignment with Ulozenka, once: a second call answers the consignment already
 * registered. The order is locked while the carrier answers (at most CARRIER_TIMEOUT_MS), so two parallel
 * calls never make two consignments of one parcel.
 */
export async function ulozenkaRegister(ctx: RequestContext, orderId: number): Promise<OrderConsignment> {
  const { partnerId } = await ctx.require('orders', 'update');
  return ctx.db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.partnerId, partnerId), eq(orders.id, orderId)))
      .for('update');
    if (!order) throw new DomainError('ORDER_NOT_FOUND', { orderId });
    if (!order.isMallDelivery) throw new DomainError('ONLY_FOR_MDP_ORDERS', { orderId });
    const [existing] = await tx
      .select()
      .from(carrierConsignments)
      .where(
        and(
          eq(carrierConsignments.partnerId, partnerId),
          eq(carrierConsignments.orderId, orderId),
          eq(carrierConsignments.carrier, ULOZENKA),
        ),
      );
    if (existing) return existing;
    if (!CONSIGNMENT_STATUSES.includes(order.status) || !order.confirmed) {
      throw new DomainError('WRONG_STATUS_FOR_CONSIGNMENT', { orderId });
    }
    const adapter = requireUlozenka(ctx);
    const branch = order.deliveryType === 'PICKUP_POINT' ? await branchById(tx, order.branchId) : null;
    const registered = await carrierCall(ctx, [orderId], () =>
      adapter.register({
        orderId,
        purchaseId: order.purchaseId,
        recipient: {
          name: order.customerName,
          phone: order.customerPhone,
          email: order.customerEmail,
          street: order.deliveryStreet,
          city: order.deliveryCity,
          zip: order.deliveryZip,
          country: order.deliveryCountry,
        },
        branchCode: branch?.code ?? (order.deliveryType === 'PICKUP_POINT' ? order.branchId : null),
        cod: order.cod > 0 ? order.cod : null,
        currency: order.currency,
        parcels: Math.max(order.parcelCount, 1),
        weightKg: null,
      }),
    );
    const [row] = await tx
      .insert(carrierConsignments)
      .values({
        partnerId,
        orderId,
        carrier: ULOZENKA,
        consignmentId: registered.consignmentId,
        trackingNumber: registered.trackingNumber,
      })
      .returning();
    await recordAudit(tx, ctx.actor(partnerId), {
      action: 'order.consignment.register',
      entity: 'order',
      entityId: orderId,
      data: { carrier: ULOZENKA, consignmentId: registered.consignmentId },
    });
    return row!;
  });
}

/**
 * Exports (hands over) the registered consignments of the orders in one list. Every order must have one
 * (CONSIGNMENT_MISSING names the first that has not); consignments exported before are not sent again.
 */
export async function ulozenkaExport(
  ctx: RequestContext,
  orderIds: number[],
): Promise<{ exportId: string | null; consignments: OrderConsignment[] }> {
  const { partnerId } = await ctx.require('orders', 'update');
  const ids = [...new Set(orderIds)];
  if (ids.length === 0 || ids.length > EXPORT_MAX_ORDERS) {
    throw new DomainError('VALIDATION_ERROR', {}, [
      { field: 'orderIds', rule: ids.length ? 'max' : 'required', params: { 0: EXPORT_MAX_ORDERS } },
    ]);
  }
  return ctx.db.transaction(async (tx) => {
    const found = await tx
      .select({ id: orders.id, isMallDelivery: orders.isMallDelivery })
      .from(orders)
      .where(and(eq(orders.partnerId, partnerId), inArray(orders.id, ids)))
      .for('update');
    const byId = new Map(found.map((o) => [o.id, o]));
    for (const orderId of ids) {
      const order = byId.get(orderId);
      if (!order) throw new DomainError('ORDER_NOT_FOUND', { orderId });
      if (!order.isMallDelivery) throw new DomainError('ONLY_FOR_MDP_ORDERS', { orderId });
    }
    const consignments = await tx
      .select()
      .from(carrierConsignments)
      .where(
        and(
          eq(carrierConsignments.partnerId, partnerId),
          inArray(carrierConsignments.orderId, ids),
          eq(carrierConsignments.carrier, ULOZENKA),
        ),
      );
    const byOrder = new Map(consignments.map((c) => [c.orderId, c]));
    const missing = ids.find((id) => !byOrder.has(id));
    if (missing !== undefined) throw new DomainError('CONSIGNMENT_MISSING', { orderId: missing });
    const pending = consignments.filter((c) => !c.exportedAt);
    if (pending.length === 0) return { exportId: null, consignments };
    const adapter = requireUlozenka(ctx);
    const exported = await carrierCall(ctx, ids, () => adapter.export(pending.map((c) => c.consignmentId)));
    const now = new Date();
    await tx
      .update(carrierConsignments)
      .set({ exportedAt: now })
      .where(
        and(
          eq(carrierConsignments.partnerId, partnerId),
          eq(carrierConsignments.carrier, ULOZENKA),
          inArray(
            carrierConsignments.orderId,
            pending.map((c) => c.orderId),
          ),
        ),
      );
    for (const c of pending) {
      await recordAudit(tx, ctx.actor(partnerId), {
        action: 'order.consignment.export',
        entity: 'order',
        entityId: c.orderId,
        data: { carrier: ULOZENKA, consignmentId: c.consignmentId, exportId: exported.exportId },
      });
    }
    return {
      exportId: exported.exportId,
      consignments: consignments.map((c) => (c.exportedAt ? c : { ...c, exportedAt: now })),
    };
  });
}
