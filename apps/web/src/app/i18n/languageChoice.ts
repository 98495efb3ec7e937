import { isLanguage, type Language, publicLanguageFromBrowser, STARTUP_LANGUAGE } from '@pp/domain';
import { readStored, STORAGE_KEYS, writeStored } from '../storage';

export type LanguageArea = 'public' | 'portal';

/** Public pages: the language stored on a public page, else the browser's (spec §1). */
export function publicLanguage(stored: string | null, browserLanguages: readonly string[]): Language {
  return isLanguage(stored) ? stored : publicLanguageFromBrowser(browserLanguages);
}

/** Logged-in pages: the stored choice, else the account's own language, else the start-up locale. */
export function portalLanguage(stored: string | null, accountLanguage?: string | null): Language {
  if (isLanguage(stored)) return stored;
  if (isLanguage(accountLanguage)) return accountLanguage;
  return STARTUP_LANGUAGE;
}

export function browserLanguages(): readonly string[] {
  return typeof navigator === 'undefined'
    ? []
    : navigator.languages?.length
      ? navigator.languages
      : [navigator.language];
}

export function languageForArea(area: LanguageArea, accountLanguage?: string | null): Language {
  return area === 'public'
    ? publicLanguage(readStored(STORAGE_KEYS.publicLanguage), browserLanguages())
    : portalLanguage(readStored(STORAGE_KEYS.language), accountLanguage);
}

export function rememberLanguage(area: LanguageArea, language: Language): void {
  writeStored(area === 'public' ? STORAGE_KEYS.publicLanguage : STORAGE_KEYS.language, language);
}
