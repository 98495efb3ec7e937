import { isLanguage, LOCALE_TAGS, moneyScale } from '@pp/domain';
import { useTranslation } from 'react-i18next';

/**
 * Billing amounts arrive as exact decimal strings ("1234.50"). Intl.NumberFormat formats such a string as the
 * decimal it is, so the page never turns an amount into a float: it only shows what the server computed
 * (the totals and the recap come summed from the server, the page adds nothing up).
 */
const DECIMAL = /^-?\d+(\.\d+)?$/;

type Decimal = `${number}`;

function isDecimal(value: string): value is Decimal {
  return DECIMAL.test(value);
}

/**
 * An amount of a document in its currency with the places the currency is invoiced in (2; forints 0), so a
 * column of amounts lines up with the PDF. Text that is not a decimal is shown as it came.
 */
export function formatAmount(amount: string, currency: string, locale: string): string {
  const value = amount.trim();
  if (!isDecimal(value)) return amount;
  const places = moneyScale(currency);
  try {
    return new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: places,
      maximumFractionDigits: places,
    }).format(value);
  } catch {
    // A currency code Intl does not know: the number with the code after it.
    return `${formatDecimal(value, locale, places)} ${currency}`;
  }
}

/** A unit price: the currency's places at least, up to the four the document keeps. */
export function formatUnitPrice(amount: string, currency: string, locale: string): string {
  const value = amount.trim();
  if (!isDecimal(value)) return amount;
  const places = moneyScale(currency);
  try {
    return new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: places,
      maximumFractionDigits: Math.max(places, 4),
    }).format(value);
  } catch {
    return `${formatDecimal(value, locale, places, 4)} ${currency}`;
  }
}

/** A plain decimal (a quantity, a VAT rate) without trailing zeros. */
export function formatDecimal(value: string, locale: string, minPlaces = 0, maxPlaces = 3): string {
  const text = value.trim();
  if (!isDecimal(text)) return value;
  return new Intl.NumberFormat(locale, {
    minimumFractionDigits: minPlaces,
    maximumFractionDigits: Math.max(minPlaces, maxPlaces),
  }).format(text);
}

/** A VAT rate as a percentage: "21 %", "9,5 %". */
export function formatRate(rate: string, locale: string): string {
  return `${formatDecimal(rate, locale, 0, 2)} %`;
}

/** Whether an amount is below, at or above zero, read from its text (no float). */
export function signOf(amount: string): -1 | 0 | 1 {
  const value = amount.trim();
  if (!isDecimal(value)) return 0;
  if (/^-?0+(\.0+)?$/.test(value)) return 0;
  return value.startsWith('-') ? -1 : 1;
}

/** The amount without its sign ("-12.50" → "12.50"). */
export function absAmount(amount: string): string {
  return amount.trim().replace(/^-/, '');
}

/** The billing formatters in the reader's language. */
export function useBillingFormat() {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const locale = isLanguage(language) ? LOCALE_TAGS[language] : LOCALE_TAGS.en;
  return {
    locale,
    amount: (amount: string, currency: string) => formatAmount(amount, currency, locale),
    unitPrice: (amount: string, currency: string) => formatUnitPrice(amount, currency, locale),
    decimal: (value: string) => formatDecimal(value, locale),
    rate: (rate: string) => formatRate(rate, locale),
  };
}
