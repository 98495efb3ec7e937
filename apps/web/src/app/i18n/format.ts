import { type Currency, isLanguage, LOCALE_TAGS, formatMoney } from '@pp/domain';
import { useTranslation } from 'react-i18next';

/** Number, money and date formatting in the reader's language (spec §1: money with 0–2 decimals). */
export function formattersFor(language: string) {
  const locale = isLanguage(language) ? LOCALE_TAGS[language] : LOCALE_TAGS.en;
  const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  const parse = (value: string | Date) => (value instanceof Date ? value : new Date(value));
  return {
    locale,
    number: (value: number) => number.format(value),
    money: (amount: number, currency: Currency) => formatMoney(amount, currency, locale),
    dateTime: (value: string | Date) => dateTime.format(parse(value)),
    date: (value: string | Date) => date.format(parse(value)),
  };
}

export function useFormat() {
  const { i18n } = useTranslation();
  return formattersFor(i18n.resolvedLanguage ?? i18n.language);
}
