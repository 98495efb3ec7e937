import { FALLBACK_LANGUAGE, type Language, LANGUAGES } from '@pp/domain';
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { TranslationBackend, type TranslationBackendOptions } from './translationBackend';

/** One i18next instance configured as the portal needs it; tests create their own with a stub fetch. */
export async function createI18n(language: Language, backend: TranslationBackendOptions = {}): Promise<I18n> {
  const instance = i18next.createInstance();
  instance.use(TranslationBackend).use(initReactI18next);
  await instance.init({
    lng: language,
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    load: 'languageOnly',
    ns: ['translation'],
    defaultNS: 'translation',
    backend,
    // React escapes on its own; escaping here would show entities in the texts.
    interpolation: { escapeValue: false },
    returnEmptyString: false,
  });
  return instance;
}

let current: I18n | null = null;

export async function initI18n(language: Language): Promise<I18n> {
  current = await createI18n(language);
  document.documentElement.lang = language;
  current.on('languageChanged', (lng) => {
    document.documentElement.lang = lng;
  });
  return current;
}

/** The language requests are sent with; the API client reads it for accept-language. */
export function currentLanguage(): Language {
  const lng = current?.resolvedLanguage ?? current?.language;
  return (LANGUAGES as readonly string[]).includes(lng ?? '') ? (lng as Language) : 'cs';
}

export function getI18n(): I18n {
  if (!current) throw new Error('i18n is not initialised');
  return current;
}
