import { type Currency, isShopId, MARKETS, type ShopId } from '@pp/domain';
import { useSession } from '../../../app/session/session';

/** The selected partner's market: the rules of its money and its carriers. Null before a partner is chosen. */
export function usePartnerMarket(): { shopId: ShopId; currency: Currency } | null {
  const partner = useSession().selectedPartner;
  if (!partner || !isShopId(partner.shopId)) return null;
  return { shopId: partner.shopId, currency: MARKETS[partner.shopId].currency };
}
