/**
 * What the Heureka product feed keeps beside each product's key for its first look (first-look.ts), and how the
 * key's inputs are written down (heureka-products.ts uses both).
 */

/**
 * The key an unchanged product is recognised by before parsing (first-look.ts): its SHOPITEMs' exact text with
 * everything it is mapped with — the category, brand and parameter pairings, the options, the overrides and,
 * when a box is asked for, the product's measures. Stock is not part of it: an item left out keeps the stock
 * its product has, which is all a rewrite would have written. Bumped when the mapping changes.
 */
export const HEUREKA_RAW_KIND = 'heureka-products-raw/1';

/** A value as JSON with Maps and Sets as sorted entries: the same inputs always give the same text. */
export function stable(value: unknown): unknown {
  const sorted = (list: unknown[]) =>
    list
      .map((v) => [JSON.stringify(v), v] as const)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([, v]) => v);
  if (value instanceof Map) return sorted([...value.entries()].map(([k, v]) => [stable(k), stable(v)]));
  if (value instanceof Set) return sorted([...value].map(stable));
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(stable);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, stable((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

/** What an item added to the run's notes when it was read: category, manufacturer, PARAMs, summary flags. */
export interface ItemNote {
  c: string;
  m: string | null;
  p: [string, string][];
  f: [number, number, number];
}
/** A product's items' notes, and the names its variant group varies by (empty for a single item). */
export interface ProductNote {
  i: ItemNote[];
  v: string[];
}
export const isProductNote = (n: unknown): n is ProductNote =>
  typeof n === 'object' && n !== null && Array.isArray((n as ProductNote).i) && Array.isArray((n as ProductNote).v);
