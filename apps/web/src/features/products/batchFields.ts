import {
  type BatchField,
  DELIVERY_DELAY_MAX,
  isVatRate,
  MARKETS,
  parseDecimal,
  PRIORITY_MAX,
  PRIORITY_MIN,
  PRODUCT_STAGES,
  priceIssue,
  type ShopId,
  STOCK_MAX,
  USER_PRODUCT_STATUSES,
  VAT_RATES,
} from '@pp/domain';

export type BatchFieldKind =
  | { kind: 'choice'; options: readonly string[] }
  | { kind: 'integer'; min: number; max: number }
  | { kind: 'boolean' }
  | { kind: 'brand' }
  | { kind: 'price'; currency: string | null };

export function batchFieldKind(field: BatchField, shopId: ShopId | null): BatchFieldKind {
  switch (field) {
    case 'status':
      return { kind: 'choice', options: USER_PRODUCT_STATUSES };
    case 'stage':
      return { kind: 'choice', options: PRODUCT_STAGES };
    case 'vat':
      return { kind: 'choice', options: (shopId ? VAT_RATES[shopId] : []).map(String) };
    case 'deliveryDelay':
      return { kind: 'integer', min: 0, max: DELIVERY_DELAY_MAX };
    case 'inStock':
      return { kind: 'integer', min: 0, max: STOCK_MAX };
    case 'priority':
      return { kind: 'integer', min: PRIORITY_MIN, max: PRIORITY_MAX };
    case 'freeDelivery':
    case 'mallboxAllowed':
      return { kind: 'boolean' };
    case 'brandId':
      return { kind: 'brand' };
    case 'price':
      return { kind: 'price', currency: shopId ? MARKETS[shopId].currency : null };
  }
}

/** A refusal: the translation key of its message and the key's parameters. */
export interface BatchIssue {
  key: string;
  params: Record<string, string | number>;
}

export type BatchValue = string | number | boolean | null;

/**
 * The value the server will get for `field`, or why it would be refused: the same bounds as the product form
 * (domain constants), so a seller learns about a typo before a job runs over thousands of products.
 */
export function batchValue(
  field: BatchField,
  raw: string | boolean | null,
  shopId: ShopId | null,
): { value: BatchValue } | { issue: BatchIssue } {
  const kind = batchFieldKind(field, shopId);
  switch (kind.kind) {
    case 'boolean':
      return { value: raw === true || raw === 'true' };
    case 'brand':
      // No brand is a valid choice: it takes the brand off the products.
      return { value: typeof raw === 'string' && raw.trim() ? raw.trim() : null };
    case 'choice': {
      const text = typeof raw === 'string' ? raw.trim() : '';
      if (!text) return { issue: { key: 'validation.required', params: {} } };
      if (field === 'vat') {
        const rate = Number(text);
        return shopId && isVatRate(rate, shopId)
          ? { value: rate }
          : { issue: { key: 'validation.vatRate', params: { 0: (shopId ? VAT_RATES[shopId] : []).join(', ') } } };
      }
      if (!kind.options.includes(text)) return { issue: { key: 'validation.invalid', params: {} } };
      return { value: text };
    }
    case 'price': {
      // The shop's price rule, as the form has it; a change over 30 % is each product's, judged by the job.
      const value = parseDecimal(typeof raw === 'string' ? raw : null);
      if (value === null) return { issue: { key: 'validation.required', params: {} } };
      if (Number.isNaN(value)) return { issue: { key: 'validation.decimal', params: {} } };
      const issue = shopId ? priceIssue('value', value, shopId) : null;
      if (issue) return { issue: { key: `validation.${issue.rule}`, params: issue.params ?? {} } };
      return { value };
    }
    case 'integer': {
      const text = typeof raw === 'string' ? raw.trim() : '';
      if (!text) return { issue: { key: 'validation.required', params: {} } };
      const value = /^-?\d+$/.test(text) ? Number(text) : Number.NaN;
      if (!(value >= kind.min && value <= kind.max)) {
        return { issue: { key: 'validation.numberBetween', params: { 0: kind.min, 1: kind.max } } };
      }
      return { value };
    }
  }
}
