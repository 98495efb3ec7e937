import type { Platform } from '../../../platform/context';

/**
 * The keys this process read lately, by their secret's hash (never the secret), for as long as the auth cache
 * keeps a session (a few seconds). The key lookup was one of the two statements of a single stock change, the
 * API's most frequent call; a connector sends thousands an hour with the same key.
 *
 * What the cache holds is the key's row: its window is judged at every request, so expiry needs no forgetting.
 * Everything else that closes a key is announced and forgotten in every process at once:
 * - a revocation, a partner's state or name, any audited change of the partner (the audit trail's NOTIFY,
 *   and in the revoking process before it answers: `forgetApiKeysOf`);
 * - the issuer's rights, deactivation or removal (the auth cache's announcements, by account).
 * A lookup that was under way while something was forgotten is not kept (its row may predate the change).
 */
export interface ApiKeyCache<T> {
  get(hash: string): T | undefined;
  /** Where a lookup stands: `set` keeps its row only if nothing was forgotten since. */
  generation(): number;
  set(hash: string, value: T, owner: { partnerId: number; issuerId: number | null }, generation: number): void;
  forgetPartners(ids: readonly number[] | 'all'): void;
  forgetAccounts(ids: readonly number[] | 'all'): void;
}

interface Entry<T> {
  value: T;
  at: number;
  partnerId: number;
  issuerId: number | null;
}

export function createApiKeyCache<T>(ttlMs: number, maxEntries = 20_000): ApiKeyCache<T> {
  const entries = new Map<string, Entry<T>>();
  let generation = 0;
  const forgetWhere = (drop: (entry: Entry<T>) => boolean) => {
    generation++;
    for (const [hash, entry] of entries) if (drop(entry)) entries.delete(hash);
  };
  return {
    get(hash) {
      const entry = entries.get(hash);
      if (!entry) return undefined;
      if (Date.now() - entry.at > ttlMs) {
        entries.delete(hash);
        return undefined;
      }
      return entry.value;
    },
    generation: () => generation,
    set(hash, value, owner, at) {
      if (ttlMs <= 0 || at !== generation) return;
      // Oldest first out: a Map keeps insertion order.
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
      entries.set(hash, { value, at: Date.now(), ...owner });
    },
    forgetPartners(ids) {
      if (ids === 'all') return forgetWhere(() => true);
      const set = new Set(ids);
      forgetWhere((entry) => set.has(entry.partnerId));
    },
    forgetAccounts(ids) {
      if (ids === 'all') return forgetWhere(() => true);
      const set = new Set<number | null>(ids);
      forgetWhere((entry) => set.has(entry.issuerId));
    },
  };
}

/** The cache of each app's API (one per process; the key service reaches it to forget a revoked key at once). */
const caches = new WeakMap<Platform, ApiKeyCache<unknown>>();

export function apiKeyCacheFor<T>(platform: Platform): ApiKeyCache<T> {
  let cache = caches.get(platform);
  if (!cache) {
    cache = createApiKeyCache<unknown>(platform.config.authCacheTtlMs);
    caches.set(platform, cache);
  }
  return cache as ApiKeyCache<T>;
}

/** Forgets the partner's keys in this process now (other processes forget on the audit trail's NOTIFY). */
export function forgetApiKeysOf(platform: Platform, partnerId: number): void {
  caches.get(platform)?.forgetPartners([partnerId]);
}
