import type { ErrorCode } from '../errors/codes';
import { isProductId, isValidBarcode, parseDecimal } from '../products/rules';

/**
 * The Heureka XML feeds as sellers already publish them (issue 21): the product feed `SHOP/SHOPITEM` and the
 * availability feed `item_list/item[@id]`. The streaming reader (server, heureka-read.ts) hands each item over
 * as a small tree; these pure rules turn it into a normalised item or say why it is refused, with one code per
 * problem. Unknown elements are ignored: feeds carry many elements for comparison sites (HEUREKA_CPC, GIFT,
 * ACCESSORY…) that the marketplace does not use.
 */

/** An element of a feed item as the streaming reader builds it: name, trimmed text, attributes, children. */
export interface FeedNode {
  name: string;
  text: string;
  attributes: Record<string, string>;
  children: FeedNode[];
}

export const HEUREKA_PRODUCT_ROOT = 'SHOP';
export const HEUREKA_PRODUCT_ITEM = 'SHOPITEM';
export const HEUREKA_AVAILABILITY_ROOT = 'item_list';
export const HEUREKA_AVAILABILITY_ITEM = 'item';

/** Items of one file at most: the reader keeps each ITEM_ID to find duplicates, so this bounds its memory too. */
export const HEUREKA_MAX_ITEMS = 500_000;
/** Elements of one item beyond this many mean a broken or hostile file (a product has a few dozen). */
export const HEUREKA_MAX_NODES_PER_ITEM = 5_000;
/** A category path longer than this is not a category: refused rather than stored as a pairing row. */
export const HEUREKA_CATEGORY_TEXT_MAX = 500;
/** Heureka's own limit of an ITEM_ID; the item becomes a product, so the marketplace's id rule applies too. */
export const HEUREKA_ITEM_ID_MAX = 36;
/** Alternative images kept per item; the marketplace takes at most a few dozen pictures anyway. */
export const HEUREKA_MAX_IMAGES = 50;

/** One problem of an item: a code of the error catalogue, the element it is about, its message's values. */
export interface HeurekaIssue {
  code: ErrorCode;
  field: string | null;
  params?: Record<string, string | number>;
}

export interface HeurekaParam {
  name: string;
  value: string;
}

export interface HeurekaDelivery {
  id: string;
  price: number | null;
  priceCod: number | null;
}

/** A product of the feed, normalised: numbers parsed, blanks as null, unknown elements dropped. */
export interface HeurekaItem {
  itemId: string;
  /** PRODUCTNAME, else PRODUCT. */
  name: string;
  /** PRODUCT: the name with extra words for comparison sites, when given. */
  product: string | null;
  description: string | null;
  url: string | null;
  /** IMGURL first, then each IMGURL_ALTERNATIVE in file order, without repeats. */
  images: string[];
  /** The price with VAT (PRICE_VAT), a dot or a comma as the decimal separator. */
  priceVat: number;
  /** The VAT rate in percent ("21", "21%", "21,0 %"), or null when the feed leaves it out. */
  vat: number | null;
  ean: string | null;
  manufacturer: string | null;
  /** The seller's category path as written ("Heureka.cz | Sport | Cyklistika | Přilby"), single-spaced. */
  categoryText: string | null;
  params: HeurekaParam[];
  itemGroupId: string | null;
  /** DELIVERY_DATE as a number of days (0 = in stock), or null when it is a date or absent. */
  deliveryDays: number | null;
  /** DELIVERY_DATE as a date (YYYY-MM-DD), or null. */
  deliveryDate: string | null;
  deliveries: HeurekaDelivery[];
}

export type HeurekaItemResult = { item: HeurekaItem; issues: [] } | { item: null; issues: HeurekaIssue[] };

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

function childText(node: FeedNode, name: string): string | null {
  for (const child of node.children) {
    if (child.name === name) return child.text === '' ? null : child.text;
  }
  return null;
}

function childrenNamed(node: FeedNode, name: string): FeedNode[] {
  return node.children.filter((c) => c.name === name);
}

/** A price as sellers write it: "1299", "1299.50", "1 299,50", "1299,-"; null when absent, NaN when wrong. */
export function parseHeurekaPrice(text: string | null): number | null {
  if (text === null) return null;
  const cleaned = text.replace(/,-$/, '').replace(/\s*(Kč|CZK|EUR|€)$/i, '');
  return parseDecimal(cleaned);
}

/** A VAT rate in percent: "21", "21%", "21 %", "9,5". Null when absent, NaN when not a rate (0–100). */
export function parseHeurekaVat(text: string | null): number | null {
  if (text === null) return null;
  const value = parseDecimal(text.replace(/\s*%$/, ''));
  if (value === null) return null;
  return Number.isFinite(value) && value >= 0 && value <= 100 ? value : Number.NaN;
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** An item id Heureka and the marketplace both accept: up to 36 characters of A–Z, 0–9, _, - and . */
export function isHeurekaItemId(id: string): boolean {
  return id.length <= HEUREKA_ITEM_ID_MAX && isProductId(id);
}

/** DELIVERY_DATE: days (0 = in stock) or a date; anything else is refused. */
function deliveryOf(text: string | null): { days: number | null; date: string | null } | null {
  if (text === null) return { days: null, date: null };
  if (/^\d{1,3}$/.test(text)) return { days: Number(text), date: null };
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const date = new Date(`${text}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== text ? null : { days: null, date: text };
}

/** The seller's category path, normalised for storage and pairing: single spaces, " | " between levels. */
export function normalizeCategoryText(text: string): string {
  return text
    .split(/\s*[|>]\s*/)
    .map(collapse)
    .filter((part) => part !== '')
    .join(' | ');
}

/** The levels of a seller's category path, without Heureka's own root ("Heureka.cz", "Heureka.sk"). */
export function categoryPathOf(text: string): string[] {
  const parts = normalizeCategoryText(text).split(' | ').filter(Boolean);
  return /^heureka\.(cz|sk)$/i.test(parts[0] ?? '') ? parts.slice(1) : parts;
}

/**
 * A SHOPITEM as a normalised item, or every reason it is refused. An item is taken whole or not at all, so
 * all problems are listed at once for the seller to fix in one go.
 */
export function heurekaItemOf(node: FeedNode): HeurekaItemResult {
  const issues: HeurekaIssue[] = [];
  const itemId = childText(node, 'ITEM_ID');
  if (itemId === null) issues.push({ code: 'MISSING_ITEM_ID', field: 'ITEM_ID' });
  else if (!isHeurekaItemId(itemId)) {
    issues.push({ code: 'HEUREKA_ITEM_ID_INVALID', field: 'ITEM_ID', params: { max: HEUREKA_ITEM_ID_MAX } });
  }

  const productName = childText(node, 'PRODUCTNAME');
  const product = childText(node, 'PRODUCT');
  const name = collapse(productName ?? product ?? '');
  if (name === '') issues.push({ code: 'HEUREKA_NAME_MISSING', field: 'PRODUCTNAME' });

  const priceVat = parseHeurekaPrice(childText(node, 'PRICE_VAT'));
  if (priceVat === null || !Number.isFinite(priceVat) || priceVat <= 0) {
    issues.push({ code: 'HEUREKA_PRICE_INVALID', field: 'PRICE_VAT' });
  }
  const vat = parseHeurekaVat(childText(node, 'VAT'));
  if (vat !== null && !Number.isFinite(vat)) issues.push({ code: 'HEUREKA_VAT_INVALID', field: 'VAT' });

  const ean = childText(node, 'EAN');
  if (ean !== null && !isValidBarcode(ean)) issues.push({ code: 'HEUREKA_EAN_INVALID', field: 'EAN' });

  const url = childText(node, 'URL');
  if (url !== null && !isHttpUrl(url)) issues.push({ code: 'HEUREKA_URL_INVALID', field: 'URL' });
  const images: string[] = [];
  for (const child of node.children) {
    if ((child.name !== 'IMGURL' && child.name !== 'IMGURL_ALTERNATIVE') || child.text === '') continue;
    if (!isHttpUrl(child.text)) issues.push({ code: 'HEUREKA_URL_INVALID', field: child.name });
    else if (!images.includes(child.text) && images.length < HEUREKA_MAX_IMAGES) {
      // IMGURL is the main picture wherever it stands among the alternatives.
      if (child.name === 'IMGURL') images.unshift(child.text);
      else images.push(child.text);
    }
  }

  const rawCategory = childText(node, 'CATEGORYTEXT');
  const categoryText = rawCategory === null ? null : normalizeCategoryText(rawCategory) || null;
  if (categoryText !== null && categoryText.length > HEUREKA_CATEGORY_TEXT_MAX) {
    issues.push({
      code: 'HEUREKA_CATEGORY_TEXT_TOO_LONG',
      field: 'CATEGORYTEXT',
      params: { max: HEUREKA_CATEGORY_TEXT_MAX },
    });
  }

  const delivery = deliveryOf(childText(node, 'DELIVERY_DATE'));
  if (!delivery) issues.push({ code: 'HEUREKA_DELIVERY_DATE_INVALID', field: 'DELIVERY_DATE' });

  if (issues.length) return { item: null, issues };

  const params: HeurekaParam[] = [];
  for (const param of childrenNamed(node, 'PARAM')) {
    const paramName = childText(param, 'PARAM_NAME');
    const value = childText(param, 'VAL');
    // A PARAM without a name or value says nothing a product could carry: left out, as Heureka does.
    if (paramName !== null && value !== null) params.push({ name: collapse(paramName), value: collapse(value) });
  }
  const deliveries: HeurekaDelivery[] = childrenNamed(node, 'DELIVERY').flatMap((d) => {
    const id = childText(d, 'DELIVERY_ID');
    if (id === null) return [];
    const price = parseHeurekaPrice(childText(d, 'DELIVERY_PRICE'));
    const priceCod = parseHeurekaPrice(childText(d, 'DELIVERY_PRICE_COD'));
    const finite = (n: number | null) => (n !== null && Number.isFinite(n) ? n : null);
    return [{ id, price: finite(price), priceCod: finite(priceCod) }];
  });
  const description = childText(node, 'DESCRIPTION');
  const manufacturer = childText(node, 'MANUFACTURER');
  return {
    item: {
      itemId: itemId as string,
      name,
      product: product === null ? null : collapse(product),
      description,
      url,
      images,
      priceVat: priceVat as number,
      vat,
      ean,
      manufacturer: manufacturer === null ? null : collapse(manufacturer),
      categoryText,
      params,
      itemGroupId: childText(node, 'ITEMGROUP_ID'),
      deliveryDays: delivery!.days,
      deliveryDate: delivery!.date,
      deliveries,
    },
    issues: [],
  };
}

// ---------------------------------------------------------------------------------------------------------
// The availability feed: item_list/item[@id] with stock_quantity, delivery_time[@orderDeadline] and depots.

export interface HeurekaDepot {
  id: string;
  stockQuantity: number | null;
  pickupTime: string | null;
  orderDeadline: string | null;
}

export interface HeurekaAvailability {
  itemId: string;
  /** Pieces in stock, or null when the feed says only when it can deliver. */
  stockQuantity: number | null;
  /** When an order placed before `orderDeadline` is delivered ("YYYY-MM-DD HH:MM"). */
  deliveryTime: string | null;
  orderDeadline: string | null;
  depots: HeurekaDepot[];
}

export type HeurekaAvailabilityResult =
  | { item: HeurekaAvailability; issues: [] }
  | { item: null; issues: HeurekaIssue[] };

/** Stock quantities the marketplace keeps (its availability takes 0–9,999 in the MALL feed; more is capped). */
export const HEUREKA_STOCK_MAX = 1_000_000;

function stockOf(text: string | null): number | null | undefined {
  if (text === null) return null;
  if (!/^\d+$/.test(text)) return undefined;
  const n = Number(text);
  return n <= HEUREKA_STOCK_MAX ? n : undefined;
}

/** "YYYY-MM-DD HH:MM" (seconds allowed), as Heureka's availability feed writes its times. */
function isFeedDateTime(text: string): boolean {
  const match = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}):(\d{2})(:\d{2})?$/.exec(text);
  if (!match) return false;
  const date = new Date(`${match[1]}T00:00:00Z`);
  return (
    !Number.isNaN(date.getTime()) &&
    date.toISOString().slice(0, 10) === match[1] &&
    Number(match[2]) < 24 &&
    Number(match[3]) < 60
  );
}

/** An availability item, or every reason it is refused. */
export function heurekaAvailabilityOf(node: FeedNode): HeurekaAvailabilityResult {
  const issues: HeurekaIssue[] = [];
  const itemId = (node.attributes.id ?? '').trim();
  if (itemId === '') issues.push({ code: 'MISSING_ITEM_ID', field: 'id' });
  else if (!isHeurekaItemId(itemId)) {
    issues.push({ code: 'HEUREKA_ITEM_ID_INVALID', field: 'id', params: { max: HEUREKA_ITEM_ID_MAX } });
  }
  const stock = stockOf(childText(node, 'stock_quantity'));
  if (stock === undefined) issues.push({ code: 'HEUREKA_STOCK_INVALID', field: 'stock_quantity' });

  const deliveryNode = childrenNamed(node, 'delivery_time')[0];
  const deliveryTime = deliveryNode && deliveryNode.text !== '' ? deliveryNode.text : null;
  const orderDeadline = deliveryNode?.attributes.orderDeadline?.trim() || null;
  for (const [field, value] of [
    ['delivery_time', deliveryTime],
    ['delivery_time@orderDeadline', orderDeadline],
  ] as const) {
    if (value !== null && !isFeedDateTime(value)) issues.push({ code: 'HEUREKA_DELIVERY_DATE_INVALID', field });
  }

  const depots: HeurekaDepot[] = [];
  for (const depot of childrenNamed(node, 'depot')) {
    const id = (depot.attributes.id ?? '').trim();
    if (id === '') continue;
    const depotStock = stockOf(childText(depot, 'stock_quantity'));
    if (depotStock === undefined) {
      issues.push({ code: 'HEUREKA_STOCK_INVALID', field: 'depot.stock_quantity' });
      continue;
    }
    const pickup = childrenNamed(depot, 'pickup_time')[0];
    const pickupTime = pickup && pickup.text !== '' ? pickup.text : null;
    const deadline = pickup?.attributes.orderDeadline?.trim() || null;
    if ((pickupTime !== null && !isFeedDateTime(pickupTime)) || (deadline !== null && !isFeedDateTime(deadline))) {
      issues.push({ code: 'HEUREKA_DELIVERY_DATE_INVALID', field: 'depot.pickup_time' });
      continue;
    }
    depots.push({ id, stockQuantity: depotStock, pickupTime, orderDeadline: deadline });
  }

  if (issues.length) return { item: null, issues };
  return { item: { itemId, stockQuantity: stock as number | null, deliveryTime, orderDeadline, depots }, issues: [] };
}
