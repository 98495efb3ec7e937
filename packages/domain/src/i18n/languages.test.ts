import { describe, expect, it } from 'vitest';
import { languageFromAcceptLanguage, publicLanguageFromBrowser } from './languages';
import { czechPluralForm, requiredPluralCategories } from './plural';

describe('languages', () => {
  it('maps the browser language for public pages as the spec says', () => {
    expect(publicLanguageFromBrowser(['cs-CZ'])).toBe('cs');
    expect(publicLanguageFromBrowser(['sk'])).toBe('cs');
    expect(publicLanguageFromBrowser(['pl-PL', 'en'])).toBe('pl');
    expect(publicLanguageFromBrowser(['en-US'])).toBe('en');
    expect(publicLanguageFromBrowser(['hu'])).toBe('en');
    expect(publicLanguageFromBrowser(['de'])).toBe('en');
    expect(publicLanguageFromBrowser([])).toBe('en');
  });

  it('reads the accepted language header by weight, falling back to en', () => {
    expect(languageFromAcceptLanguage('de;q=1, sk;q=0.8, cs;q=0.9')).toBe('cs');
    expect(languageFromAcceptLanguage('hr')).toBe('hr');
    expect(languageFromAcceptLanguage('fr-FR')).toBe('en');
    expect(languageFromAcceptLanguage(undefined)).toBe('en');
  });

  it('uses the Czech plural forms 1, 2 to 4, 5 and more', () => {
    expect([0, 1, 2, 4, 5, 11, 22].map(czechPluralForm)).toEqual([
      'other',
      'one',
      'few',
      'few',
      'other',
      'other',
      'other',
    ]);
    const rules = new Intl.PluralRules('cs');
    for (const n of [0, 1, 2, 3, 4, 5, 21, 100]) expect(rules.select(n)).toBe(czechPluralForm(n));
  });

  it('knows which plural forms each language needs', () => {
    expect(requiredPluralCategories('cs')).toEqual(['few', 'one', 'other']);
    expect(requiredPluralCategories('en')).toEqual(['one', 'other']);
    expect(requiredPluralCategories('pl')).toEqual(['few', 'many', 'one']);
  });
});
