import { isShopId, MARKETS, type ShopId } from '@pp/domain';
import { eq } from 'drizzle-orm';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db/client';
import { partners } from '../partner/tables';

export interface PartnerShop {
  shopId: ShopId;
  currency: string;
}

function shopOf(shopId: string): PartnerShop {
  // A partner row always names a market; an unknown one would be a data error, not the caller's.
  if (!isShopId(shopId)) throw new Error(`partner shop ${shopId} is not a market`);
  return { shopId, currency: MARKETS[shopId].currency };
}

/** The partner's shop: its products are priced in its currency, with its VAT rates and category tree. */
export async function partnerShop(ctx: RequestContext, partnerId: number): Promise<PartnerShop> {
  // The reachable partners are cached per session, so the grid reads no row for this.
  const cached = (await ctx.reachablePartners()).find((p) => p.id === partnerId);
  if (cached) return shopOf(cached.shopId);
  return partnerShopOf(ctx.db, partnerId);
}

/** The same for jobs, which have no session. */
export async function partnerShopOf(db: DbOrTx, partnerId: number): Promise<PartnerShop> {
  const [row] = await db.select({ shopId: partners.shopId }).from(partners).where(eq(partners.id, partnerId));
  if (!row) throw new Error(`partner ${partnerId} not found`);
  return shopOf(row.shopId);
}
