import { searchKey } from '../catalog/categories';
import type { ParameterClass } from '../catalog/categories';
import { parseDecimal } from '../products/rules';
import { AUTO_PAIR_MIN_LEAD, AUTO_PAIR_MIN_SCORE, pairingWords, wordSimilarity } from './pairing';

/**
 * Pairing the PARAMs of a seller's Heureka feed (PARAM_NAME, VAL) with the parameters of the marketplace
 * category the feed category is paired with (issue 21 "params-values-pairing"):
 *  - a PARAM_NAME is scored against each parameter's names in every language by the category pairing's word
 *    similarity (folding, stop words, shared stems: "Barvy" ~ "Barva"), as the F1 of the words both share;
 *  - a VAL is turned into the parameter's value automatically: an ENUM option by its code or its name in any
 *    language, a NUMBER parsed with its unit converted to the parameter's ("250 g" → 0.25 for kg), a BOOLEAN
 *    from yes/no words of the seven languages, a TEXT as it is. A person may choose otherwise.
 */

/** Bounds of what a run notes per feed category: names, and distinct values per name. */
export const HEUREKA_PARAM_NAMES_MAX = 200;
export const HEUREKA_PARAM_VALUES_MAX = 500;
/** A PARAM_NAME or VAL longer than this is not noted (the marketplace keeps parameter values to 255). */
export const HEUREKA_PARAM_TEXT_MAX = 255;

/** A marketplace parameter as the pairing sees it. */
export interface PairableParameter {
  code: string;
  class: ParameterClass;
  unit: string | null;
  /** The parameter's names in every language it has. */
  names: readonly string[];
  /** Each option's value and its names in every language. */
  options: readonly { value: string; texts: readonly string[] }[];
}

export interface ParameterScore {
  code: string;
  score: number;
}

/** A name without what is in brackets ("Hmotnost (kg)" → "Hmotnost"): units say nothing about which parameter. */
function nameWords(text: string): string[] {
  return pairingWords(text.replace(/\([^)]*\)|\[[^\]]*\]/g, ' '));
}

/** Unweighted F1 of the words of two names, each word counted by its best partial match on the other side. */
function nameScore(a: readonly string[], b: readonly string[]): number {
  if (!a.length || !b.length) return 0;
  const side = (xs: readonly string[], ys: readonly string[]) =>
    xs.reduce((sum, x) => sum + Math.max(...ys.map((y) => wordSimilarity(x, y))), 0) / xs.length;
  const recall = side(a, b);
  const precision = side(b, a);
  return recall + precision === 0 ? 0 : (2 * recall * precision) / (recall + precision);
}

const round = (n: number) => Math.round(n * 1000) / 1000;

/** Every parameter's similarity to a PARAM_NAME, best first (ties by code); zero scores left out. */
export function rankParameters(paramName: string, parameters: readonly PairableParameter[]): ParameterScore[] {
  const seller = nameWords(paramName);
  const scores = parameters.flatMap((p) => {
    const best = Math.max(0, ...[...p.names, p.code.replace(/_/g, ' ')].map((n) => nameScore(seller, nameWords(n))));
    return best > 0 ? [{ code: p.code, score: round(best) }] : [];
  });
  return scores.sort((a, b) => b.score - a.score || a.code.localeCompare(b.code));
}

/** The parameter a PARAM_NAME is paired with without asking anybody: as the categories (score and lead). */
export function autoParameterChoice(ranked: readonly ParameterScore[]): ParameterScore | null {
  const [best, second] = ranked;
  if (!best || best.score < AUTO_PAIR_MIN_SCORE) return null;
  if (second && best.score - second.score < AUTO_PAIR_MIN_LEAD - 1e-9) return null;
  return best;
}

/** Units a feed writes, each as a factor of its dimension's base unit. */
const UNITS: Record<string, { dimension: string; factor: number }> = {
  mg: { dimension: 'mass', factor: 0.001 },
  g: { dimension: 'mass', factor: 1 },
  dkg: { dimension: 'mass', factor: 10 },
  kg: { dimension: 'mass', factor: 1000 },
  t: { dimension: 'mass', factor: 1_000_000 },
  mm: { dimension: 'length', factor: 0.1 },
  cm: { dimension: 'length', factor: 1 },
  dm: { dimension: 'length', factor: 10 },
  m: { dimension: 'length', factor: 100 },
  km: { dimension: 'length', factor: 100_000 },
  in: { dimension: 'length', factor: 2.54 },
  '"': { dimension: 'length', factor: 2.54 },
  palcu: { dimension: 'length', factor: 2.54 },
  palce: { dimension: 'length', factor: 2.54 },
  palec: { dimension: 'length', factor: 2.54 },
  ml: { dimension: 'volume', factor: 0.001 },
  cl: { dimension: 'volume', factor: 0.01 },
  dl: { dimension: 'volume', factor: 0.1 },
  l: { dimension: 'volume', factor: 1 },
  mb: { dimension: 'data', factor: 1 / 1024 },
  gb: { dimension: 'data', factor: 1 },
  tb: { dimension: 'data', factor: 1024 },
  w: { dimension: 'power', factor: 1 },
  kw: { dimension: 'power', factor: 1000 },
  mah: { dimension: 'charge', factor: 1 },
  ah: { dimension: 'charge', factor: 1000 },
  v: { dimension: 'voltage', factor: 1 },
  hz: { dimension: 'frequency', factor: 1 },
  khz: { dimension: 'frequency', factor: 1000 },
  mhz: { dimension: 'frequency', factor: 1_000_000 },
  ghz: { dimension: 'frequency', factor: 1_000_000_000 },
  db: { dimension: 'noise', factor: 1 },
  eu: { dimension: 'shoe', factor: 1 },
};

const unitOf = (text: string | null) => (text ? UNITS[searchKey(text).replace(/[\s.]/g, '')] : undefined);

/** "250 g", "1,5kg", "6.1\"", "128" → the number and its unit text (empty when none); null when no number. */
export function parseMeasure(text: string): { value: number; unit: string } | null {
  const match = /^\s*([+-]?\d[\d\s\u00a0]*(?:[.,]\d+)?)\s*(.*?)\s*$/.exec(text);
  if (!match) return null;
  const value = parseDecimal(match[1]!);
  if (value === null || !Number.isFinite(value)) return null;
  return { value, unit: match[2]! };
}

/** A number as the marketplace stores it: a dot, no exponent, at most six decimals, no trailing zeros. */
function numberText(n: number): string {
  return String(Math.round(n * 1_000_000) / 1_000_000);
}

/** The value in the parameter's unit, or null when the units do not convert (another dimension, unknown). */
export function convertMeasure(text: string, targetUnit: string | null): number | null {
  const measure = parseMeasure(text);
  if (!measure) return null;
  if (measure.unit === '') return measure.value;
  const from = unitOf(measure.unit);
  const to = unitOf(targetUnit);
  if (targetUnit && searchKey(measure.unit) === searchKey(targetUnit)) return measure.value;
  if (!from || !to || from.dimension !== to.dimension) return null;
  return (measure.value * from.factor) / to.factor;
}

const YES = new Set(['true', '1', 'yes', 'y', 'ano', 'a', 'tak', 'igen', 'da', 'je', 'ima']);
const NO = new Set(['false', '0', 'no', 'n', 'ne', 'nie', 'nem', 'nein', 'nema', 'ni']);

/**
 * The parameter value a VAL becomes without a person's choice, or null when there is no sure one (the PARAM is
 * then left out of the product until a person pairs the value).
 */
export function autoParamValue(parameter: PairableParameter, val: string): string | null {
  const text = val.trim();
  if (text === '') return null;
  switch (parameter.class) {
    case 'TEXT':
      return text.length <= HEUREKA_PARAM_TEXT_MAX ? text : null;
    case 'BOOLEAN': {
      const key = searchKey(text);
      return YES.has(key) ? 'true' : NO.has(key) ? 'false' : null;
    }
    case 'NUMBER': {
      const n = convertMeasure(text, parameter.unit);
      return n === null ? null : numberText(n);
    }
    case 'ENUM': {
      const key = searchKey(text);
      const named = parameter.options.find(
        (o) => searchKey(o.value) === key || o.texts.some((t) => searchKey(t) === key),
      );
      if (named) return named.value;
      // Numeric options ("128" GB) take a VAL with a unit ("128 GB", "0,5 TB") by its number.
      const n = convertMeasure(text, parameter.unit);
      if (n === null) return null;
      const numeric = parameter.options.find((o) => {
        const v = parseDecimal(o.value);
        return v !== null && Number.isFinite(v) && Math.abs(v - n) < 1e-6;
      });
      return numeric?.value ?? null;
    }
  }
}

/**
 * The PARAM names that make the variants of one ITEMGROUP_ID: those whose value is not the same in every item
 * (an item without the name counts as a different value).
 */
export function varyingParamNames(items: readonly (readonly { name: string; value: string }[])[]): string[] {
  if (items.length < 2) return [];
  const valuesOf = (params: readonly { name: string; value: string }[], name: string) =>
    params
      .filter((p) => p.name === name)
      .map((p) => p.value)
      .sort()
      .join('\u0000');
  const names = [...new Set(items.flatMap((params) => params.map((p) => p.name)))];
  return names.filter((name) => {
    const first = valuesOf(items[0]!, name);
    return items.some((params) => valuesOf(params, name) !== first);
  });
}
