import type { ShopId } from '../markets/markets';
import { isProductId, parseDecimal, priceRule } from '../products/rules';
import type { CampaignErrorType } from './campaigns';

/**
 * The campaign file's lines and the price rules of a line (spec commerce §5 "Campaign import file"), pure so
 * that the server's job and the tests read the same rules. The server looks the facts up in batches; these
 * functions only decide.
 */

export type CampaignDelimiter = ';' | ',';

/** A refusal of one line or of the whole file (line null), with the numbers its message shows. */
export interface CampaignRuleError {
  type: CampaignErrorType;
  data: Record<string, string | number>;
}

/**
 * The delimiter of a file, from its first non-blank line: a semicolon when the line has one (a comma may
 * then be a decimal comma), else a comma; null when it has neither (a tab, a pipe: UnsupportedDelimiter).
 */
export function detectCampaignDelimiter(line: string): CampaignDelimiter | null {
  if (line.includes(';')) return ';';
  if (line.includes(',')) return ',';
  return null;
}

/** The fields of a line: trimmed, a field may be quoted ("12,50") with "" for a quote inside. */
export function splitCampaignLine(line: string, delimiter: CampaignDelimiter): string[] {
  const fields: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        current += '"';
        i++;
      } else if (c === '"') quoted = false;
      else current += c;
    } else if (c === '"' && current.trim() === '') {
      quoted = true;
      current = '';
    } else if (c === delimiter) {
      fields.push(current.trim());
      current = '';
    } else current += c;
  }
  fields.push(current.trim());
  return fields;
}

/**
 * Whether the first line is a header ("product id;price", "kód;cena"): its price field has letters and no
 * digit. A first line with a wrong number is a data line, reported as such, never skipped silently.
 */
export function isCampaignHeader(fields: readonly string[]): boolean {
  const price = fields[1] ?? '';
  return /\p{L}/u.test(price) && !/\d/.test(price);
}

export type CampaignLine =
  | { kind: 'blank' }
  | { kind: 'error'; articleId: string | null; error: CampaignRuleError }
  | { kind: 'line'; articleId: string; price: number };

/**
 * One data line's product id and promotional price. With a comma delimiter, "A1,12,50" (three fields, the
 * last one or two digits) is read as a decimal comma: a spreadsheet writes prices that way unquoted.
 * Empty fields after the price (a trailing delimiter) are allowed; any other third field makes the price
 * ambiguous and the line is refused (ValidationProductPrice).
 */
export function parseCampaignLine(
  fields: readonly string[],
  delimiter: CampaignDelimiter,
  shopId: ShopId,
): CampaignLine {
  let parts = [...fields];
  while (parts.length > 2 && parts[parts.length - 1] === '') parts.pop();
  if (parts.every((f) => f === '')) return { kind: 'blank' };
  if (delimiter === ',' && parts.length === 3 && /^\d+$/.test(parts[1] ?? '') && /^\d{1,2}$/.test(parts[2] ?? ''))
    parts = [parts[0] ?? '', `${parts[1]}.${parts[2]}`];
  const articleId = parts[0] ?? '';
  const rawPrice = parts[1] ?? '';
  if (articleId === '' || rawPrice === '')
    return {
      kind: 'error',
      articleId: articleId || null,
      error: { type: 'FormatMissingField', data: { field: articleId === '' ? 'productId' : 'price' } },
    };
  if (!isProductId(articleId))
    return { kind: 'error', articleId, error: { type: 'ValidationProductArticleId', data: { productId: articleId } } };
  const price = parts.length > 2 ? Number.NaN : parseDecimal(rawPrice);
  if (price === null || !Number.isFinite(price))
    return {
      kind: 'error',
      articleId,
      error: { type: 'ValidationProductPrice', data: { price: rawPrice, rule: 'number' } },
    };
  const rule = priceRule(price, shopId);
  if (rule)
    return { kind: 'error', articleId, error: { type: 'ValidationProductPrice', data: { price: rawPrice, rule } } };
  return { kind: 'line', articleId, price };
}

/** A campaign's rules a line is checked against (the campaign's columns). */
export interface CampaignLineRules {
  /** Percent below the product price the promotional price must be at least. */
  minDiscount: number;
  /** Percent below the RRP (items with an RRP only). */
  minDiscountRrp: number;
  /** A reduction above this percent needs the partner's confirmation; null: never. */
  maxReduction: number | null;
  /** Allowed categories of any level; empty: all. */
  categories: readonly number[];
  /** Allowed level-1 categories; empty: all. */
  divisions: readonly number[];
}

/** What the server found for a line's id (a product, or a variant with its product's fields). */
export interface CampaignItemFacts {
  /** A product named by its own id that has variants: the file must name a variant. */
  hasVariants: boolean;
  /** Blocked by the marketplace. */
  blocked: boolean;
  /** The product's status (ACTIVE, INACTIVE, NOT_FOR_RESALE). */
  status: string;
  /** The variant's own status; null for a product without variants. */
  variantStatus: string | null;
  /** DRAFT or LIVE. */
  stage: string;
  inStock: number;
  price: number | null;
  rrp: number | null;
  /** The product's category and its ancestors, the leaf first; empty without a category. */
  categoryPath: readonly number[];
  /** The price changed in the lock days before the campaign's start. */
  priceChanged: boolean;
}

const cents = (value: number) => Math.round(value * 100);
/** A percent of the campaign (two decimals) in hundredths of a percent. */
const basisPoints = (percent: number) => Math.round(percent * 100);

/** The reduction from `from` to `to` in percent, two decimals (10 → 9 is 10). */
export function reductionPercent(from: number, to: number): number {
  const base = cents(from);
  if (base <= 0) return 0;
  return Math.round(((base - cents(to)) * 10000) / base) / 100;
}

/** Whether `to` is at least `percent` below `from`, exactly in cents (no rounding at the bound). */
function reducedAtLeast(from: number, to: number, percent: number): boolean {
  return (cents(from) - cents(to)) * 10000 >= basisPoints(percent) * cents(from);
}

/**
 * The structured errors of one line whose id was found, in a fixed order. The item's state comes first
 * (available, live, in stock, a variant named), then where it is listed, then the prices. Each price rule is
 * reported once: a price not below the product's price is not also "below the minimum discount".
 * REDUCTION_NEEDS_CONFIRMATION is the only one that does not refuse the line (the partner may allow it).
 */
export function campaignLineErrors(
  promo: number,
  item: CampaignItemFacts,
  rules: CampaignLineRules,
): CampaignRuleError[] {
  if (item.hasVariants) return [{ type: 'VARIANT_REQUIRED', data: {} }];
  const errors: CampaignRuleError[] = [];
  if (item.blocked || item.status === 'NOT_FOR_RESALE')
    errors.push({ type: 'PRODUCT_NOT_AVAILABLE', data: { reason: item.blocked ? 'BLOCKED' : 'NOT_FOR_RESALE' } });
  else if (item.stage !== 'LIVE' || item.status !== 'ACTIVE' || (item.variantStatus ?? 'ACTIVE') !== 'ACTIVE')
    errors.push({ type: 'PRODUCT_NOT_LIVE', data: { stage: item.stage, status: item.variantStatus ?? item.status } });
  if (item.inStock <= 0) errors.push({ type: 'PRODUCT_NOT_IN_STOCK', data: { inStock: item.inStock } });
  if (rules.categories.length && !item.categoryPath.some((c) => rules.categories.includes(c)))
    errors.push({ type: 'CATEGORY_MISMATCH', data: {} });
  const division = item.categoryPath.at(-1);
  if (rules.divisions.length && (division === undefined || !rules.divisions.includes(division)))
    errors.push({ type: 'DIVISION_MISMATCH', data: {} });
  if (item.priceChanged) errors.push({ type: 'RETAIL_PRICE_CHANGED', data: {} });
  if (item.price === null) {
    errors.push({ type: 'PRODUCT_NOT_AVAILABLE', data: { reason: 'NO_PRICE' } });
    return errors;
  }
  const reduction = reductionPercent(item.price, promo);
  if (cents(promo) >= cents(item.price))
    errors.push({ type: 'PRICE_NOT_BELOW_PRODUCT_PRICE', data: { price: promo, productPrice: item.price } });
  else if (!reducedAtLeast(item.price, promo, rules.minDiscount))
    errors.push({
      type: 'DISCOUNT_BELOW_MINIMUM',
      data: { price: promo, productPrice: item.price, discount: reduction, minDiscount: rules.minDiscount },
    });
  if (item.rrp !== null && item.rrp > 0 && !reducedAtLeast(item.rrp, promo, rules.minDiscountRrp))
    errors.push({
      type: 'DISCOUNT_FROM_RRP_BELOW_MINIMUM',
      data: {
        price: promo,
        rrp: item.rrp,
        discount: reductionPercent(item.rrp, promo),
        minDiscountRrp: rules.minDiscountRrp,
      },
    });
  if (
    rules.maxReduction !== null &&
    cents(promo) < cents(item.price) &&
    (cents(item.price) - cents(promo)) * 10000 > basisPoints(rules.maxReduction) * cents(item.price)
  )
    errors.push({
      type: 'REDUCTION_NEEDS_CONFIRMATION',
      data: { price: promo, productPrice: item.price, reduction, maxReduction: rules.maxReduction },
    });
  return errors;
}

/** The whole file's count against the campaign's bounds (lines that name a product, valid or not). */
export function campaignCountErrors(count: number, min: number, max: number): CampaignRuleError[] {
  if (count < min) return [{ type: 'PRODUCT_COUNT_BELOW_MINIMUM', data: { count, min } }];
  if (count > max) return [{ type: 'PRODUCT_COUNT_ABOVE_MAXIMUM', data: { count, max } }];
  return [];
}

/** Only REDUCTION_NEEDS_CONFIRMATION waits for the partner; every other error refuses the import. */
export function isConfirmationOnly(type: CampaignErrorType): boolean {
  return type === 'REDUCTION_NEEDS_CONFIRMATION';
}

/** The extension of a file name the import accepts (spec: txt or csv), by name only. */
export function campaignFileExtensionAllowed(fileName: string): boolean {
  const ext = /\.([^.]+)$/.exec(fileName)?.[1]?.toLowerCase();
  return ext === 'csv' || ext === 'txt';
}
