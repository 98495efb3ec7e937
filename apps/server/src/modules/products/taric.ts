import {
  type FieldIssue,
  type Language,
  PRODUCT_LABELS,
  type ProductLabel,
  TARIC_CODE_PATTERN,
  taricSearchSchema,
} from '@pp/domain';
import { sql } from 'drizzle-orm';
import type { RequestContext } from '../../platform/context';
import { type DbOrTx, rowsOf } from '../../platform/db/client';
import { validationError } from '../../platform/errors';
import { accentFolded } from '../../platform/grid';
import { translate } from '../../platform/i18n';

export interface TaricCodeOption {
  code: string;
  /** In the caller's language (English when the table has none in it). */
  description: string;
}

const likeEscaped = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The spec's "taric codes" call: CN codes whose code starts with the search's digits ("9403", "9403 60"), or
 * whose description in any language holds the search's words without case and diacritics ("nabytek" finds
 * "Nábytek"); blank lists the first codes. Shared data, for any member of the selected partner.
 */
export async function taricCodeOptions(
  ctx: RequestContext,
  args: { search?: string | null; first?: number | null },
): Promise<TaricCodeOption[]> {
  await ctx.requirePartner();
  const parsed = taricSearchSchema.safeParse(args);
  if (!parsed.success) throw validationError(parsed.error);
  const { search, first } = parsed.data;
  const digits = search.replace(/[\s.]/g, '');
  const where = /^\d+$/.test(digits)
    ? sql`code like ${`${likeEscaped(digits)}%`}`
    : search
      ? sql`search like ${accentFolded(`%${likeEscaped(search)}%`)}`
      : sql`true`;
  const rows = rowsOf<{ code: string; descriptions: Record<string, string> }>(
    await ctx.db.execute(sql`select code, descriptions from taric_codes where ${where} order by code limit ${first}`),
  );
  return rows.map((r) => ({ code: r.code, description: describe(r.descriptions, ctx.lang) }));
}

function describe(descriptions: Record<string, string>, lang: Language): string {
  return descriptions[lang] ?? descriptions.en ?? Object.values(descriptions)[0] ?? '';
}

/**
 * The product's TARIC code checked against the table: a code that is not there is refused with the spec's
 * `in` ("Choose one of the offered values"), on every path that writes it (form, XML import).
 */
export async function taricCodeIssues(db: DbOrTx, code: string | null, field = 'taricCode'): Promise<FieldIssue[]> {
  if (code === null) return [];
  const known = await knownTaricCodes(db, [code]);
  return known.has(code) ? [] : [{ field, rule: 'in' }];
}

/** Which of these codes the table holds (a feed names the same few again and again: asked once per batch). */
export async function knownTaricCodes(db: DbOrTx, codes: readonly string[]): Promise<Set<string>> {
  const wanted = [...new Set(codes)].filter((c) => TARIC_CODE_PATTERN.test(c));
  if (!wanted.length) return new Set();
  const rows = rowsOf<{ code: string }>(
    await db.execute(sql`select code from taric_codes where code = any(${sql.param(wanted)}::text[])`),
  );
  return new Set(rows.map((r) => r.code));
}

export interface ProductLabelOption {
  code: ProductLabel;
  name: string;
}

/** The spec's "labels" call: the marketplace's labels with their names in the caller's language. */
export async function productLabelOptions(ctx: RequestContext): Promise<ProductLabelOption[]> {
  await ctx.requirePartner();
  return PRODUCT_LABELS.map((code) => ({ code, name: translate(ctx.lang, `productLabels.${code}`) }));
}
