import type { DbOrTx } from '../../platform/db/client';

/**
 * Rewrites the CAMPAIGN-sourced promotions and labels of these products of the partner from
 * `campaign_products` (every campaign that is PUBLISHED and not ended): the one writer of campaign
 * promotions, called by an accepted import, by an operator's cancel, and by the campaigns' schedule.
 * (Issue 22 point 3: being built by the promotions helper.)
 */
export async function syncCampaignPromotions(
  _tx: DbOrTx,
  _partnerId: number,
  _productIds: readonly string[],
): Promise<void> {}
