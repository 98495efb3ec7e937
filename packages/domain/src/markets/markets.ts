import type { Language } from '../i18n/languages';

export const SHOP_IDS = ['CZ10MA', 'SK10MA', 'PL20MA', 'SI10SI', 'HU20MA', 'HR10MA'] as const;
export type ShopId = (typeof SHOP_IDS)[number];

export const CURRENCIES = ['CZK', 'EUR', 'PLN', 'HUF'] as const;
export type Currency = (typeof CURRENCIES)[number];

export interface Market {
  shopId: ShopId;
  language: Language;
  shortCode: 'CZ' | 'SK' | 'PL' | 'SI' | 'HU' | 'HR';
  currency: Currency;
  /** Whether prices in this market are whole numbers (spec: CZ and HU). */
  wholePrices: boolean;
}

export const MARKETS: Record<ShopId, Market> = {
  CZ10MA: { shopId: 'CZ10MA', language: 'cs', shortCode: 'CZ', currency: 'CZK', wholePrices: true },
  SK10MA: { shopId: 'SK10MA', language: 'sk', shortCode: 'SK', currency: 'EUR', wholePrices: false },
  PL20MA: { shopId: 'PL20MA', language: 'pl', shortCode: 'PL', currency: 'PLN', wholePrices: false },
  SI10SI: { shopId: 'SI10SI', language: 'sl', shortCode: 'SI', currency: 'EUR', wholePrices: false },
  HU20MA: { shopId: 'HU20MA', language: 'hu', shortCode: 'HU', currency: 'HUF', wholePrices: true },
  HR10MA: { shopId: 'HR10MA', language: 'hr', shortCode: 'HR', currency: 'EUR', wholePrices: false },
};

export function isShopId(value: string): value is ShopId {
  return (SHOP_IDS as readonly string[]).includes(value);
}

/** The markets a user may see: Croatia exists only while the croatiaEnabled flag is on. */
export function availableShopIds(flags: { croatiaEnabled: boolean }): ShopId[] {
  return SHOP_IDS.filter((id) => id !== 'HR10MA' || flags.croatiaEnabled);
}

export function isShopAvailable(shopId: string, flags: { croatiaEnabled: boolean }): boolean {
  return (availableShopIds(flags) as string[]).includes(shopId);
}

/** The fixed list of the 27 EU member states (ISO 3166-1 alpha-2). */
export const EU_COUNTRIES = [
  'AT',
  'BE',
  'BG',
  'HR',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'HU',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
] as const;

export function isEuCountry(code: string): boolean {
  return (EU_COUNTRIES as readonly string[]).includes(code.toUpperCase());
}

/** Money is shown with 0 to 2 decimal places, in the market's currency, formatted for the reader's language. */
export function formatMoney(amount: number, currency: Currency, locale: string): string {
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: 0,
    maximumFractionDigits: 2,
  }).format(amount);
}
