/**
 * Czech plural forms as the spec states them: 1, 2 to 4, 5 and more (and 0). i18next resolves plurals
 * through Intl.PluralRules, which gives the same categories (one, few, other); this function states the
 * rule in one place so it can be tested and used where no i18next instance exists.
 */
export function czechPluralForm(count: number): 'one' | 'few' | 'other' {
  const n = Math.abs(count);
  if (n === 1) return 'one';
  if (Number.isInteger(n) && n >= 2 && n <= 4) return 'few';
  return 'other';
}

/** The plural suffixes each language needs in its locale file, per Intl.PluralRules (integers only). */
export function requiredPluralCategories(language: string): string[] {
  const rules = new Intl.PluralRules(language);
  const categories = new Set<string>();
  for (let n = 0; n <= 200; n++) categories.add(rules.select(n));
  return [...categories].sort();
}
