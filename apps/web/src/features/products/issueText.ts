import type { TFunction } from 'i18next';

/** The product fields a refused item can name, each with its words under `products.grid.fields.*`. */
export const PRODUCT_ISSUE_FIELDS = [
  'id',
  'title',
  'productType',
  'line',
  'shortDesc',
  'longDesc',
  'brandId',
  'categoryId',
  'barcode',
  'taricCode',
  'priority',
  'price',
  'forcePrice',
  'rrp',
  'purchasePrice',
  'fairPrice',
  'weeeFee',
  'vat',
  'inStock',
  'deliveryDelay',
  'freeDelivery',
  'packageSize',
  'weight',
  'width',
  'length',
  'height',
  'parameters',
  'variableParameters',
  'promotions',
  'labels',
  'recommended',
  'mallboxAllowed',
  'status',
  'stage',
  'media',
  'variants',
  'recyclingFeeConfirmed',
] as const;

const KNOWN = new Set<string>(PRODUCT_ISSUE_FIELDS);

/** A field's own words; an unknown one (a future rule, an XML element) is shown as it is. */
function fieldWords(name: string, t: TFunction): string {
  return KNOWN.has(name) ? t(`products.grid.fields.${name}`) : name;
}

/**
 * The field of an issue in words: `price` → "Price", `parameters.COLOR` → "Parameter COLOR",
 * `variants.2.price` → "Variant 3: Price", `media.0.url` → "Image 1", `promotions.1.to` → "Promotions 2: to".
 */
export function issueFieldLabel(field: string, t: TFunction): string {
  const [head = '', ...rest] = field.split('.');
  if (!head) return t('products.grid.fields.product');
  if (head === 'parameters' && rest.length) return t('products.grid.fields.parameter', { code: rest.join('.') });
  const index = rest[0] !== undefined && /^\d+$/.test(rest[0]) ? Number(rest[0]) : null;
  if (index === null) return fieldWords(head, t);
  const inner = rest.slice(1).filter((part) => part !== 'url');
  if (head === 'variants') {
    const variant = t('products.grid.fields.variant', { n: index + 1 });
    return inner.length ? `${variant}: ${issueFieldLabel(inner.join('.'), t)}` : variant;
  }
  if (head === 'media') return t('products.grid.fields.image', { n: index + 1 });
  const item = `${fieldWords(head, t)} ${index + 1}`;
  return inner.length ? `${item}: ${inner.join('.')}` : item;
}

/**
 * An issue's message: a validation rule (`validation.*`) with its parameters, else a catalogue error code
 * (the import refuses whole items with codes), else the rule as it is.
 */
export function issueMessage(rule: string, params: unknown, t: TFunction): string {
  const values: Record<string, unknown> = Array.isArray(params)
    ? Object.fromEntries(params.map((value, i) => [String(i), value]))
    : params && typeof params === 'object'
      ? (params as Record<string, unknown>)
      : {};
  return t(`validation.${rule}`, { ...values, defaultValue: t(`errors.${rule}`, { ...values, defaultValue: rule }) });
}
