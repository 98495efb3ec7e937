import { sql } from 'drizzle-orm';
import type { Database, DbOrTx } from './db/client';

/** The channel of announced changes; the stream hub listens too, to re-check its open sockets. */
export const AUTH_CHANNEL = 'pp_auth';
const CHANNEL = AUTH_CHANNEL;

/** What changed: some sessions ended, some accounts' rights changed, or anything (flags, partner states). */
export type AuthChange = { sessions: number[] } | { accounts: number[] } | { all: true };

/**
 * Announces a change from inside a transaction: every process (this one too, through its LISTEN) forgets
 * what it cached when the transaction commits, and nothing is announced when it rolls back.
 */
export async function announceInTransaction(tx: DbOrTx, change: AuthChange): Promise<void> {
  await tx.execute(sql`select pg_notify(${CHANNEL}, ${JSON.stringify(change)})`);
}

interface Entry<T> {
  value: T;
  at: number;
  sessionId: number;
  accountId: number;
  /** The operator behind an impersonation: a change to the operator ends it too. */
  adminAccountId: number | null;
}

/**
 * A per-process cache of resolved sessions and what hangs on them (partners, policies), for a few seconds.
 * Every request used to reload session and policies and most wrote the session back; with this the
 * pipeline reads them once per few seconds per session. Changes are announced over NOTIFY, so every
 * process forgets at once, and the process that made the change forgets before it answers.
 */
export interface AuthCache {
  get<T>(key: string): T | undefined;
  set<T>(key: string, value: T, owner: { sessionId: number; accountId: number; adminAccountId: number | null }): void;
  /** Forgets here and in every other process. */
  changed(change: AuthChange): Promise<void>;
  /** Calls `listener` with every change this process learns of (its own and announced ones): other caches of what an account may do forget with it. */
  onChange(listener: (change: AuthChange) => void): () => void;
  start(): Promise<void>;
  stop(): Promise<void>;
  size(): number;
}

export function createAuthCache(database: Database, options: { ttlMs?: number; maxEntries?: number } = {}): AuthCache {
  const ttlMs = options.ttlMs ?? 5_000;
  const maxEntries = options.maxEntries ?? 20_000;
  const entries = new Map<string, Entry<unknown>>();
  let unlisten: (() => Promise<void>) | null = null;
  const listeners = new Set<(change: AuthChange) => void>();

  function forget(change: AuthChange) {
    for (const listener of listeners) listener(change);
    if ('all' in change) return entries.clear();
    if ('sessions' in change) {
      const ids = new Set(change.sessions);
      for (const [key, entry] of entries) if (ids.has(entry.sessionId)) entries.delete(key);
      return;
    }
    const ids = new Set<number | null>(change.accounts);
    for (const [key, entry] of entries) {
      if (ids.has(entry.accountId) || ids.has(entry.adminAccountId)) entries.delete(key);
    }
  }

  return {
    get<T>(key: string) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (Date.now() - entry.at > ttlMs) {
        entries.delete(key);
        return undefined;
      }
      return entry.value as T;
    },
    set(key, value, owner) {
      // Oldest first out: Map keeps insertion order, so the first key is the oldest.
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
      entries.set(key, { value, at: Date.now(), ...owner });
    },
    async changed(change) {
      forget(change);
      await database.notify(CHANNEL, JSON.stringify(change));
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async start() {
      unlisten = await database.listen(CHANNEL, (payload) => {
        try {
          forget(JSON.parse(payload) as AuthChange);
        } catch {
          forget({ all: true });
        }
      });
    },
    async stop() {
      await unlisten?.();
      entries.clear();
    },
    size: () => entries.size,
  };
}
