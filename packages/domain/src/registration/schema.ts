import { z } from 'zod';
import { emailSchema } from '../auth/password';
import { LANGUAGES } from '../i18n/languages';
import { availableShopIds, MARKETS, SHOP_IDS, type ShopId } from '../markets/markets';
import { bankAccountToIban } from '../partner/iban';
import { PROVIDER_TYPES } from '../partner/partner';
import { formRules, oneOf, someOf, whenFilled } from '../text/formRules';
import { safeText } from '../text/safeText';
import {
  isHttpUrl,
  isValidCompanyId,
  isValidPhone,
  postalCodeIssue,
  REGISTRATION_COUNTRIES,
  vatIdIssue,
} from './validators';

/**
 * Ranges the registration form asks for instead of exact numbers (spec: "range enumerations"). Turnover is
 * in millions of the market's currency, sales are orders a month, offered are distinct products.
 */
export const ANNUAL_TURNOVER_RANGES = ['UP_TO_1M', '1M_10M', '10M_50M', '50M_100M', 'OVER_100M'] as const;
export const SALES_COUNT_RANGES = ['UP_TO_100', '100_500', '500_2000', '2000_10000', 'OVER_10000'] as const;
export const OFFERED_COUNT_RANGES = ['UP_TO_100', '100_1000', '1000_10000', '10000_50000', 'OVER_50000'] as const;

/** The marketplace's sales divisions a shop says it sells in. */
export const DIVISIONS = [
  'ELECTRONICS',
  'COMPUTERS',
  'APPLIANCES',
  'HOME_GARDEN',
  'FURNITURE',
  'DIY_TOOLS',
  'SPORTS',
  'TOYS_KIDS',
  'FASHION',
  'BEAUTY_HEALTH',
  'BOOKS_MEDIA',
  'AUTO_MOTO',
  'PETS',
  'FOOD_DRINKS',
  'OFFICE',
] as const;
export type Division = (typeof DIVISIONS)[number];

export const PUBLIC_TITLE_MIN = 2;
export const PUBLIC_TITLE_MAX = 50;
export const NAME_MAX = 100;
export const COMPANY_NAME_MAX = 255;
export const ADDRESS_LINE_MAX = 255;
export const OTHER_DIVISIONS_MAX = 500;

/** The markets a new shop may choose: the same list as everywhere, Croatia only while croatiaEnabled. */
export function registrationMarkets(flags: { croatiaEnabled: boolean }): ShopId[] {
  return availableShopIds(flags);
}

/** The country of a market's shop (CZ10MA → CZ): the phone of step 1 follows it. */
export function countryOfShop(shopId: ShopId): string {
  return MARKETS[shopId].shortCode;
}

const requiredText = (max: number) => safeText().trim().min(1, 'required').max(max, 'max');
const optionalText = (max: number) => safeText().trim().max(max, 'max').default('');

const httpUrl = safeText()
  .trim()
  .min(1, 'required')
  .max(2000, 'max')
  .refine((v) => isHttpUrl(v), { message: 'url', ...whenFilled });
const optionalHttpUrl = safeText()
  .trim()
  .max(2000, 'max')
  .default('')
  .refine((v) => v === '' || isHttpUrl(v), 'url');

/**
 * The public title of a shop (shown to customers, unchangeable after registration): a name people can read,
 * so at least one letter (`mustContain`), not only digits or signs.
 */
export const shopNameSchema = safeText()
  .trim()
  .min(1, 'required')
  .refine((v) => v.length >= PUBLIC_TITLE_MIN, { message: 'min', params: { 0: PUBLIC_TITLE_MIN }, ...whenFilled })
  .max(PUBLIC_TITLE_MAX, 'max')
  .refine((v) => /\p{L}/u.test(v), { message: 'mustContain', ...whenFilled });

const basicShape = {
  shopId: oneOf(SHOP_IDS),
  shopName: shopNameSchema,
  web: httpUrl,
  firstName: requiredText(NAME_MAX),
  lastName: requiredText(NAME_MAX),
  email: safeText().trim().min(1, 'required').pipe(emailSchema),
  phone: safeText().trim().min(1, 'required').max(30, 'max'),
  provider: oneOf(PROVIDER_TYPES),
  language: oneOf(LANGUAGES),
};

const companyShape = {
  country: oneOf(REGISTRATION_COUNTRIES),
  companyId: safeText().trim().min(1, 'required').max(20, 'max'),
  company: requiredText(COMPANY_NAME_MAX),
  vatId: optionalText(20),
  street: requiredText(ADDRESS_LINE_MAX),
  city: requiredText(ADDRESS_LINE_MAX),
  zip: safeText().trim().min(1, 'required').max(10, 'max'),
  /** An IBAN, or a domestic account for a CZ/SK seat (checked with the country, stored as the IBAN). */
  bankAccount: optionalText(50),
  annualTurnover: oneOf(ANNUAL_TURNOVER_RANGES),
  salesCount: oneOf(SALES_COUNT_RANGES),
  offeredCount: oneOf(OFFERED_COUNT_RANGES),
  divisions: someOf(DIVISIONS).min(1, 'atLeastOne'),
  otherDivisions: optionalText(OTHER_DIVISIONS_MAX),
  countries: someOf(REGISTRATION_COUNTRIES).min(1, 'atLeastOne'),
  productFeed: optionalHttpUrl,
  availabilityFeed: optionalHttpUrl,
  hasCarrier: z.boolean().default(false),
  consent: z.boolean().refine((v) => v, 'consentRequired'),
};

type Issue = { field: string; rule: string; params?: Record<string, string> };

function phoneIssue(shopId: ShopId | undefined, phone: string): Issue[] {
  if (!shopId || phone === '') return [];
  return isValidPhone(countryOfShop(shopId), phone) ? [] : [{ field: 'phone', rule: 'phone' }];
}

function companyIssues(v: {
  country?: string;
  companyId?: string;
  vatId?: string;
  zip?: string;
  bankAccount?: string;
}): Issue[] {
  if (!v.country) return [];
  const issues: Issue[] = [];
  if (v.bankAccount && bankAccountToIban(v.bankAccount, v.country) === null) {
    issues.push({ field: 'bankAccount', rule: 'iban' });
  }
  if (v.companyId && !isValidCompanyId(v.country, v.companyId)) issues.push({ field: 'companyId', rule: 'companyId' });
  const vat = v.vatId ? vatIdIssue(v.country, v.vatId) : null;
  if (vat) issues.push({ field: 'vatId', ...vat });
  const zip = v.zip ? postalCodeIssue(v.country, v.zip) : null;
  if (zip) issues.push({ field: 'zip', ...zip });
  return issues;
}

/** Registration step 1: the shop and the person who registers it. */
export const registrationBasicSchema = z
  .object(basicShape)
  .superRefine(
    ...formRules<z.output<z.ZodObject<typeof basicShape>>>((v, add) =>
      phoneIssue(v.shopId, v.phone ?? '').forEach(add),
    ),
  );

/** Registration step 2: the company behind the shop, what it sells, and the consent. */
export const registrationCompanySchema = z
  .object(companyShape)
  .superRefine(...formRules<z.output<z.ZodObject<typeof companyShape>>>((v, add) => companyIssues(v).forEach(add)));

/** A valid bank account as its IBAN (compact, upper case): what is stored. */
function withIban<T extends { bankAccount: string }>(v: T, country: string): T {
  return v.bankAccount === '' ? v : { ...v, bankAccount: bankAccountToIban(v.bankAccount, country) ?? v.bankAccount };
}

/** Both steps together: what the server's `register` accepts. */
const registrationShape = { ...basicShape, ...companyShape };
export const registrationSchema = z
  .object(registrationShape)
  .superRefine(
    ...formRules<z.output<z.ZodObject<typeof registrationShape>>>((v, add) =>
      [...phoneIssue(v.shopId, v.phone ?? ''), ...companyIssues(v)].forEach(add),
    ),
  )
  .transform((v) => withIban(v, v.country));
export type RegistrationInput = z.infer<typeof registrationSchema>;
export type RegistrationBasicInput = z.infer<typeof registrationBasicSchema>;
export type RegistrationCompanyInput = z.infer<typeof registrationCompanySchema>;

/**
 * Company details of onboarding step 1 (spec: Contract). `state` is the seat country; the company id,
 * VAT id, postal code and phone follow it.
 */
const contractShape = {
  company: requiredText(COMPANY_NAME_MAX),
  firstName: requiredText(NAME_MAX),
  lastName: requiredText(NAME_MAX),
  email: safeText().trim().min(1, 'required').pipe(emailSchema),
  phone: safeText().trim().min(1, 'required').max(30, 'max'),
  companyId: safeText().trim().min(1, 'required').max(20, 'max'),
  vatId: optionalText(20),
  bankAccount: safeText().trim().min(1, 'required').max(50, 'max'),
  street: requiredText(ADDRESS_LINE_MAX),
  city: requiredText(ADDRESS_LINE_MAX),
  zip: safeText().trim().min(1, 'required').max(10, 'max'),
  state: oneOf(REGISTRATION_COUNTRIES),
  web: httpUrl,
};
export const contractSchema = z
  .object(contractShape)
  .superRefine(
    ...formRules<z.output<z.ZodObject<typeof contractShape>>>((v, add) => {
      companyIssues({
        country: v.state,
        companyId: v.companyId,
        vatId: v.vatId,
        zip: v.zip,
        bankAccount: v.bankAccount,
      }).forEach(add);
      if (v.state && v.phone && !isValidPhone(v.state, v.phone)) add({ field: 'phone', rule: 'phone' });
    }),
  )
  .transform((v) => withIban(v, v.state));
export type ContractInput = z.infer<typeof contractSchema>;

/**
 * Throw-away mailbox providers: a registration from them is refused (spec: refuse disposable bursts). A
 * short list of the big ones; an operator can still create such an account by hand.
 */
export const DISPOSABLE_EMAIL_DOMAINS: readonly string[] = [
  '10minutemail.com',
  'dispostable.com',
  'getnada.com',
  'guerrillamail.com',
  'mailinator.com',
  'maildrop.cc',
  'sharklasers.com',
  'temp-mail.org',
  'tempmail.com',
  'throwawaymail.com',
  'trashmail.com',
  'yopmail.com',
];

export function isDisposableEmail(email: string): boolean {
  const domain = email.trim().toLowerCase().split('@')[1] ?? '';
  return DISPOSABLE_EMAIL_DOMAINS.some((d) => domain === d || domain.endsWith(`.${d}`));
}

/** A confirmation link of a registration is valid 48 hours; the set-password link 1 hour. */
export const REGISTRATION_CONFIRM_TTL_MS = 48 * 60 * 60_000;
export const REGISTRATION_PASSWORD_TTL_MS = 60 * 60_000;

/**
 * Registration is public (docs/security.md): counted per address before anything is looked up. A person
 * registers one shop, an agency a few; the availability checks run on blur of three fields.
 */
export const REGISTRATION_ADDRESS_LIMIT = { max: 5, windowMs: 60 * 60_000 };
export const REGISTRATION_AVAILABILITY_LIMIT = { max: 60, windowMs: 10 * 60_000 };
/** All registrations together: a burst far above the usual few a day is refused until it passes. */
export const REGISTRATION_BURST_LIMIT = { max: 100, windowMs: 10 * 60_000 };
/** New confirmation links per account (sign-in attempts and expired links each send one). */
export const REGISTRATION_RESEND_LIMIT = { max: 3, windowMs: 60 * 60_000 };
