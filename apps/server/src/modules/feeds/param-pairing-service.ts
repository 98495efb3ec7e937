import { DomainError, type GridPage, type Language, rankParameters } from '@pp/domain';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/service';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db/client';
import { accentInsensitive, buildGridQuery, cappedTotal, type GridColumn } from '../../platform/grid';
import { textIn } from '../catalog/categories';
import { categoryParameters } from '../catalog/tables';
import { autoPairParams, pairableOf } from './param-pairing';
import { type HeurekaCategoryRow, heurekaPartner, toRows } from './pairing';
import { heurekaCategories } from './tables-heureka';
import { heurekaParams, heurekaParamValues } from './tables-heureka-params';

/**
 * A person's side of pairing the PARAMs of a Heureka feed (params-values-pairing): the feed categories with
 * their pairing figures, the names of one category with the marketplace parameter each is paired with, the
 * recommendations; pairing, unpairing (by integer ids, spec) and the automatic pairing on request. Every
 * change is audited. The values of a name are param-values.ts.
 */

export type ParameterRow = typeof categoryParameters.$inferSelect;

export interface MarketplaceParameter {
  code: string;
  name: string;
  class: string;
  unit: string | null;
  multiple: boolean;
  mandatoryForListing: boolean;
  variant: boolean;
  options: { value: string; text: string }[];
}

export function parameterOf(row: ParameterRow, lang: Language): MarketplaceParameter {
  return {
    code: row.code,
    name: textIn(row.names, lang) || row.code,
    class: row.class,
    unit: row.unit,
    multiple: row.multiple,
    mandatoryForListing: row.mandatoryForListing,
    variant: row.variant,
    options: row.options.map((o) => ({ value: o.value, text: textIn(o.text, lang) || o.value })),
  };
}

export interface HeurekaParamCategoryRow extends HeurekaCategoryRow {
  params: number;
  paramsPaired: number;
  variantParams: number;
}

export interface HeurekaParamRow {
  id: number;
  heurekaCategoryId: number;
  name: string;
  itemCount: number;
  valueCount: number;
  variantGroups: number;
  parameterCode: string | null;
  /** The paired parameter, when the code is one of the marketplace category's parameters. */
  parameter: MarketplaceParameter | null;
  pairedBy: string | null;
  pairedScore: number | null;
  updated: Date;
}

/** Qualified by hand: drizzle names a single table's columns without their table, which a subquery would rebind. */
const categoryIdSql = sql`${sql.identifier('heureka_categories')}.${sql.identifier('id')}`;
const paramCount = (condition = sql`true`) =>
  sql<number>`(select count(*)::int from ${heurekaParams} p where p.heureka_category_id = ${categoryIdSql} and ${condition})`;
/** Paired: with a code the marketplace category has (a code it lacks is not used by the runs). */
const pairedCount = paramCount(
  sql`exists (select 1 from ${categoryParameters} cp where cp.category_id = ${sql.identifier('heureka_categories')}.${sql.identifier('category_id')} and cp.code = p.parameter_code)`,
);
const variantCount = paramCount(sql`p.variant_groups > 0`);

const COLUMNS: readonly GridColumn[] = [
  { field: 'id', sql: heurekaCategories.id, filterType: 'NUMBER', sortable: true },
  { field: 'categoryText', sql: heurekaCategories.categoryText, filterType: 'TEXT', sortable: true, foldAccents: true },
  { field: 'itemCount', sql: heurekaCategories.itemCount, filterType: 'NUMBER', sortable: true },
];

/** The partner's feed categories paired with a marketplace category, with how many of their names are paired. */
export async function heurekaParamCategoriesGrid(
  ctx: RequestContext,
  grid: unknown,
): Promise<GridPage<HeurekaParamCategoryRow>> {
  const partnerId = await heurekaPartner(ctx, 'read');
  const q = buildGridQuery(grid, COLUMNS, {
    idColumn: heurekaCategories.id,
    defaultSort: { field: 'itemCount', direction: 'DESCENDING' },
    searchColumns: [accentInsensitive(heurekaCategories.categoryText)],
  });
  const where = and(
    eq(heurekaCategories.partnerId, partnerId),
    sql`${heurekaCategories.categoryId} is not null`,
    q.where,
  );
  const [rows, total] = await Promise.all([
    q.readRows((seek, limit, offset) =>
      ctx.db
        .select({
          row: heurekaCategories,
          params: paramCount(),
          paramsPaired: pairedCount,
          variantParams: variantCount,
          ...q.cursorFields,
        })
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
    shaped.map((row, i) => {
      const r = rows[i]!;
      return {
        ...row,
        params: r.params,
        paramsPaired: r.paramsPaired,
        variantParams: r.variantParams,
        gridSortKey: r.gridSortKey,
        gridRowKey: r.gridRowKey,
      };
    }),
    total,
  );
}

export function rowId(
  id: string | number,
  code: 'HEUREKA_PARAM_NOT_FOUND' | 'HEUREKA_PARAM_VALUE_NOT_FOUND' | 'HEUREKA_CATEGORY_NOT_FOUND',
): number {
  const n = Number(id);
  if (!Number.isSafeInteger(n) || n <= 0 || n > 2_147_483_647) throw new DomainError(code);
  return n;
}

/** The partner's feed category and the marketplace category's parameters (null when it is not paired). */
export async function categoryOf(db: DbOrTx, partnerId: number, heurekaCategoryId: string | number) {
  const [row] = await db
    .select()
    .from(heurekaCategories)
    .where(
      and(
        eq(heurekaCategories.partnerId, partnerId),
        eq(heurekaCategories.id, rowId(heurekaCategoryId, 'HEUREKA_CATEGORY_NOT_FOUND')),
      ),
    );
  if (!row) throw new DomainError('HEUREKA_CATEGORY_NOT_FOUND');
  const parameters = row.categoryId
    ? await db
        .select()
        .from(categoryParameters)
        .where(eq(categoryParameters.categoryId, row.categoryId))
        .orderBy(asc(categoryParameters.position), asc(categoryParameters.id))
    : [];
  return { row, parameters };
}

export async function findParam(db: DbOrTx, partnerId: number, id: string | number, lock = false) {
  const query = db
    .select()
    .from(heurekaParams)
    .where(and(eq(heurekaParams.partnerId, partnerId), eq(heurekaParams.id, rowId(id, 'HEUREKA_PARAM_NOT_FOUND'))));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new DomainError('HEUREKA_PARAM_NOT_FOUND');
  return row;
}

type ParamStored = typeof heurekaParams.$inferSelect;

async function paramRows(
  db: DbOrTx,
  rows: ParamStored[],
  parameters: ParameterRow[],
  lang: Language,
): Promise<HeurekaParamRow[]> {
  const byCode = new Map(parameters.map((p) => [p.code, p]));
  const counts = new Map<number, number>();
  if (rows.length) {
    const found = await db
      .select({ paramId: heurekaParamValues.paramId, n: sql<number>`count(*)::int` })
      .from(heurekaParamValues)
      .where(sql`${heurekaParamValues.paramId} = any(${sql.param(rows.map((r) => r.id))}::int[])`)
      .groupBy(heurekaParamValues.paramId);
    for (const f of found) counts.set(f.paramId, f.n);
  }
  return rows.map((r) => {
    const parameter = r.parameterCode ? byCode.get(r.parameterCode) : undefined;
    return {
      id: r.id,
      heurekaCategoryId: r.heurekaCategoryId,
      name: r.name,
      itemCount: r.itemCount,
      valueCount: counts.get(r.id) ?? 0,
      variantGroups: r.variantGroups,
      parameterCode: r.parameterCode,
      parameter: parameter ? parameterOf(parameter, lang) : null,
      pairedBy: r.pairedBy,
      pairedScore: r.pairedScore,
      updated: r.updated,
    };
  });
}

/** The PARAM names of one of the partner's feed categories, most used first (at most 200 per category). */
export async function heurekaFeedParams(
  ctx: RequestContext,
  heurekaCategoryId: string | number,
): Promise<HeurekaParamRow[]> {
  const partnerId = await heurekaPartner(ctx, 'read');
  const { row, parameters } = await categoryOf(ctx.db, partnerId, heurekaCategoryId);
  const rows = await ctx.db
    .select()
    .from(heurekaParams)
    .where(and(eq(heurekaParams.partnerId, partnerId), eq(heurekaParams.heurekaCategoryId, row.id)))
    .orderBy(desc(heurekaParams.itemCount), asc(heurekaParams.name), asc(heurekaParams.id));
  return paramRows(ctx.db, rows, parameters, ctx.lang);
}

/** The parameters of the marketplace category a feed category is paired with (empty while unpaired). */
export async function heurekaCategoryParameters(
  ctx: RequestContext,
  heurekaCategoryId: string | number,
): Promise<MarketplaceParameter[]> {
  const partnerId = await heurekaPartner(ctx, 'read');
  const { parameters } = await categoryOf(ctx.db, partnerId, heurekaCategoryId);
  return parameters.map((p) => parameterOf(p, ctx.lang));
}

/** The marketplace category's parameters for one PARAM name: the similar ones first by score, then the rest. */
export async function heurekaParamRecommendations(
  ctx: RequestContext,
  paramId: string | number,
): Promise<{ parameter: MarketplaceParameter; score: number }[]> {
  const partnerId = await heurekaPartner(ctx, 'read');
  const param = await findParam(ctx.db, partnerId, paramId);
  const { parameters } = await categoryOf(ctx.db, partnerId, param.heurekaCategoryId);
  const scores = new Map(rankParameters(param.name, parameters.map(pairableOf)).map((s) => [s.code, s.score]));
  return parameters
    .map((p) => ({ parameter: parameterOf(p, ctx.lang), score: scores.get(p.code) ?? 0 }))
    .sort((a, b) => b.score - a.score);
}

async function shownParam(db: DbOrTx, partnerId: number, id: number, lang: Language): Promise<HeurekaParamRow> {
  const param = await findParam(db, partnerId, id);
  const { parameters } = await categoryOf(db, partnerId, param.heurekaCategoryId);
  const [row] = await paramRows(db, [param], parameters, lang);
  return row!;
}

/**
 * Pairs a PARAM name with a parameter of the feed category's marketplace category. Choosing another
 * parameter forgets the person's value choices made for the previous one (they were its options).
 */
export async function pairHeurekaParam(
  ctx: RequestContext,
  paramId: string | number,
  parameterCode: string,
): Promise<HeurekaParamRow> {
  const partnerId = await heurekaPartner(ctx, 'update');
  return ctx.db.transaction(async (tx) => {
    const param = await findParam(tx, partnerId, paramId, true);
    const { row, parameters } = await categoryOf(tx, partnerId, param.heurekaCategoryId);
    if (!row.categoryId) throw new DomainError('HEUREKA_PARAM_CATEGORY_UNPAIRED');
    if (!parameters.some((p) => p.code === parameterCode)) {
      throw new DomainError('VALIDATION_ERROR', {}, [
        { field: 'parameterCode', rule: 'parameterUnknown', params: { 0: parameterCode.slice(0, 100) } },
      ]);
    }
    if (param.parameterCode !== parameterCode) await forgetValueChoices(tx, partnerId, param.id);
    await tx
      .update(heurekaParams)
      .set({ parameterCode, pairedBy: 'PERSON', pairedScore: null, updated: new Date() })
      .where(and(eq(heurekaParams.partnerId, partnerId), eq(heurekaParams.id, param.id)));
    await recordAudit(tx, ctx.actor(partnerId), {
      action: 'heureka.param.pair',
      entity: 'heureka_param',
      entityId: param.id,
      data: { name: param.name, categoryText: row.categoryText, from: param.parameterCode, to: parameterCode },
    });
    return shownParam(tx, partnerId, param.id, ctx.lang);
  });
}

async function forgetValueChoices(tx: DbOrTx, partnerId: number, paramId: number) {
  await tx
    .update(heurekaParamValues)
    .set({ mappedValue: null, pairedBy: null, updated: new Date() })
    .where(and(eq(heurekaParamValues.partnerId, partnerId), eq(heurekaParamValues.paramId, paramId)));
}

/** Unpairs a PARAM name: products leave it out from the next run; never paired automatically again. */
export async function unpairHeurekaParam(ctx: RequestContext, paramId: string | number): Promise<HeurekaParamRow> {
  const partnerId = await heurekaPartner(ctx, 'update');
  return ctx.db.transaction(async (tx) => {
    const param = await findParam(tx, partnerId, paramId, true);
    await forgetValueChoices(tx, partnerId, param.id);
    await tx
      .update(heurekaParams)
      .set({ parameterCode: null, pairedBy: 'PERSON', pairedScore: null, updated: new Date() })
      .where(and(eq(heurekaParams.partnerId, partnerId), eq(heurekaParams.id, param.id)));
    await recordAudit(tx, ctx.actor(partnerId), {
      action: 'heureka.param.unpair',
      entity: 'heureka_param',
      entityId: param.id,
      data: { name: param.name, from: param.parameterCode },
    });
    return shownParam(tx, partnerId, param.id, ctx.lang);
  });
}

/** Pairs the undecided names of one feed category whose parameter is clear; answers how many. */
export async function autoPairHeurekaParams(ctx: RequestContext, heurekaCategoryId: string | number): Promise<number> {
  const partnerId = await heurekaPartner(ctx, 'update');
  return ctx.db.transaction(async (tx) => {
    const { row } = await categoryOf(tx, partnerId, heurekaCategoryId);
    if (!row.categoryId) throw new DomainError('HEUREKA_PARAM_CATEGORY_UNPAIRED');
    const paired = await autoPairParams(tx, partnerId, { heurekaCategoryId: row.id });
    await recordAudit(tx, ctx.actor(partnerId), {
      action: 'heureka.param.auto-pair',
      entity: 'heureka_category',
      entityId: row.id,
      data: { paired },
    });
    return paired;
  });
}
