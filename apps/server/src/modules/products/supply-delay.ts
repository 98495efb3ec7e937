import { DomainError, isProductId } from '@pp/domain';
import { and, eq, sql } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/service';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db/client';
import { productSupplyDelays, productVariants, products } from './tables';

/**
 * A supply delay of a product or of one of its variants (the marketplace API's `supply-delay`): the item waits
 * for its supplier from `validFrom` to `validTo`. Kept per item, read, replaced and removed by the partner with
 * the products rights; a change is audited as an edit of the product.
 */

export interface SupplyDelay {
  validFrom: Date;
  validTo: Date;
}

/** The item a delay belongs to: a product, or a variant of it. */
export interface SupplyDelayItem {
  productId: string;
  variantId?: string | null;
}

const keyOf = (partnerId: number, item: SupplyDelayItem) =>
  and(
    eq(productSupplyDelays.partnerId, partnerId),
    eq(productSupplyDelays.productId, item.productId),
    eq(productSupplyDelays.variantId, item.variantId ?? ''),
  );

/** Refuses an item the partner does not have (PRODUCT_NOT_FOUND), whatever the id looks like. */
async function requireItem(db: DbOrTx, partnerId: number, item: SupplyDelayItem): Promise<void> {
  const valid = isProductId(item.productId) && (item.variantId == null || isProductId(item.variantId));
  const [found] = valid
    ? item.variantId == null
      ? await db
          .select({ one: sql`1` })
          .from(products)
          .where(and(eq(products.partnerId, partnerId), eq(products.id, item.productId)))
      : await db
          .select({ one: sql`1` })
          .from(productVariants)
          .where(
            and(
              eq(productVariants.partnerId, partnerId),
              eq(productVariants.productId, item.productId),
              eq(productVariants.id, item.variantId),
            ),
          )
    : [];
  if (!found) throw new DomainError('PRODUCT_NOT_FOUND', { productId: item.productId });
}

/** The item's delay; null when it has none. */
export async function readSupplyDelay(ctx: RequestContext, item: SupplyDelayItem): Promise<SupplyDelay | null> {
  const { partnerId } = await ctx.require('products', 'read');
  await requireItem(ctx.db, partnerId, item);
  const [row] = await ctx.db
    .select({ validFrom: productSupplyDelays.validFrom, validTo: productSupplyDelays.validTo })
    .from(productSupplyDelays)
    .where(keyOf(partnerId, item));
  return row ?? null;
}

/**
 * Sets (or replaces) the item's delay. The end must come after the start and after now: a delay that is
 * already over is the caller's mistake (`validTo` dateAfterStart or dateInPast).
 */
export async function setSupplyDelay(
  ctx: RequestContext,
  item: SupplyDelayItem,
  delay: { validFrom?: Date | null; validTo: Date },
  now = new Date(),
): Promise<SupplyDelay> {
  const { partnerId } = await ctx.require('products', 'update');
  const validFrom = delay.validFrom ?? now;
  if (delay.validTo <= validFrom) {
    throw new DomainError('VALIDATION_ERROR', {}, [{ field: 'validTo', rule: 'dateAfterStart' }]);
  }
  if (delay.validTo <= now) throw new DomainError('VALIDATION_ERROR', {}, [{ field: 'validTo', rule: 'dateInPast' }]);
  return ctx.db.transaction(async (tx) => {
    await requireItem(tx, partnerId, item);
    const values = { validFrom, validTo: delay.validTo, updatedAt: now };
    await tx
      .insert(productSupplyDelays)
      .values({ partnerId, productId: item.productId, variantId: item.variantId ?? '', ...values })
      .onConflictDoUpdate({
        target: [productSupplyDelays.partnerId, productSupplyDelays.productId, productSupplyDelays.variantId],
        set: values,
      });
    await recordAudit(tx, ctx.actor(partnerId), {
      action: 'product.update',
      entity: 'product',
      entityId: item.productId,
      data: {
        supplyDelay: { from: validFrom.toISOString(), to: delay.validTo.toISOString() },
        ...(item.variantId ? { variantId: item.variantId } : {}),
      },
    });
    return { validFrom, validTo: delay.validTo };
  });
}

/** Removes the item's delay; answers whether it had one. */
export async function deleteSupplyDelay(ctx: RequestContext, item: SupplyDelayItem): Promise<boolean> {
  const { partnerId } = await ctx.require('products', 'update');
  return ctx.db.transaction(async (tx) => {
    await requireItem(tx, partnerId, item);
    const gone = await tx
      .delete(productSupplyDelays)
      .where(keyOf(partnerId, item))
      .returning({ id: productSupplyDelays.productId });
    if (gone.length) {
      await recordAudit(tx, ctx.actor(partnerId), {
        action: 'product.update',
        entity: 'product',
        entityId: item.productId,
        data: { supplyDelay: null, ...(item.variantId ? { variantId: item.variantId } : {}) },
      });
    }
    return gone.length > 0;
  });
}
