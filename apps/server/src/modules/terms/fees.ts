import { commissionRates, DomainError, type Fee, isShopId, safeText, searchKey } from '@pp/domain';
import { and, asc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { RequestContext } from '../../platform/context';
import { validationError } from '../../platform/errors';
import { categories, type Translated } from '../catalog/tables';
import { partners } from '../partner/tables';
import { commissionListRows } from '../price-lists/commission-list';
import { shopFeesOf } from '../price-lists/shop-fees';

export interface CommissionRow {
  division: string;
  category: string;
  subcategory: string;
  /** Empty = every brand without a row of its own in this subcategory. */
  brands: string[];
  commission: number;
}

export interface CommissionPage {
  items: CommissionRow[];
  total: number;
}

/** A page of the commission list: the tree has about 200 leaves per shop, a screen shows a few dozen. */
export const COMMISSION_PAGE_MAX = 100;

const commissionQuerySchema = z.object({
  search: safeText().trim().max(100, 'max').nullish(),
  offset: z.number().int('integer').min(0, 'numberOutOfRange').max(10_000, 'numberOutOfRange').default(0),
  limit: z.number().int('integer').min(1, 'numberOutOfRange').max(COMMISSION_PAGE_MAX, 'numberOutOfRange').default(50),
});

async function partnerShop(ctx: RequestContext) {
  const { partnerId } = await ctx.require('partner', 'read');
  const [row] = await ctx.db.select({ shopId: partners.shopId }).from(partners).where(eq(partners.id, partnerId));
  if (!row || !isShopId(row.shopId)) throw new DomainError('ACCESS_DENIED');
  return { partnerId, shopId: row.shopId };
}

/** The fees of the selected partner's market (its currency, the amounts the price lists keep per shop). */
export async function partnerFees(ctx: RequestContext): Promise<Fee[]> {
  return shopFeesOf(ctx.db, (await partnerShop(ctx)).shopId);
}

const division = alias(categories, 'division');
const category = alias(categories, 'category');

function nameIn(names: Translated, lang: string): string {
  return names[lang] || names.en || Object.values(names)[0] || '';
}

/**
 * The commission list of the partner's shop over its category tree: division (root), category and
 * subcategory (leaf), in the reader's language, one row per leaf plus its brand rows. The search matches
 * any of the three names (in the reader's language or English) or a brand, without diacritics (sellers type "cerveny" for "červený").
 */
export async function commissionList(ctx: RequestContext, query: unknown): Promise<CommissionPage> {
  const { partnerId, shopId } = await partnerShop(ctx);
  const parsed = commissionQuerySchema.safeParse(query ?? {});
  if (!parsed.success) throw validationError(parsed.error);
  const { search, offset, limit } = parsed.data;
  const words = search ? searchKey(search).split(' ').filter(Boolean) : [];
  // The partner's standard price list is the source (the price-list page reads the same rows); the
  // domain's default rates only stand in for a partner no operator has given a list yet.
  const listed = await commissionListRows(ctx.db, partnerId, shopId, ctx.lang);
  if (listed) {
    const matching = listed.filter(
      (row) =>
        !words.length ||
        words.every((w) =>
          searchKey([row.division, row.category, row.subcategory, ...row.en, ...row.brands].join(' ')).includes(w),
        ),
    );
    return {
      items: matching.slice(offset, offset + limit).map(({ en: _en, ...row }) => row),
      total: matching.length,
    };
  }
  const leaves = await ctx.db
    .select({ leaf: categories.names, category: category.names, division: division.names })
    .from(categories)
    .innerJoin(category, eq(category.id, categories.parentId))
    .innerJoin(division, eq(division.id, category.parentId))
    .where(and(eq(categories.shopId, shopId), eq(categories.level, 3), eq(categories.visible, true)))
    .orderBy(asc(division.position), asc(category.position), asc(categories.position), asc(categories.id));
  const rows: CommissionRow[] = [];
  for (const leaf of leaves) {
    for (const rate of commissionRates(leaf.division.en ?? '', leaf.leaf.en ?? '')) {
      const row: CommissionRow = {
        division: nameIn(leaf.division, ctx.lang),
        category: nameIn(leaf.category, ctx.lang),
        subcategory: nameIn(leaf.leaf, ctx.lang),
        brands: [...(rate.brands ?? [])],
        commission: rate.commission,
      };
      if (words.length) {
        // English names too: the marketplace's common language, and what sellers often search by.
        const haystack = searchKey(
          [
            row.division,
            row.category,
            row.subcategory,
            leaf.division.en,
            leaf.category.en,
            leaf.leaf.en,
            ...row.brands,
          ].join(' '),
        );
        if (!words.every((w) => haystack.includes(w))) continue;
      }
      rows.push(row);
    }
  }
  return { items: rows.slice(offset, offset + limit), total: rows.length };
}
