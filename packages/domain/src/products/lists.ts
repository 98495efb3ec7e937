import { z } from 'zod';
import { safeText } from '../text/safeText';

/**
 * The values a product field takes from a list rather than free text (issue 18 point 21; docs/decisions.md
 * "TARIC codes and labels from lists").
 *
 * Labels are the marketplace's own small fixed set, so they are a constant here: the form offers them, the
 * server refuses anything else, and both read this one list. Their names are texts (`productLabels.<CODE>`).
 * TARIC codes are data (the CN nomenclature changes every 1 January): they live in the `taric_codes` table
 * and only their shape and the search's bounds are rules.
 */
export const PRODUCT_LABELS = ['NEW', 'SALE', 'TOP', 'TIP', 'LAST_PIECES', 'FREE_DELIVERY'] as const;
export type ProductLabel = (typeof PRODUCT_LABELS)[number];

export function isProductLabel(value: unknown): value is ProductLabel {
  return typeof value === 'string' && (PRODUCT_LABELS as readonly string[]).includes(value);
}

/** A CN code as the table keeps it: eight digits. */
export const TARIC_CODE_PATTERN = /^\d{8}$/;

/**
 * A TARIC code as a person or a feed writes it ("9403 60 10", "9403.60.10") in the stored form ("94036010"):
 * the separators carry nothing, and a code written either way must find the same row.
 */
export function normaliseTaricCode(text: string): string {
  return text.replace(/[\s.]/g, '');
}

/** How many codes one search answers at most, and how long a search text may be. */
export const TARIC_SEARCH_FIRST_MAX = 50;
export const TARIC_SEARCH_FIRST_DEFAULT = 20;
export const TARIC_SEARCH_MAX = 100;

/** The TARIC search's arguments: a code prefix or words of a description, and how many codes to answer. */
export const taricSearchSchema = z.object({
  search: safeText()
    .trim()
    .max(TARIC_SEARCH_MAX, 'max')
    .nullish()
    .transform((v) => v ?? ''),
  first: z
    .number('integer')
    .int('integer')
    .refine((n) => n >= 1 && n <= TARIC_SEARCH_FIRST_MAX, {
      message: 'numberBetween',
      params: { 0: 1, 1: TARIC_SEARCH_FIRST_MAX },
    })
    .nullish()
    .transform((v) => v ?? TARIC_SEARCH_FIRST_DEFAULT),
});
