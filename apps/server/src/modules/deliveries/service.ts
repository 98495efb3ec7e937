import {
  carriersOf,
  type DeliveryCarrier,
  DomainError,
  deliveryMethodSchema,
  type MallDeliveryType,
  type MethodMallFields,
  methodDeleteRefusal,
  methodMallRefusal,
  type PricingType,
  pricingChanged,
  pricingHeld,
} from '@pp/domain';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/service';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx, Tx } from '../../platform/db/client';
import { validationError } from '../../platform/errors';
import { publishInTransaction } from '../../platform/stream/hub';
import { orders } from '../orders/tables';
import { rowId } from '../partner/addresses';
import { settingsPartner } from '../partner/contract';
import { requireModuleOn } from '../partner/service-modules';
import { partnerDeliveries, partners } from '../partner/tables';
import { readConfig } from './mall/state';
import { isUniqueViolation } from '../../platform/db/pg-errors';

export type DeliveryRow = typeof partnerDeliveries.$inferSelect;
/** A method as the grids show it: with the open orders that travel with it (null: resolved when asked). */
export type DeliveryView = DeliveryRow & { openOrders?: number };

/**
 * Orders whose delivery price may still be computed again from their method (a partial cancellation, a
 * changed parcel): not yet handed to the carrier. Shipped and final orders keep the price they were given.
 */
export const OPEN_ORDER_STATUSES = ['blocked', 'open', 'shipping'] as const;

const codeTaken = () => new DomainError('VALIDATION_ERROR', {}, [{ field: 'code', rule: 'methodCodeTaken' }]);

/** The carriers (transports) of the selected partner's market. */
export async function deliveryCarriers(ctx: RequestContext): Promise<DeliveryCarrier[]> {
  const { shopId } = await settingsPartner(ctx, 'deliveries', 'read');
  return carriersOf(shopId);
}

/**
 * The market's transports the partner has no method with yet (spec "available transports"): what onboarding
 * and an empty grid offer first. A transport may still carry several methods (one per package size, say).
 */
export async function availableTransports(ctx: RequestContext): Promise<DeliveryCarrier[]> {
  const { partnerId, shopId } = await settingsPartner(ctx, 'deliveries', 'read');
  const used = await ctx.db
    .selectDistinct({ transport: partnerDeliveries.transport })
    .from(partnerDeliveries)
    .where(eq(partnerDeliveries.partnerId, partnerId));
  const taken = new Set(used.map((u) => u.transport));
  return carriersOf(shopId).filter((c) => !taken.has(c.code));
}

export async function listDeliveries(ctx: RequestContext): Promise<DeliveryView[]> {
  const { partnerId } = await ctx.require('deliveries', 'read');
  const rows = await ctx.db
    .select()
    .from(partnerDeliveries)
    .where(eq(partnerDeliveries.partnerId, partnerId))
    .orderBy(asc(partnerDeliveries.id));
  return withOpenOrders(ctx.db, partnerId, rows);
}

export async function getDelivery(ctx: RequestContext, id: string): Promise<DeliveryView> {
  const { partnerId } = await ctx.require('deliveries', 'read');
  const [row] = await ctx.db
    .select()
    .from(partnerDeliveries)
    .where(and(eq(partnerDeliveries.partnerId, partnerId), eq(partnerDeliveries.id, rowId(id) ?? -1)));
  if (!row) throw new DomainError('DELIVERY_NOT_FOUND');
  const [view] = await withOpenOrders(ctx.db, partnerId, [row]);
  return view!;
}

/** Open orders of the partner that travel with the method of this code (orders name their method by code). */
export async function openOrdersOf(tx: DbOrTx, partnerId: number, code: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(orders)
    .where(
      and(
        eq(orders.partnerId, partnerId),
        eq(orders.transportId, code),
        inArray(orders.status, [...OPEN_ORDER_STATUSES]),
      ),
    );
  return row?.n ?? 0;
}

/**
 * The rows with their open orders, counted in one statement for the whole page (a grid shows whether each
 * may be deleted before anyone clicks): one range of the partner's open statuses, grouped by method code.
 */
export async function withOpenOrders<R extends DeliveryRow>(
  db: DbOrTx,
  partnerId: number,
  rows: R[],
): Promise<(R & { openOrders: number })[]> {
  const codes = [...new Set(rows.map((r) => r.code))];
  const counts = new Map<string, number>();
  if (codes.length) {
    const found = await db
      .select({ code: orders.transportId, n: count() })
      .from(orders)
      .where(
        and(
          eq(orders.partnerId, partnerId),
          inArray(orders.status, [...OPEN_ORDER_STATUSES]),
          inArray(orders.transportId, codes),
        ),
      )
      .groupBy(orders.transportId);
    for (const f of found) if (f.code) counts.set(f.code, f.n);
  }
  return rows.map((r) => ({ ...r, openOrders: counts.get(r.code) ?? 0 }));
}

/** The partner's MALL Delivery now (state and Spectrum switch), read inside the caller's transaction. */
export async function mallFactsOf(tx: DbOrTx, partnerId: number, lock: boolean) {
  const query = tx.select({ state: partners.mdpStatus }).from(partners).where(eq(partners.id, partnerId));
  // Shared: a decision or a switch-off (which lock the partner row) waits for this command, and the reverse.
  const [partner] = lock ? await query.for('share') : await query;
  const config = await readConfig(tx, partnerId);
  return { state: partner?.state ?? 'inactive', spectrumStatus: config?.spectrumStatus ?? 'inactive' };
}

/** The MALL Delivery part of a stored method. */
export function mallFieldsOf(row: DeliveryRow): MethodMallFields {
  return { mdpAllowed: row.mdpAllowed, mallDeliveryType: row.mallDeliveryType as MallDeliveryType | null };
}

/**
 * Whether the pricing of a method may not change now. Open orders were priced by it and may be priced again
 * by it; while MALL Delivery is active, a method offered through it was priced into the marketplace's MALL
 * Delivery offer. The base price, COD fee and free limit stay free to change: they apply to new orders.
 */
async function pricingRefusal(
  tx: Tx,
  partnerId: number,
  before: DeliveryRow,
  after: { pricing: PricingType; priceLevels: { limit: number; price: number }[] },
  mallDeliveryState: string,
): Promise<boolean> {
  if (!pricingChanged(before, after)) return false;
  const openOrders = await openOrdersOf(tx, partnerId, before.code);
  return pricingHeld({ openOrders, mdpAllowed: before.mdpAllowed, mallDeliveryState });
}

/**
 * Creates a delivery method (no id) or changes one of the partner's: the domain's rules, the code unique per
 * partner, the pricing kept while open orders or an active MALL Delivery depend on it. Onboarding step 3 and
 * the deliveries pages share it.
 */
export async function saveDelivery(ctx: RequestContext, id: string | null, input: unknown): Promise<DeliveryRow> {
  const deliveryId = rowId(id);
  const { partnerId, shopId } = await settingsPartner(ctx, 'deliveries', deliveryId === null ? 'create' : 'update');
  const parsed = deliveryMethodSchema(shopId).safeParse(input);
  if (!parsed.success) throw validationError(parsed.error);
  const { isPickupPoint, ...data } = parsed.data;
  const values = { ...data, isPickupPoint };
  // The MALL Delivery fields have their own call; a change that leaves them out keeps what is stored.
  const mallGiven = typeof input === 'object' && input !== null && 'mdpAllowed' in input;
  try {
    return await ctx.db.transaction(async (tx) => {
      // The partner row first (shared), as the MALL Delivery call locks it before the method: no deadlock.
      const mall = await mallFactsOf(tx, partnerId, true);
      let before: DeliveryRow | undefined;
      if (deliveryId !== null) {
        [before] = await tx
          .select()
          .from(partnerDeliveries)
          .where(and(eq(partnerDeliveries.partnerId, partnerId), eq(partnerDeliveries.id, deliveryId)))
          .for('update');
        if (!before) throw new DomainError('DELIVERY_NOT_FOUND');
        if (!mallGiven) {
          values.mdpAllowed = before.mdpAllowed;
          values.mallDeliveryType = before.mallDeliveryType as typeof values.mallDeliveryType;
        }
        if (await pricingRefusal(tx, partnerId, before, values, mall.state)) {
          throw new DomainError('CANNOT_UPDATE_DELIVERY_PRICING');
        }
        if (before.code !== values.code && (await openOrdersOf(tx, partnerId, before.code)) > 0) {
          // Open orders name the method by its code: renaming it would cut them off from it.
          throw new DomainError('VALIDATION_ERROR', {}, [{ field: 'code', rule: 'methodCodeInUse' }]);
        }
      }
      const mallRefusal = methodMallRefusal(mall, before ? mallFieldsOf(before) : null, values);
      if (mallRefusal) throw new DomainError(mallRefusal);
      const mallChanges = before
        ? before.mdpAllowed !== values.mdpAllowed || before.mallDeliveryType !== values.mallDeliveryType
        : values.mdpAllowed;
      // The MALL Delivery offer is the marketplace delivery module's, which operators may switch off.
      if (mallChanges) await requireModuleOn(tx, partnerId, 'marketplaceDelivery');
      const [other] = await tx
        .select({ id: partnerDeliveries.id })
        .from(partnerDeliveries)
        .where(and(eq(partnerDeliveries.partnerId, partnerId), eq(partnerDeliveries.code, values.code)));
      if (other && other.id !== deliveryId) throw codeTaken();
      let row: DeliveryRow | undefined;
      if (deliveryId === null) {
        [row] = await tx
          .insert(partnerDeliveries)
          .values({ partnerId, ...values })
          .returning();
      } else {
        [row] = await tx
          .update(partnerDeliveries)
          .set({ ...values, updated: new Date() })
          .where(and(eq(partnerDeliveries.partnerId, partnerId), eq(partnerDeliveries.id, deliveryId)))
          .returning();
      }
      const action = deliveryId === null ? 'create' : 'update';
      await recordAudit(tx, ctx.actor(partnerId), {
        action: `delivery.${action}`,
        entity: 'partner_delivery',
        entityId: row!.id,
        data: {
          code: values.code,
          transport: values.transport,
          price: values.price,
          pricing: values.pricing,
          ...(before && before.code !== values.code ? { previousCode: before.code } : {}),
          ...(before && pricingChanged(before, values) ? { previousPricing: before.pricing } : {}),
          ...(before?.mdpAllowed !== values.mdpAllowed ? { mdpAllowed: values.mdpAllowed } : {}),
        },
      });
      await publishInTransaction(
        tx,
        { partnerId },
        { type: 'delivery_method_changed', data: { id: String(row!.id), code: row!.code, action } },
      );
      return row!;
    });
  } catch (error) {
    // Two saves of the same code at once: the unique index decides, the loser hears why.
    if (isUniqueViolation(error, 'partner_deliveries_code_uq')) throw codeTaken();
    throw error;
  }
}

/**
 * Deletes a method nothing depends on: open orders name it by its code (DELIVERY_IN_USE, with their count) and
 * a method of an active MALL Delivery is part of the marketplace's offer (DELIVERY_IN_MALL_DELIVERY).
 */
export async function deleteDelivery(ctx: RequestContext, id: string): Promise<boolean> {
  const { partnerId } = await ctx.require('deliveries', 'delete');
  const deliveryId = rowId(id) ?? -1;
  return ctx.db.transaction(async (tx) => {
    const mall = await mallFactsOf(tx, partnerId, true);
    const [method] = await tx
      .select()
      .from(partnerDeliveries)
      .where(and(eq(partnerDeliveries.partnerId, partnerId), eq(partnerDeliveries.id, deliveryId)))
      .for('update');
    if (!method) throw new DomainError('DELIVERY_NOT_FOUND');
    const openOrders = await openOrdersOf(tx, partnerId, method.code);
    const refusal = methodDeleteRefusal({ openOrders, mdpAllowed: method.mdpAllowed, mallDeliveryState: mall.state });
    if (refusal) throw new DomainError(refusal, refusal === 'DELIVERY_IN_USE' ? { count: openOrders } : {});
    const [row] = await tx
      .delete(partnerDeliveries)
      .where(and(eq(partnerDeliveries.partnerId, partnerId), eq(partnerDeliveries.id, deliveryId)))
      .returning({ id: partnerDeliveries.id, code: partnerDeliveries.code, transport: partnerDeliveries.transport });
    if (!row) throw new DomainError('DELIVERY_NOT_FOUND');
    await recordAudit(tx, ctx.actor(partnerId), {
      action: 'delivery.delete',
      entity: 'partner_delivery',
      entityId: row.id,
      data: { code: row.code, transport: row.transport },
    });
    await publishInTransaction(
      tx,
      { partnerId },
      { type: 'delivery_method_changed', data: { id: String(row.id), code: row.code, action: 'delete' } },
    );
    return true;
  });
}
