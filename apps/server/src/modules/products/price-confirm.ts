import { createHmac, timingSafeEqual } from 'node:crypto';
import { DomainError, type PriceChangeOverBound, priceChangePercent, priceChangesOverBound } from '@pp/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { priceRanges30 } from './price-history';
import { productVariants, products } from './tables';

/** One price of a product (the product's own, or a variant's) before and after a save. */
export interface PriceChange {
  /** '' for the product, the variant id for a variant. */
  key: string;
  from: number | null;
  to: number | null;
  /** The change as the seller is told it (from the 30-day low or high for a change in steps); else from → to. */
  percent?: number;
}

function tokenOf(secret: string, partnerId: number, productId: string, changes: PriceChange[]): string {
  // A key of its own, so that this token can never be mistaken for another use of the server secret.
  const key = createHmac('sha256', secret).update('product-price-confirmation').digest();
  return createHmac('sha256', key)
    .update(JSON.stringify([partnerId, productId, changes.map((c) => [c.key, c.from, c.to])]))
    .digest('base64url');
}

/**
 * Refuses a save whose prices jump by more than 30 % unless it carries the token of exactly this change
 * (same partner, product, old and new prices). The token is a signature, not a stored row: any other
 * change, or the same product after its prices moved again, needs a new confirmation.
 */
export function checkPriceConfirmation(
  secret: string,
  partnerId: number,
  productId: string,
  changes: PriceChange[],
  forceToken: string | null | undefined,
): void {
  if (!changes.length) return;
  const expected = tokenOf(secret, partnerId, productId, changes);
  if (forceToken) {
    const given = Buffer.from(forceToken);
    const wanted = Buffer.from(expected);
    if (given.length === wanted.length && timingSafeEqual(given, wanted)) return;
  }
  const percent = Math.max(...changes.map((c) => Math.abs(c.percent ?? priceChangePercent(c.from, c.to) ?? 0)));
  throw new DomainError('MPAPI_PRICE_DIFFERENCE_VALIDATION', {
    forceToken: expected,
    percent: Math.round(percent * 10) / 10,
  });
}

/** A price a writer is about to set: a product's own (`variantId` null) or a variant's. */
export interface PriceWrite {
  productId: string;
  variantId: string | null;
  to: number | null;
  /**
   * The incoming row's own force_price (an import's item, a batch's option, later the API's): only the row
   * that brings the price can force it; a flag stored on the product never does.
   */
  force?: boolean;
}

export interface PriceJudgement {
  /** Over the bound and not confirmed: the writer keeps the stored price and lists these for the seller. */
  held: PriceChangeOverBound[];
  /** Over the bound and forced by their row: the writer applies them and audits them as forced. */
  forced: PriceChangeOverBound[];
}

/**
 * The one server check of the 30 % price rule for every writer (the form's save, batch apply, the XML
 * import, the API and feeds). A new price is judged against the stored one and against the item's lowest
 * and highest retail price of the last 30 days (`priceRanges30`), so that a change made in smaller steps
 * asks too. A write whose row says `force` is forced, the rest over
 * the bound are held. It reads the stored prices of the named products and variants in the caller's transaction,
 * locking the products, so the answer holds for what that transaction writes. New products and variants have
 * nothing to compare with and pass.
 */
export async function judgePriceChanges(
  tx: DbOrTx,
  partnerId: number,
  writes: readonly PriceWrite[],
): Promise<PriceJudgement> {
  if (!writes.length) return { held: [], forced: [] };
  const ids = [...new Set(writes.map((w) => w.productId))];
  const idIn = (column: typeof products.id | typeof productVariants.productId) =>
    sql`${column} = any(${sql.param(ids)}::text[])`;
  const stored = await tx
    .select({ id: products.id, price: products.price })
    .from(products)
    .where(and(eq(products.partnerId, partnerId), idIn(products.id)))
    .for('update');
  const before = new Map(stored.map((p) => [`${p.id}\n`, p.price]));
  if (writes.some((w) => w.variantId !== null)) {
    const variants = await tx
      .select({ productId: productVariants.productId, id: productVariants.id, price: productVariants.price })
      .from(productVariants)
      .where(and(eq(productVariants.partnerId, partnerId), idIn(productVariants.productId)));
    for (const v of variants) before.set(`${v.productId}\n${v.id}`, v.price);
  }
  const forcing = new Set(writes.filter((w) => w.force).map((w) => `${w.productId}\n${w.variantId ?? ''}`));
  const changes = writes.map((w) => ({
    productId: w.productId,
    variantId: w.variantId,
    from: before.get(`${w.productId}\n${w.variantId ?? ''}`) ?? null,
    to: w.to,
  }));
  // A price moved in steps is judged against its 30 days too: read only for the prices this write changes.
  const moving = changes.filter((c) => c.from !== null && c.to !== null && c.from !== c.to);
  const ranges = await priceRanges30(tx, partnerId, moving);
  const over = priceChangesOverBound(
    changes.map((c) => {
      const range = ranges.get(c.variantId === null ? c.productId : `${c.productId}\u0000${c.variantId}`);
      return range ? { ...c, low30: range.low, high30: range.high } : c;
    }),
  );
  const judgement: PriceJudgement = { held: [], forced: [] };
  for (const change of over) {
    const forced = forcing.has(`${change.productId}\n${change.variantId ?? ''}`);
    (forced ? judgement.forced : judgement.held).push(change);
  }
  return judgement;
}
