/**
 * The price a customer pays (issue 22 point 3): a product's or a variant's price lowered by the promotions
 * valid on a day. Promotions are the partner's own (PARTNER) and those a campaign put on the product
 * (CAMPAIGN, read-only for the partner); a campaign's promotion of one variant names it (`variantId`). The
 * REST API, the XML export and the product form all ask this one function, so they show the same price.
 */

/** A promotion as stored and sent: the price over days, both inclusive (null: open on that side). */
export interface DatedPromotion {
  price: number;
  /** YYYY-MM-DD. */
  from: string | null;
  to: string | null;
  source: string;
  /** A campaign's promotion of one variant; absent or null for the product's own. */
  variantId?: string | null;
  /** The campaign that put it there (CAMPAIGN only). */
  campaignId?: number | null;
}

/** Whether the promotion is valid on `day` (YYYY-MM-DD): its days are inclusive on both ends. */
export function promotionValidOn(p: Pick<DatedPromotion, 'from' | 'to'>, day: string): boolean {
  return (p.from === null || p.from <= day) && (p.to === null || day <= p.to);
}

/**
 * The promotions of one item: the product's own (`variantId` null) or one variant's. A variant shows only
 * what names it; the product's own promotions still lower its price when it has none of its own that day
 * (`effectivePrice`).
 */
export function promotionsOfItem<P extends DatedPromotion>(promotions: readonly P[], variantId: string | null): P[] {
  return promotions.filter((p) => (p.variantId ?? null) === variantId);
}

export interface EffectivePrice {
  /** What a customer pays that day; null when the item has no price. */
  price: number | null;
  /** The promotion that sets it, or null when the regular price does. */
  promotion: DatedPromotion | null;
}

/**
 * The price of an item on `day`: the lowest promotion valid that day when it is below the price, else the
 * price. For a variant, its own promotions (a campaign's line for that variant) count first; only when none
 * of them is valid that day do the product's own promotions. PARTNER and CAMPAIGN promotions weigh the same:
 * the customer pays the lowest; at an equal price the campaign's is named (it is the marketplace's event).
 * An item without a price has no price to lower: a promotion alone never gives one.
 */
export function effectivePrice(
  item: { price: number | null; variantId?: string | null },
  promotions: readonly DatedPromotion[],
  day: string,
): EffectivePrice {
  if (item.price === null) return { price: null, promotion: null };
  const variantId = item.variantId ?? null;
  const valid = (list: DatedPromotion[]) => list.filter((p) => promotionValidOn(p, day) && Number.isFinite(p.price));
  let candidates = variantId === null ? [] : valid(promotionsOfItem(promotions, variantId));
  if (!candidates.length) candidates = valid(promotionsOfItem(promotions, null));
  let best: DatedPromotion | null = null;
  for (const p of candidates) {
    if (
      best === null ||
      p.price < best.price ||
      (p.price === best.price && p.source === 'CAMPAIGN' && best.source !== 'CAMPAIGN')
    ) {
      best = p;
    }
  }
  if (best === null || best.price >= item.price) return { price: item.price, promotion: null };
  return { price: best.price, promotion: best };
}
