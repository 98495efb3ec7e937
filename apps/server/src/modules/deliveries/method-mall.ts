import { DomainError, methodMallRefusal, methodMallSchema } from '@pp/domain';
import { and, eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/service';
import type { RequestContext } from '../../platform/context';
import { validationError } from '../../platform/errors';
import { publishInTransaction } from '../../platform/stream/hub';
import { rowId } from '../partner/addresses';
import { partnerDeliveries } from '../partner/tables';
import { requireMallDeliveryCommand } from './mall/service';
import { lockMallDelivery, readConfig } from './mall/state';
import { type DeliveryView, mallFieldsOf, withOpenOrders } from './service';

/**
 * The spec's "update for mall delivery": whether a method is offered through MALL Delivery, and as classic
 * or Spectrum, and nothing else of it. Offering needs MALL Delivery requested or active, a classic method is
 * refused while Spectrum is on; withdrawing is always allowed. It changes no pricing, so it never answers
 * CANNOT_UPDATE_DELIVERY_PRICING — but from the moment a method is in an active offer its pricing is held
 * (docs/decisions.md). The partner row is locked first, as a decision on MALL Delivery locks it: the state
 * judged is the state at commit. With the partner's marketplace delivery module off it is refused whole, a
 * withdrawal too (ACCESS_DENIED, as every MALL Delivery command).
 */
export async function updateDeliveryMall(ctx: RequestContext, id: string, input: unknown): Promise<DeliveryView> {
  const { partnerId } = await requireMallDeliveryCommand(ctx);
  const deliveryId = rowId(id) ?? -1;
  const parsed = methodMallSchema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error);
  const after = parsed.data;
  const row = await ctx.db.transaction(async (tx) => {
    const { state } = await lockMallDelivery(tx, partnerId);
    const config = await readConfig(tx, partnerId);
    const [before] = await tx
      .select()
      .from(partnerDeliveries)
      .where(and(eq(partnerDeliveries.partnerId, partnerId), eq(partnerDeliveries.id, deliveryId)))
      .for('update');
    if (!before) throw new DomainError('DELIVERY_NOT_FOUND');
    const previous = mallFieldsOf(before);
    const refusal = methodMallRefusal({ state, spectrumStatus: config?.spectrumStatus ?? 'inactive' }, previous, after);
    if (refusal) throw new DomainError(refusal, { state });
    const [updated] = await tx
      .update(partnerDeliveries)
      .set({ ...after, updated: new Date() })
      .where(and(eq(partnerDeliveries.partnerId, partnerId), eq(partnerDeliveries.id, deliveryId)))
      .returning();
    await recordAudit(tx, ctx.actor(partnerId), {
      action: 'delivery.mall',
      entity: 'partner_delivery',
      entityId: before.id,
      data: { code: before.code, from: previous, to: after, mallDeliveryState: state },
    });
    await publishInTransaction(
      tx,
      { partnerId },
      { type: 'delivery_method_changed', data: { id: String(before.id), code: before.code, action: 'update' } },
    );
    return updated!;
  });
  const [view] = await withOpenOrders(ctx.db, partnerId, [row]);
  return view!;
}
