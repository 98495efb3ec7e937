import type { FieldIssue } from '../errors/codes';
import { parseDecimal } from '../products/rules';
import { foldDiacritics } from './fold';

export const PARAMETER_CLASSES = ['TEXT', 'NUMBER', 'ENUM', 'BOOLEAN'] as const;
export type ParameterClass = (typeof PARAMETER_CLASSES)[number];

export const PARAMETER_CONSTRAINTS = [
  'ALL',
  'BETWEEN',
  'EQUAL',
  'GREATER_THEN',
  'IN',
  'LESS_THEN',
  'NOT_EQUAL',
  'NOT_IN',
] as const;
export type ParameterConstraint = (typeof PARAMETER_CONSTRAINTS)[number];

/** A category may let variants be built from at most two parameters (spec §5, HCI_API_TOO_MANY_PARAMS). */
export const MAX_VARIANT_PARAMETERS = 2;

/** The deepest level of the category tree: products belong to its leaves only. */
export const CATEGORY_LEAF_LEVEL = 3;

/** The values a BOOLEAN parameter takes, as products and the XML feed carry them. */
export const BOOLEAN_PARAMETER_VALUES = ['true', 'false'] as const;

export interface CategoryParameterDef {
  code: string;
  class: ParameterClass;
  unit: string | null;
  multiple: boolean;
  mandatoryForListing: boolean;
  variant: boolean;
  /** `text`: the option's name in the shop's language, when known (variant titles use it). */
  options: { value: string; text?: string }[];
  constraint: { type: ParameterConstraint; values: string[] } | null;
}

export interface CategoryRules {
  id: number;
  level: number;
  locked: boolean;
  recyclingFee: boolean;
  energyLabelRequired: boolean;
  informationSheetRequired: boolean;
  parameters: CategoryParameterDef[];
}

export type ParameterValues = Record<string, string | string[]>;

/** The values a product gives a parameter, blanks left out: an empty text or list is no value. */
function valuesOf(value: string | string[] | undefined): string[] {
  if (value === undefined || value === null) return [];
  const list = Array.isArray(value) ? value : [value];
  return list.map((v) => String(v).trim()).filter((v) => v !== '');
}

function numberOf(text: string): number | null {
  const n = parseDecimal(text);
  return n !== null && Number.isFinite(n) ? n : null;
}

/** Compares as numbers when both sides are numbers (so "10" > "9"), otherwise as exact text. */
function compare(a: string, b: string): number {
  const x = numberOf(a);
  const y = numberOf(b);
  if (x !== null && y !== null) return x - y;
  return a === b ? 0 : a < b ? -1 : 1;
}

function meetsConstraint(value: string, constraint: NonNullable<CategoryParameterDef['constraint']>): boolean {
  const [first = '', second = ''] = constraint.values;
  switch (constraint.type) {
    case 'ALL':
      return true;
    case 'BETWEEN':
      return compare(value, first) >= 0 && compare(value, second) <= 0;
    case 'EQUAL':
      return compare(value, first) === 0;
    case 'NOT_EQUAL':
      return compare(value, first) !== 0;
    case 'GREATER_THEN':
      return compare(value, first) > 0;
    case 'LESS_THEN':
      return compare(value, first) < 0;
    case 'IN':
      return constraint.values.some((v) => compare(value, v) === 0);
    case 'NOT_IN':
      return !constraint.values.some((v) => compare(value, v) === 0);
  }
}

/**
 * The condition in a form every language reads the same (symbols, not words), for the message
 * "The value does not meet the category's condition {{0}}".
 */
export function constraintText(constraint: NonNullable<CategoryParameterDef['constraint']>): string {
  const [first = '', second = ''] = constraint.values;
  switch (constraint.type) {
    case 'ALL':
      return '*';
    case 'BETWEEN':
      return `${first} – ${second}`;
    case 'EQUAL':
      return `= ${first}`;
    case 'NOT_EQUAL':
      return `≠ ${first}`;
    case 'GREATER_THEN':
      return `> ${first}`;
    case 'LESS_THEN':
      return `< ${first}`;
    case 'IN':
      return `∈ {${constraint.values.join(', ')}}`;
    case 'NOT_IN':
      return `∉ {${constraint.values.join(', ')}}`;
  }
}

/** The first problem of one value of a parameter, or null. */
function valueIssue(def: CategoryParameterDef, value: string): Omit<FieldIssue, 'field'> | null {
  if (def.class === 'NUMBER' && numberOf(value) === null) return { rule: 'parameterNumber' };
  if (def.class === 'BOOLEAN' && !(BOOLEAN_PARAMETER_VALUES as readonly string[]).includes(value)) {
    return { rule: 'parameterOption', params: { 0: BOOLEAN_PARAMETER_VALUES.join(', ') } };
  }
  if (def.class === 'ENUM' && def.options.length > 0 && !def.options.some((o) => o.value === value)) {
    return { rule: 'parameterOption', params: { 0: def.options.map((o) => o.value).join(', ') } };
  }
  if (def.constraint && !meetsConstraint(value, def.constraint)) {
    return { rule: 'parameterConstraint', params: { 0: constraintText(def.constraint) } };
  }
  return null;
}

/**
 * The problems of a product's parameter values against its category's parameters. Mandatory parameters are
 * required only when the product is to be listed (set live), so a draft can be saved half-filled.
 */
export function parameterIssues(
  defs: CategoryParameterDef[],
  values: ParameterValues,
  opts: { forListing: boolean },
): FieldIssue[] {
  const byCode = new Map(defs.map((d) => [d.code, d]));
  const issues: FieldIssue[] = [];
  for (const [code, raw] of Object.entries(values)) {
    const field = `parameters.${code}`;
    const def = byCode.get(code);
    const list = valuesOf(raw);
    if (!def) {
      if (list.length > 0) issues.push({ field, rule: 'parameterUnknown', params: { 0: code } });
      continue;
    }
    if (list.length > 1 && !def.multiple) {
      issues.push({ field, rule: 'parameterSingle' });
      continue;
    }
    for (const value of list) {
      const issue = valueIssue(def, value);
      if (issue) {
        issues.push({ field, ...issue });
        break;
      }
    }
  }
  if (opts.forListing) {
    for (const def of defs) {
      if (def.mandatoryForListing && valuesOf(values[def.code]).length === 0) {
        issues.push({ field: `parameters.${def.code}`, rule: 'parameterMandatory' });
      }
    }
  }
  return issues;
}

/** The problems of the parameters a product builds its variants from. */
export function variableParameterIssues(defs: CategoryParameterDef[], codes: string[]): FieldIssue[] {
  const issues: FieldIssue[] = [];
  if (codes.length > MAX_VARIANT_PARAMETERS) {
    issues.push({ field: 'variableParameters', rule: 'tooManyVariantParameters' });
  }
  codes.forEach((code, i) => {
    const def = defs.find((d) => d.code === code);
    if (!def?.variant) issues.push({ field: `variableParameters.${i}`, rule: 'variantParameter', params: { 0: code } });
  });
  return issues;
}

/** The form of a text that searches compare: lower case, no diacritics, single spaces. */
export function searchKey(text: string): string {
  return foldDiacritics(text).toLowerCase().replace(/\s+/g, ' ').trim();
}
