import {
  DomainError,
  decodeGridCursor,
  encodeGridCursor,
  GRID_CURSOR_MAX,
  type PriceChangeOverBound,
  priceChangePercent,
} from '@pp/domain';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { type Actor, recordAudit } from '../../platform/audit/service';
import type { RequestContext } from '../../platform/context';
import { type DbOrTx, rowsOf } from '../../platform/db/client';
import { setPriceSource } from './price-history';
import { partnerShop } from './shop';
import { productPriceHolds, products } from './tables';

/** Who held a change back: an XML import or a batch apply (the source id is the import's or the job's). */
export type PriceHoldSource = 'IMPORT' | 'BATCH';

/** How many held changes one page of the list shows; "more" asks for the next page, the confirmation applies all. */
export const PRICE_HOLDS_SHOWN = 100;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Forgets what was held for these products: a newer write of the product (an import, a batch apply, a save
 * of the form) is the seller's newer word about its price, and an older hold confirmed after it would undo it.
 */
export async function dropPriceHolds(tx: DbOrTx, partnerId: number, productIds: readonly string[]): Promise<void> {
  if (!productIds.length) return;
  await tx.execute(sql`delete from product_price_holds where partner_id = ${partnerId}
    and product_id = any(${sql.param([...productIds])}::text[])`);
}

/** Keeps the changes a writer did not apply, for the seller to confirm as one (by the source's id). */
export async function holdPrices(
  tx: DbOrTx,
  partnerId: number,
  source: PriceHoldSource,
  sourceId: string,
  held: readonly PriceChangeOverBound[],
): Promise<void> {
  if (!held.length) return;
  await tx.execute(sql`insert into product_price_holds (partner_id, source_id, source, product_id, variant_id,
      price_from, price_to)
    select ${partnerId}, ${sourceId}::uuid, ${source}, product_id, variant_id, price_from, price_to
    from json_to_recordset(${JSON.stringify(
      held.map((h) => ({ product_id: h.productId, variant_id: h.variantId ?? '', price_from: h.from, price_to: h.to })),
    )}::json) as t(product_id text, variant_id text, price_from numeric, price_to numeric)
    on conflict (partner_id, source_id, product_id, variant_id)
      do update set price_from = excluded.price_from, price_to = excluded.price_to`);
}

export interface PriceHoldItem {
  productId: string;
  variantId: string | null;
  title: string | null;
  priceFrom: number;
  priceTo: number;
  percent: number;
}

export interface PriceHoldList {
  total: number;
  currency: string;
  items: PriceHoldItem[];
  /** Where the next page starts, or null on the last one. */
  nextCursor: string | null;
}

/** The cursor of the list: the grids' opaque form (domain grid contract), its own field name. */
const HOLD_CURSOR_FIELD = 'priceHold';

function badCursor(): DomainError {
  return new DomainError('VALIDATION_ERROR', {}, [{ field: 'after', rule: 'invalid' }]);
}

/**
 * The holds after a cursor in the list's order (product, then variant; '' is the product's own price): one
 * range of the (partner, source, product, variant) key. A cursor this list did not make is refused.
 */
function holdsAfter(after: string): SQL {
  const cursor = after.length <= GRID_CURSOR_MAX ? decodeGridCursor(after) : null;
  if (!cursor || cursor.field !== HOLD_CURSOR_FIELD || cursor.direction !== 'ASCENDING' || cursor.value === null) {
    throw badCursor();
  }
  return sql`(${productPriceHolds.productId}, ${productPriceHolds.variantId}) > (${cursor.id}, ${cursor.value})`;
}

/**
 * The changes an import or a batch apply of the caller's partner held back, a page of 100 at a time (keyset,
 * as the grids page), and how many there are: the seller sees every change before confirming them.
 */
export async function priceHolds(ctx: RequestContext, sourceId: string, after?: string | null): Promise<PriceHoldList> {
  const { partnerId } = await ctx.require('products', 'read');
  const { currency } = await partnerShop(ctx, partnerId);
  const seek = after ? holdsAfter(after) : undefined;
  if (!UUID.test(sourceId)) return { total: 0, currency, items: [], nextCursor: null };
  const scope = and(eq(productPriceHolds.partnerId, partnerId), eq(productPriceHolds.sourceId, sourceId));
  const [count, read] = await Promise.all([
    ctx.db.select({ n: sql<number>`count(*)::int` }).from(productPriceHolds).where(scope),
    ctx.db
      .select({
        productId: productPriceHolds.productId,
        variantId: productPriceHolds.variantId,
        priceFrom: productPriceHolds.priceFrom,
        priceTo: productPriceHolds.priceTo,
        title: products.title,
      })
      .from(productPriceHolds)
      .leftJoin(
        products,
        and(eq(products.partnerId, productPriceHolds.partnerId), eq(products.id, productPriceHolds.productId)),
      )
      .where(and(scope, seek))
      .orderBy(asc(productPriceHolds.productId), asc(productPriceHolds.variantId))
      // One more than shown tells whether a next page exists without counting again.
      .limit(PRICE_HOLDS_SHOWN + 1),
  ]);
  const rows = read.slice(0, PRICE_HOLDS_SHOWN);
  const last = rows.at(-1);
  return {
    total: count[0]?.n ?? 0,
    currency,
    nextCursor:
      read.length > PRICE_HOLDS_SHOWN && last
        ? encodeGridCursor({
            field: HOLD_CURSOR_FIELD,
            direction: 'ASCENDING',
            value: last.variantId,
            id: last.productId,
          })
        : null,
    items: rows.map((r) => ({
      productId: r.productId,
      variantId: r.variantId || null,
      title: r.title,
      priceFrom: r.priceFrom,
      priceTo: r.priceTo,
      percent: priceChangePercent(r.priceFrom, r.priceTo) ?? 0,
    })),
  };
}

interface AppliedRow {
  product_id: string;
  variant_id: string;
  price_from: string | number;
  price_to: string | number;
}

/**
 * The seller's confirmation of what an import or a batch apply held back: every held change of that source
 * whose price is still the one the seller saw is written (the products' and the variants' prices in two
 * statements, whatever their number), audited as forced, and the holds are gone. A price that moved
 * meanwhile is skipped: the confirmation was for a change that no longer exists. Another partner's source,
 * or one with nothing held, is NOT_FOUND.
 */
export async function applyPriceHolds(
  ctx: RequestContext,
  sourceId: string,
): Promise<{ applied: number; skipped: number }> {
  const { partnerId } = await ctx.require('products', 'update');
  if (!UUID.test(sourceId)) throw new DomainError('NOT_FOUND');
  const result = await ctx.db.transaction(async (tx) => {
    // The history names these prices as confirmed holds (the seller's word given after the import or batch).
    await setPriceSource(tx, 'HOLD');
    const holds = await tx
      .select({ source: productPriceHolds.source, productId: productPriceHolds.productId })
      .from(productPriceHolds)
      .where(and(eq(productPriceHolds.partnerId, partnerId), eq(productPriceHolds.sourceId, sourceId)))
      .for('update');
    if (!holds.length) throw new DomainError('NOT_FOUND');
    const ownPrices = rowsOf<AppliedRow>(
      await tx.execute(sql`update products p set price = h.price_to, updated_at = now()
        from product_price_holds h
        where h.partner_id = ${partnerId} and h.source_id = ${sourceId}::uuid and h.variant_id = ''
          and p.partner_id = h.partner_id and p.id = h.product_id and p.price = h.price_from
        returning h.product_id, h.variant_id, h.price_from, h.price_to`),
    );
    const variantPrices = rowsOf<AppliedRow>(
      await tx.execute(sql`update product_variants v set price = h.price_to
        from product_price_holds h
        where h.partner_id = ${partnerId} and h.source_id = ${sourceId}::uuid and h.variant_id <> ''
          and v.partner_id = h.partner_id and v.product_id = h.product_id and v.id = h.variant_id
          and v.price = h.price_from
        returning h.product_id, h.variant_id, h.price_from, h.price_to`),
    );
    await tx
      .delete(productPriceHolds)
      .where(and(eq(productPriceHolds.partnerId, partnerId), eq(productPriceHolds.sourceId, sourceId)));
    // The import's record no longer points the seller at changes waiting (the import dialog reopens on it).
    if (holds[0]!.source === 'IMPORT') {
      await tx.execute(sql`update product_imports set held = 0 where partner_id = ${partnerId}
        and id = ${sourceId}::uuid`);
    }
    const applied = [...ownPrices, ...variantPrices];
    await auditForced(tx, ctx.actor(partnerId), holds[0]!.source, sourceId, applied, holds.length - applied.length);
    return { applied: applied.length, skipped: holds.length - applied.length };
  });
  return result;
}

/**
 * The seller's "no" to what an import or a batch apply held back: the held changes of that source are dropped
 * and the prices stay as they are, audited with how many there were. Another partner's source, or one with
 * nothing held, is NOT_FOUND, as for the confirmation.
 */
export async function discardPriceHolds(ctx: RequestContext, sourceId: string): Promise<{ discarded: number }> {
  const { partnerId } = await ctx.require('products', 'update');
  if (!UUID.test(sourceId)) throw new DomainError('NOT_FOUND');
  return ctx.db.transaction(async (tx) => {
    const dropped = await tx
      .delete(productPriceHolds)
      .where(and(eq(productPriceHolds.partnerId, partnerId), eq(productPriceHolds.sourceId, sourceId)))
      .returning({ source: productPriceHolds.source });
    if (!dropped.length) throw new DomainError('NOT_FOUND');
    const source = dropped[0]!.source;
    // The import's record no longer points the seller at changes waiting (the import dialog reopens on it).
    if (source === 'IMPORT') {
      await tx.execute(sql`update product_imports set held = 0 where partner_id = ${partnerId}
        and id = ${sourceId}::uuid`);
    }
    await recordAudit(tx, ctx.actor(partnerId), {
      action: 'product.price.discarded',
      entity: 'product',
      data: { source, sourceId, count: dropped.length },
    });
    return { discarded: dropped.length };
  });
}

async function auditForced(
  tx: DbOrTx,
  actor: Actor,
  source: string,
  sourceId: string,
  applied: AppliedRow[],
  skipped: number,
): Promise<void> {
  await recordAudit(tx, actor, {
    action: 'product.price.forced',
    entity: 'product',
    data: {
      source,
      sourceId,
      count: applied.length,
      skipped,
      // The first hundred changes as the seller confirmed them; the count says how many more there were.
      changes: applied.slice(0, 100).map((r) => ({
        productId: r.product_id,
        variantId: r.variant_id || null,
        from: Number(r.price_from),
        to: Number(r.price_to),
      })),
    },
  });
}

/**
 * Changes over the bound a writer applied at once because their incoming row said force_price (an import's
 * FORCE_PRICE, a batch's forcePrice): one entry per writer's transaction, marked so that the activity sentence
 * says the feed forced them rather than that the seller confirmed them.
 */
export async function auditForcedPrices(
  tx: DbOrTx,
  actor: Actor,
  source: PriceHoldSource,
  sourceId: string,
  forced: readonly PriceChangeOverBound[],
): Promise<void> {
  if (!forced.length) return;
  await recordAudit(tx, actor, {
    action: 'product.price.forced',
    entity: 'product',
    // One product names its page in the activity sentence; several link to the grid.
    entityId: new Set(forced.map((f) => f.productId)).size === 1 ? forced[0]!.productId : undefined,
    data: {
      source,
      sourceId,
      forcePrice: true,
      count: forced.length,
      changes: forced
        .slice(0, 100)
        .map((f) => ({ productId: f.productId, variantId: f.variantId, from: f.from, to: f.to })),
    },
  });
}
