import { needsPriceConfirmation, priceChangePercent } from './rules';

/** One price before and after a write: a product's own (`variantId` null) or one of its variants'. */
export interface PriceChange {
  productId: string;
  variantId: string | null;
  from: number | null;
  to: number | null;
  /**
   * The lowest and highest retail price of the item over the last 30 days (price_history, a campaign's own
   * prices left out), when the writer read them: a price moved in steps is judged against them too.
   */
  low30?: number | null;
  high30?: number | null;
}

/** A change the seller must confirm: both prices known, with the signed change in percent (two decimals). */
export interface PriceChangeOverBound {
  productId: string;
  variantId: string | null;
  from: number;
  to: number;
  /** The change in percent from `basis`. */
  percent: number;
  /**
   * The price the change is measured from: `from`, or the 30-day low or high whose bound this change crosses
   * (a change in small steps). Holds and confirmations still name `from`, the price the write replaces.
   */
  basis: number;
}

/**
 * The changes that move a price by more than PRICE_CHANGE_CONFIRM_PERCENT (up or down), in the order given.
 * Every writer of prices (the product form, batch apply, the XML import, the API and feeds) asks this one
 * question; what it does with the answer (ask, hold, or apply on the seller's confirmation) is its own.
 * A price that appears or disappears (null on either side) has nothing to compare with and never needs it.
 *
 * With the item's 30-day range (`low30`, `high30`), a change is also over when it carries the price past the
 * bound of that range's low or high while the current price was still within it: 100 → 125 → 150 asks at
 * the second step (+50 % from the low of 100). Only the step that crosses asks: once the seller confirmed
 * 150, 150 → 151 does not ask again for the rest of the 30 days.
 */
export function priceChangesOverBound(changes: readonly PriceChange[]): PriceChangeOverBound[] {
  const over: PriceChangeOverBound[] = [];
  for (const c of changes) {
    if (c.from === null || c.to === null || c.from === c.to) continue;
    let basis: number | null = needsPriceConfirmation(c.from, c.to) ? c.from : null;
    for (const extreme of [c.low30, c.high30]) {
      if (basis !== null || extreme === null || extreme === undefined) continue;
      if (needsPriceConfirmation(extreme, c.to) && !needsPriceConfirmation(extreme, c.from)) basis = extreme;
    }
    if (basis === null) continue;
    over.push({
      productId: c.productId,
      variantId: c.variantId,
      from: c.from,
      to: c.to,
      percent: priceChangePercent(basis, c.to) ?? 0,
      basis,
    });
  }
  return over;
}
