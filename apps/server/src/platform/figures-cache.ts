/**
 * Figures that may be a few seconds old (a dashboard's counts): computed once per key and period in this
 * process, however many people look at them. Callers await the same promise, so a burst computes once.
 */
/** Figures of one partner are kept under keys with this prefix: an audited change to it forgets them. */
export function partnerFiguresPrefix(partnerId: number | string): string {
  return `partner:${partnerId}:`;
}

export interface FiguresCache {
  get<T>(key: string, compute: () => Promise<T>): Promise<T>;
  /** Forgets the figures whose key starts with one of the prefixes (all of them without prefixes). */
  forget(prefixes?: readonly string[]): void;
}

export function createFiguresCache(ttlMs: number, maxEntries = 10_000): FiguresCache {
  const entries = new Map<string, { at: number; value: Promise<unknown> }>();
  return {
    get<T>(key: string, compute: () => Promise<T>): Promise<T> {
      const hit = entries.get(key);
      if (hit && Date.now() - hit.at < ttlMs) return hit.value as Promise<T>;
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
      const value = compute();
      if (ttlMs > 0) {
        entries.set(key, { at: Date.now(), value });
        // A failed computation is not kept.
        value.catch(() => entries.delete(key));
      }
      return value;
    },
    forget(prefixes) {
      if (!prefixes) return entries.clear();
      for (const key of entries.keys()) if (prefixes.some((p) => key.startsWith(p))) entries.delete(key);
    },
  };
}
