import type { FieldIssue } from '../errors/codes';
import { MARKETS, type ShopId } from '../markets/markets';

export const PRODUCT_ID_MAX = 50;
export const TITLE_MAX = 200;
export const SHORT_DESC_MAX = 300;
export const LONG_DESC_MAX = 13000;
export const STOCK_MAX = 9999;
export const DELIVERY_DELAY_MAX = 365;
export const PRICE_MAX_WHOLE = 999_999_999;
export const PRICE_MAX_DECIMAL = 999_999_999.99;
export const PRICE_CHANGE_CONFIRM_PERCENT = 30;
export const ACTIVATION_BATCH = 1000;
export const PRODUCT_ERRORS_PAGE = 100;
export const SOLD_OUT_STOCK = 0;
export const LAST_ITEMS_MIN = 1;
export const LAST_ITEMS_MAX = 5;
/** Priority is a number the marketplace ranks by; the spec says to keep 1, we accept a sane range. */
export const PRIORITY_MIN = 1;
export const PRIORITY_MAX = 999;

export const PRODUCT_STATUSES = ['ACTIVE', 'INACTIVE', 'NOT_FOR_RESALE'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];
/** NOT_FOR_RESALE is set by the marketplace only. */
export const USER_PRODUCT_STATUSES = ['ACTIVE', 'INACTIVE'] as const;
export type UserProductStatus = (typeof USER_PRODUCT_STATUSES)[number];
export const PRODUCT_STAGES = ['DRAFT', 'LIVE'] as const;
export type ProductStage = (typeof PRODUCT_STAGES)[number];
export const PRODUCT_GRID_STATUSES = ['active', 'canceled', 'confirm_error', 'draft', 'error'] as const;
export type ProductGridStatus = (typeof PRODUCT_GRID_STATUSES)[number];
export const PACKAGE_SIZES = ['smallbox', 'bigbox'] as const;
export type PackageSize = (typeof PACKAGE_SIZES)[number];

const PRODUCT_ID_PATTERN = /^[A-Za-z0-9_][A-Za-z0-9_.-]*$/;

/** A seller's product or variant id (spec §5): starts with a letter, digit or underscore; later also - and . */
export function isProductId(id: string): boolean {
  return id.length >= 1 && id.length <= PRODUCT_ID_MAX && PRODUCT_ID_PATTERN.test(id);
}

const BARCODE_LENGTHS = [8, 12, 13, 14];

/**
 * A GTIN (EAN-8, UPC-A, EAN-13 or GTIN-14) with a correct GS1 check digit: from the right, the digits
 * before the check digit weigh 3, 1, 3, 1…, and the check digit completes the sum to a multiple of ten.
 */
export function isValidBarcode(code: string): boolean {
  if (!/^\d+$/.test(code) || !BARCODE_LENGTHS.includes(code.length)) return false;
  const digits = [...code].map(Number);
  const check = digits.pop() as number;
  const sum = digits.reverse().reduce((acc, d, i) => acc + d * (i % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === check;
}

/**
 * A decimal typed by a person or read from a file: comma or dot as the separator, spaces between digit
 * groups ignored ("1 299,50"). Blank is null; anything else that is not a number is NaN, so the caller can
 * tell "no value" from "a wrong value".
 */
export function parseDecimal(input: string | number | null | undefined): number | null {
  if (input === null || input === undefined) return null;
  if (typeof input === 'number') return Number.isFinite(input) ? input : Number.NaN;
  const text = input.replace(/[\s\u00a0\u202f]/g, '');
  if (text === '') return null;
  if (!/^[+-]?(\d+([.,]\d*)?|[.,]\d+)$/.test(text)) return Number.NaN;
  return Number(text.replace(',', '.'));
}

function hasAtMostTwoDecimals(value: number): boolean {
  const cents = value * 100;
  return Math.abs(cents - Math.round(cents)) < 1e-6;
}

/** The smallest and largest price a shop accepts (spec §5). */
export function priceBounds(shopId: ShopId): { min: number; max: number; whole: boolean } {
  const whole = MARKETS[shopId].wholePrices;
  return whole ? { min: 1, max: PRICE_MAX_WHOLE, whole } : { min: 0.01, max: PRICE_MAX_DECIMAL, whole };
}

/** The problem of a price in a shop, with the numbers its message names, or null when the price is fine. */
export function priceIssue(field: string, value: number, shopId: ShopId): FieldIssue | null {
  const { min, max, whole } = priceBounds(shopId);
  const currency = MARKETS[shopId].currency;
  if (!Number.isFinite(value)) return { field, rule: 'decimal' };
  if (whole && !Number.isInteger(value)) return { field, rule: 'priceWhole', params: { 0: currency } };
  if (!whole && !hasAtMostTwoDecimals(value)) return { field, rule: 'priceDecimals', params: { 0: currency } };
  if (value < min) return { field, rule: 'priceMin', params: { 0: min, 1: currency } };
  if (value > max) return { field, rule: 'priceMax', params: { 0: max, 1: currency } };
  return null;
}

/** The validation rule a price breaks in a shop (priceWhole, priceDecimals, priceMin, priceMax), or null. */
export function priceRule(value: number, shopId: ShopId): string | null {
  return priceIssue('price', value, shopId)?.rule ?? null;
}

const toCents = (value: number) => Math.round(value * 100);

/** The signed change from the old price to the new one in percent (two decimals), or null when not comparable. */
export function priceChangePercent(oldPrice: number | null, newPrice: number | null): number | null {
  if (oldPrice === null || newPrice === null || !Number.isFinite(oldPrice) || !Number.isFinite(newPrice)) return null;
  const before = toCents(oldPrice);
  if (before <= 0) return null;
  return Math.round(((toCents(newPrice) - before) * 10000) / before) / 100;
}

/**
 * Whether a price change is large enough (over 30 % up or down) that the seller must confirm it. Counted in
 * whole cents so that exactly 30 % never tips over through floating point.
 */
export function needsPriceConfirmation(oldPrice: number | null, newPrice: number | null): boolean {
  if (oldPrice === null || newPrice === null || !Number.isFinite(oldPrice) || !Number.isFinite(newPrice)) return false;
  const before = toCents(oldPrice);
  if (before <= 0) return false;
  return Math.abs(toCents(newPrice) - before) * 100 > PRICE_CHANGE_CONFIRM_PERCENT * before;
}

/** The VAT rates (percent) a product may carry in each shop: the country's standard, reduced and zero rates. */
export const VAT_RATES: Record<ShopId, number[]> = {
  CZ10MA: [21, 12, 0],
  SK10MA: [23, 19, 5, 0],
  PL20MA: [23, 8, 5, 0],
  SI10SI: [22, 9.5, 5, 0],
  HU20MA: [27, 18, 5, 0],
  HR10MA: [25, 13, 5, 0],
};

export function isVatRate(vat: number, shopId: ShopId): boolean {
  return (VAT_RATES[shopId] ?? []).some((rate) => Math.abs(rate - vat) < 1e-9);
}

/**
 * Why a VAT rate is refused in a market, or null. Each market keeps its own rates (docs/decisions.md, "VAT
 * options per market"); a market that has none configured refuses every rate with the spec's message
 * "VAT options for {market} not provided" rather than listing an empty choice.
 */
export function vatRateIssue(vat: number, shopId: ShopId): { rule: string; params: Record<string, string> } | null {
  const rates = VAT_RATES[shopId] ?? [];
  if (!rates.length) return { rule: 'vatOptions', params: { 0: MARKETS[shopId]?.shortCode ?? shopId } };
  return isVatRate(vat, shopId) ? null : { rule: 'vatRate', params: { 0: rates.join(', ') } };
}

/** The product name the marketplace shows: brand, product type and line; the seller types only the type. */
export function productTitle(parts: { brandName: string | null; productType: string; line: string | null }): string {
  return [parts.brandName, parts.productType, parts.line]
    .map((part) => (part ?? '').trim())
    .filter((part) => part !== '')
    .join(' ');
}

/**
 * The one status the grid shows for a product: errors first (the seller must act), then a block by the
 * marketplace, then a draft, then whether it is on sale.
 */
export function productGridStatus(p: {
  status: string;
  stage: string;
  blocked: boolean;
  hasErrors: boolean;
}): ProductGridStatus {
  if (p.hasErrors) return 'error';
  if (p.blocked) return 'confirm_error';
  if (p.stage === 'DRAFT') return 'draft';
  if (p.status === 'ACTIVE') return 'active';
  return 'canceled';
}
