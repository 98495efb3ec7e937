import { autoParamValue, DomainError, type Language, parameterIssues, searchKey } from '@pp/domain';
import { and, asc, desc, eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/service';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db/client';
import { textIn } from '../catalog/categories';
import { parameterDefOf } from '../catalog/rules';
import { pairableOf } from './param-pairing';
import { categoryOf, findParam, type ParameterRow, rowId } from './param-pairing-service';
import { heurekaPartner } from './pairing';
import { heurekaParamValues } from './tables-heureka-params';

/**
 * The values (VAL) of one PARAM name and what each becomes in the marketplace: the automatic conversion
 * (domain autoParamValue) unless a person chose a value or to leave it out. Every change is audited.
 */

export interface HeurekaParamValueRow {
  id: number;
  paramId: number;
  value: string;
  itemCount: number;
  /** What the product gets: a person's choice, else the automatic conversion; null = left out. */
  mappedValue: string | null;
  /** The option's text in the reader's language, for ENUM parameters. */
  mappedText: string | null;
  automaticValue: string | null;
  /** PERSON when a person decided; null when the value is converted automatically. */
  pairedBy: string | null;
}

async function paramWithParameter(db: DbOrTx, partnerId: number, paramId: number) {
  const param = await findParam(db, partnerId, paramId);
  const { parameters } = await categoryOf(db, partnerId, param.heurekaCategoryId);
  const parameter = parameters.find((p) => p.code === param.parameterCode) ?? null;
  return { param, parameter };
}

function valueRowsOf(
  rows: (typeof heurekaParamValues.$inferSelect)[],
  parameter: ParameterRow | null,
  lang: Language,
): HeurekaParamValueRow[] {
  const pairable = parameter ? pairableOf(parameter) : null;
  const optionText = (value: string | null) => {
    const option = value === null ? undefined : parameter?.options.find((o) => o.value === value);
    return option ? textIn(option.text, lang) || option.value : null;
  };
  return rows.map((r) => {
    const automaticValue = pairable ? autoParamValue(pairable, r.value) : null;
    const mappedValue = r.pairedBy === 'PERSON' ? r.mappedValue : automaticValue;
    return {
      id: r.id,
      paramId: r.paramId,
      value: r.value,
      itemCount: r.itemCount,
      mappedValue,
      mappedText: optionText(mappedValue),
      automaticValue,
      pairedBy: r.pairedBy,
    };
  });
}

/** The distinct values of a PARAM name (at most 500), most used first, with what each becomes; searchable. */
export async function heurekaParamValuesList(
  ctx: RequestContext,
  paramId: string | number,
  search: string | null,
): Promise<HeurekaParamValueRow[]> {
  const partnerId = await heurekaPartner(ctx, 'read');
  const { param, parameter } = await paramWithParameter(ctx.db, partnerId, rowId(paramId, 'HEUREKA_PARAM_NOT_FOUND'));
  const rows = await ctx.db
    .select()
    .from(heurekaParamValues)
    .where(and(eq(heurekaParamValues.partnerId, partnerId), eq(heurekaParamValues.paramId, param.id)))
    .orderBy(desc(heurekaParamValues.itemCount), asc(heurekaParamValues.value), asc(heurekaParamValues.id));
  const key = searchKey((search ?? '').slice(0, 100));
  const shown = key ? rows.filter((r) => searchKey(r.value).includes(key)) : rows;
  return valueRowsOf(shown, parameter, ctx.lang);
}

async function findValue(db: DbOrTx, partnerId: number, id: string | number) {
  const [row] = await db
    .select()
    .from(heurekaParamValues)
    .where(
      and(
        eq(heurekaParamValues.partnerId, partnerId),
        eq(heurekaParamValues.id, rowId(id, 'HEUREKA_PARAM_VALUE_NOT_FOUND')),
      ),
    )
    .for('update');
  if (!row) throw new DomainError('HEUREKA_PARAM_VALUE_NOT_FOUND');
  return row;
}

/**
 * A person decides what one VAL becomes: a value of the paired parameter (an option for ENUM, a number for
 * NUMBER… judged by the product rules' parameter check), `null` to leave it out, or `automatic` to go back
 * to the automatic conversion.
 */
export async function decideHeurekaParamValue(
  ctx: RequestContext,
  valueId: string | number,
  decision: { value: string | null } | 'automatic',
): Promise<HeurekaParamValueRow> {
  const partnerId = await heurekaPartner(ctx, 'update');
  return ctx.db.transaction(async (tx) => {
    const row = await findValue(tx, partnerId, valueId);
    const { param, parameter } = await paramWithParameter(tx, partnerId, row.paramId);
    if (!parameter) throw new DomainError('HEUREKA_PARAM_UNPAIRED');
    let mapped: string | null = null;
    if (decision !== 'automatic' && decision.value !== null) {
      mapped = decision.value.trim();
      const issues = parameterIssues([parameterDefOf(parameter)], { [parameter.code]: mapped }, { forListing: false });
      if (mapped === '') issues.push({ field: 'value', rule: 'required' });
      if (issues.length) {
        throw new DomainError(
          'VALIDATION_ERROR',
          {},
          issues.slice(0, 1).map((i) => ({ ...i, field: 'value' })),
        );
      }
    }
    const [updated] = await tx
      .update(heurekaParamValues)
      .set({ mappedValue: mapped, pairedBy: decision === 'automatic' ? null : 'PERSON', updated: new Date() })
      .where(and(eq(heurekaParamValues.partnerId, partnerId), eq(heurekaParamValues.id, row.id)))
      .returning();
    await recordAudit(tx, ctx.actor(partnerId), {
      action:
        decision === 'automatic'
          ? 'heureka.param-value.auto'
          : mapped === null
            ? 'heureka.param-value.unpair'
            : 'heureka.param-value.pair',
      entity: 'heureka_param_value',
      entityId: row.id,
      data: { name: param.name, value: row.value, parameterCode: parameter.code, from: row.mappedValue, to: mapped },
    });
    return valueRowsOf([updated!], parameter, ctx.lang)[0]!;
  });
}
