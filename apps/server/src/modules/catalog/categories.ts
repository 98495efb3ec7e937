import {
  DomainError,
  FALLBACK_LANGUAGE,
  hasControlCharacters,
  INVALID_CHARACTERS,
  isLanguage,
  isShopId,
  type Language,
  MARKETS,
  type ParameterConstraint,
  searchKey,
} from '@pp/domain';
import { and, asc, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db/client';
import { partnerById } from '../partner/service';
import { ancestorJoins, lockedSql } from './rules';
import { categories, categoryParameters, type Translated } from './tables';

export interface CategoryNode {
  id: number;
  name: string;
  level: number;
  parentId: number | null;
  sapId: string;
  hasChildren: boolean;
  locked: boolean;
  recyclingFee: boolean;
  energyLabelRequired: boolean;
  informationSheetRequired: boolean;
  /** Names from the root down to the category itself, in the caller's language. */
  path: string[];
}

export interface CategoryParameterView {
  code: string;
  name: string;
  unit: string | null;
  multiple: boolean;
  class: string;
  mandatoryForListing: boolean;
  variant: boolean;
  /** `text` in the caller's language; `shopText` in the shop's, as product and variant titles name it. */
  options: { value: string; text: string; shopText: string }[];
  constraint: { type: ParameterConstraint; values: string[] } | null;
}

export interface CategoryDetail extends CategoryNode {
  conditions: string;
  /** The query keywords: the words the catalogue search finds this category by (any language, no diacritics). */
  keywords: string[];
  parameters: CategoryParameterView[];
}

/** Categories listed in the catalogue search at most. */
export const CATEGORY_SEARCH_LIMIT = 50;
/** Words of a search that count; more add nothing a person would notice and cost a condition each. */
const SEARCH_WORDS_MAX = 8;
const SEARCH_QUERY_MAX = 200;

/** A marketplace text in the wanted language, else English, else any language it has. */
export function textIn(names: Translated | null | undefined, lang: Language): string {
  if (!names) return '';
  return names[lang] || names[FALLBACK_LANGUAGE] || Object.values(names).find((v) => v) || '';
}

/** The partner the caller acts for (after the permission check) and the shop whose catalogue it sells in. */
export async function partnerShop(
  ctx: RequestContext,
  resource: 'catalog' | 'brands',
  action: 'read' | 'create' | 'update' | 'delete' = 'read',
): Promise<{ partnerId: number; shopId: string }> {
  const { partnerId } = await ctx.require(resource, action);
  const reachable = (await ctx.reachablePartners()).find((p) => p.id === partnerId);
  if (reachable) return { partnerId, shopId: reachable.shopId };
  const partner = await partnerById(ctx.db, partnerId);
  if (!partner) throw new DomainError('ACCESS_DENIED');
  return { partnerId, shopId: partner.shopId };
}

const { parent, grandparent } = ancestorJoins;

/** A category is shown only when it and every category above it are visible. */
const displayedSql = sql<boolean>`(${categories.visible} and coalesce(${parent.visible}, true) and coalesce(${grandparent.visible}, true))`;

function hasChildrenSql() {
  return sql<boolean>`exists (select 1 from ${categories} as child where child.parent_id = ${categories.id} and child.shop_id = ${categories.shopId} and child.visible)`;
}

function nodeFields(partnerId: number) {
  return {
    id: categories.id,
    names: categories.names,
    level: categories.level,
    parentId: categories.parentId,
    sapId: categories.sapId,
    conditions: categories.conditions,
    recyclingFee: categories.recyclingFee,
    energyLabelRequired: categories.energyLabelRequired,
    informationSheetRequired: categories.informationSheetRequired,
    locked: lockedSql(partnerId),
    hasChildren: hasChildrenSql(),
    parentNames: parent.names,
    grandparentNames: grandparent.names,
  };
}

type NodeRow = {
  id: number;
  names: Translated;
  level: number;
  parentId: number | null;
  sapId: string;
  conditions: string;
  recyclingFee: boolean;
  energyLabelRequired: boolean;
  informationSheetRequired: boolean;
  locked: boolean;
  hasChildren: boolean;
  parentNames: Translated | null;
  grandparentNames: Translated | null;
};

function toNode(row: NodeRow, lang: Language): CategoryNode {
  const name = textIn(row.names, lang);
  const path = [row.grandparentNames, row.parentNames]
    .filter((n): n is Translated => n !== null)
    .map((n) => textIn(n, lang));
  return {
    id: row.id,
    name,
    level: row.level,
    parentId: row.parentId,
    sapId: row.sapId,
    hasChildren: Boolean(row.hasChildren),
    locked: Boolean(row.locked),
    recyclingFee: row.recyclingFee,
    energyLabelRequired: row.energyLabelRequired,
    informationSheetRequired: row.informationSheetRequired,
    path: [...path, name],
  };
}

function readNodes(db: DbOrTx, partnerId: number, shopId: string, where: SQL | undefined) {
  return db
    .select(nodeFields(partnerId))
    .from(categories)
    .leftJoin(parent, ancestorJoins.parentOn)
    .leftJoin(grandparent, ancestorJoins.grandparentOn)
    .where(and(eq(categories.shopId, shopId), displayedSql, where));
}

/** The children of one category (level 1 without a parent) of the partner's shop, in the marketplace's order. */
export async function categoryTree(ctx: RequestContext, parentId: number | null): Promise<CategoryNode[]> {
  const { partnerId, shopId } = await partnerShop(ctx, 'catalog');
  const rows = await readNodes(
    ctx.db,
    partnerId,
    shopId,
    parentId === null ? isNull(categories.parentId) : eq(categories.parentId, parentId),
  ).orderBy(asc(categories.position), asc(categories.id));
  return rows.map((r) => toNode(r, ctx.lang));
}

/** One displayed category of the partner's shop, or null (another shop's, hidden, unknown). */
export async function findCategory(
  db: DbOrTx,
  partnerId: number,
  shopId: string,
  id: number,
  lang: Language,
): Promise<CategoryDetail | null> {
  const [row] = await readNodes(db, partnerId, shopId, eq(categories.id, id));
  if (!row) return null;
  const [params, [words]] = await Promise.all([
    db
      .select()
      .from(categoryParameters)
      .where(eq(categoryParameters.categoryId, id))
      .orderBy(asc(categoryParameters.position), asc(categoryParameters.id)),
    db.select({ keywords: categories.keywords }).from(categories).where(eq(categories.id, id)),
  ]);
  return {
    ...toNode(row, lang),
    conditions: row.conditions,
    keywords: (words?.keywords ?? '').split(' ').filter(Boolean),
    parameters: params.map((p) => ({
      code: p.code,
      name: textIn(p.names, lang) || p.code,
      unit: p.unit,
      multiple: p.multiple,
      class: p.class,
      mandatoryForListing: p.mandatoryForListing,
      variant: p.variant,
      options: p.options.map((o) => ({
        value: o.value,
        text: textIn(o.text, lang) || o.value,
        shopText: (isShopId(shopId) ? textIn(o.text, MARKETS[shopId].language) : '') || o.value,
      })),
      constraint: p.constraint
        ? { type: p.constraint.type as ParameterConstraint, values: [...p.constraint.values] }
        : null,
    })),
  };
}

/** The category with its conditions and parameters, names in the caller's language; null when not shown. */
export async function categoryDetail(ctx: RequestContext, id: number): Promise<CategoryDetail | null> {
  const { partnerId, shopId } = await partnerShop(ctx, 'catalog');
  return findCategory(ctx.db, partnerId, shopId, id, ctx.lang);
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function languageOf(ctx: RequestContext, language: string | null | undefined): Language {
  if (language == null || language === '') return ctx.lang;
  if (!isLanguage(language)) {
    throw new DomainError('VALIDATION_ERROR', {}, [{ field: 'language', rule: 'invalid' }]);
  }
  return language;
}

/**
 * The catalogue search: categories of the shop whose keywords hold every word typed, compared without
 * case and diacritics ("cervena" finds "červená"); leaves first, because only they take products.
 */
export async function categorySearch(
  ctx: RequestContext,
  query: string,
  language?: string | null,
): Promise<CategoryNode[]> {
  const { partnerId, shopId } = await partnerShop(ctx, 'catalog');
  const lang = languageOf(ctx, language);
  if (hasControlCharacters(query)) {
    throw new DomainError('VALIDATION_ERROR', {}, [{ field: 'query', rule: INVALID_CHARACTERS }]);
  }
  const words = [...new Set(searchKey(query.slice(0, SEARCH_QUERY_MAX)).split(' '))]
    .filter((w) => w !== '')
    .slice(0, SEARCH_WORDS_MAX);
  if (!words.length) return [];
  const matches = words.map((w) => sql`${categories.keywords} ilike ${`%${escapeLike(w)}%`}`);
  const rows = await readNodes(ctx.db, partnerId, shopId, and(...matches))
    .orderBy(desc(categories.level), asc(categories.position), asc(categories.id))
    .limit(CATEGORY_SEARCH_LIMIT);
  return rows.map((r) => toNode(r, lang));
}
