export const LANGUAGES = ['cs', 'en', 'hr', 'hu', 'pl', 'sk', 'sl'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The interface texts default to English; the app starts in Czech and falls back to English. */
export const DEFAULT_LANGUAGE: Language = 'en';
export const STARTUP_LANGUAGE: Language = 'cs';
export const FALLBACK_LANGUAGE: Language = 'en';

/** The translation project served by GET /translations/localization/{projectId}/{lang}. */
export const TRANSLATION_PROJECT_ID = 'partner-portal';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * Public pages choose their language from the browser: cs and sk read Czech, en and pl keep theirs,
 * everything else reads English (spec section 1).
 */
export function publicLanguageFromBrowser(browserLanguages: readonly string[]): Language {
  const first = (browserLanguages[0] ?? '').toLowerCase().split('-')[0];
  if (first === 'cs' || first === 'sk') return 'cs';
  if (first === 'en' || first === 'pl') return first;
  return 'en';
}

/** Picks the best supported language from an Accept-Language header value. */
export function languageFromAcceptLanguage(header: string | undefined | null): Language {
  if (!header) return DEFAULT_LANGUAGE;
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.find((p) => p.trim().startsWith('q='));
      return { tag: (tag ?? '').toLowerCase().split('-')[0] ?? '', q: q ? Number(q.split('=')[1]) : 1 };
    })
    .filter((entry) => entry.tag && !Number.isNaN(entry.q))
    .sort((a, b) => b.q - a.q);
  for (const entry of ranked) if (isLanguage(entry.tag)) return entry.tag;
  return DEFAULT_LANGUAGE;
}

/** Locale tags used for number and date formatting. */
export const LOCALE_TAGS: Record<Language, string> = {
  cs: 'cs-CZ',
  en: 'en-GB',
  hr: 'hr-HR',
  hu: 'hu-HU',
  pl: 'pl-PL',
  sk: 'sk-SK',
  sl: 'sl-SI',
};
