import { z } from 'zod';
import type { ShopId } from '../markets/markets';
import { carrierOf } from '../partner/deliveries';
import { priceIssue } from '../products/rules';
import { decimalInputSchema, integerInputSchema } from '../products/schema';
import { formRules, oneOf, whenFilled } from '../text/formRules';
import { safeText } from '../text/safeText';

/**
 * A partner's delivery method (commerce spec §3 Delivery): its own code, the carrier (transport) of the
 * market that carries it, the prices, the parcels it takes and the hours the carrier collects.
 */

/** The partner's own method code: orders and the API name the method by it (spec: A–Z a–z 0–9 _ . -). */
export const METHOD_CODE_PATTERN = /^[A-Za-z0-9_.-]+$/;
export const METHOD_CODE_MAX = 50;
export const METHOD_TITLE_MAX = 100;
export const METHOD_DELAY_MIN = 0;
export const METHOD_DELAY_MAX = 30;
/** Priority orders the methods a shopper is offered: higher first. A small range is all a seller needs. */
export const METHOD_PRIORITY_MIN = 0;
export const METHOD_PRIORITY_MAX = 999;
export const PRICE_LEVELS_MAX = 20;

export const DELIVERY_KINDS = ['deposit', 'pickup'] as const;
export type DeliveryKind = (typeof DELIVERY_KINDS)[number];
export const METHOD_PACKAGE_SIZES = ['SMALLBOX', 'BIGBOX'] as const;
export type MethodPackageSize = (typeof METHOD_PACKAGE_SIZES)[number];
export const PRICING_TYPES = ['FIXED', 'PRICE_LEVELS', 'WEIGHT_LEVELS'] as const;
export type PricingType = (typeof PRICING_TYPES)[number];
export const MALL_DELIVERY_TYPES = ['classic', 'spectrum'] as const;
export type MallDeliveryType = (typeof MALL_DELIVERY_TYPES)[number];
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export type CloseTimes = Partial<Record<Weekday, string | null>>;

/** Parcel bounds in cm (numeric(8,1)) and kg (numeric(8,3)). */
export const DIMENSION_MAX_CM = 9999.9;
export const WEIGHT_MAX_KG = 99999.999;
export const DIMENSIONS = ['Height', 'Width', 'Length', 'Weight'] as const;
export type BoundField =
  | 'minHeight'
  | 'maxHeight'
  | 'minWidth'
  | 'maxWidth'
  | 'minLength'
  | 'maxLength'
  | 'minWeight'
  | 'maxWeight';
export const BOUND_FIELDS: readonly BoundField[] = DIMENSIONS.flatMap((d) => [`min${d}`, `max${d}`] as BoundField[]);

/**
 * The package-size threshold (docs/decisions.md): the spec gives "under about 20 kg and 170 cm sum of sides"
 * and, on a label, "100 cm". Both hold as a carrier states them: a small box weighs at most 20 kg, its three
 * sides add up to at most 170 cm and no side is longer than 100 cm; anything else is a big box.
 */
export const SMALLBOX_LIMITS = { weightKg: 20, sumOfSidesCm: 170, longestSideCm: 100 } as const;

/** The package size a parcel of these measures is (null when a measure is missing). */
export function packageSizeOf(parcel: {
  weightKg: number | null;
  widthCm: number | null;
  lengthCm: number | null;
  heightCm: number | null;
}): MethodPackageSize | null {
  const { weightKg, widthCm, lengthCm, heightCm } = parcel;
  if (weightKg === null || widthCm === null || lengthCm === null || heightCm === null) return null;
  const small =
    weightKg <= SMALLBOX_LIMITS.weightKg &&
    widthCm + lengthCm + heightCm <= SMALLBOX_LIMITS.sumOfSidesCm &&
    Math.max(widthCm, lengthCm, heightCm) <= SMALLBOX_LIMITS.longestSideCm;
  return small ? 'SMALLBOX' : 'BIGBOX';
}

/** A choice that may be left blank ('' or null is null); anything off the list is `in`. */
function optionalOneOf<const T extends readonly [string, ...string[]]>(values: T) {
  return z.preprocess((v) => (v === '' || v === undefined ? null : v), z.enum(values, 'in').nullable());
}

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

export interface PriceLevel {
  limit: number;
  price: number;
}

const decimals = (value: number, places: number) => {
  const scaled = value * 10 ** places;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
};

/** A price by the money rules of the shop; a blank optional price is null. */
function priceField(shopId: ShopId, field: string, required: boolean) {
  return decimalInputSchema.transform((value, ctx) => {
    if (value === null) {
      if (required) ctx.addIssue({ code: 'custom', message: 'required' });
      return value;
    }
    const issue = priceIssue(field, value, shopId);
    if (issue) ctx.addIssue({ code: 'custom', message: issue.rule, params: issue.params });
    return value;
  });
}

/** A parcel measure: blank is "no bound"; otherwise not negative, within the column, at most `places` decimals. */
function measureField(max: number, places: number) {
  return decimalInputSchema.transform((value, ctx) => {
    if (value === null) return value;
    if (value < 0 || value > max) {
      ctx.addIssue({ code: 'custom', message: 'measureRange', params: { 0: 0, 1: max } });
    } else if (!decimals(value, places)) {
      ctx.addIssue({ code: 'custom', message: 'measureDecimals', params: { 0: places } });
    }
    return value;
  });
}

const closeTimeField = z
  .union([z.string(), z.null()])
  .optional()
  .transform((value) => (value === undefined || value === null || value.trim() === '' ? null : value.trim()))
  .refine((value) => value === null || HH_MM.test(value), 'timeFormat');

const closeTimesSchema = z
  .object(Object.fromEntries(WEEKDAYS.map((d) => [d, closeTimeField])) as Record<Weekday, typeof closeTimeField>)
  .partial()
  .default({})
  .transform(
    (times) => Object.fromEntries(WEEKDAYS.map((d) => [d, times[d] ?? null])) as Record<Weekday, string | null>,
  );

const levelSchema = z.object({
  limit: z.union([z.number(), z.string(), z.null()]).optional(),
  price: z.union([z.number(), z.string(), z.null()]).optional(),
});

/**
 * What a method's price levels may be. A level's limit is its lower bound and belongs to it: an order of
 * exactly the limit (order total, or weight in kg) pays that level's price; below the first limit the
 * method's base price applies. Limits are positive and strictly increasing.
 */
export function priceLevelIssues(
  shopId: ShopId,
  pricing: PricingType,
  levels: readonly { limit?: unknown; price?: unknown }[],
): { field: string; rule: string; params?: Record<string, string | number> }[] {
  const issues: { field: string; rule: string; params?: Record<string, string | number> }[] = [];
  if (pricing === 'FIXED') {
    if (levels.length > 0) issues.push({ field: 'priceLevels', rule: 'levelsWithFixedPricing' });
    return issues;
  }
  if (levels.length === 0) issues.push({ field: 'priceLevels', rule: 'levelsRequired' });
  if (levels.length > PRICE_LEVELS_MAX) {
    // Judging each of 10,000 levels would answer 20,000 messages about a list that is refused anyway.
    issues.push({ field: 'priceLevels', rule: 'levelsMax', params: { 0: PRICE_LEVELS_MAX } });
    return issues;
  }
  let previous: number | null = null;
  levels.forEach((level, i) => {
    const limit = parseNumber(level.limit);
    const price = parseNumber(level.price);
    const limitField = `priceLevels.${i}.limit`;
    const priceField = `priceLevels.${i}.price`;
    if (limit === null) issues.push({ field: limitField, rule: 'required' });
    else if (Number.isNaN(limit)) issues.push({ field: limitField, rule: 'decimal' });
    else if (limit <= 0) issues.push({ field: limitField, rule: 'levelLimitPositive' });
    else if (pricing === 'PRICE_LEVELS') {
      const issue = priceIssue(limitField, limit, shopId);
      if (issue) issues.push({ field: limitField, rule: issue.rule, params: issue.params });
    } else if (limit > WEIGHT_MAX_KG) {
      issues.push({ field: limitField, rule: 'measureRange', params: { 0: 0, 1: WEIGHT_MAX_KG } });
    } else if (!decimals(limit, 3)) {
      issues.push({ field: limitField, rule: 'measureDecimals', params: { 0: 3 } });
    }
    if (limit !== null && !Number.isNaN(limit) && limit > 0) {
      if (previous !== null && limit <= previous) issues.push({ field: limitField, rule: 'levelsIncreasing' });
      previous = limit;
    }
    if (price === null) issues.push({ field: priceField, rule: 'required' });
    else if (Number.isNaN(price)) issues.push({ field: priceField, rule: 'decimal' });
    else {
      const issue = priceIssue(priceField, price, shopId);
      if (issue) issues.push({ field: priceField, rule: issue.rule, params: issue.params });
    }
  });
  return issues;
}

function parseNumber(value: unknown): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : Number.NaN;
  const text = String(value).trim().replace(',', '.');
  if (text === '') return null;
  return /^[+-]?(\d+\.?\d*|\.\d+)$/.test(text) ? Number(text) : Number.NaN;
}

function methodShape(shopId: ShopId) {
  return {
    code: safeText()
      .trim()
      .min(1, 'required')
      .max(METHOD_CODE_MAX, 'max')
      .regex(METHOD_CODE_PATTERN, { message: 'methodCode', ...whenFilled }),
    title: safeText().trim().min(1, 'required').max(METHOD_TITLE_MAX, 'max'),
    transport: z
      .string('required')
      .trim()
      .min(1, 'required')
      .refine((code) => carrierOf(shopId, code) !== null, { message: 'in', ...whenFilled }),
    price: priceField(shopId, 'price', true),
    codPrice: priceField(shopId, 'codPrice', false),
    freeLimit: priceField(shopId, 'freeLimit', false),
    deliveryDelay: integerInputSchema(METHOD_DELAY_MIN, METHOD_DELAY_MAX),
    isPickupPoint: z.boolean().default(false),
    deliveryKind: oneOf(DELIVERY_KINDS).default('deposit'),
    priority: integerInputSchema(METHOD_PRIORITY_MIN, METHOD_PRIORITY_MAX).default(0),
    packageSize: optionalOneOf(METHOD_PACKAGE_SIZES),
    minHeight: measureField(DIMENSION_MAX_CM, 1),
    maxHeight: measureField(DIMENSION_MAX_CM, 1),
    minWidth: measureField(DIMENSION_MAX_CM, 1),
    maxWidth: measureField(DIMENSION_MAX_CM, 1),
    minLength: measureField(DIMENSION_MAX_CM, 1),
    maxLength: measureField(DIMENSION_MAX_CM, 1),
    minWeight: measureField(WEIGHT_MAX_KG, 3),
    maxWeight: measureField(WEIGHT_MAX_KG, 3),
    closeTimes: closeTimesSchema,
    pricing: oneOf(PRICING_TYPES).default('FIXED'),
    priceLevels: z.array(levelSchema).default([]),
    mdpAllowed: z.boolean().default(false),
    mallDeliveryType: optionalOneOf(MALL_DELIVERY_TYPES),
  };
}

type MethodShapeOut = z.output<z.ZodObject<ReturnType<typeof methodShape>>>;

/**
 * A delivery method of a partner in its shop, every rule of it at once (the web shows them all before the
 * request goes; the server refuses the same). Prices by the market's money rules, levels by
 * `priceLevelIssues`, each min not above its max, close times HH:mm, a MALL Delivery type only with MALL
 * Delivery allowed (and then required).
 */
export function deliveryMethodSchema(shopId: ShopId) {
  return z
    .object(methodShape(shopId))
    .superRefine(
      ...formRules<MethodShapeOut>((m, add) => {
        for (const d of DIMENSIONS) {
          const min = m[`min${d}`];
          const max = m[`max${d}`];
          if (min != null && max != null && min > max) add({ field: `max${d}`, rule: 'minAboveMax' });
        }
        if (m.pricing !== undefined && m.priceLevels !== undefined) {
          for (const issue of priceLevelIssues(shopId, m.pricing, m.priceLevels)) add(issue);
        }
        if (m.mdpAllowed && m.mallDeliveryType === null) add({ field: 'mallDeliveryType', rule: 'required' });
        if (m.freeLimit != null && m.pricing === 'PRICE_LEVELS' && m.priceLevels?.length) {
          // A free limit below a level would make that level unreachable: the seller meant something else.
          const top = parseNumber(m.priceLevels[m.priceLevels.length - 1]?.limit);
          if (top !== null && !Number.isNaN(top) && m.freeLimit <= top) {
            add({ field: 'freeLimit', rule: 'freeLimitBelowLevels', params: { 0: top } });
          }
        }
      }),
    )
    .transform((m) => ({
      ...m,
      price: m.price as number,
      mallDeliveryType: m.mdpAllowed ? m.mallDeliveryType : null,
      priceLevels: m.priceLevels.map((l) => ({
        limit: parseNumber(l.limit) as number,
        price: parseNumber(l.price) as number,
      })),
    }));
}
export type DeliveryMethodInput = z.input<ReturnType<typeof deliveryMethodSchema>>;
export type DeliveryMethodData = z.output<ReturnType<typeof deliveryMethodSchema>>;

/** The part of a method its delivery price depends on. */
export interface MethodPricing {
  price: number;
  freeLimit: number | null;
  pricing: PricingType;
  priceLevels: readonly PriceLevel[];
}

/**
 * The delivery price a shopper pays with this method, without the COD fee. The free limit wins (an order of
 * exactly the free limit ships free); otherwise the level whose limit the order total (PRICE_LEVELS) or the
 * parcel weight (WEIGHT_LEVELS) reaches, the limit itself included; below the first limit the base price.
 * Null when weight levels apply and the weight is unknown: no honest price can be given.
 */
export function deliveryPriceFor(
  method: MethodPricing,
  order: { orderTotal: number; weightKg: number | null },
): number | null {
  if (method.freeLimit !== null && order.orderTotal >= method.freeLimit) return 0;
  if (method.pricing === 'FIXED' || method.priceLevels.length === 0) return method.price;
  const measure = method.pricing === 'PRICE_LEVELS' ? order.orderTotal : order.weightKg;
  if (measure === null) return null;
  let price = method.price;
  for (const level of method.priceLevels) {
    if (measure >= level.limit) price = level.price;
    else break;
  }
  return price;
}

/**
 * Whether a change touches the method's pricing (its type or its levels), which open orders and an active
 * MALL Delivery offer were priced by (CANNOT_UPDATE_DELIVERY_PRICING).
 */
export function pricingChanged(
  before: { pricing: PricingType; priceLevels: readonly PriceLevel[] },
  after: { pricing: PricingType; priceLevels: readonly PriceLevel[] },
): boolean {
  if (before.pricing !== after.pricing) return true;
  if (before.priceLevels.length !== after.priceLevels.length) return true;
  return before.priceLevels.some(
    (l, i) => Number(l.limit) !== after.priceLevels[i]!.limit || Number(l.price) !== after.priceLevels[i]!.price,
  );
}
