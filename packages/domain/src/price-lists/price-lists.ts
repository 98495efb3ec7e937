import { z } from 'zod';
import { CALENDAR_TIME_ZONES } from '../deliveries/calendar';
import { MARKETS, type ShopId } from '../markets/markets';
import { FEE_TYPES } from '../terms/terms';

/**
 * Price lists (spec commerce §2, §3 "Price list"): a standard list per shop whose versions follow each
 * other in time, a three-level category tree (division → category → subcategory) with a commission per
 * node, brand exceptions per node, and the list's default commission for whatever no node names.
 */

export const PRICE_LIST_TYPES = ['STANDARD'] as const;
export type PriceListType = (typeof PRICE_LIST_TYPES)[number];

/** Computed from the validity and today, never stored: a version cannot drift out of its state. */
export const PRICE_LIST_STATES = ['PLANNED', 'ACTIVE', 'EXPIRED'] as const;
export type PriceListState = (typeof PRICE_LIST_STATES)[number];

export const PRICE_LIST_LEVELS = [1, 2, 3] as const;
export type PriceListLevel = (typeof PRICE_LIST_LEVELS)[number];

export const COMMISSION_MIN = 0;
export const COMMISSION_MAX = 100;
/** Brand exceptions on one node: a handful in practice; a cap keeps a form and a row bounded. */
export const PRICE_LIST_BRANDS_MAX = 50;

/** 'YYYY-MM-DD' that is a real calendar day. */
export const isoDaySchema = z
  .string('invalid')
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'date')
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
  }, 'date');

/** Percent of the price with VAT, at most two decimals. */
export const commissionSchema = z
  .number('invalid')
  .min(COMMISSION_MIN, 'numberOutOfRange')
  .max(COMMISSION_MAX, 'numberOutOfRange')
  // Float-safe: 5.1 * 100 is 509.99999999999994.
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'commissionDecimals');

export const brandExceptionSchema = z.object({
  brandId: z.string('invalid').trim().min(1, 'required').max(100, 'max'),
  commission: commissionSchema,
});
export type BrandException = z.output<typeof brandExceptionSchema>;

function uniqueBrands(brands: readonly BrandException[], ctx: z.RefinementCtx) {
  const seen = new Set<string>();
  brands.forEach((b, i) => {
    if (seen.has(b.brandId))
      ctx.addIssue({ code: 'custom', message: 'priceListBrandTwice', path: ['brands', i, 'brandId'] });
    seen.add(b.brandId);
  });
}

/** An operator's setting of one node of a planned version: its own commission (null = inherit) and brands. */
export const priceListNodeInputSchema = z
  .object({
    versionId: z.coerce.number('invalid').int('invalid').positive('invalid'),
    categoryId: z.coerce.number('invalid').int('invalid').positive('invalid'),
    commission: commissionSchema.nullable(),
    brands: z.array(brandExceptionSchema).max(PRICE_LIST_BRANDS_MAX, 'max').default([]),
  })
  .superRefine((v, ctx) => uniqueBrands(v.brands, ctx));
export type PriceListNodeInput = z.input<typeof priceListNodeInputSchema>;

/** A new version of a list from a day on: a copy of the version before it, then edited while planned. */
export const priceListVersionInputSchema = z.object({
  priceListId: z.coerce.number('invalid').int('invalid').positive('invalid'),
  validFrom: isoDaySchema,
  commission: commissionSchema.nullish(),
});
export type PriceListVersionInput = z.input<typeof priceListVersionInputSchema>;

export const priceListAssignmentInputSchema = z.object({
  partnerId: z.coerce.number('invalid').int('invalid').positive('invalid'),
  priceListId: z.coerce.number('invalid').int('invalid').positive('invalid'),
  /** The first day the partner sells under this list; today when absent. */
  validFrom: isoDaySchema.nullish(),
});
export type PriceListAssignmentInput = z.input<typeof priceListAssignmentInputSchema>;

export const feeAmountInputSchema = z.object({
  shopId: z.string('invalid'),
  type: z.enum(FEE_TYPES, 'invalid'),
  amount: z.number('invalid').min(0, 'numberOutOfRange').max(999_999_999, 'numberOutOfRange'),
});

export interface Validity {
  /** First day in force (inclusive). */
  validFrom: string;
  /** First day no longer in force (exclusive); null = open. */
  validTo: string | null;
}

/** Whether a version is in force on `day` ('YYYY-MM-DD'): from validFrom inclusive to validTo exclusive. */
export function isValidOn(v: Validity, day: string): boolean {
  return v.validFrom <= day && (v.validTo == null || day < v.validTo);
}

export function priceListState(v: Validity, today: string): PriceListState {
  if (today < v.validFrom) return 'PLANNED';
  return isValidOn(v, today) ? 'ACTIVE' : 'EXPIRED';
}

/**
 * Only a version that has not started may change: from its first day orders are charged by it, and an
 * order's commission must read the same tomorrow as today.
 */
export function isVersionEditable(v: Validity, today: string): boolean {
  return today < v.validFrom;
}

/** The version in force on `day`, if any. */
export function versionOn<T extends Validity>(versions: readonly T[], day: string): T | undefined {
  return versions.find((v) => isValidOn(v, day));
}

/** The shop's calendar day of an instant: an order placed at 23:30 in Prague belongs to that Prague day. */
export function shopDay(at: Date, shopId: ShopId): string {
  const zone = CALENDAR_TIME_ZONES[MARKETS[shopId].shortCode];
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

export interface PriceListNode {
  categoryId: number;
  level: PriceListLevel;
  /** null: the node takes its parent's commission. */
  commission: number | null;
  brands: readonly BrandException[];
}

export interface PriceListForCommission extends Validity {
  /** The list's default: for categories no node covers. */
  commission: number;
  nodes: readonly PriceListNode[];
}

export type CommissionSource =
  | { kind: 'BRAND'; level: PriceListLevel; categoryId: number; brandId: string }
  | { kind: 'NODE'; level: PriceListLevel; categoryId: number }
  | { kind: 'DEFAULT' };

export interface CommissionResult {
  commission: number;
  source: CommissionSource;
}

/**
 * The commission of an item: walking from the most specific node of `categoryPath` (division first,
 * subcategory last) up to the division, the first node that has a brand exception for the item's brand or a
 * commission of its own decides, a brand exception beating its own node's commission; the list's default
 * last. Null when the list is not in force on `at` (the caller picked the wrong version).
 */
export function commissionFor(input: {
  list: PriceListForCommission;
  categoryPath: readonly number[];
  brandId?: string | null;
  at: string;
}): CommissionResult | null {
  const { list, categoryPath, brandId, at } = input;
  if (!isValidOn(list, at)) return null;
  const byCategory = new Map(list.nodes.map((n) => [n.categoryId, n]));
  for (let i = categoryPath.length - 1; i >= 0; i--) {
    const node = byCategory.get(categoryPath[i]!);
    if (!node) continue;
    const brand = brandId ? node.brands.find((b) => b.brandId === brandId) : undefined;
    if (brand) {
      return {
        commission: brand.commission,
        source: { kind: 'BRAND', level: node.level, categoryId: node.categoryId, brandId: brand.brandId },
      };
    }
    if (node.commission != null) {
      return { commission: node.commission, source: { kind: 'NODE', level: node.level, categoryId: node.categoryId } };
    }
  }
  return { commission: list.commission, source: { kind: 'DEFAULT' } };
}

/**
 * The next version's first day must come after today and after every version already planned: the
 * versions of a list never overlap and the past never changes. Returns the rule broken, if any.
 */
export function newVersionProblem(
  existing: readonly Validity[],
  validFrom: string,
  today: string,
): 'priceListValidFromPast' | 'priceListValidFromBeforeLast' | null {
  if (validFrom <= today) return 'priceListValidFromPast';
  if (existing.some((v) => v.validFrom >= validFrom)) return 'priceListValidFromBeforeLast';
  return null;
}
