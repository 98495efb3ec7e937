import { type CategoryParameterDef, type CategoryRules, isShopId, MARKETS } from '@pp/domain';
import { type AnyColumn, and, asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../platform/db/client';
import { brands, categories, categoryLocks, categoryParameters } from './tables';

const parent = alias(categories, 'parent_category');
const grandparent = alias(categories, 'grandparent_category');

/**
 * Whether a category is closed to the partner: locked for the whole shop, or for this partner, on the
 * category itself or on one of its ancestors (a lock on "Electronics" closes every shelf below it). The
 * tree has three levels, so two joins reach the root.
 */
export function lockedSql(partnerId: number) {
  const lockOf = (c: { id: AnyColumn; locked: AnyColumn }) =>
    sql`(${c.locked} or exists (select 1 from ${categoryLocks} where ${categoryLocks.partnerId} = ${partnerId} and ${categoryLocks.categoryId} = ${c.id}))`;
  return sql<boolean>`(${lockOf(categories)} or coalesce(${lockOf(parent)}, false) or coalesce(${lockOf(grandparent)}, false))`;
}

/** The parent and grandparent of `categories` in the same shop, joined for `lockedSql` and paths. */
export const ancestorJoins = {
  parent,
  grandparent,
  parentOn: and(eq(parent.id, categories.parentId), eq(parent.shopId, categories.shopId)),
  grandparentOn: and(eq(grandparent.id, parent.parentId), eq(grandparent.shopId, parent.shopId)),
};

/** A parameter's definition; options carry their text in `language` (the shop's) for variant titles. */
export function parameterDefOf(row: typeof categoryParameters.$inferSelect, language?: string): CategoryParameterDef {
  return {
    code: row.code,
    class: row.class as CategoryParameterDef['class'],
    unit: row.unit,
    multiple: row.multiple,
    mandatoryForListing: row.mandatoryForListing,
    variant: row.variant,
    options: row.options.map((o) => {
      const text = language ? (o.text[language] ?? o.text.en) : undefined;
      return text ? { value: o.value, text } : { value: o.value };
    }),
    constraint: row.constraint
      ? {
          type: row.constraint.type as NonNullable<CategoryParameterDef['constraint']>['type'],
          values: [...row.constraint.values],
        }
      : null,
  };
}

/**
 * The rules products must follow in these categories (contract §C): only categories of the shop, each with
 * its flags, the partner's lock and its parameters in their display order. Unknown ids are simply absent.
 */
export async function loadCategoryRules(
  db: DbOrTx,
  shopId: string,
  partnerId: number,
  categoryIds: number[],
): Promise<Map<number, CategoryRules>> {
  const ids = [...new Set(categoryIds.filter((id) => Number.isSafeInteger(id)))];
  const result = new Map<number, CategoryRules>();
  if (!ids.length) return result;
  const rows = await db
    .select({
      id: categories.id,
      level: categories.level,
      recyclingFee: categories.recyclingFee,
      energyLabelRequired: categories.energyLabelRequired,
      informationSheetRequired: categories.informationSheetRequired,
      locked: lockedSql(partnerId),
    })
    .from(categories)
    .leftJoin(parent, ancestorJoins.parentOn)
    .leftJoin(grandparent, ancestorJoins.grandparentOn)
    // One array parameter: an import batch may name more categories than a statement takes parameters.
    .where(and(eq(categories.shopId, shopId), sql`${categories.id} = any(${sql.param(ids)}::int[])`));
  if (!rows.length) return result;
  const params = await db
    .select()
    .from(categoryParameters)
    .where(sql`${categoryParameters.categoryId} = any(${sql.param(rows.map((r) => r.id))}::int[])`)
    .orderBy(asc(categoryParameters.categoryId), asc(categoryParameters.position), asc(categoryParameters.id));
  for (const row of rows) {
    result.set(row.id, { ...row, locked: Boolean(row.locked), parameters: [] });
  }
  const language = isShopId(shopId) ? MARKETS[shopId].language : undefined;
  for (const p of params) result.get(p.categoryId)?.parameters.push(parameterDefOf(p, language));
  return result;
}

/** Names of accepted brands by id (contract §C); an unknown or not yet accepted id is absent. */
export async function loadBrandNames(db: DbOrTx, brandIds: string[]): Promise<Map<string, string>> {
  const ids = [...new Set(brandIds.filter((id) => typeof id === 'string' && id !== ''))];
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: brands.id, name: brands.name })
    .from(brands)
    .where(and(sql`${brands.id} = any(${sql.param(ids)}::text[])`, eq(brands.accepted, true)));
  return new Map(rows.map((r) => [r.id, r.name]));
}
