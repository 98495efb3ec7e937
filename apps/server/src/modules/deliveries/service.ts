import { carrierOf, carriersOf, type DeliveryCarrier, DomainError, deliverySchema } from '@pp/domain';
import { and, asc, eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/service';
import type { RequestContext } from '../../platform/context';
import { validationError } from '../../platform/errors';
import { rowId } from '../partner/addresses';
import { settingsPartner } from '../partner/contract';
import { partnerDeliveries } from '../partner/tables';

export type DeliveryRow = typeof partnerDeliveries.$inferSelect;

const carrierTaken = () => new DomainError('VALIDATION_ERROR', {}, [{ field: 'code', rule: 'carrierTaken' }]);

/** Whether a database error is the unique violation of the named index (drizzle wraps the driver's error). */
function isUniqueViolation(error: unknown, constraint: string): boolean {
  let current = error as { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; current && depth < 4; depth++) {
    if (current.code === '23505') {
      return current.constraint === constraint || String(current.message ?? '').includes(constraint);
    }
    current = current.cause as typeof current;
  }
  return false;
}

/** The carriers of the selected partner's market. */
export async function deliveryCarriers(ctx: RequestContext): Promise<DeliveryCarrier[]> {
  const { shopId } = await settingsPartner(ctx, 'deliveries', 'read');
  return carriersOf(shopId);
}

export async function listDeliveries(ctx: RequestContext): Promise<DeliveryRow[]> {
  const { partnerId } = await ctx.require('deliveries', 'read');
  return ctx.db
    .select()
    .from(partnerDeliveries)
    .where(eq(partnerDeliveries.partnerId, partnerId))
    .orderBy(asc(partnerDeliveries.id));
}

/**
 * Creates a delivery method (no id) or changes one of the partner's. Each carrier once per partner; the
 * prices follow the money rules of the partner's market.
 */
export async function saveDelivery(ctx: RequestContext, id: string | null, input: unknown): Promise<DeliveryRow> {
  const deliveryId = rowId(id);
  const { partnerId, shopId } = await settingsPartner(ctx, 'deliveries', deliveryId === null ? 'create' : 'update');
  const parsed = deliverySchema(shopId).safeParse(input);
  if (!parsed.success) throw validationError(parsed.error);
  const data = parsed.data;
  const carrier = carrierOf(shopId, data.code)!;
  const values = {
    code: carrier.code,
    title: carrier.title,
    isPickupPoint: carrier.isPickupPoint,
    price: data.price,
    codPrice: data.codPrice,
    freeLimit: data.freeLimit,
    deliveryDelay: data.deliveryDelay,
  };
  try {
    return await ctx.db.transaction(async (tx) => {
      if (deliveryId !== null) {
        const [own] = await tx
          .select({ id: partnerDeliveries.id })
          .from(partnerDeliveries)
          .where(and(eq(partnerDeliveries.partnerId, partnerId), eq(partnerDeliveries.id, deliveryId)))
          .for('update');
        if (!own) throw new DomainError('DELIVERY_NOT_FOUND');
      }
      const [other] = await tx
        .select({ id: partnerDeliveries.id })
        .from(partnerDeliveries)
        .where(and(eq(partnerDeliveries.partnerId, partnerId), eq(partnerDeliveries.code, carrier.code)));
      if (other && other.id !== deliveryId) throw carrierTaken();
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
        if (!row) throw new DomainError('DELIVERY_NOT_FOUND');
      }
      await recordAudit(tx, ctx.actor(partnerId), {
        action: deliveryId === null ? 'delivery.create' : 'delivery.update',
        entity: 'partner_delivery',
        entityId: row!.id,
        data: { code: carrier.code, price: data.price, codPrice: data.codPrice, freeLimit: data.freeLimit },
      });
      return row!;
    });
  } catch (error) {
    // Two saves of the same carrier at once: the unique index decides, the loser hears why.
    if (isUniqueViolation(error, 'partner_deliveries_code_uq')) throw carrierTaken();
    throw error;
  }
}

export async function deleteDelivery(ctx: RequestContext, id: string): Promise<boolean> {
  const { partnerId } = await ctx.require('deliveries', 'delete');
  const deliveryId = rowId(id) ?? -1;
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(partnerDeliveries)
      .where(and(eq(partnerDeliveries.partnerId, partnerId), eq(partnerDeliveries.id, deliveryId)))
      .returning({ id: partnerDeliveries.id, code: partnerDeliveries.code });
    if (!row) throw new DomainError('DELIVERY_NOT_FOUND');
    await recordAudit(tx, ctx.actor(partnerId), {
      action: 'delivery.delete',
      entity: 'partner_delivery',
      entityId: row.id,
      data: { code: row.code },
    });
    return true;
  });
}
