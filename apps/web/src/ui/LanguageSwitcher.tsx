import { type Language, LANGUAGES } from '@pp/domain';
import { NativeSelect } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type LanguageArea, rememberLanguage } from '../app/i18n/languageChoice';

/** The language shown now and how to choose another one (stored for the area, applied at once). */
export function useLanguageChoice(area: LanguageArea) {
  const { i18n } = useTranslation();
  const current = (i18n.resolvedLanguage ?? i18n.language) as Language;
  const choose = (language: Language) => {
    rememberLanguage(area, language);
    void i18n.changeLanguage(language);
  };
  return { current, choose, languages: LANGUAGES };
}

/**
 * A native select on purpose: it is keyboard and screen-reader friendly everywhere, and tests can pick a
 * language by code. Language names are written in their own language, so everyone finds theirs.
 */
export function LanguageSwitcher({ area }: { area: LanguageArea }) {
  const { t } = useTranslation();
  const { current, choose } = useLanguageChoice(area);
  return (
    <NativeSelect
      data-testid="language-switcher"
      aria-label={t('layout.language')}
      size="xs"
      w={132}
      style={{ flexShrink: 0 }}
      leftSection={<IconLanguage size={14} />}
      value={current}
      data={LANGUAGES.map((code) => ({ value: code, label: t(`languages.${code}`) }))}
      onChange={(event) => choose(event.currentTarget.value as Language)}
    />
  );
}
