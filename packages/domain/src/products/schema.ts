import { z } from 'zod';
import {
  type CategoryRules,
  CATEGORY_LEAF_LEVEL,
  MAX_VARIANT_PARAMETERS,
  type ParameterValues,
  parameterIssues,
  variableParameterIssues,
} from '../catalog/categories';
import type { FieldIssue } from '../errors/codes';
import { MARKETS, type ShopId } from '../markets/markets';
import { safeText } from '../text/safeText';
import { isProductLabel, normaliseTaricCode } from './lists';
import { mediaIssues, mediaToSave } from './media';
import {
  DELIVERY_DELAY_MAX,
  isProductId,
  isValidBarcode,
  vatRateIssue,
  LONG_DESC_MAX,
  PACKAGE_SIZES,
  PRIORITY_MAX,
  PRIORITY_MIN,
  PRODUCT_ID_MAX,
  parseDecimal,
  priceIssue,
  productTitle,
  SHORT_DESC_MAX,
  STOCK_MAX,
  TITLE_MAX,
  USER_PRODUCT_STATUSES,
} from './rules';

/**
 * The raw long description may be longer than the limit: the limit counts the HTML left after the server's
 * sanitiser, which often removes much of what an editor pasted.
 */
export const LONG_DESC_RAW_MAX = 65_000;
export const LABEL_MAX = 100;
export const URL_MAX = 2000;
export const PARAMETER_VALUE_MAX = 255;

/** A number typed with comma or dot, or sent as a number; blank is null, junk is refused with `decimal`. */
export const decimalInputSchema = z
  .union([z.number(), z.string(), z.null()])
  .optional()
  .transform((value, ctx) => {
    const n = parseDecimal(value);
    if (n !== null && Number.isNaN(n)) {
      ctx.addIssue({ code: 'custom', message: 'decimal' });
      return z.NEVER;
    }
    return n;
  });

const requiredDecimal = decimalInputSchema.transform((value, ctx) => {
  if (value === null) {
    ctx.addIssue({ code: 'custom', message: 'required' });
    return z.NEVER;
  }
  return value;
});

/** A whole number in a range, sent as a number or as digits (files carry text). */
export const integerInputSchema = (min: number, max: number) =>
  z.union([z.number(), z.string()]).transform((value, ctx) => {
    const text = typeof value === 'number' ? String(value) : value.trim();
    if (!/^[+-]?\d+$/.test(text)) {
      ctx.addIssue({ code: 'custom', message: 'integer' });
      return z.NEVER;
    }
    const n = Number(text);
    if (n < min || n > max) {
      ctx.addIssue({ code: 'custom', message: 'numberBetween', params: { 0: min, 1: max } });
      return z.NEVER;
    }
    return n;
  });

/** Optional text where blank means no value: stored as null, never as ''. */
const optionalText = (max: number, multiline = false) =>
  safeText({ multiline })
    .trim()
    .max(max, 'max')
    .nullish()
    .transform((v) => (v ? v : null));

/** A day as the spec has it: 'YYYY-MM-DD' (a full timestamp is cut to its day, i.e. midnight). */
const day = z
  .union([z.string(), z.null()])
  .optional()
  .transform((value, ctx) => {
    const text = (value ?? '').trim();
    if (text === '') return null;
    const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
    const date = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null;
    if (!match || !date || date.toISOString().slice(0, 10) !== match[0]) {
      ctx.addIssue({ code: 'custom', message: 'date' });
      return z.NEVER;
    }
    return match[0];
  });

export const PROMOTION_SOURCES = ['PARTNER', 'CAMPAIGN'] as const;
export type PromotionSource = (typeof PROMOTION_SOURCES)[number];

export const promotionSchema = z.object({
  price: requiredDecimal,
  from: day,
  to: day,
  source: z.enum(PROMOTION_SOURCES, 'invalid').default('PARTNER'),
  /** Read-only, CAMPAIGN only: the variant a campaign's promotion is for (a save drops CAMPAIGN entries). */
  variantId: z.string().nullish(),
  /** Read-only, CAMPAIGN only: the campaign that put it there. */
  campaignId: z.number().int().nullish(),
});
export type PromotionInput = z.infer<typeof promotionSchema>;

export const labelSchema = z.object({
  label: safeText().trim().min(1, 'required').max(LABEL_MAX, 'max'),
  from: day,
  to: day,
  source: z.enum(PROMOTION_SOURCES, 'invalid').default('PARTNER'),
});
export type LabelInput = z.infer<typeof labelSchema>;

/** A parameter value as JSON may carry it (numbers and booleans too), kept as text. */
const parameterValue = z
  .union([z.string(), z.number(), z.boolean()])
  .transform((v) => String(v))
  .pipe(safeText().trim().max(PARAMETER_VALUE_MAX, 'max'));

/**
 * One value or, for a multiple parameter, a list. Told apart before checking, so that a bad text is
 * reported as such rather than as "matches neither shape".
 */
const parameterEntry = z.unknown().transform((value, ctx) => {
  const result = (Array.isArray(value) ? z.array(parameterValue) : parameterValue).safeParse(value);
  if (result.success) return result.data;
  for (const issue of result.error.issues) {
    ctx.addIssue({
      code: 'custom',
      path: issue.path,
      message: /^[a-zA-Z]+$/.test(issue.message) ? issue.message : 'invalid',
      params: 'maximum' in issue ? { 0: Number(issue.maximum) } : undefined,
    });
  }
  return z.NEVER;
});

const parameterValuesSchema = z.record(z.string(), parameterEntry).default({}) as z.ZodType<ParameterValues, unknown>;

const productIdSchema = safeText().trim().min(1, 'required').max(PRODUCT_ID_MAX, 'max');

const barcodeSchema = safeText()
  .trim()
  .nullish()
  .transform((v) => (v ? v : null));

export const mediaInputSchema = z.object({
  url: safeText().trim().min(1, 'required').max(URL_MAX, 'max'),
  main: z.boolean().default(false),
  excluded: z.boolean().default(false),
  energyLabel: z.boolean().default(false),
  informationList: z.boolean().default(false),
});

export const variantInputSchema = z.object({
  id: productIdSchema,
  price: decimalInputSchema,
  rrp: decimalInputSchema,
  inStock: integerInputSchema(0, STOCK_MAX).default(0),
  barcode: barcodeSchema,
  imageUrl: optionalText(URL_MAX),
  deliveryDelay: integerInputSchema(0, DELIVERY_DELAY_MAX).default(0),
  status: z.enum(USER_PRODUCT_STATUSES, 'invalid').default('ACTIVE'),
  parameters: z.record(z.string(), parameterValue).default({}),
});
export type VariantInput = z.infer<typeof variantInputSchema>;

export const productInputSchema = z.object({
  id: productIdSchema,
  productType: safeText().trim().min(1, 'required').max(TITLE_MAX, 'max'),
  line: optionalText(TITLE_MAX),
  shortDesc: optionalText(SHORT_DESC_MAX, true),
  longDesc: optionalText(LONG_DESC_RAW_MAX, true),
  brandId: optionalText(PRODUCT_ID_MAX),
  categoryId: z
    .number('integer')
    .int('integer')
    .positive('integer')
    .nullish()
    .transform((v) => v ?? null),
  barcode: barcodeSchema,
  // Picked from the `taric_codes` table; whether the code is there is the server's check (it needs the table).
  taricCode: optionalText(20).transform((v) => (v === null ? null : normaliseTaricCode(v) || null)),
  priority: integerInputSchema(PRIORITY_MIN, PRIORITY_MAX).default(1),
  price: decimalInputSchema,
  /**
   * "Apply this price as sent" (spec §3 force_price): an unattended writer (XML import, batch, API) applies a
   * change over 30 % with this row's true instead of holding it. The form stores it but still asks a person.
   */
  forcePrice: z.boolean().default(false),
  rrp: decimalInputSchema,
  purchasePrice: decimalInputSchema,
  fairPrice: decimalInputSchema,
  weeeFee: decimalInputSchema,
  vat: decimalInputSchema,
  inStock: integerInputSchema(0, STOCK_MAX).default(0),
  deliveryDelay: integerInputSchema(0, DELIVERY_DELAY_MAX).default(0),
  freeDelivery: z.boolean().default(false),
  packageSize: z
    .enum([...PACKAGE_SIZES, ''], 'invalid')
    .nullish()
    .transform((v) => (v ? v : null)),
  weight: decimalInputSchema,
  width: decimalInputSchema,
  length: decimalInputSchema,
  height: decimalInputSchema,
  parameters: parameterValuesSchema,
  variableParameters: z.array(safeText().trim().min(1, 'required').max(100, 'max')).default([]),
  promotions: z.array(promotionSchema).default([]),
  labels: z.array(labelSchema).default([]),
  recommended: z.array(productIdSchema).default([]),
  mallboxAllowed: z.boolean().default(false),
  status: z.enum(USER_PRODUCT_STATUSES, 'invalid').default('ACTIVE'),
  media: z.array(mediaInputSchema).default([]),
  variants: z.array(variantInputSchema).default([]),
  recyclingFeeConfirmed: z.boolean().default(false),
});
export type ProductInput = z.infer<typeof productInputSchema>;
/** What a client sends before parsing: numbers may still be text such as "12,50". */
export type ProductInputRaw = z.input<typeof productInputSchema>;

export interface ProductCheckContext {
  shopId: ShopId;
  /** The product's category with its rules, null when it has none (or the server could not find it). */
  category: CategoryRules | null;
  /** The accepted brand's name, part of the built title. */
  brandName: string | null;
  /** Whether the product is to be listed (set live): mandatory parameters, price, VAT, category and images. */
  forListing: boolean;
}

export type ProductWarning = 'energyLabelMissing' | 'informationSheetMissing';

export interface ProductCheck {
  issues: FieldIssue[];
  warnings: ProductWarning[];
  title: string;
}

const DIMENSIONS = ['width', 'length', 'height'] as const;

function idIssue(field: string, id: string): FieldIssue | null {
  if (id.length > PRODUCT_ID_MAX) return { field, rule: 'max', params: { 0: PRODUCT_ID_MAX } };
  return isProductId(id) ? null : { field, rule: 'productId' };
}

function priceIssues(prefix: string, source: { price: number | null; rrp: number | null }, shopId: ShopId) {
  const issues: FieldIssue[] = [];
  for (const key of ['price', 'rrp'] as const) {
    const value = source[key];
    if (value === null) continue;
    const issue = priceIssue(`${prefix}${key}`, value, shopId);
    if (issue) issues.push(issue);
  }
  return issues;
}

/** Whether `text` holds `word` as a whole word, whatever its case ("Samsung TV" holds "samsung", "Samsungite" not). */
export function containsWord(text: string, word: string): boolean {
  const needle = word.trim().toLocaleLowerCase();
  if (!needle) return false;
  const escaped = needle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(^|[^\\p{L}\\p{N}])${escaped}($|[^\\p{L}\\p{N}])`, 'u').test(text.toLocaleLowerCase());
}

/**
 * Every business rule of spec §5 a product must meet, after its input was parsed with productInputSchema.
 * Pure: what needs the database (is the id or the barcode taken, does the brand exist, the price change
 * confirmation) is the server's. The server passes the long description after sanitising, since the limit
 * counts the HTML it will store. Campaign promotions and labels are not checked: they are read-only and
 * the server drops them on save.
 */
export function checkProduct(input: ProductInput, ctx: ProductCheckContext): ProductCheck {
  const issues: FieldIssue[] = [];
  const add = (issue: FieldIssue | null) => {
    if (issue) issues.push(issue);
  };
  const title = productTitle({ brandName: ctx.brandName, productType: input.productType, line: input.line });

  add(idIssue('id', input.id));
  if (input.productType.trim() === '') add({ field: 'productType', rule: 'required' });
  else if (title.length > TITLE_MAX) add({ field: 'productType', rule: 'titleMax', params: { 0: TITLE_MAX } });
  // The brand starts the built title (spec §5): typed into the type too, customers would read it twice.
  else if (ctx.brandName && containsWord(input.productType, ctx.brandName)) {
    add({ field: 'productType', rule: 'canNotContain', params: { 0: ctx.brandName.trim() } });
  }
  if ((input.shortDesc ?? '').length > SHORT_DESC_MAX) {
    add({ field: 'shortDesc', rule: 'max', params: { 0: SHORT_DESC_MAX } });
  }
  if ((input.longDesc ?? '').length > LONG_DESC_MAX)
    add({ field: 'longDesc', rule: 'max', params: { 0: LONG_DESC_MAX } });
  if (input.barcode !== null && !isValidBarcode(input.barcode)) add({ field: 'barcode', rule: 'barcode' });

  // Prices and VAT
  issues.push(...priceIssues('', input, ctx.shopId));
  for (const key of ['purchasePrice', 'fairPrice'] as const) {
    const value = input[key];
    if (value !== null) add(priceIssue(key, value, ctx.shopId));
  }
  if (input.weeeFee !== null && input.weeeFee < 0)
    add({ field: 'weeeFee', rule: 'priceMin', params: { 0: 0, 1: MARKETS[ctx.shopId].currency } });
  const vatIssue = input.vat === null ? null : vatRateIssue(input.vat, ctx.shopId);
  if (vatIssue) add({ field: 'vat', ...vatIssue });
  if (ctx.forListing) {
    if (input.price === null && input.variants.length === 0) add({ field: 'price', rule: 'required' });
    if (input.vat === null) add({ field: 'vat', rule: 'required' });
  }

  // Stock and delivery (the schema enforces them already; inputs built in code come here too)
  if (!Number.isInteger(input.inStock) || input.inStock < 0 || input.inStock > STOCK_MAX) {
    add({ field: 'inStock', rule: 'numberBetween', params: { 0: 0, 1: STOCK_MAX } });
  }
  if (!Number.isInteger(input.deliveryDelay) || input.deliveryDelay < 0 || input.deliveryDelay > DELIVERY_DELAY_MAX) {
    add({ field: 'deliveryDelay', rule: 'numberBetween', params: { 0: 0, 1: DELIVERY_DELAY_MAX } });
  }

  // Package size and dimensions: delivery methods are chosen by both, so one without the other is refused.
  const dimensionsGiven = DIMENSIONS.filter((d) => input[d] !== null);
  if (input.packageSize !== null || dimensionsGiven.length > 0) {
    if (input.packageSize === null) add({ field: 'packageSize', rule: 'packageSizeTogether' });
    for (const d of DIMENSIONS) if (input[d] === null) add({ field: d, rule: 'packageSizeTogether' });
  }
  for (const d of ['weight', ...DIMENSIONS] as const) {
    const value = input[d];
    if (value !== null && !(value > 0)) add({ field: d, rule: 'dimensionPositive' });
  }

  // Promotions and labels
  input.promotions.forEach((p, i) => {
    if (p.source === 'CAMPAIGN') return;
    const before = issues.length;
    add(priceIssue(`promotions.${i}.price`, p.price, ctx.shopId));
    if (issues.length === before && input.price !== null && p.price >= input.price) {
      add({ field: `promotions.${i}.price`, rule: 'promotionPrice' });
    }
    if (p.from !== null && p.to !== null && p.from > p.to) add({ field: `promotions.${i}.to`, rule: 'promotionDates' });
  });
  input.labels.forEach((l, i) => {
    if (l.source === 'CAMPAIGN') return;
    if (!isProductLabel(l.label)) add({ field: `labels.${i}.label`, rule: 'in' });
    if (l.from !== null && l.to !== null && l.from > l.to) add({ field: `labels.${i}.to`, rule: 'promotionDates' });
  });

  // Category, parameters and variants
  const category = ctx.category;
  if (category) {
    if (category.level < CATEGORY_LEAF_LEVEL) add({ field: 'categoryId', rule: 'categoryLeaf' });
    if (category.locked) add({ field: 'categoryId', rule: 'categoryLocked' });
    if (category.recyclingFee && !input.recyclingFeeConfirmed) {
      add({ field: 'recyclingFeeConfirmed', rule: 'recyclingFeeConfirm' });
    }
    issues.push(...parameterIssues(category.parameters, input.parameters, { forListing: ctx.forListing }));
    issues.push(...variableParameterIssues(category.parameters, input.variableParameters));
  } else {
    if (ctx.forListing) add({ field: 'categoryId', rule: 'required' });
    if (input.variableParameters.length > MAX_VARIANT_PARAMETERS) {
      add({ field: 'variableParameters', rule: 'tooManyVariantParameters' });
    }
  }

  const variantIds = new Set<string>([input.id]);
  const barcodes = new Set<string>(input.barcode ? [input.barcode] : []);
  input.variants.forEach((v, i) => {
    const prefix = `variants.${i}.`;
    const badId = idIssue(`${prefix}id`, v.id);
    add(badId);
    if (!badId && variantIds.has(v.id)) add({ field: `${prefix}id`, rule: 'variantIdDuplicate' });
    variantIds.add(v.id);
    issues.push(...priceIssues(prefix, v, ctx.shopId));
    if (v.barcode !== null) {
      if (!isValidBarcode(v.barcode)) add({ field: `${prefix}barcode`, rule: 'barcode' });
      else if (barcodes.has(v.barcode)) add({ field: `${prefix}barcode`, rule: 'barcodeDuplicate' });
      barcodes.add(v.barcode);
    }
    if (ctx.forListing && v.price === null && input.price === null) add({ field: `${prefix}price`, rule: 'required' });
    if (category) {
      const own = parameterIssues(category.parameters, v.parameters, { forListing: false });
      for (const issue of own) issues.push({ ...issue, field: `${prefix}${issue.field}` });
    }
  });

  // Media: a draft may wait for its images; once there are any, or the product goes live, one is the main.
  if (ctx.forListing || mediaToSave(input.media).length > 0) issues.push(...mediaIssues(input.media));

  const warnings: ProductWarning[] = [];
  const kept = mediaToSave(input.media);
  if (category?.energyLabelRequired && !kept.some((m) => m.energyLabel)) warnings.push('energyLabelMissing');
  if (category?.informationSheetRequired && !kept.some((m) => m.informationList)) {
    warnings.push('informationSheetMissing');
  }

  return { issues, warnings, title };
}
