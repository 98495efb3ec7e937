import type { GridPage } from '@pp/domain';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { RequestContext } from '../../platform/context';
import { accentInsensitive, buildGridQuery, cappedTotal, type GridColumn } from '../../platform/grid';
import { type HeurekaCategoryRow, heurekaPartner, toRows } from './pairing';
import { HEUREKA_PAIRED_BY, heurekaCategories } from './tables-heureka';

/** The categories-pairing page's grid of a partner's Heureka feed categories, and the status page's figures. */

const pairedSql = sql<boolean>`(${heurekaCategories.categoryId} is not null)`;

const COLUMNS: readonly GridColumn[] = [
  { field: 'id', sql: heurekaCategories.id, filterType: 'NUMBER', sortable: true },
  { field: 'categoryText', sql: heurekaCategories.categoryText, filterType: 'TEXT', sortable: true, foldAccents: true },
  { field: 'itemCount', sql: heurekaCategories.itemCount, filterType: 'NUMBER', sortable: true },
  { field: 'paired', sql: pairedSql, notNull: true, filterType: 'BOOLEAN', sortable: true },
  { field: 'pairedBy', sql: heurekaCategories.pairedBy, filterType: 'ENUMS', options: HEUREKA_PAIRED_BY },
  { field: 'seenAt', sql: heurekaCategories.seenAt, filterType: 'DATETIME_BETWEEN', sortable: true },
  { field: 'updated', sql: heurekaCategories.updated, filterType: 'DATETIME_BETWEEN', sortable: true },
];

/** The partner's feed categories as a grid: all, only paired or only unpaired; searched by the path. */
export async function heurekaCategoriesGrid(
  ctx: RequestContext,
  grid: unknown,
  paired: boolean | null,
): Promise<GridPage<HeurekaCategoryRow>> {
  const partnerId = await heurekaPartner(ctx, 'read');
  const q = buildGridQuery(grid, COLUMNS, {
    idColumn: heurekaCategories.id,
    defaultSort: { field: 'itemCount', direction: 'DESCENDING' },
    searchColumns: [accentInsensitive(heurekaCategories.categoryText)],
  });
  const where = and(
    eq(heurekaCategories.partnerId, partnerId),
    paired === null
      ? undefined
      : paired
        ? isNotNull(heurekaCategories.categoryId)
        : isNull(heurekaCategories.categoryId),
    q.where,
  );
  const [rows, total] = await Promise.all([
    q.readRows((seek, limit, offset) =>
      ctx.db
        .select({ row: heurekaCategories, ...q.cursorFields })
        .from(heurekaCategories)
        .where(and(where, seek))
        .orderBy(...q.orderBy)
        .limit(limit)
        .offset(offset),
    ),
    cappedTotal(ctx.db, heurekaCategories, where),
  ]);
  const shaped = await toRows(
    ctx.db,
    rows.map((r) => r.row),
    ctx.lang,
  );
  return q.toPage(
    shaped.map((row, i) => ({ ...row, gridSortKey: rows[i]!.gridSortKey, gridRowKey: rows[i]!.gridRowKey })),
    total,
  );
}

export interface HeurekaCategorySummary {
  total: number;
  paired: number;
  pairedAutomatically: number;
  unpaired: number;
  /** Items of the latest runs in unpaired categories: what is waiting for a person. */
  unpairedItems: number;
}

/** The feed status page's pairing figures: how many of the partner's feed categories are paired, and how. */
export async function heurekaCategorySummary(ctx: RequestContext): Promise<HeurekaCategorySummary> {
  const partnerId = await heurekaPartner(ctx, 'read');
  const [row] = await ctx.db
    .select({
      total: sql<number>`count(*)::int`,
      paired: sql<number>`(count(*) filter (where ${heurekaCategories.categoryId} is not null))::int`,
      pairedAutomatically: sql<number>`(count(*) filter (where ${heurekaCategories.categoryId} is not null and ${heurekaCategories.pairedBy} = 'AUTO'))::int`,
      unpairedItems: sql<number>`coalesce(sum(${heurekaCategories.itemCount}) filter (where ${heurekaCategories.categoryId} is null), 0)::int`,
    })
    .from(heurekaCategories)
    .where(eq(heurekaCategories.partnerId, partnerId));
  const total = row?.total ?? 0;
  const paired = row?.paired ?? 0;
  return {
    total,
    paired,
    pairedAutomatically: row?.pairedAutomatically ?? 0,
    unpaired: total - paired,
    unpairedItems: row?.unpairedItems ?? 0,
  };
}
