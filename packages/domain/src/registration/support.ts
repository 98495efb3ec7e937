import type { ShopId } from '../markets/markets';

/** Where a deactivated partner turns (the login page names it): partner support of each market. */
export const PARTNER_SUPPORT_EMAILS: Record<ShopId, string> = {
  CZ10MA: 'partneri@mall.cz',
  SK10MA: 'partneri@mall.sk',
  PL20MA: 'partnerzy@mall.pl',
  SI10SI: 'partnerji@mimovrste.com',
  HU20MA: 'partnerek@mall.hu',
  HR10MA: 'partneri@mall.hr',
};
