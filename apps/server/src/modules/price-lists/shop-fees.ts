import { DomainError, type Fee, feeAmountInputSchema, feesOfShop, isShopId, MARKETS, type ShopId } from '@pp/domain';
import { eq, sql } from 'drizzle-orm';
import type { RequestContext } from '../../platform/context';
import { recordAudit } from '../../platform/audit/service';
import type { DbOrTx } from '../../platform/db/client';
import { validationError } from '../../platform/errors';
import { shopFees } from './tables';

/**
 * The fee types of a shop with the amounts operators keep in `shop_fees`; the unit, currency and free
 * months are the domain's (what a fee is charged for does not change per shop). A type without a row
 * keeps the domain's amount, so a database without price-list data still shows the market's fees.
 */
export async function shopFeesOf(db: DbOrTx, shopId: ShopId): Promise<Fee[]> {
  const rows = await db
    .select({ type: shopFees.type, amount: shopFees.amount })
    .from(shopFees)
    .where(eq(shopFees.shopId, shopId));
  const amounts = new Map(rows.map((r) => [r.type, r.amount]));
  return feesOfShop(shopId).map((fee) => ({ ...fee, amount: amounts.get(fee.type) ?? fee.amount }));
}

/** Operators: the amount of one fee type in one shop, in the shop's currency (whole units in CZ and HU). */
export async function cockpitSetShopFee(ctx: RequestContext, input: unknown): Promise<Fee[]> {
  ctx.requireOperator('priceLists', 'update');
  const parsed = feeAmountInputSchema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error);
  const { shopId, type, amount } = parsed.data;
  if (!isShopId(shopId)) throw new DomainError('VALIDATION_ERROR', {}, [{ field: 'shopId', rule: 'invalid' }]);
  const step = MARKETS[shopId].wholePrices ? 1 : 0.01;
  if (Math.abs(Math.round(amount / step) * step - amount) > 1e-9) {
    throw new DomainError('VALIDATION_ERROR', {}, [{ field: 'amount', rule: 'numberOutOfRange' }]);
  }
  await ctx.db.transaction(async (tx) => {
    await tx
      .insert(shopFees)
      .values({ shopId, type, amount })
      .onConflictDoUpdate({ target: [shopFees.shopId, shopFees.type], set: { amount, updated: sql`now()` } });
    await recordAudit(tx, ctx.actor(null), {
      action: 'priceList.fee',
      entity: 'shop_fees',
      entityId: `${shopId}:${type}`,
      data: { shopId, type, amount },
    });
  });
  return shopFeesOf(ctx.db, shopId);
}
