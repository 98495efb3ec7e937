/**
 * The router's search params as plain URL parameters (repeated keys for lists) instead of the router's
 * default JSON encoding, so grid filters read like `?f=shopId~EQUAL~CZ10MA&sort=created~ASCENDING`.
 */
export type PlainSearch = Record<string, string | string[]>;

export function parsePlainSearch(searchStr: string): PlainSearch {
  const params = new URLSearchParams(searchStr.startsWith('?') ? searchStr.slice(1) : searchStr);
  const out: PlainSearch = {};
  for (const [key, value] of params) {
    const previous = out[key];
    out[key] = previous === undefined ? value : Array.isArray(previous) ? [...previous, value] : [previous, value];
  }
  return out;
}

export function stringifyPlainSearch(search: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined || item === null || item === '') continue;
      params.append(key, typeof item === 'object' ? JSON.stringify(item) : String(item));
    }
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}
