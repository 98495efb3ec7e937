import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { type LanguageArea, languageForArea } from '../i18n/languageChoice';

/** Public and logged-in pages choose their language differently (spec §1); each layout applies its own. */
export function useAreaLanguage(area: LanguageArea, accountLanguage?: string | null): void {
  const { i18n } = useTranslation();
  useEffect(() => {
    const wanted = languageForArea(area, accountLanguage);
    if ((i18n.resolvedLanguage ?? i18n.language) !== wanted) void i18n.changeLanguage(wanted);
  }, [area, accountLanguage, i18n]);
}
