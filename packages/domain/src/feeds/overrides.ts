import { z } from 'zod';
import type { FieldIssue } from '../errors/codes';
import { isHttpUrl } from '../registration/validators';
import { HEUREKA_ITEM_ID_MAX } from './heureka';
import { HEUREKA_BOX_TYPES } from './heureka-settings';
import { isProductId } from '../products/rules';

/**
 * The seller's corrections of what its Heureka feed says (spec "Overrides"), kept in the portal so that they
 * hold on every run: a category override puts an item (ITEM_ID) into a marketplace category whatever its
 * CATEGORYTEXT is paired with, and may set parameters; a box override gives its package size; a media override
 * marks one of its picture URLs as the energy label or the product information sheet, or leaves it out.
 * They are uploaded as CSV files (POST /hci-v2/partners/{partnerId}/…-overrides) and listed in grids.
 */

export const HEUREKA_OVERRIDE_KINDS = ['CATEGORY', 'BOX', 'MEDIA'] as const;
export type HeurekaOverrideKind = (typeof HEUREKA_OVERRIDE_KINDS)[number];

/** Data rows of one upload: the catalogue imports' bound (IMPORT_TOO_MANY_ROWS says 100,000). */
export const OVERRIDES_CSV_MAX_ROWS = 100_000;
/** Bytes of one upload: the catalogue imports' bound (IMPORT_FILE_TOO_LARGE says 50 MB). */
export const OVERRIDES_CSV_MAX_BYTES = 50 * 1024 * 1024;
/** Refused rows listed in the answer; the count says how many there are in all. */
export const OVERRIDES_CSV_ERRORS_LISTED = 100;
/** A parameter code of the catalogue and a value as the product form takes them. */
export const OVERRIDE_PARAM_MAX = 100;
export const OVERRIDE_VALUE_MAX = 500;
export const OVERRIDE_URL_MAX = 2000;
export const OVERRIDE_CATEGORY_MAX = 20;

/**
 * The columns of each kind's file, in order. The last `optional` columns may be left out of the header (a file
 * of the spec's three media fields is complete without `excluded`).
 */
export const OVERRIDE_CSV_COLUMNS: Record<HeurekaOverrideKind, { columns: readonly string[]; optional: number }> = {
  CATEGORY: { columns: ['partnerProductId', 'sapCategoryId', 'param', 'value'], optional: 0 },
  BOX: { columns: ['partnerProductId', 'boxType'], optional: 0 },
  MEDIA: { columns: ['partnerProductId', 'url', 'energyLabel', 'informationList', 'excluded'], optional: 1 },
};

/** A header name as compared: case, blanks, "_" and "-" do not count ("energy_label" is energyLabel). */
const headerKey = (name: string) => name.replace(/[\s_-]/g, '').toLowerCase();

/** The columns a header row names, or null when it is not the kind's header. */
export function overrideCsvHeader(kind: HeurekaOverrideKind, cells: readonly string[]): string[] | null {
  const { columns, optional } = OVERRIDE_CSV_COLUMNS[kind];
  // A spreadsheet may add empty cells after the last named column.
  let named = cells.length;
  while (named > 0 && cells[named - 1]!.trim() === '') named--;
  if (named < columns.length - optional || named > columns.length) return null;
  for (let i = 0; i < named; i++) if (headerKey(cells[i]!) !== headerKey(columns[i]!)) return null;
  return columns.slice(0, named) as string[];
}

/** The separator of a file, from its header line: a semicolon when it has one (our exports' CSV), else a comma. */
export function overrideCsvDelimiter(headerLine: string): ';' | ',' {
  return headerLine.includes(';') ? ';' : ',';
}

/**
 * Text a spreadsheet would run as a formula when the file is opened again (=, +, -, @, a tab or carriage
 * return first). A sign followed only by digits and separators is a number ("-5", "+1,5") and passes, as in
 * the exports' neutralising.
 */
export function isFormulaLike(text: string): boolean {
  if (/^[+-][\d\s.,/]*$/.test(text)) return false;
  return /^[=+\-@\t\r]/.test(text);
}

const notFormula = (s: string) => !isFormulaLike(s);

const productIdSchema = z
  .string()
  .trim()
  .min(1, 'required')
  .max(HEUREKA_ITEM_ID_MAX, 'max')
  .refine(isProductId, 'productId');

/** true/false, 1/0, yes/no in any case; an empty cell is false. */
const flagSchema = z
  .string()
  .trim()
  .transform((v, ctx) => {
    const lower = v.toLowerCase();
    if (lower === '' || lower === 'false' || lower === '0' || lower === 'no') return false;
    if (lower === 'true' || lower === '1' || lower === 'yes') return true;
    ctx.addIssue({ code: 'custom', message: 'overrideFlag' });
    return z.NEVER;
  });

export const categoryOverrideRowSchema = z
  .object({
    partnerProductId: productIdSchema,
    sapCategoryId: z.string().trim().min(1, 'required').max(OVERRIDE_CATEGORY_MAX, 'max'),
    param: z.string().trim().max(OVERRIDE_PARAM_MAX, 'max').refine(notFormula, 'overrideFormula').default(''),
    value: z.string().trim().max(OVERRIDE_VALUE_MAX, 'max').refine(notFormula, 'overrideFormula').default(''),
  })
  .superRefine((row, ctx) => {
    // A parameter needs its value and a value its parameter: half of one says nothing a product could carry.
    if (row.param !== '' && row.value === '') ctx.addIssue({ code: 'custom', path: ['value'], message: 'required' });
    if (row.value !== '' && row.param === '') ctx.addIssue({ code: 'custom', path: ['param'], message: 'required' });
  });
export type CategoryOverrideRow = z.output<typeof categoryOverrideRowSchema>;

export const boxOverrideRowSchema = z.object({
  partnerProductId: productIdSchema,
  boxType: z
    .string()
    .trim()
    .transform((v) => v.toUpperCase())
    .pipe(z.enum(HEUREKA_BOX_TYPES, 'overrideBoxType')),
});
export type BoxOverrideRow = z.output<typeof boxOverrideRowSchema>;

export const mediaOverrideRowSchema = z.object({
  partnerProductId: productIdSchema,
  url: z
    .string()
    .trim()
    .min(1, 'required')
    .max(OVERRIDE_URL_MAX, 'max')
    .refine((v) => isHttpUrl(v), 'url'),
  energyLabel: flagSchema,
  informationList: flagSchema,
  excluded: flagSchema.default(false),
});
export type MediaOverrideRow = z.output<typeof mediaOverrideRowSchema>;

export type OverrideRow<K extends HeurekaOverrideKind> = K extends 'CATEGORY'
  ? CategoryOverrideRow
  : K extends 'BOX'
    ? BoxOverrideRow
    : MediaOverrideRow;

const SCHEMAS = {
  CATEGORY: categoryOverrideRowSchema,
  BOX: boxOverrideRowSchema,
  MEDIA: mediaOverrideRowSchema,
} as const;

/**
 * One data row of a file, judged on its own: the row (cells named by the header's columns) or its issues,
 * each naming the column, the rule (a key under `validation.`) and the file's line in `params.row`.
 */
export function readOverrideRow<K extends HeurekaOverrideKind>(
  kind: K,
  columns: readonly string[],
  cells: readonly string[],
  line: number,
): { row: OverrideRow<K>; issues: null } | { row: null; issues: FieldIssue[] } {
  const extra = cells.slice(columns.length).some((c) => c.trim() !== '');
  if (cells.length < columns.length || extra) {
    return {
      row: null,
      issues: [{ field: 'row', rule: 'overrideColumns', params: { row: line, 0: columns.length } }],
    };
  }
  // A cell a spreadsheet would run is refused whatever its column: the file is fixed and uploaded again.
  const formulas = columns.filter((_, i) => isFormulaLike(cells[i]!.trim()));
  if (formulas.length) {
    return { row: null, issues: formulas.map((field) => ({ field, rule: 'overrideFormula', params: { row: line } })) };
  }
  const record = Object.fromEntries(columns.map((c, i) => [c, cells[i] ?? '']));
  const parsed = SCHEMAS[kind].safeParse(record);
  if (parsed.success) return { row: parsed.data as OverrideRow<K>, issues: null };
  const issues: FieldIssue[] = parsed.error.issues.map((issue) => ({
    field: issue.path.join('.') || 'row',
    rule: /^[a-zA-Z]+$/.test(issue.message) ? issue.message : 'invalid',
    params: { row: line, ...('maximum' in issue ? { 0: Number(issue.maximum) } : {}) },
  }));
  return { row: null, issues };
}

/** A sample file of each kind: the header and two rows, as the pages offer it for download. */
export const OVERRIDE_CSV_SAMPLES: Record<HeurekaOverrideKind, readonly (readonly string[])[]> = {
  CATEGORY: [
    ['HELMET-1', '1234', '', ''],
    ['HELMET-1', '1234', 'COLOR', 'red'],
  ],
  BOX: [
    ['HELMET-1', 'SMALLBOX'],
    ['FRIDGE-7', 'BIGBOX'],
  ],
  MEDIA: [
    ['FRIDGE-7', 'https://shop.example/img/fridge-label.png', 'true', 'false', 'false'],
    ['FRIDGE-7', 'https://shop.example/docs/fridge-sheet.pdf', 'false', 'true', 'false'],
  ],
};
