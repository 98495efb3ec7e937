import type { DbOrTx } from '../../platform/db/client';
import type { Accepted, ImportJobScope } from './import-types';
import { judgePriceChanges } from './price-confirm';
import { auditForcedPrices, dropPriceHolds, holdPrices } from './price-holds';

/**
 * The price rule on the accepted items: a product's or a variant's price that moves by more than the bound
 * keeps its stored value and the change is held under this import, unless the item itself says FORCE_PRICE:
 * then it is written and audited as forced (a stored flag never counts, only the file's). Holds of earlier
 * imports or batches for these products go, since this file is the newer word. Answers how many changes were
 * held and how many forced.
 */
export async function holdPriceJumps(
  tx: DbOrTx,
  scope: ImportJobScope,
  accepted: Accepted[],
): Promise<{ held: number; forced: number }> {
  await dropPriceHolds(
    tx,
    scope.partnerId,
    accepted.map((a) => a.input.id),
  );
  const writes = accepted.flatMap(({ input }) => [
    { productId: input.id, variantId: null, to: input.price, force: input.forcePrice },
    ...input.variants.map((v) => ({ productId: input.id, variantId: v.id, to: v.price, force: input.forcePrice })),
  ]);
  const { held, forced } = await judgePriceChanges(tx, scope.partnerId, writes);
  await auditForcedPrices(tx, scope.actor, 'IMPORT', scope.importId, forced);
  if (!held.length) return { held: 0, forced: forced.length };
  const byProduct = new Map(accepted.map((a) => [a.input.id, a.input]));
  for (const change of held) {
    const input = byProduct.get(change.productId);
    if (!input) continue;
    if (change.variantId === null) input.price = change.from;
    else {
      const variant = input.variants.find((v) => v.id === change.variantId);
      if (variant) variant.price = change.from;
    }
  }
  await holdPrices(tx, scope.partnerId, 'IMPORT', scope.importId, held);
  return { held: held.length, forced: forced.length };
}
