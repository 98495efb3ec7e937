import { z } from 'zod';
import { type Language, LANGUAGES } from '../i18n/languages';
import { type Currency, MARKETS, SHOP_IDS, type ShopId } from '../markets/markets';
import { safeText } from '../text/safeText';

/** The countries of the public business-terms pages (`/business-terms/{country}`) and their shops. */
export const TERMS_COUNTRIES = {
  cz: 'CZ10MA',
  sk: 'SK10MA',
  pl: 'PL20MA',
  si: 'SI10SI',
  hu: 'HU20MA',
  hr: 'HR10MA',
} as const satisfies Record<string, ShopId>;
export type TermsCountry = keyof typeof TERMS_COUNTRIES;

/** The old language addresses of the public page: /business-terms/cs, /sk and /en lead to these countries. */
export const TERMS_LANGUAGE_REDIRECTS = { cs: 'cz', sk: 'sk', en: 'si' } as const;

export function isTermsCountry(value: string): value is TermsCountry {
  return Object.hasOwn(TERMS_COUNTRIES, value);
}

export function shopOfTermsCountry(country: string): ShopId | null {
  const key = country.toLowerCase();
  return isTermsCountry(key) ? TERMS_COUNTRIES[key] : null;
}

export function termsCountryOfShop(shopId: ShopId): TermsCountry {
  return (Object.keys(TERMS_COUNTRIES) as TermsCountry[]).find((c) => TERMS_COUNTRIES[c] === shopId)!;
}

/**
 * The languages a version must be written in: the shop's own language (it binds there) and English (the
 * marketplace's common language, the fallback for every other reader).
 */
export function requiredTermsLanguages(shopId: ShopId): Language[] {
  const own = MARKETS[shopId].language;
  return own === 'en' ? ['en'] : [own, 'en'];
}

/**
 * Which written language a reader gets: the asked one when the version has it, else the shop's language,
 * else English, else whatever exists (a version always has the first two, see termsVersionSchema).
 */
export function pickTermsLanguage(shopId: ShopId, available: readonly string[], asked?: string | null): string | null {
  const order = [asked, MARKETS[shopId].language, 'en', ...available];
  return order.find((l): l is string => !!l && available.includes(l)) ?? null;
}

/** The two ways through step 2 of onboarding: the ordinary vendor check or the VIP one (a personal manager). */
export const TERMS_PATHS = ['STANDARD', 'VIP'] as const;
export type TermsPath = (typeof TERMS_PATHS)[number];

export const TERMS_VERSION_MAX = 20;
export const TERMS_TITLE_MAX = 200;
/** The body is HTML; the server's sanitiser shortens it, the bound stops an absurd paste first. */
export const TERMS_BODY_MAX = 200_000;
export const AGREEMENT_NAMES_MIN = 3;
export const AGREEMENT_NAMES_MAX = 200;

const isoDay = z
  .string()
  .trim()
  .refine((text) => {
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
    if (!match) return false;
    const year = Number(match[1]);
    const date = new Date(Date.UTC(year, Number(match[2]) - 1, Number(match[3])));
    return year >= 1900 && year <= 9999 && date.toISOString().slice(0, 10) === text;
  }, 'date');

export const termsContentSchema = z.object({
  lang: z.enum(LANGUAGES, 'invalid'),
  title: safeText().trim().min(1, 'required').max(TERMS_TITLE_MAX, 'max'),
  body: safeText({ multiline: true }).trim().min(1, 'required').max(TERMS_BODY_MAX, 'max'),
  url: safeText()
    .trim()
    .max(2000, 'max')
    .refine((v) => v === '' || /^https?:\/\/[^\s/]+\.[^\s]+$/i.test(v), 'url')
    .nullish()
    .transform((v) => v || null),
});

/**
 * A new version of the general terms of one shop (the cockpit's form). The version label is unique per
 * shop; the contents name each language once and include the shop's language and English.
 */
export const termsVersionSchema = z
  .object({
    shopId: z.enum(SHOP_IDS, 'invalid'),
    version: safeText()
      .trim()
      .min(1, 'required')
      .max(TERMS_VERSION_MAX, 'max')
      .regex(/^[0-9A-Za-z][0-9A-Za-z._-]*$/, 'termsVersion'),
    validFrom: isoDay,
    showInHistory: z.boolean().default(true),
    contents: z.array(termsContentSchema).max(LANGUAGES.length, 'invalid'),
  })
  .superRefine((value, ctx) => {
    const seen = new Set<string>();
    value.contents.forEach((content, i) => {
      if (seen.has(content.lang))
        ctx.addIssue({ code: 'custom', message: 'termsLanguageTwice', path: ['contents', i, 'lang'] });
      seen.add(content.lang);
    });
    for (const lang of requiredTermsLanguages(value.shopId)) {
      if (!seen.has(lang)) {
        ctx.addIssue({ code: 'custom', message: 'termsLanguageMissing', params: { 0: lang }, path: ['contents'] });
      }
    }
  });
export type TermsVersionInput = z.input<typeof termsVersionSchema>;
export type TermsVersion = z.output<typeof termsVersionSchema>;

/** The consent dialog: the signatory's names as typed, and in onboarding the path chosen. */
export const agreementSchema = z.object({
  contentId: z.coerce.number().int('invalid').positive('invalid'),
  names: safeText()
    .trim()
    .min(AGREEMENT_NAMES_MIN, 'min')
    .max(AGREEMENT_NAMES_MAX, 'max')
    .refine((v) => /\p{L}/u.test(v), 'agreementNames'),
  path: z.enum(TERMS_PATHS, 'invalid').nullish(),
});
export type AgreementInput = z.input<typeof agreementSchema>;

/** Whether a version is in force on `today` ('YYYY-MM-DD'): published and valid from that day or earlier. */
export function isTermsInForce(version: { publishedAt: unknown; validFrom: string }, today: string): boolean {
  return version.publishedAt != null && version.validFrom <= today;
}

/** The five fee types of the price list (spec §3). */
export const FEE_TYPES = [
  'MONTHLY_FEE',
  'ORDER_FEE',
  'RETURN_SHIPPING_FEE',
  'MALLDELIVERY_PICKUP_FEE',
  'PENALTY_FEE_INVOICE',
] as const;
export type FeeType = (typeof FEE_TYPES)[number];

/** What a fee is charged for: texts under `fees.per.*`. */
export type FeeUnit = 'MONTH' | 'ORDER' | 'PARCEL' | 'INVOICE';

export interface Fee {
  type: FeeType;
  amount: number;
  currency: Currency;
  per: FeeUnit;
  /** Months after launch in which the fee is not charged (the monthly fee starts after the first ones). */
  freeMonths: number;
}

/** Months without the monthly fee: onboarding and the first three months of selling are free. */
export const MONTHLY_FEE_FREE_MONTHS = 3;

/**
 * The price list per market, in the market's currency: one level of prices converted from the Czech list
 * and rounded to what people price in there (whole forints and crowns, .90 in złoty and euro).
 */
const FEE_AMOUNTS: Record<ShopId, Record<FeeType, number>> = {
  CZ10MA: {
    MONTHLY_FEE: 499,
    ORDER_FEE: 5,
    RETURN_SHIPPING_FEE: 89,
    MALLDELIVERY_PICKUP_FEE: 25,
    PENALTY_FEE_INVOICE: 500,
  },
  SK10MA: {
    MONTHLY_FEE: 19.9,
    ORDER_FEE: 0.2,
    RETURN_SHIPPING_FEE: 3.5,
    MALLDELIVERY_PICKUP_FEE: 1,
    PENALTY_FEE_INVOICE: 20,
  },
  PL20MA: {
    MONTHLY_FEE: 89,
    ORDER_FEE: 0.9,
    RETURN_SHIPPING_FEE: 14.9,
    MALLDELIVERY_PICKUP_FEE: 4.5,
    PENALTY_FEE_INVOICE: 90,
  },
  SI10SI: {
    MONTHLY_FEE: 19.9,
    ORDER_FEE: 0.2,
    RETURN_SHIPPING_FEE: 3.9,
    MALLDELIVERY_PICKUP_FEE: 1.2,
    PENALTY_FEE_INVOICE: 20,
  },
  HU20MA: {
    MONTHLY_FEE: 7990,
    ORDER_FEE: 80,
    RETURN_SHIPPING_FEE: 1290,
    MALLDELIVERY_PICKUP_FEE: 390,
    PENALTY_FEE_INVOICE: 7900,
  },
  HR10MA: {
    MONTHLY_FEE: 19.9,
    ORDER_FEE: 0.2,
    RETURN_SHIPPING_FEE: 3.9,
    MALLDELIVERY_PICKUP_FEE: 1.2,
    PENALTY_FEE_INVOICE: 20,
  },
};

const FEE_UNITS: Record<FeeType, FeeUnit> = {
  MONTHLY_FEE: 'MONTH',
  ORDER_FEE: 'ORDER',
  RETURN_SHIPPING_FEE: 'PARCEL',
  MALLDELIVERY_PICKUP_FEE: 'PARCEL',
  PENALTY_FEE_INVOICE: 'INVOICE',
};

export function feesOfShop(shopId: ShopId): Fee[] {
  return FEE_TYPES.map((type) => ({
    type,
    amount: FEE_AMOUNTS[shopId][type],
    currency: MARKETS[shopId].currency,
    per: FEE_UNITS[type],
    freeMonths: type === 'MONTHLY_FEE' ? MONTHLY_FEE_FREE_MONTHS : 0,
  }));
}

/**
 * Commission in percent of the price with VAT, per division (the roots of the category tree by their
 * English name). Thin-margin goods carry less, fashion and beauty more, as marketplaces price them.
 */
export const COMMISSION_DEFAULTS: Readonly<Record<string, number>> = {
  Electronics: 8,
  Appliances: 9,
  'Home and garden': 13,
  Kitchen: 14,
  Sport: 13,
  Fashion: 17,
  Toys: 13,
  Beauty: 15,
  Pets: 12,
  'Auto-moto': 11,
  Books: 10,
  Baby: 12,
  'DIY and tools': 11,
};

/** The commission of a division not in the list (a root added to the tree later). */
export const COMMISSION_FALLBACK = 12;

/**
 * Subcategories with their own rate, optionally only for some brands (a brand row beside the category's
 * row, as the commission list shows it). Keys are English names of the leaf categories.
 */
export const COMMISSION_EXCEPTIONS: readonly { subcategory: string; brands?: readonly string[]; commission: number }[] =
  [
    { subcategory: 'Smartphones', commission: 6 },
    { subcategory: 'Smartphones', brands: ['Apple', 'Samsung'], commission: 5 },
    { subcategory: 'Laptops', commission: 6 },
    { subcategory: 'Game consoles', commission: 5 },
    { subcategory: 'Televisions', commission: 7 },
    { subcategory: 'Memory cards', commission: 12 },
    { subcategory: 'Phone cases', commission: 18 },
  ];

export interface CommissionRate {
  /** null = every brand not listed in another row of the same subcategory. */
  brands: readonly string[] | null;
  commission: number;
}

/** The rates of one subcategory: the all-brands row first, then the brand rows. */
export function commissionRates(division: string, subcategory: string): CommissionRate[] {
  const base = COMMISSION_DEFAULTS[division] ?? COMMISSION_FALLBACK;
  const own = COMMISSION_EXCEPTIONS.filter((e) => e.subcategory === subcategory);
  const all = own.find((e) => !e.brands);
  return [
    { brands: null, commission: all?.commission ?? base },
    ...own.filter((e) => e.brands).map((e) => ({ brands: e.brands!, commission: e.commission })),
  ];
}
