import { brandIdOf, brandTag, DomainError, type GridPage } from '@pp/domain';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/service';
import type { RequestContext } from '../../platform/context';
import { type DbOrTx, rowsOf } from '../../platform/db/client';
import { accentInsensitive, buildGridQuery, cappedTotal, type GridColumn } from '../../platform/grid';
import { type BrandRequestResult, createBrandRequest } from '../catalog/brand-requests';
import { loadBrandNames } from '../catalog/rules';
import { brandRequests, brands } from '../catalog/tables';
import { heurekaPartner } from './pairing';
import { heurekaBrands } from './tables-heureka-params';

/**
 * Pairing the MANUFACTURERs of a partner's Heureka feed with the marketplace's accepted brands: a run notes
 * every manufacturer with its item count and pairs those whose brand id (the domain's `brandIdOf`) is an
 * accepted brand; a person pairs the others with a brand, or requests the brand (the brands module's request,
 * in the same transaction), after which the items wait until an operator accepts it.
 */

/** A MANUFACTURER longer than this names no brand (brand names have 20 characters): not noted. */
export const MANUFACTURER_MAX = 255;
const RECOMMENDATIONS = 20;

export interface HeurekaBrandRow {
  id: number;
  manufacturer: string;
  itemCount: number;
  brandId: string | null;
  /** The paired brand's name; null while it is only requested (or unpaired). */
  brandName: string | null;
  pairedBy: string | null;
  requested: boolean;
  /** The latest request of the partner for the requested brand: PENDING, ACCEPTED or REJECTED. */
  requestStatus: string | null;
  seenAt: Date;
  updated: Date;
}

/**
 * Notes the manufacturers a run saw with their counts and pairs the undecided ones whose brand id is an
 * accepted brand. Runs in the caller's transaction; returns how many were paired now.
 */
export async function noteHeurekaBrands(tx: DbOrTx, partnerId: number, counts: Map<string, number>): Promise<number> {
  const names = [...counts.keys()].filter((m) => m !== '' && m.length <= MANUFACTURER_MAX);
  if (!names.length) return 0;
  const result = await tx.execute(sql`insert into ${heurekaBrands} (partner_id, manufacturer, item_count)
    select ${partnerId}::int, m, n from unnest(${sql.param(names)}::text[], ${sql.param(names.map((m) => counts.get(m)!))}::int[]) as x(m, n)
    on conflict (partner_id, manufacturer) do update set item_count = excluded.item_count, seen_at = now()
    returning id, manufacturer, brand_id, paired_by`);
  const undecided = rowsOf<{ id: number; manufacturer: string; brand_id: string | null; paired_by: string | null }>(
    result,
  ).filter((r) => r.brand_id === null && r.paired_by === null);
  if (!undecided.length) return 0;
  const accepted = await loadBrandNames(
    tx,
    undecided.map((r) => brandIdOf(r.manufacturer)),
  );
  const chosen = undecided.filter((r) => accepted.has(brandIdOf(r.manufacturer)));
  if (!chosen.length) return 0;
  await tx.execute(sql`update ${heurekaBrands} as b set brand_id = c.brand, paired_by = 'AUTO', updated = now()
    from unnest(${sql.param(chosen.map((r) => Number(r.id)))}::int[], ${sql.param(chosen.map((r) => brandIdOf(r.manufacturer)))}::text[]) as c(id, brand)
    where b.id = c.id and b.partner_id = ${partnerId} and b.brand_id is null and b.paired_by is null`);
  return chosen.length;
}

/** For a run: each paired manufacturer's accepted brand (a requested brand appears once it is accepted). */
export async function heurekaBrandPairings(
  db: DbOrTx,
  partnerId: number,
): Promise<Map<string, { id: string; name: string }>> {
  const rows = await db
    .select({ manufacturer: heurekaBrands.manufacturer, id: brands.id, name: brands.name })
    .from(heurekaBrands)
    .innerJoin(brands, and(eq(brands.id, heurekaBrands.brandId), eq(brands.accepted, true)))
    .where(eq(heurekaBrands.partnerId, partnerId));
  return new Map(rows.map((r) => [r.manufacturer, { id: r.id, name: r.name }]));
}

/** Qualified by hand: the subquery must read the outer row's columns, whatever drizzle's rendering. */
const outer = (column: string) => sql`${sql.identifier('heureka_brands')}.${sql.identifier(column)}`;
const latestRequestStatus = sql<string | null>`(select r.status from ${brandRequests} r
  where r.partner_id = ${outer('partner_id')} and r.brand_id = ${outer('brand_id')}
  order by r.requested_at desc, r.id desc limit 1)`;

const rowFields = {
  id: heurekaBrands.id,
  manufacturer: heurekaBrands.manufacturer,
  itemCount: heurekaBrands.itemCount,
  brandId: heurekaBrands.brandId,
  brandName: brands.name,
  pairedBy: heurekaBrands.pairedBy,
  requested: heurekaBrands.requested,
  requestStatus: latestRequestStatus,
  seenAt: heurekaBrands.seenAt,
  updated: heurekaBrands.updated,
};

const brandJoin = and(eq(brands.id, heurekaBrands.brandId), eq(brands.accepted, true));

const COLUMNS: readonly GridColumn[] = [
  { field: 'id', sql: heurekaBrands.id, filterType: 'NUMBER', sortable: true },
  { field: 'manufacturer', sql: heurekaBrands.manufacturer, filterType: 'TEXT', sortable: true, foldAccents: true },
  { field: 'itemCount', sql: heurekaBrands.itemCount, filterType: 'NUMBER', sortable: true },
  { field: 'brandId', sql: heurekaBrands.brandId, filterType: 'TEXT', sortable: true },
  { field: 'requested', sql: heurekaBrands.requested, filterType: 'BOOLEAN' },
  { field: 'seenAt', sql: heurekaBrands.seenAt, filterType: 'DATETIME_BETWEEN', sortable: true },
];

/** The manufacturers of the partner's feed: all, only paired (to an accepted brand) or only the others. */
export async function heurekaBrandsGrid(
  ctx: RequestContext,
  grid: unknown,
  paired: boolean | null,
): Promise<GridPage<HeurekaBrandRow>> {
  const partnerId = await heurekaPartner(ctx, 'read');
  const q = buildGridQuery(grid, COLUMNS, {
    idColumn: heurekaBrands.id,
    defaultSort: { field: 'itemCount', direction: 'DESCENDING' },
    searchColumns: [accentInsensitive(heurekaBrands.manufacturer)],
  });
  const pairedSql = sql`exists (select 1 from ${brands} b where b.id = ${outer('brand_id')} and b.accepted)`;
  const where = and(
    eq(heurekaBrands.partnerId, partnerId),
    paired === null ? undefined : paired ? pairedSql : sql`not ${pairedSql}`,
    q.where,
  );
  const [rows, total] = await Promise.all([
    q.readRows((seek, limit, offset) =>
      ctx.db
        .select({ ...rowFields, ...q.cursorFields })
        .from(heurekaBrands)
        .leftJoin(brands, brandJoin)
        .where(and(where, seek))
        .orderBy(...q.orderBy)
        .limit(limit)
        .offset(offset),
    ),
    cappedTotal(ctx.db, heurekaBrands, where),
  ]);
  return q.toPage(rows, total);
}

function rowId(id: string | number): number {
  const n = Number(id);
  if (!Number.isSafeInteger(n) || n <= 0 || n > 2_147_483_647) throw new DomainError('HEUREKA_BRAND_NOT_FOUND');
  return n;
}

async function findRow(db: DbOrTx, partnerId: number, id: string | number, lock = false) {
  const query = db
    .select()
    .from(heurekaBrands)
    .where(and(eq(heurekaBrands.partnerId, partnerId), eq(heurekaBrands.id, rowId(id))));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new DomainError('HEUREKA_BRAND_NOT_FOUND');
  return row;
}

async function shown(db: DbOrTx, partnerId: number, id: number): Promise<HeurekaBrandRow> {
  const [row] = await db
    .select(rowFields)
    .from(heurekaBrands)
    .leftJoin(brands, brandJoin)
    .where(and(eq(heurekaBrands.partnerId, partnerId), eq(heurekaBrands.id, id)));
  return row!;
}

export async function heurekaBrand(ctx: RequestContext, id: string | number): Promise<HeurekaBrandRow> {
  const partnerId = await heurekaPartner(ctx, 'read');
  return shown(ctx.db, partnerId, (await findRow(ctx.db, partnerId, id)).id);
}

/** The parts of a tag a brand's tag could be (3 letters or more; a long name is cut to its first 40). */
function partsOf(tag: string): string[] {
  const text = tag.slice(0, 40);
  const parts = new Set<string>();
  for (let start = 0; start < text.length; start++) {
    for (let end = start + 3; end <= text.length; end++) parts.add(text.slice(start, end));
  }
  return [...parts];
}

/**
 * Accepted brands for a manufacturer, most similar first (trigram similarity of the brands' tags); with a
 * search, the brands whose name or id holds it.
 */
export async function heurekaBrandRecommendations(
  ctx: RequestContext,
  id: string | number,
  search: string | null,
): Promise<{ id: string; name: string; score: number }[]> {
  const partnerId = await heurekaPartner(ctx, 'read');
  const row = await findRow(ctx.db, partnerId, id);
  const typed = brandTag((search ?? '').slice(0, 100));
  const tag = typed || brandTag(row.manufacturer);
  if (!tag) return [];
  const score = sql<number>`similarity(${brands.tag}, ${tag})`;
  const rows = await ctx.db
    .select({ id: brands.id, name: brands.name, score })
    .from(brands)
    .where(
      and(
        eq(brands.accepted, true),
        typed
          ? sql`${brands.tag} like ${`%${typed}%`}`
          : // Like the brand, or inside the manufacturer's name ("Uvex" in "Uvex Sports s.r.o.").
            sql`(${brands.tag} % ${tag} or ${brands.tag} like ${`%${tag}%`} or ${brands.tag} = any(${sql.param(partsOf(tag))}::text[]))`,
      ),
    )
    .orderBy(desc(score), brands.id)
    .limit(RECOMMENDATIONS);
  return rows.map((r) => ({ ...r, score: Math.round(Number(r.score) * 1000) / 1000 }));
}

/** Pairs a manufacturer with an accepted brand, as a person chose. */
export async function pairHeurekaBrand(
  ctx: RequestContext,
  id: string | number,
  brandId: string,
): Promise<HeurekaBrandRow> {
  const partnerId = await heurekaPartner(ctx, 'update');
  return ctx.db.transaction(async (tx) => {
    const row = await findRow(tx, partnerId, id, true);
    const names = await loadBrandNames(tx, [brandId]);
    if (!names.has(brandId)) throw new DomainError('BRAND_NOT_FOUND');
    await tx
      .update(heurekaBrands)
      .set({ brandId, pairedBy: 'PERSON', requested: false, updated: new Date() })
      .where(and(eq(heurekaBrands.partnerId, partnerId), eq(heurekaBrands.id, row.id)));
    await recordAudit(tx, ctx.actor(partnerId), {
      action: 'heureka.brand.pair',
      entity: 'heureka_brand',
      entityId: row.id,
      data: { manufacturer: row.manufacturer, from: row.brandId, to: brandId },
    });
    return shown(tx, partnerId, row.id);
  });
}

/** Unpairs a manufacturer: its items are refused until it is paired again; never paired automatically again. */
export async function unpairHeurekaBrand(ctx: RequestContext, id: string | number): Promise<HeurekaBrandRow> {
  const partnerId = await heurekaPartner(ctx, 'update');
  return ctx.db.transaction(async (tx) => {
    const row = await findRow(tx, partnerId, id, true);
    await tx
      .update(heurekaBrands)
      .set({ brandId: null, pairedBy: 'PERSON', requested: false, updated: new Date() })
      .where(and(eq(heurekaBrands.partnerId, partnerId), eq(heurekaBrands.id, row.id)));
    await recordAudit(tx, ctx.actor(partnerId), {
      action: 'heureka.brand.unpair',
      entity: 'heureka_brand',
      entityId: row.id,
      data: { manufacturer: row.manufacturer, from: row.brandId },
    });
    return shown(tx, partnerId, row.id);
  });
}

/**
 * Requests the brand a manufacturer names (the brands module's request, with its rules, its similar-brands
 * question and its right) and links the manufacturer to it in the same transaction: its items wait until
 * an operator accepts the brand. A similar brand answers `success: false` with the list, nothing linked.
 */
export async function requestHeurekaBrand(
  ctx: RequestContext,
  id: string | number,
  input: unknown,
  force: boolean,
): Promise<BrandRequestResult & { row: HeurekaBrandRow }> {
  const partnerId = await heurekaPartner(ctx, 'update');
  const row = await findRow(ctx.db, partnerId, id);
  const result = await createBrandRequest(ctx, input, force, async (tx, request) => {
    await findRow(tx, partnerId, row.id, true);
    await tx
      .update(heurekaBrands)
      .set({ brandId: request.brandId, pairedBy: 'PERSON', requested: true, updated: new Date() })
      .where(and(eq(heurekaBrands.partnerId, partnerId), eq(heurekaBrands.id, row.id)));
    await recordAudit(tx, ctx.actor(partnerId), {
      action: 'heureka.brand.request',
      entity: 'heureka_brand',
      entityId: row.id,
      data: { manufacturer: row.manufacturer, brandId: request.brandId, requestId: request.id },
    });
  });
  return { ...result, row: await shown(ctx.db, partnerId, row.id) };
}

/** Pairs every undecided manufacturer whose brand id is an accepted brand; answers how many. */
export async function autoPairHeurekaBrands(ctx: RequestContext): Promise<number> {
  const partnerId = await heurekaPartner(ctx, 'update');
  return ctx.db.transaction(async (tx) => {
    const rows = await tx
      .select({ manufacturer: heurekaBrands.manufacturer, itemCount: heurekaBrands.itemCount })
      .from(heurekaBrands)
      .where(
        and(eq(heurekaBrands.partnerId, partnerId), isNull(heurekaBrands.brandId), isNull(heurekaBrands.pairedBy)),
      );
    const paired = await noteHeurekaBrands(tx, partnerId, new Map(rows.map((r) => [r.manufacturer, r.itemCount])));
    await recordAudit(tx, ctx.actor(partnerId), {
      action: 'heureka.brand.auto-pair',
      entity: 'heureka_brand',
      data: { paired },
    });
    return paired;
  });
}

/** The brands panel's figures: manufacturers, paired to an accepted brand, waiting for a request, unpaired. */
export async function heurekaBrandSummary(ctx: RequestContext) {
  const partnerId = await heurekaPartner(ctx, 'read');
  const [row] = await ctx.db
    .select({
      total: sql<number>`count(*)::int`,
      paired: sql<number>`(count(*) filter (where ${brands.id} is not null))::int`,
      requested: sql<number>`(count(*) filter (where ${brands.id} is null and ${heurekaBrands.requested}))::int`,
      unpairedItems: sql<number>`coalesce(sum(${heurekaBrands.itemCount}) filter (where ${brands.id} is null), 0)::int`,
    })
    .from(heurekaBrands)
    .leftJoin(brands, brandJoin)
    .where(eq(heurekaBrands.partnerId, partnerId));
  return {
    total: row?.total ?? 0,
    paired: row?.paired ?? 0,
    requested: row?.requested ?? 0,
    unpaired: (row?.total ?? 0) - (row?.paired ?? 0),
    unpairedItems: row?.unpairedItems ?? 0,
  };
}
