import {
  DomainError,
  type GridPage,
  type HeurekaBoxType,
  type HeurekaItem,
  type HeurekaOverrideKind,
  type Language,
  type XmlNode,
} from '@pp/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/service';
import type { RequestContext } from '../../platform/context';
import { type DbOrTx, rowsOf } from '../../platform/db/client';
import { buildGridQuery, cappedTotal, type GridColumn } from '../../platform/grid';
import { textIn } from '../catalog/categories';
import { ancestorJoins } from '../catalog/rules';
import { categories, categoryParameters } from '../catalog/tables';
import { products } from '../products/tables';
import { heurekaBoxOverrides, heurekaCategoryOverrides, heurekaMediaOverrides } from './tables-overrides';

/**
 * The seller's overrides of its Heureka feed: the grids of the three pages (box-management, media-management,
 * products-management), deleting rows, and what a product run takes from them (`heurekaOverridesFor`,
 * `withHeurekaOverrides`). The CSV uploads that fill them are in overrides-csv.ts.
 */

export const OVERRIDE_TABLES = {
  CATEGORY: heurekaCategoryOverrides,
  BOX: heurekaBoxOverrides,
  MEDIA: heurekaMediaOverrides,
} as const;

export interface CategoryOverrideView {
  id: number;
  productId: string;
  categoryId: number;
  sapCategoryId: string;
  /** The category's names from the root, in the reader's language. */
  categoryPath: string[];
  param: string;
  value: string;
  updated: Date;
}

export type BoxOverrideView = typeof heurekaBoxOverrides.$inferSelect;
export type MediaOverrideView = typeof heurekaMediaOverrides.$inferSelect;

const commonColumns = (t: (typeof OVERRIDE_TABLES)[HeurekaOverrideKind]): GridColumn[] => [
  { field: 'id', sql: t.id, filterType: 'NUMBER', sortable: true },
  { field: 'productId', sql: t.productId, filterType: 'TEXT', sortable: true },
  { field: 'updated', sql: t.updated, filterType: 'DATETIME_BETWEEN', sortable: true },
];

const COLUMNS: Record<HeurekaOverrideKind, readonly GridColumn[]> = {
  CATEGORY: [
    ...commonColumns(heurekaCategoryOverrides),
    { field: 'categoryId', sql: heurekaCategoryOverrides.categoryId, filterType: 'NUMBER', sortable: true },
    { field: 'param', sql: heurekaCategoryOverrides.param, filterType: 'TEXT', sortable: true },
    { field: 'value', sql: heurekaCategoryOverrides.value, filterType: 'TEXT', sortable: true },
  ],
  BOX: [
    ...commonColumns(heurekaBoxOverrides),
    { field: 'boxType', sql: heurekaBoxOverrides.boxType, filterType: 'ENUMS', options: ['SMALLBOX', 'BIGBOX'] },
  ],
  MEDIA: [
    ...commonColumns(heurekaMediaOverrides),
    { field: 'url', sql: heurekaMediaOverrides.url, filterType: 'TEXT', sortable: true },
    { field: 'energyLabel', sql: heurekaMediaOverrides.energyLabel, filterType: 'BOOLEAN', sortable: true },
    { field: 'informationList', sql: heurekaMediaOverrides.informationList, filterType: 'BOOLEAN', sortable: true },
    { field: 'excluded', sql: heurekaMediaOverrides.excluded, filterType: 'BOOLEAN', sortable: true },
  ],
};

/**
 * One kind's rows of the selected partner as a grid, newest change first; the search finds product ids
 * containing the text.
 */
async function overridesPage<T extends { id: number }>(
  ctx: RequestContext,
  kind: HeurekaOverrideKind,
  grid: unknown,
): Promise<GridPage<T>> {
  const { partnerId } = await ctx.require('heurekaFeed', 'read');
  const table = OVERRIDE_TABLES[kind];
  const q = buildGridQuery(grid, COLUMNS[kind], {
    idColumn: table.id,
    defaultSort: { field: 'updated', direction: 'DESCENDING' },
    searchColumns: [table.productId],
  });
  const where = and(eq(table.partnerId, partnerId), q.where);
  const [rows, total] = await Promise.all([
    q.readRows((seek, limit, offset) =>
      ctx.db
        .select({ row: table, ...q.cursorFields })
        .from(table)
        .where(and(where, seek))
        .orderBy(...q.orderBy)
        .limit(limit)
        .offset(offset),
    ),
    cappedTotal(ctx.db, table, where),
  ]);
  return q.toPage(
    rows.map((r) => ({ ...(r.row as unknown as T), gridSortKey: r.gridSortKey, gridRowKey: r.gridRowKey })),
    total,
  );
}

/** The category names from the root of each category, in the reader's language, and their SAP ids. */
async function categoryLabels(
  db: DbOrTx,
  ids: number[],
  lang: Language,
): Promise<Map<number, { sapId: string; path: string[] }>> {
  if (!ids.length) return new Map();
  const { parent, grandparent, parentOn, grandparentOn } = ancestorJoins;
  const rows = await db
    .select({
      id: categories.id,
      sapId: categories.sapId,
      names: categories.names,
      parentNames: parent.names,
      grandparentNames: grandparent.names,
    })
    .from(categories)
    .leftJoin(parent, parentOn)
    .leftJoin(grandparent, grandparentOn)
    .where(inArray(categories.id, ids));
  return new Map(
    rows.map((r) => [
      r.id,
      {
        sapId: r.sapId,
        path: [r.grandparentNames, r.parentNames, r.names].filter((n) => n !== null).map((n) => textIn(n, lang)),
      },
    ]),
  );
}

export async function categoryOverridesGrid(
  ctx: RequestContext,
  grid: unknown,
): Promise<GridPage<CategoryOverrideView>> {
  const page = await overridesPage<typeof heurekaCategoryOverrides.$inferSelect>(ctx, 'CATEGORY', grid);
  const labels = await categoryLabels(ctx.db, [...new Set(page.items.map((r) => r.categoryId))], ctx.lang);
  return {
    ...page,
    items: page.items.map((r) => ({
      id: r.id,
      productId: r.productId,
      categoryId: r.categoryId,
      sapCategoryId: labels.get(r.categoryId)?.sapId ?? '',
      categoryPath: labels.get(r.categoryId)?.path ?? [],
      param: r.param,
      value: r.value,
      updated: r.updated,
    })),
  };
}

export const boxOverridesGrid = (ctx: RequestContext, grid: unknown): Promise<GridPage<BoxOverrideView>> =>
  overridesPage<BoxOverrideView>(ctx, 'BOX', grid);

export const mediaOverridesGrid = (ctx: RequestContext, grid: unknown): Promise<GridPage<MediaOverrideView>> =>
  overridesPage<MediaOverrideView>(ctx, 'MEDIA', grid);

/** At most this many ids in one delete: a page of the grid is 100 rows, "select all" a few pages. */
export const OVERRIDES_DELETE_MAX = 1000;

/**
 * Deletes rows of one kind by id. Only the partner's own rows are touched: another partner's id (or an unknown
 * one) is skipped, so the answer, how many were deleted, says what happened. The next run then writes the
 * item as the feed and the pairing say.
 */
export async function deleteOverrides(
  ctx: RequestContext,
  kind: HeurekaOverrideKind,
  ids: readonly (string | number)[],
) {
  const { partnerId } = await ctx.require('heurekaFeed', 'update');
  const wanted = [...new Set(ids.map(Number))].filter((id) => Number.isInteger(id) && id > 0 && id <= 2 ** 31 - 1);
  if (ids.length > OVERRIDES_DELETE_MAX) {
    throw new DomainError('VALIDATION_ERROR', {}, [{ field: 'ids', rule: 'max', params: { 0: OVERRIDES_DELETE_MAX } }]);
  }
  if (!wanted.length) return 0;
  const table = OVERRIDE_TABLES[kind];
  return ctx.db.transaction(async (tx) => {
    const deleted = await tx
      .delete(table)
      .where(and(eq(table.partnerId, partnerId), inArray(table.id, wanted)))
      .returning({ id: table.id, productId: table.productId });
    if (deleted.length) {
      await recordAudit(tx, ctx.actor(partnerId), {
        action: `heureka.override.${kind.toLowerCase()}.delete`,
        entity: 'heureka_override',
        data: { kind, count: deleted.length, productIds: [...new Set(deleted.map((d) => d.productId))].slice(0, 100) },
      });
    }
    return deleted.length;
  });
}

// ---------------------------------------------------------------------------------------------------------
// What a product run takes from the overrides.

export interface HeurekaMediaFlags {
  energyLabel: boolean;
  informationList: boolean;
  excluded: boolean;
}

export interface HeurekaOverride {
  categoryId?: number;
  /** The parameter codes of the override's category: the feed's other parameters are left out. */
  parameterCodes?: Set<string>;
  params?: { name: string; value: string }[];
  packageSize?: 'SMALLBOX' | 'BIGBOX';
  /** The product's measures in the catalogue, which a package size needs (packageSizeTogether). */
  measures?: { weight: number | null; width: number; length: number; height: number } | null;
  media?: Map<string, HeurekaMediaFlags>;
}

/**
 * The overrides of these ids (ITEM_IDs, and ITEMGROUP_IDs for a product of variants) of the partner, read
 * for one batch of a run.
 */
export async function heurekaOverridesFor(
  db: DbOrTx,
  partnerId: number,
  itemIds: string[],
): Promise<Map<string, HeurekaOverride>> {
  const ids = [...new Set(itemIds)];
  const found = new Map<string, HeurekaOverride>();
  if (!ids.length) return found;
  const of = (id: string) => {
    const o = found.get(id) ?? {};
    found.set(id, o);
    return o;
  };
  const [category, box, media] = await Promise.all([
    db
      .select()
      .from(heurekaCategoryOverrides)
      .where(and(eq(heurekaCategoryOverrides.partnerId, partnerId), inArray(heurekaCategoryOverrides.productId, ids)))
      .orderBy(heurekaCategoryOverrides.id),
    db
      .select()
      .from(heurekaBoxOverrides)
      .where(and(eq(heurekaBoxOverrides.partnerId, partnerId), inArray(heurekaBoxOverrides.productId, ids))),
    db
      .select()
      .from(heurekaMediaOverrides)
      .where(and(eq(heurekaMediaOverrides.partnerId, partnerId), inArray(heurekaMediaOverrides.productId, ids)))
      .orderBy(heurekaMediaOverrides.id),
  ]);
  for (const r of category) {
    const o = of(r.productId);
    o.categoryId = r.categoryId;
    if (r.param !== '') o.params = [...(o.params ?? []), { name: r.param, value: r.value }];
  }
  if (category.length) {
    const categoryIds = [...new Set(category.map((r) => r.categoryId))];
    const codes = new Map<number, Set<string>>(categoryIds.map((id) => [id, new Set()]));
    const rows = await db
      .select({ categoryId: categoryParameters.categoryId, code: categoryParameters.code })
      .from(categoryParameters)
      .where(inArray(categoryParameters.categoryId, categoryIds));
    for (const r of rows) codes.get(r.categoryId)!.add(r.code);
    for (const o of found.values()) if (o.categoryId !== undefined) o.parameterCodes = codes.get(o.categoryId);
  }
  for (const r of box) of(r.productId).packageSize = r.boxType as HeurekaBoxType;
  for (const r of media) {
    const flags = { energyLabel: r.energyLabel, informationList: r.informationList, excluded: r.excluded };
    const o = of(r.productId);
    o.media = o.media ?? new Map();
    o.media.set(r.url, flags);
  }
  if (box.length) {
    const measured = await db
      .select({
        id: products.id,
        weight: products.weight,
        width: products.width,
        length: products.length,
        height: products.height,
      })
      .from(products)
      .where(
        and(
          eq(products.partnerId, partnerId),
          inArray(
            products.id,
            box.map((b) => b.productId),
          ),
        ),
      );
    for (const m of measured) {
      if (m.width === null || m.length === null || m.height === null) continue;
      of(m.id).measures = { weight: m.weight, width: m.width, length: m.length, height: m.height };
    }
  }
  return found;
}

/** The ids an item's overrides may be kept under: its ITEM_ID, and the product id of its variant group. */
export const overrideIdsOf = (item: Pick<HeurekaItem, 'itemId' | 'itemGroupId'>): string[] =>
  item.itemGroupId ? [item.itemId, item.itemGroupId] : [item.itemId];

/** The item's overrides: those of its ITEM_ID, else those of its group's product id. */
export function overrideOf(
  found: Map<string, HeurekaOverride>,
  item: Pick<HeurekaItem, 'itemId' | 'itemGroupId'>,
): HeurekaOverride | undefined {
  return found.get(item.itemId) ?? (item.itemGroupId ? found.get(item.itemGroupId) : undefined);
}

const leaf = (name: string, text: string | number): XmlNode => ({ name, text: String(text), children: [] });
const childText = (node: XmlNode, name: string) => node.children.find((c) => c.name === name)?.text ?? '';

/**
 * A generated ITEM with the seller's overrides applied: the category; each override parameter replaces the
 * feed's PARAMs of that code; the package size, written (with the product's measures) only where the catalogue
 * can keep it, i.e. when the product has its width, length and height (the settings' box follows the same rule);
 * media flags on the feed's pictures of those URLs, excluded pictures left out (the next one becomes the main
 * one), and an energy label or information sheet the feed does not list added after its pictures.
 */
export function withHeurekaOverrides(node: XmlNode, o: HeurekaOverride | undefined): XmlNode {
  if (!o) return node;
  let children = node.children;
  if (o.categoryId !== undefined) {
    const category = leaf('CATEGORY_ID', o.categoryId);
    children = children.some((c) => c.name === 'CATEGORY_ID')
      ? children.map((c) => (c.name === 'CATEGORY_ID' ? category : c))
      : [category, ...children];
    // Parameters paired for the feed's category may not exist in this one: the product rules would refuse them.
    const codes = o.parameterCodes;
    if (codes) {
      children = children.flatMap((c) => {
        if (c.name === 'PARAM') return codes.has(childText(c, 'NAME')) ? [c] : [];
        if (c.name !== 'VARIABLE_PARAMS') return [c];
        const kept = c.children.filter((p) => codes.has(p.text));
        return kept.length ? [{ ...c, children: kept }] : [];
      });
    }
  }
  if (o.params?.length) {
    const names = new Set(o.params.map((p) => p.name));
    children = [
      ...children.filter((c) => c.name !== 'PARAM' || !names.has(childText(c, 'NAME'))),
      ...o.params.map((p) => ({ name: 'PARAM', text: '', children: [leaf('NAME', p.name), leaf('VALUE', p.value)] })),
    ];
  }
  if (o.packageSize) {
    const size = leaf('PACKAGE_SIZE', o.packageSize.toLowerCase());
    if (children.some((c) => c.name === 'PACKAGE_SIZE')) {
      children = children.map((c) => (c.name === 'PACKAGE_SIZE' ? size : c));
    } else if (o.measures) {
      const m = o.measures;
      const dimensions = [
        ...(m.weight === null ? [] : [leaf('WEIGHT', m.weight)]),
        leaf('WIDTH', m.width),
        leaf('LENGTH', m.length),
        leaf('HEIGHT', m.height),
      ];
      children = [
        ...children.filter((c) => c.name !== 'DIMENSIONS'),
        size,
        { name: 'DIMENSIONS', text: '', children: dimensions },
      ];
    }
  }
  if (o.media?.size) children = withMediaOverrides(children, o.media);
  return { ...node, children };
}

function withMediaOverrides(children: XmlNode[], media: Map<string, HeurekaMediaFlags>): XmlNode[] {
  const listed = new Set<string>();
  let mainDropped = false;
  const kept: XmlNode[] = [];
  for (const c of children) {
    if (c.name !== 'MEDIA') {
      kept.push(c);
      continue;
    }
    const url = childText(c, 'URL');
    listed.add(url);
    const flags = media.get(url);
    if (!flags) {
      kept.push(c);
    } else if (flags.excluded) {
      if (/^(true|1)$/i.test(childText(c, 'MAIN'))) mainDropped = true;
    } else {
      kept.push({ ...c, children: [...c.children.filter((m) => !FLAG_ELEMENTS.has(m.name)), ...flagNodes(flags)] });
    }
  }
  if (mainDropped) {
    const first = kept.findIndex((c) => c.name === 'MEDIA');
    if (first >= 0) {
      const m = kept[first]!;
      kept[first] = { ...m, children: m.children.map((x) => (x.name === 'MAIN' ? leaf('MAIN', 'true') : x)) };
    }
  }
  for (const [url, flags] of media) {
    if (listed.has(url) || flags.excluded || !(flags.energyLabel || flags.informationList)) continue;
    kept.push({ name: 'MEDIA', text: '', children: [leaf('URL', url), leaf('MAIN', 'false'), ...flagNodes(flags)] });
  }
  return kept;
}

const FLAG_ELEMENTS = new Set(['ENERGY_LABEL', 'INFORMATION_LIST']);
const flagNodes = (f: HeurekaMediaFlags): XmlNode[] => [
  ...(f.energyLabel ? [leaf('ENERGY_LABEL', 'true')] : []),
  ...(f.informationList ? [leaf('INFORMATION_LIST', 'true')] : []),
];

/**
 * One text that changes whenever any of the partner's overrides does (a digest of all their rows): part of the
 * key a Heureka product run recognises an unchanged item by, so that a new override maps the item again.
 */
export async function heurekaOverridesDigest(db: DbOrTx, partnerId: number): Promise<string> {
  const [row] = rowsOf<{ digest: string }>(
    await db.execute(sql`select md5(
        coalesce((select string_agg(concat_ws(chr(1), product_id, category_id, param, value), chr(2)
          order by product_id, param) from heureka_category_overrides where partner_id = ${partnerId}), '')
        || chr(3) || coalesce((select string_agg(concat_ws(chr(1), product_id, box_type), chr(2)
          order by product_id) from heureka_box_overrides where partner_id = ${partnerId}), '')
        || chr(3) || coalesce((select string_agg(concat_ws(chr(1), product_id, url, energy_label, information_list,
          excluded), chr(2) order by product_id, url) from heureka_media_overrides where partner_id = ${partnerId}), '')
      ) as digest`),
  );
  return row!.digest;
}
