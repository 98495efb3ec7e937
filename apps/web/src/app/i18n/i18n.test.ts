import { czechPluralForm } from '@pp/domain';
import { describe, expect, it, vi } from 'vitest';
import { createI18n } from './i18n';
import { portalLanguage, publicLanguage } from './languageChoice';
import { translationUrl } from './translationBackend';

const locales: Record<string, unknown> = {
  cs: {
    home: {
      accounts: {
        count_one: '{{count}} účet',
        count_few: '{{count}} účty',
        count_many: '{{count}} účtu',
        count_other: '{{count}} účtů',
      },
    },
  },
  en: {
    home: { accounts: { count_one: '{{count}} account', count_other: '{{count}} accounts' } },
    only: { en: 'English' },
  },
};

function stubFetch() {
  return vi.fn(async (url: string) => {
    const lang = url.split('/').pop()!;
    return locales[lang]
      ? new Response(JSON.stringify(locales[lang]), { status: 200 })
      : new Response('missing', { status: 404 });
  });
}

describe('interface texts', () => {
  it('are loaded from the translation service, one request per language', async () => {
    const fetch = stubFetch();
    await createI18n('cs', { fetch: fetch as unknown as typeof globalThis.fetch });
    const urls = fetch.mock.calls.map((c) => c[0]);
    expect(urls).toContain('/translations/localization/partner-portal/cs');
    expect(urls).toContain('/translations/localization/partner-portal/en');
    expect(translationUrl('sl')).toBe('/translations/localization/partner-portal/sl');
  });

  it('use Czech plural forms: 1, 2 to 4, 5 and more', async () => {
    const i18n = await createI18n('cs', { fetch: stubFetch() as unknown as typeof fetch });
    const t = (count: number) => i18n.t('home.accounts.count', { count });
    expect(t(1)).toBe('1 účet');
    expect(t(2)).toBe('2 účty');
    expect(t(4)).toBe('4 účty');
    expect(t(5)).toBe('5 účtů');
    expect(t(0)).toBe('0 účtů');
    expect(t(22)).toBe('22 účtů');
    // The domain states the same rule for places without i18next.
    for (const n of [1, 2, 4, 5, 11]) {
      expect(czechPluralForm(n)).toBe(new Intl.PluralRules('cs').select(n));
    }
  });

  it('fall back to English for missing texts and missing languages', async () => {
    const i18n = await createI18n('cs', { fetch: stubFetch() as unknown as typeof fetch });
    expect(i18n.t('only.en')).toBe('English');
    await i18n.changeLanguage('hr');
    expect(i18n.t('home.accounts.count', { count: 3 })).toBe('3 accounts');
  });
});

describe('language choice', () => {
  it('public pages: stored public language, else the browser (cs/sk → cs, en/pl kept, others en)', () => {
    expect(publicLanguage('pl', ['cs-CZ'])).toBe('pl');
    expect(publicLanguage(null, ['sk-SK', 'en'])).toBe('cs');
    expect(publicLanguage(null, ['pl'])).toBe('pl');
    expect(publicLanguage(null, ['de-DE'])).toBe('en');
    expect(publicLanguage('xx', [])).toBe('en');
  });

  it('logged-in pages: stored choice, else the account’s language, else Czech', () => {
    expect(portalLanguage('hu', 'sk')).toBe('hu');
    expect(portalLanguage(null, 'sk')).toBe('sk');
    expect(portalLanguage(null, 'de')).toBe('cs');
  });
});
