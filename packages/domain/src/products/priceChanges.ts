import { needsPriceConfirmation, priceChangePercent } from './rules';

/** One price before and after a write: a product's own (`variantId` null) or one of its variants'. */
export interface PriceChange {
  productId: string;
  variantId: string | null;
  from: number | null;
  to: number | null;
}

/** A change the seller must confirm: both prices known, with the signed change in percent (two decimals). */
export interface PriceChangeOverBound {
  productId: string;
  variantId: string | null;
  from: number;
  to: number;
  percent: number;
}

/**
 * The changes that move a price by more than PRICE_CHANGE_CONFIRM_PERCENT (up or down), in the order given.
 * Every writer of prices (the product form, batch apply, the XML import, later the API and feeds) asks this
 * one question; what it does with the answer (ask, hold, or apply on the seller's confirmation) is its own.
 * A price that appears or disappears (null on either side) has nothing to compare with and never needs it.
 */
export function priceChangesOverBound(changes: readonly PriceChange[]): PriceChangeOverBound[] {
  const over: PriceChangeOverBound[] = [];
  for (const c of changes) {
    if (c.from === null || c.to === null || !needsPriceConfirmation(c.from, c.to)) continue;
    over.push({
      productId: c.productId,
      variantId: c.variantId,
      from: c.from,
      to: c.to,
      percent: priceChangePercent(c.from, c.to) ?? 0,
    });
  }
  return over;
}
