import type { CategoryRules, FieldIssue, ProductInput } from '@pp/domain';
import type { DbOrTx } from '../../platform/db/client';
import { loadBrandNames, loadCategoryRules } from '../catalog/rules';
import type { ParsedBatch } from './import-prepare';
import type { Accepted, ImportJobScope, Refused } from './import-types';
import { knownTaricCodes } from './taric';

/**
 * The checks of an import batch that look things up but need no product row or lock: the category, the brand
 * and the TARIC code each item names, cached for the whole import. The import runs them for the next batch
 * while the previous one is written (import-write.ts).
 */

/** Categories and brands met so far in this import: a feed names the same few hundred again and again. */
export interface ImportCache {
  categories: Map<number, CategoryRules | null>;
  brands: Map<string, string | null>;
  /** TARIC codes met so far: whether the table holds them. */
  taricCodes: Map<string, boolean>;
}

export function newImportCache(): ImportCache {
  return { categories: new Map(), brands: new Map(), taricCodes: new Map() };
}

async function fillCache(db: DbOrTx, scope: ImportJobScope, cache: ImportCache, batch: ParsedBatch) {
  const categoryIds = batch.categoryIds.filter((id) => !cache.categories.has(id));
  const brandIds = batch.brandIds.filter((id) => !cache.brands.has(id));
  if (categoryIds.length) {
    const rules = await loadCategoryRules(db, scope.shopId, scope.partnerId, categoryIds);
    for (const id of categoryIds) cache.categories.set(id, rules.get(id) ?? null);
  }
  if (brandIds.length) {
    const names = await loadBrandNames(db, brandIds);
    for (const id of brandIds) cache.brands.set(id, names.get(id) ?? null);
  }
}

/** A multiple parameter's single value read from a file becomes the list the form would send. */
function normaliseParameters(input: ProductInput, category: CategoryRules | null): void {
  if (!category) return;
  for (const def of category.parameters) {
    const value = input.parameters[def.code];
    if (def.multiple && typeof value === 'string') input.parameters[def.code] = [value];
  }
}

/** A batch read and judged by the rules that need no product row: what is left for the transaction. */
export interface PreparedBatch {
  items: number;
  /** Every product id of the batch, written or refused. */
  ids: string[];
  candidates: (Omit<Accepted, 'title'> & { brandName: string | null; issues: FieldIssue[] })[];
  refused: Refused[];
}

/**
 * The work of a batch that needs no lock after parsing (import-prepare.ts): the category and brand look-ups.
 * The import runs it for the next batch while the previous one is being written.
 */
export async function prepareBatch(
  scope: ImportJobScope,
  cache: ImportCache,
  parsed: ParsedBatch,
): Promise<PreparedBatch> {
  await fillCache(scope.db, scope, cache, parsed);
  const codes = parsed.candidates.map((c) => c.input.taricCode).filter((c): c is string => c !== null);
  const unseen = [...new Set(codes.filter((c) => !cache.taricCodes.has(c)))];
  if (unseen.length) {
    const known = await knownTaricCodes(scope.db, unseen);
    for (const code of unseen) cache.taricCodes.set(code, known.has(code));
  }
  const prepared: PreparedBatch = { items: parsed.items, ids: parsed.ids, candidates: [], refused: parsed.refused };
  for (const { input, stage, keepStatus, issues } of parsed.candidates) {
    const category = input.categoryId === null ? null : (cache.categories.get(input.categoryId) ?? null);
    if (input.categoryId !== null && !category) issues.push({ field: 'categoryId', rule: 'invalid' });
    const brandName = input.brandId === null ? null : (cache.brands.get(input.brandId) ?? null);
    if (input.brandId !== null && brandName === null) issues.push({ field: 'brandId', rule: 'invalid' });
    // The form's rule: a TARIC code is one of the table's (taric.ts).
    if (input.taricCode !== null && !cache.taricCodes.get(input.taricCode)) {
      issues.push({ field: 'taricCode', rule: 'in' });
    }
    normaliseParameters(input, category);
    prepared.candidates.push({ input, stage, keepStatus, category, brandName, issues });
  }
  return prepared;
}
