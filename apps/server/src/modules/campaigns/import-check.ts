import {
  CAMPAIGN_RETAIL_LOCK_DAYS,
  type CampaignItemFacts,
  type CampaignLineRules,
  type CampaignRuleError,
  campaignCountErrors,
  campaignLineErrors,
  isConfirmationOnly,
  type ShopId,
} from '@pp/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { categories } from '../catalog/tables';
import { pricesChangedWithin } from '../products/price-history';
import { products, productVariants } from '../products/tables';
import { type ReadLine, readCampaignFile } from './import-read';
import { campaignImportErrors, type campaigns } from './tables';

/**
 * The check of a campaign file (the job's first part): reads the stored file as a stream in batches of 1,000
 * lines, looks the named items up a batch at a time (by primary key and `product_variants_partner_id_idx`,
 * never a scan of the catalogue; the 30-day lock as one index range per item), decides each line with the
 * domain's rules and writes its errors a batch at a time. Holds a batch, the ids seen (for the uniqueness
 * rule, at most CAMPAIGN_IMPORT_MAX_LINES) and the category tree when the campaign names categories.
 */

export type CampaignRow = typeof campaigns.$inferSelect;

/** A line's id resolved: the product and, for a variant id, the variant ('' for a product without variants). */
export interface ResolvedItem {
  productId: string;
  variantId: string;
  facts: Omit<CampaignItemFacts, 'priceChanged' | 'categoryPath'> & { categoryId: number | null };
}

/**
 * The items of these ids: a product id names the product (a product with variants then needs a variant),
 * an id that is no product's is looked up as a variant id. Three statements of at most 1,000 keys each.
 */
export async function resolveItems(
  db: DbOrTx,
  partnerId: number,
  ids: readonly string[],
): Promise<Map<string, ResolvedItem>> {
  const found = new Map<string, ResolvedItem>();
  if (!ids.length) return found;
  const productColumns = {
    id: products.id,
    stage: products.stage,
    status: products.status,
    blocked: products.blocked,
    inStock: products.inStock,
    price: products.price,
    rrp: products.rrp,
    categoryId: products.categoryId,
    variantCount: products.variantCount,
  };
  const own = await db
    .select(productColumns)
    .from(products)
    .where(and(eq(products.partnerId, partnerId), inArray(products.id, [...ids])));
  for (const p of own) {
    found.set(p.id, {
      productId: p.id,
      variantId: '',
      facts: {
        hasVariants: p.variantCount > 0,
        blocked: p.blocked,
        status: p.status,
        variantStatus: null,
        stage: p.stage,
        inStock: p.inStock,
        price: p.price,
        rrp: p.rrp,
        categoryId: p.categoryId,
      },
    });
  }
  const rest = ids.filter((id) => !found.has(id));
  if (!rest.length) return found;
  const variants = await db
    .select({
      id: productVariants.id,
      productId: productVariants.productId,
      price: productVariants.price,
      rrp: productVariants.rrp,
      inStock: productVariants.inStock,
      status: productVariants.status,
    })
    .from(productVariants)
    .where(and(eq(productVariants.partnerId, partnerId), inArray(productVariants.id, rest)));
  if (!variants.length) return found;
  const parents = new Map(
    (
      await db
        .select(productColumns)
        .from(products)
        .where(
          and(eq(products.partnerId, partnerId), inArray(products.id, [...new Set(variants.map((v) => v.productId))])),
        )
    ).map((p) => [p.id, p]),
  );
  for (const v of variants) {
    const p = parents.get(v.productId);
    if (!p) continue;
    found.set(v.id, {
      productId: p.id,
      variantId: v.id,
      facts: {
        hasVariants: false,
        blocked: p.blocked,
        status: p.status,
        variantStatus: v.status,
        stage: p.stage,
        inStock: v.inStock,
        // A variant without a price of its own sells at the product's.
        price: v.price ?? p.price,
        rrp: v.rrp ?? p.rrp,
        categoryId: p.categoryId,
      },
    });
  }
  return found;
}

/** The window of the retail price lock: the CAMPAIGN_RETAIL_LOCK_DAYS days before the start (days at 00:00 UTC). */
export function retailLockWindow(dateFrom: string): { from: Date; to: Date } {
  const to = new Date(`${dateFrom}T00:00:00Z`);
  return { from: new Date(to.getTime() - CAMPAIGN_RETAIL_LOCK_DAYS * 86_400_000), to };
}

export interface CheckScope {
  db: DbOrTx;
  partnerId: number;
  importId: string;
  shopId: ShopId;
  campaign: CampaignRow;
  blacklisted: boolean;
  /** The stored file's bytes, opened afresh. */
  open(): Promise<AsyncIterable<Uint8Array>>;
  /** After each batch: the lines read so far. */
  progress(processed: number): Promise<void>;
}

export interface CheckTotals {
  productsCount: number;
  errorsCount: number;
  confirmCount: number;
}

interface ErrorRow {
  line: number | null;
  articleId: string | null;
  error: CampaignRuleError;
}

/** Categories of the shop as child → parent, read once when the campaign names categories or divisions. */
async function categoryParents(db: DbOrTx, shopId: ShopId): Promise<Map<number, number | null>> {
  const rows = await db
    .select({ id: categories.id, parentId: categories.parentId })
    .from(categories)
    .where(eq(categories.shopId, shopId));
  return new Map(rows.map((r) => [r.id, r.parentId]));
}

function pathOf(parents: Map<number, number | null> | null, categoryId: number | null): number[] {
  const path: number[] = [];
  let current = categoryId;
  // The tree has three levels; the bound only guards against a cycle in bad data.
  while (current !== null && current !== undefined && path.length < 10) {
    path.push(current);
    current = parents?.get(current) ?? null;
  }
  return path;
}

/**
 * Checks the file and writes its structured errors (the import's former rows first removed, so that a run
 * after a restart starts clean). Refusals of the whole file (CampaignFileRefusal) propagate.
 */
export async function checkCampaignFile(scope: CheckScope): Promise<CheckTotals> {
  const { db, partnerId, importId, campaign } = scope;
  await db
    .delete(campaignImportErrors)
    .where(and(eq(campaignImportErrors.partnerId, partnerId), eq(campaignImportErrors.importId, importId)));
  const rules: CampaignLineRules = {
    minDiscount: campaign.minDiscount,
    minDiscountRrp: campaign.minDiscountRrp,
    maxReduction: campaign.maxReduction,
    categories: campaign.categories,
    divisions: campaign.divisions,
  };
  const parents =
    campaign.categories.length || campaign.divisions.length ? await categoryParents(db, scope.shopId) : null;
  const lock = retailLockWindow(campaign.dateFrom);
  const firstLine = new Map<string, number>();
  const totals: CheckTotals = { productsCount: 0, errorsCount: 0, confirmCount: 0 };
  let processed = 0;

  const write = async (rows: ErrorRow[]) => {
    for (const r of rows) {
      if (isConfirmationOnly(r.error.type)) totals.confirmCount++;
      else totals.errorsCount++;
    }
    if (!rows.length) return;
    await db.insert(campaignImportErrors).values(
      rows.map((r) => ({
        partnerId,
        importId,
        line: r.line,
        articleId: r.articleId,
        type: r.error.type,
        data: r.error.data,
      })),
    );
  };

  const source = await scope.open();
  for await (const batch of readCampaignFile(source, scope.shopId)) {
    const rows: ErrorRow[] = [];
    const valid: (ReadLine & { parsed: { kind: 'line' } })[] = [];
    for (const entry of batch) {
      const { parsed } = entry;
      if (parsed.articleId !== null) {
        totals.productsCount++;
        const seen = firstLine.get(parsed.articleId);
        if (seen !== undefined) {
          rows.push({
            line: entry.line,
            articleId: parsed.articleId,
            error: { type: 'NonUniqueArticleIds', data: { productId: parsed.articleId, firstLine: seen } },
          });
          continue;
        }
        firstLine.set(parsed.articleId, entry.line);
      }
      if (parsed.kind === 'error') rows.push({ line: entry.line, articleId: parsed.articleId, error: parsed.error });
      else valid.push(entry as ReadLine & { parsed: { kind: 'line' } });
    }
    const items = await resolveItems(
      db,
      partnerId,
      valid.map((v) => v.parsed.articleId),
    );
    const locked = await pricesChangedWithin(
      db,
      partnerId,
      [...items.values()]
        .filter((i) => !i.facts.hasVariants)
        .map((i) => ({ productId: i.productId, variantId: i.variantId || null })),
      lock.from,
      lock.to,
    );
    for (const entry of valid) {
      const { articleId, price } = entry.parsed;
      const item = items.get(articleId);
      if (!item) {
        rows.push({
          line: entry.line,
          articleId,
          error: { type: 'PRODUCT_NOT_FOUND', data: { productId: articleId } },
        });
        continue;
      }
      const key = item.variantId ? `${item.productId}\u0000${item.variantId}` : item.productId;
      const errors = campaignLineErrors(
        price,
        { ...item.facts, categoryPath: pathOf(parents, item.facts.categoryId), priceChanged: locked.has(key) },
        rules,
      );
      for (const error of errors) rows.push({ line: entry.line, articleId, error });
    }
    await write(rows);
    processed += batch.length;
    await scope.progress(processed);
  }

  const fileErrors: ErrorRow[] = [];
  if (scope.blacklisted)
    fileErrors.push({ line: null, articleId: null, error: { type: 'PARTNER_BLACKLISTED', data: {} } });
  if (!campaign.shops.includes(scope.shopId))
    fileErrors.push({ line: null, articleId: null, error: { type: 'SHOP_MISMATCH', data: { shopId: scope.shopId } } });
  for (const error of campaignCountErrors(totals.productsCount, campaign.articleCountMin, campaign.articleCountMax))
    fileErrors.push({ line: null, articleId: null, error });
  await write(fileErrors);
  return totals;
}
