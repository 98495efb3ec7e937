import {
  autoParameterChoice,
  autoParamValue,
  HEUREKA_PARAM_NAMES_MAX,
  HEUREKA_PARAM_TEXT_MAX,
  HEUREKA_PARAM_VALUES_MAX,
  type HeurekaParam,
  type PairableParameter,
  type ParameterClass,
  rankParameters,
} from '@pp/domain';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../platform/db/client';
import { categoryParameters } from '../catalog/tables';
import { heurekaCategories } from './tables-heureka';
import { heurekaParams, heurekaParamValues } from './tables-heureka-params';

/**
 * The run's side of pairing the PARAMs of a Heureka feed: what a run notes (names, values and their counts
 * per feed category, which names vary in variant groups), the automatic pairing of a name whose marketplace
 * parameter is clear, and the pairings a run maps its items with. A person's side is param-pairing-service.ts.
 */

export interface ParamNote {
  items: number;
  /** Variant groups whose items differ by this name. */
  groups: number;
  values: Map<string, number>;
}

/** One name of one feed category, as a key. */
export const paramKey = (categoryText: string, name: string) => `${categoryText}\u0000${name}`;

/** What a run saw, per feed category path: bounded (HEUREKA_PARAM_NAMES_MAX, HEUREKA_PARAM_VALUES_MAX). */
export class ParamNotes {
  readonly byCategory = new Map<string, Map<string, ParamNote>>();

  /** Every noted name as a key (paramKey). */
  *keys(): Generator<string> {
    for (const [text, names] of this.byCategory) for (const name of names.keys()) yield paramKey(text, name);
  }

  /** The notes of the names not among `keys` (what a run has not written yet). */
  without(keys: ReadonlySet<string>): ParamNotes {
    const rest = new ParamNotes();
    for (const [text, names] of this.byCategory) {
      for (const [name, note] of names) {
        if (keys.has(paramKey(text, name))) continue;
        const kept = rest.byCategory.get(text) ?? new Map<string, ParamNote>();
        kept.set(name, note);
        rest.byCategory.set(text, kept);
      }
    }
    return rest;
  }

  private noteOf(categoryText: string, name: string): ParamNote | null {
    if (name.length > HEUREKA_PARAM_TEXT_MAX) return null;
    let names = this.byCategory.get(categoryText);
    if (!names) {
      names = new Map();
      this.byCategory.set(categoryText, names);
    }
    let note = names.get(name);
    if (!note) {
      if (names.size >= HEUREKA_PARAM_NAMES_MAX) return null;
      note = { items: 0, groups: 0, values: new Map() };
      names.set(name, note);
    }
    return note;
  }

  /** One item's PARAMs: each name counts the item once, each value once per item. */
  item(categoryText: string, params: readonly HeurekaParam[]) {
    const seen = new Map<string, Set<string>>();
    for (const p of params) {
      const values = seen.get(p.name) ?? new Set<string>();
      values.add(p.value);
      seen.set(p.name, values);
    }
    for (const [name, values] of seen) {
      const note = this.noteOf(categoryText, name);
      if (!note) continue;
      note.items++;
      for (const value of values) {
        if (value.length > HEUREKA_PARAM_TEXT_MAX) continue;
        const n = note.values.get(value);
        if (n !== undefined) note.values.set(value, n + 1);
        else if (note.values.size < HEUREKA_PARAM_VALUES_MAX) note.values.set(value, 1);
      }
    }
  }

  /** A variant group of the category varies by these names. */
  group(categoryText: string, names: readonly string[]) {
    for (const name of names) {
      const note = this.noteOf(categoryText, name);
      if (note) note.groups++;
    }
  }
}

/** A marketplace parameter row as the domain's pairing reads it: names and option texts in every language. */
export function pairableOf(row: typeof categoryParameters.$inferSelect): PairableParameter {
  return {
    code: row.code,
    class: row.class as ParameterClass,
    unit: row.unit,
    names: Object.values(row.names),
    options: row.options.map((o) => ({ value: o.value, texts: Object.values(o.text) })),
  };
}

/**
 * Nobody decided the name: never paired and never unpaired by a person, or paired automatically with a code
 * its feed category's marketplace category no longer has (the feed category was paired with another).
 */
const undecidedSql = sql`((${heurekaParams.parameterCode} is null and ${heurekaParams.pairedBy} is null)
  or (${heurekaParams.pairedBy} = 'AUTO' and not exists (select 1 from ${categoryParameters} cp
    where cp.category_id = ${heurekaCategories.categoryId} and cp.code = ${heurekaParams.parameterCode})))`;

/**
 * Pairs the given undecided names (never paired, never unpaired by a person) of feed categories paired with a
 * marketplace category, where one parameter of that category clearly matches. Returns how many were paired.
 */
export async function autoPairParams(
  tx: DbOrTx,
  partnerId: number,
  scope: { ids?: number[]; heurekaCategoryId?: number },
): Promise<number> {
  const undecided = await tx
    .select({ id: heurekaParams.id, name: heurekaParams.name, categoryId: heurekaCategories.categoryId })
    .from(heurekaParams)
    .innerJoin(heurekaCategories, eq(heurekaCategories.id, heurekaParams.heurekaCategoryId))
    .where(
      and(
        eq(heurekaParams.partnerId, partnerId),
        undecidedSql,
        isNotNull(heurekaCategories.categoryId),
        scope.ids ? inArray(heurekaParams.id, scope.ids) : undefined,
        scope.heurekaCategoryId ? eq(heurekaParams.heurekaCategoryId, scope.heurekaCategoryId) : undefined,
      ),
    );
  if (!undecided.length) return 0;
  const categoryIds = [...new Set(undecided.map((r) => r.categoryId as number))];
  const rows = await tx
    .select()
    .from(categoryParameters)
    .where(sql`${categoryParameters.categoryId} = any(${sql.param(categoryIds)}::int[])`);
  const byCategory = new Map<number, PairableParameter[]>();
  for (const row of rows) {
    const list = byCategory.get(row.categoryId) ?? [];
    list.push(pairableOf(row));
    byCategory.set(row.categoryId, list);
  }
  const chosen = undecided.flatMap((r) => {
    const choice = autoParameterChoice(rankParameters(r.name, byCategory.get(r.categoryId as number) ?? []));
    return choice ? [{ id: r.id, code: choice.code, score: choice.score }] : [];
  });
  if (!chosen.length) return 0;
  await tx.execute(sql`update ${heurekaParams} as p
    set parameter_code = c.code, paired_by = 'AUTO', paired_score = c.score, updated = now()
    from unnest(${sql.param(chosen.map((c) => c.id))}::int[], ${sql.param(chosen.map((c) => c.code))}::text[],
      ${sql.param(chosen.map((c) => c.score))}::real[]) as c(id, code, score)
    where p.id = c.id and p.partner_id = ${partnerId} and (p.paired_by is null or p.paired_by = 'AUTO')`);
  return chosen.length;
}

/**
 * Notes what a run saw of the PARAMs of its feed categories (rows created, counts refreshed; with `values`,
 * the distinct values and their counts too) and pairs the new and undecided names automatically where the
 * choice is clear. Paths without a row in heureka_categories (noted first by the category pairing) are skipped.
 */
export async function noteHeurekaParams(
  tx: DbOrTx,
  partnerId: number,
  notes: ParamNotes,
  opts: { values: boolean },
): Promise<{ noted: number; autoPaired: number }> {
  const texts = [...notes.byCategory.keys()];
  if (!texts.length) return { noted: 0, autoPaired: 0 };
  const categories = await tx
    .select({ id: heurekaCategories.id, text: heurekaCategories.categoryText })
    .from(heurekaCategories)
    .where(and(eq(heurekaCategories.partnerId, partnerId), inArray(heurekaCategories.categoryText, texts)));
  const rows: { categoryId: number; name: string; note: ParamNote }[] = [];
  for (const c of categories) {
    for (const [name, note] of notes.byCategory.get(c.text) ?? []) rows.push({ categoryId: c.id, name, note });
  }
  if (!rows.length) return { noted: 0, autoPaired: 0 };
  const result =
    await tx.execute(sql`insert into ${heurekaParams} (partner_id, heureka_category_id, name, item_count, variant_groups)
    select ${partnerId}::int, c, n, i, g from unnest(${sql.param(rows.map((r) => r.categoryId))}::int[],
      ${sql.param(rows.map((r) => r.name))}::text[], ${sql.param(rows.map((r) => r.note.items))}::int[],
      ${sql.param(rows.map((r) => r.note.groups))}::int[]) as x(c, n, i, g)
    on conflict (heureka_category_id, name) do update
      set item_count = excluded.item_count, variant_groups = excluded.variant_groups, seen_at = now()
    returning id, heureka_category_id, name`);
  const ids = rowsOf<{ id: number; heureka_category_id: number; name: string }>(result);
  if (opts.values) {
    const idOf = new Map(ids.map((r) => [`${Number(r.heureka_category_id)}\u0000${r.name}`, Number(r.id)]));
    const values = rows.flatMap((r) => {
      const paramId = idOf.get(`${r.categoryId}\u0000${r.name}`)!;
      return [...r.note.values].map(([value, n]) => ({ paramId, value, n }));
    });
    if (values.length) {
      await tx.execute(sql`insert into ${heurekaParamValues} (partner_id, param_id, value, item_count)
        select ${partnerId}::int, p, v, n from unnest(${sql.param(values.map((v) => v.paramId))}::int[],
          ${sql.param(values.map((v) => v.value))}::text[], ${sql.param(values.map((v) => v.n))}::int[]) as x(p, v, n)
        on conflict (param_id, value) do update set item_count = excluded.item_count`);
    }
  }
  const autoPaired = await autoPairParams(tx, partnerId, { ids: ids.map((r) => Number(r.id)) });
  return { noted: ids.length, autoPaired };
}

interface PairedParam {
  id: number;
  parameter: PairableParameter;
  multiple: boolean;
}

/** The pairings a run maps items with: per feed path, the paired names; a person's value choices. */
export interface ParamPairings {
  byCategory: Map<string, Map<string, PairedParam>>;
  /** Per param row, the values a person decided: the marketplace value, or null to leave it out. */
  values: Map<number, Map<string, string | null>>;
}

/** The partner's paired PARAM names whose code is a parameter of the feed category's marketplace category. */
export async function loadParamPairings(db: DbOrTx, partnerId: number): Promise<ParamPairings> {
  const rows = await db
    .select({
      id: heurekaParams.id,
      name: heurekaParams.name,
      text: heurekaCategories.categoryText,
      parameter: categoryParameters,
    })
    .from(heurekaParams)
    .innerJoin(heurekaCategories, eq(heurekaCategories.id, heurekaParams.heurekaCategoryId))
    .innerJoin(
      categoryParameters,
      and(
        eq(categoryParameters.categoryId, heurekaCategories.categoryId),
        eq(categoryParameters.code, heurekaParams.parameterCode),
      ),
    )
    .where(eq(heurekaParams.partnerId, partnerId));
  const byCategory = new Map<string, Map<string, PairedParam>>();
  for (const r of rows) {
    const names = byCategory.get(r.text) ?? new Map<string, PairedParam>();
    names.set(r.name, { id: r.id, parameter: pairableOf(r.parameter), multiple: r.parameter.multiple });
    byCategory.set(r.text, names);
  }
  const values = new Map<number, Map<string, string | null>>();
  const ids = rows.map((r) => r.id);
  if (ids.length) {
    const decided = await db
      .select({
        paramId: heurekaParamValues.paramId,
        value: heurekaParamValues.value,
        mapped: heurekaParamValues.mappedValue,
      })
      .from(heurekaParamValues)
      .where(
        and(
          eq(heurekaParamValues.partnerId, partnerId),
          eq(heurekaParamValues.pairedBy, 'PERSON'),
          sql`${heurekaParamValues.paramId} = any(${sql.param(ids)}::int[])`,
        ),
      );
    for (const d of decided) {
      const map = values.get(d.paramId) ?? new Map<string, string | null>();
      map.set(d.value, d.mapped);
      values.set(d.paramId, map);
    }
  }
  return { byCategory, values };
}

/** The marketplace value of one VAL of a paired name: a person's choice, else the automatic one. */
export function mappedValueOf(pairings: ParamPairings, paired: PairedParam, value: string): string | null {
  const decided = pairings.values.get(paired.id);
  if (decided?.has(value)) return decided.get(value) ?? null;
  return autoParamValue(paired.parameter, value);
}

/**
 * An item's PARAMs as the marketplace's (code, value) pairs: unpaired names and values without a marketplace
 * value are left out; a value repeated is kept once; a parameter that takes one value keeps the first.
 */
export function marketplaceParams(
  pairings: ParamPairings,
  categoryText: string,
  params: readonly HeurekaParam[],
): { code: string; value: string }[] {
  const names = pairings.byCategory.get(categoryText);
  if (!names) return [];
  const out: { code: string; value: string }[] = [];
  const taken = new Map<string, Set<string>>();
  for (const p of params) {
    const paired = names.get(p.name);
    if (!paired) continue;
    const value = mappedValueOf(pairings, paired, p.value);
    if (value === null) continue;
    const code = paired.parameter.code;
    const values = taken.get(code);
    if (values && (values.has(value) || !paired.multiple)) continue;
    taken.set(code, (values ?? new Set()).add(value));
    out.push({ code, value });
  }
  return out;
}

/** The marketplace codes of a group's varying names that are paired (in the order of the names). */
export function variableCodes(pairings: ParamPairings, categoryText: string, names: readonly string[]): string[] {
  const paired = pairings.byCategory.get(categoryText);
  if (!paired) return [];
  return [...new Set(names.flatMap((n) => (paired.has(n) ? [paired.get(n)!.parameter.code] : [])))];
}
