import { createHmac, timingSafeEqual } from 'node:crypto';
import { DomainError, needsPriceConfirmation, priceChangePercent } from '@pp/domain';

/** One price of a product (the product's own, or a variant's) before and after a save. */
export interface PriceChange {
  /** '' for the product, the variant id for a variant. */
  key: string;
  from: number | null;
  to: number | null;
}

/** The prices that move by more than the confirmation threshold, in a stable order. */
export function changesNeedingConfirmation(
  before: Map<string, number | null>,
  after: Map<string, number | null>,
): PriceChange[] {
  const changes: PriceChange[] = [];
  for (const [key, to] of [...after.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    // A new variant has no price to compare with: only prices that existed can jump.
    if (!before.has(key)) continue;
    const from = before.get(key) ?? null;
    if (needsPriceConfirmation(from, to)) changes.push({ key, from, to });
  }
  return changes;
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
  const percent = Math.max(...changes.map((c) => Math.abs(priceChangePercent(c.from, c.to) ?? 0)));
  throw new DomainError('MPAPI_PRICE_DIFFERENCE_VALIDATION', {
    forceToken: expected,
    percent: Math.round(percent * 10) / 10,
  });
}
