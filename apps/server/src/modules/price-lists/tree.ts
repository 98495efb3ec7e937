import {
  type BrandException,
  commissionFor,
  type PriceListForCommission,
  type PriceListLevel,
  type PriceListNode,
} from '@pp/domain';
import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import { brands, categories, type Translated } from '../catalog/tables';
import type { DbOrTx } from '../../platform/db/client';
import { priceListItems, priceListVersions } from './tables';

export interface VersionRow {
  id: number;
  priceListId: number;
  validFrom: string;
  validTo: string | null;
  commission: number;
}

export const versionFields = {
  id: priceListVersions.id,
  priceListId: priceListVersions.priceListId,
  validFrom: priceListVersions.validFrom,
  validTo: priceListVersions.validTo,
  commission: priceListVersions.commission,
};

/** A node of the tree as the portal shows it (spec: priceListItemId, id, name, level, commission, brands). */
export interface TreeNode {
  /** The node's row in the version; null where the category has no setting of its own. */
  priceListItemId: number | null;
  /** The category id. */
  id: number;
  name: string;
  /** The English name: searches match it too (not exposed). */
  en: string;
  level: PriceListLevel;
  /** The node's own commission; null = inherited. */
  commission: number | null;
  /** What applies here to brands without an exception: own, else the nearest ancestor's, else the default. */
  effectiveCommission: number;
  brands: { brandId: string; name: string; commission: number }[];
  children: TreeNode[];
}

export function nameIn(names: Translated, lang: string): string {
  return names[lang] || names.en || Object.values(names)[0] || '';
}

export async function nodesOf(
  db: DbOrTx,
  versionId: number,
  categoryIds?: readonly number[],
): Promise<(PriceListNode & { id: number })[]> {
  const rows = await db
    .select({
      id: priceListItems.id,
      categoryId: priceListItems.categoryId,
      level: priceListItems.level,
      commission: priceListItems.commission,
      brands: priceListItems.brands,
    })
    .from(priceListItems)
    .where(
      and(
        eq(priceListItems.versionId, versionId),
        categoryIds ? inArray(priceListItems.categoryId, [...categoryIds]) : undefined,
      ),
    );
  return rows.map((r) => ({ ...r, level: r.level as PriceListLevel }));
}

export async function brandNames(db: DbOrTx, ids: readonly string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: brands.id, name: brands.name })
    .from(brands)
    .where(inArray(brands.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/**
 * The whole three-level tree of the list's shop with the version's settings on it: about 250 nodes per
 * shop, read in one go (a partner reads the list as one document, expanding divisions on the page).
 */
export async function versionTree(db: DbOrTx, version: VersionRow, shopId: string, lang: string): Promise<TreeNode[]> {
  const [cats, nodes] = await Promise.all([
    db
      .select({ id: categories.id, parentId: categories.parentId, level: categories.level, names: categories.names })
      .from(categories)
      .where(and(eq(categories.shopId, shopId), lte(categories.level, 3), eq(categories.visible, true)))
      .orderBy(asc(categories.level), asc(categories.position), asc(categories.id)),
    nodesOf(db, version.id),
  ]);
  const names = await brandNames(
    db,
    nodes.flatMap((n) => n.brands.map((b) => b.brandId)),
  );
  const list: PriceListForCommission = { ...version, nodes };
  const byCategory = new Map(nodes.map((n) => [n.categoryId, n]));
  const built = new Map<number, { node: TreeNode; path: number[] }>();
  const roots: TreeNode[] = [];
  for (const c of cats) {
    const parent = c.parentId == null ? undefined : built.get(c.parentId);
    if (c.level > 1 && !parent) continue; // a hidden parent hides its children
    const path = [...(parent?.path ?? []), c.id];
    const own = byCategory.get(c.id);
    const effective = commissionFor({ list, categoryPath: path, at: version.validFrom });
    const node: TreeNode = {
      priceListItemId: own?.id ?? null,
      id: c.id,
      name: nameIn(c.names, lang),
      en: nameIn(c.names, 'en'),
      level: c.level as PriceListLevel,
      commission: own?.commission ?? null,
      effectiveCommission: effective?.commission ?? version.commission,
      brands: (own?.brands ?? []).map((b: BrandException) => ({
        brandId: b.brandId,
        name: names.get(b.brandId) ?? b.brandId,
        commission: b.commission,
      })),
      children: [],
    };
    built.set(c.id, { node, path });
    if (parent) parent.node.children.push(node);
    else roots.push(node);
  }
  return roots;
}
