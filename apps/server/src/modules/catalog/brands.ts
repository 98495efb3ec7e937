import { BRAND_LETTERS, brandTag, DomainError, type GridPage, type Language } from '@pp/domain';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { RequestContext } from '../../platform/context';
import { publicMediaPath } from '../../platform/files';
import { buildGridQuery, cappedTotal, type GridColumn } from '../../platform/grid';
import { partnerShop, textIn } from './categories';
import { brands } from './tables';

export interface BrandRow {
  id: string;
  name: string;
  logoUrl: string | null;
  mallBrand: boolean;
  description: string | null;
  /** The marketplace's stable brand id across systems (spec Brand "guid"). */
  guid: string;
  accepted: boolean;
  claimed: boolean;
  /** The brand's path segment on the marketplace web. */
  urlKey: string;
}

/**
 * The alphabet index entry of a brand in SQL, as the domain's `brandLetterOf` reads it: the first character
 * without its diacritics (NFD of that one character puts the base letter first), the letters Unicode does
 * not decompose mapped as the domain maps them, upper case; then A–Z, '0-9' or '#'. Ranges compare byte by
 * byte (collate "C"): a language's collation would put other letters between A and Z. One expression for
 * every entry, so that an index on it (docs/decisions.md, "Brand alphabet index") serves each of them.
 */
const firstChar = sql`upper(translate(left(normalize(left(btrim(${brands.name}), 1), NFD), 1), 'łŁđĐøØæÆœŒßþÞ', 'lLdDoOaAoOsStT'))`;
export const brandLetterSql = sql<string>`(case when ${firstChar} collate "C" between 'A' and 'Z' then ${firstChar} when ${firstChar} collate "C" between '0' and '9' then '0-9' else '#' end)`;

function letterCondition(letter: string): SQL {
  if (!BRAND_LETTERS.includes(letter)) {
    throw new DomainError('VALIDATION_ERROR', {}, [{ field: 'letter', rule: 'invalid' }]);
  }
  return sql`${brandLetterSql} = ${letter}`;
}

/** Sorting by lower(name) then id walks the brands_name_idx index: the first page of 20,000 brands reads 51 rows. */
const BRAND_COLUMNS: readonly GridColumn[] = [
  { field: 'id', sql: brands.id, filterType: 'TEXT', sortable: true },
  { field: 'name', sql: sql`lower(${brands.name})`, filterType: 'TEXT', sortable: true, notNull: true },
  { field: 'mallBrand', sql: brands.mallBrand, filterType: 'BOOLEAN' },
  { field: 'createdAt', sql: brands.createdAt, filterType: 'DATETIME', sortable: true },
];

export function brandRowOf(
  row: {
    id: string;
    name: string;
    mediaId: string | null;
    mallBrand: boolean;
    description: Record<string, string>;
    guid: string;
    accepted: boolean;
    claimed: boolean;
    urlKey: string;
  },
  lang: Language,
): BrandRow {
  return {
    id: row.id,
    name: row.name,
    logoUrl: row.mediaId ? publicMediaPath(row.mediaId) : null,
    mallBrand: row.mallBrand,
    description: textIn(row.description, lang) || null,
    guid: row.guid,
    accepted: row.accepted,
    claimed: row.claimed,
    urlKey: row.urlKey,
  };
}

export const brandRowFields = {
  id: brands.id,
  name: brands.name,
  mediaId: brands.mediaId,
  mallBrand: brands.mallBrand,
  description: brands.description,
  guid: brands.guid,
  accepted: brands.accepted,
  claimed: brands.claimed,
  urlKey: brands.urlKey,
};

/**
 * The marketplace's accepted brands, by name ascending unless sorted otherwise; the search finds a name or
 * an id by its tag (so "loreal" finds "L'Oréal"), the alphabet index narrows to one letter. Pages by
 * offset: the text id has no keyset cursor, and 20,000 brands are 400 pages at most.
 */
export async function brandsGrid(
  ctx: RequestContext,
  grid: unknown,
  letter: string | null | undefined,
): Promise<GridPage<BrandRow>> {
  await partnerShop(ctx, 'brands');
  // The grid contract's cursor needs a numeric id; a cursor here could only be forged.
  if ((grid as { after?: unknown } | null)?.after != null) {
    throw new DomainError('VALIDATION_ERROR', {}, [{ field: 'after', rule: 'invalid' }]);
  }
  // No search columns: the search is validated by the grid contract and applied below by tag.
  const q = buildGridQuery(grid, BRAND_COLUMNS, {
    idColumn: brands.id,
    defaultSort: { field: 'name', direction: 'ASCENDING' },
  });
  const conditions: (SQL | undefined)[] = [eq(brands.accepted, true), q.where];
  if (letter) conditions.push(letterCondition(letter));
  const term = q.request.search?.trim() ?? '';
  if (term) {
    const tag = brandTag(term);
    conditions.push(
      tag
        ? sql`${brands.tag} like ${`%${tag}%`}`
        : sql`${brands.name} ilike ${`%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`,
    );
  }
  const where = and(...conditions);
  const [rows, total] = await Promise.all([
    ctx.db
      .select(brandRowFields)
      .from(brands)
      .where(where)
      .orderBy(...q.orderBy)
      .limit(q.limit)
      .offset(q.offset),
    cappedTotal(ctx.db, brands, where),
  ]);
  return {
    items: rows.map((r) => brandRowOf(r, ctx.lang)),
    ...total,
    page: q.request.page,
    perPage: q.request.perPage,
    nextCursor: null,
  };
}
