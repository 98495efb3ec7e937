import { commissionFor, type PriceListForCommission, type ShopId } from '@pp/domain';
import type { DbOrTx } from '../../platform/db/client';
import { currentPriceListOf } from './service';
import type { TreeNode } from './tree';

export interface CommissionListRow {
  division: string;
  category: string;
  subcategory: string;
  /** Brand names; empty = every brand without a row of its own. */
  brands: string[];
  commission: number;
  /** The three names in English, for searching. */
  en: [string, string, string];
}

/**
 * The commission list (one row per subcategory plus a row per group of brands with another rate) of the
 * partner's standard list in force today; null when it has none. Onboarding step 2 shows these rows, so
 * it and the price-list page read the same data.
 */
export async function commissionListRows(
  db: DbOrTx,
  partnerId: number,
  shopId: ShopId,
  lang: string,
): Promise<CommissionListRow[] | null> {
  const list = await currentPriceListOf(db, partnerId, shopId, lang);
  if (!list) return null;
  const rows: CommissionListRow[] = [];
  const walk = (node: TreeNode, path: TreeNode[]) => {
    const here = [...path, node];
    if (node.level < 3) {
      for (const child of node.children) walk(child, here);
      return;
    }
    if (here.length !== 3) return;
    const [division, category] = here as [TreeNode, TreeNode, TreeNode];
    const nodes = here.map((n) => ({
      categoryId: n.id,
      level: n.level,
      commission: n.commission,
      brands: n.brands,
    }));
    const forCommission: PriceListForCommission = { ...list, nodes };
    const categoryPath = here.map((n) => n.id);
    const at = list.validFrom;
    const base = commissionFor({ list: forCommission, categoryPath, at })?.commission ?? list.commission;
    const byRate = new Map<number, string[]>();
    const seen = new Set<string>();
    for (const brand of here.flatMap((n) => n.brands)) {
      if (seen.has(brand.brandId)) continue;
      seen.add(brand.brandId);
      const rate = commissionFor({ list: forCommission, categoryPath, brandId: brand.brandId, at })?.commission;
      if (rate == null || rate === base) continue;
      byRate.set(rate, [...(byRate.get(rate) ?? []), brand.name]);
    }
    const names = { division: division.name, category: category.name, subcategory: node.name };
    const en: [string, string, string] = [division.en, category.en, node.en];
    rows.push({ ...names, brands: [], commission: base, en });
    for (const [commission, brands] of byRate) {
      rows.push({ ...names, brands: brands.sort((a, b) => a.localeCompare(b)), commission, en });
    }
  };
  for (const root of list.tree) walk(root, []);
  return rows;
}
