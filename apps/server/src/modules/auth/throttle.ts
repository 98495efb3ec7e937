import { type AttemptWindow, KNOWN_CLIENT_TTL_MS, LOGIN_ACCOUNT_DELAY } from '@pp/domain';
import { and, eq, gt, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { rowsOf } from '../../platform/db/client';
import { authKnownClients, authThrottle } from './tables';

/**
 * Throttles count an attempt *before* the secret is checked, in one statement per key: the row of the key
 * is locked by the upsert, so of a parallel burst exactly the allowed number pass, on PGlite and PostgreSQL.
 */

/** Counts one attempt for `key`; false when the key has used up its window. */
export async function takeAttempt(db: DbOrTx, key: string, limit: AttemptWindow): Promise<boolean> {
  const expired = sql`t.window_start <= now() - ${limit.windowMs} * interval '1 millisecond'`;
  const result = await db.execute(sql`
    insert into auth_throttle as t (key, window_start, count) values (${key}, now(), 1)
    on conflict (key) do update set
      count = case when ${expired} then 1 else t.count + 1 end,
      window_start = case when ${expired} then now() else t.window_start end
    where ${expired} or t.count < ${limit.max}
    returning t.count`);
  return rowsOf(result).length > 0;
}

/**
 * Counts one attempt against an account: free up to a number per window, then each attempt must wait a
 * growing delay after the one before (the formula of the domain's `accountDelayMs`, in SQL so that it is
 * applied in the same statement). Refused attempts do not extend the delay, so the owner is slowed for
 * at most the longest delay, never locked out.
 */
export async function takeDelayedAttempt(db: DbOrTx, key: string): Promise<boolean> {
  const { free, windowMs, firstDelayMs, maxDelayMs } = LOGIN_ACCOUNT_DELAY;
  const expired = sql`t.window_start <= now() - ${windowMs} * interval '1 millisecond'`;
  const next = sql`(case when ${expired} then 1 else t.count + 1 end)`;
  const result = await db.execute(sql`
    insert into auth_throttle as t (key, window_start, count) values (${key}, now(), 1)
    on conflict (key) do update set
      count = ${next},
      window_start = case when ${expired} then now() else t.window_start end,
      not_before = case when ${next} <= ${free} then null
        else now() + least(${maxDelayMs}::float8, ${firstDelayMs}::float8 * power(2, least(${next} - ${free} - 1, 20)))
          * interval '1 millisecond' end
    where ${expired} or t.not_before is null or t.not_before <= now()
    returning t.count`);
  return rowsOf(result).length > 0;
}

/**
 * Gives one attempt back after it succeeded: the address-wide limits then count failures only, so an office
 * of fifty people signing in from one address is never refused, while a burst still meets the limit first.
 */
export async function refundAttempt(db: DbOrTx, key: string): Promise<void> {
  await db
    .update(authThrottle)
    .set({ count: sql`greatest(${authThrottle.count} - 1, 0)` })
    .where(eq(authThrottle.key, key));
}

/** Forgets the attempts of a key (after a successful sign-in from that address). */
export async function clearAttempts(db: DbOrTx, key: string): Promise<void> {
  await db.delete(authThrottle).where(eq(authThrottle.key, key));
}

/** Whether this address signed in to the account recently: such an address skips the account's delays. */
export async function isKnownClient(db: DbOrTx, accountId: number, ip: string): Promise<boolean> {
  const since = new Date(Date.now() - KNOWN_CLIENT_TTL_MS);
  const [row] = await db
    .select({ ip: authKnownClients.ip })
    .from(authKnownClients)
    .where(
      and(
        eq(authKnownClients.accountId, accountId),
        eq(authKnownClients.ip, ip),
        gt(authKnownClients.lastSuccessAt, since),
      ),
    );
  return row !== undefined;
}

export async function rememberClient(db: DbOrTx, accountId: number, ip: string): Promise<void> {
  await db
    .insert(authKnownClients)
    .values({ accountId, ip })
    .onConflictDoUpdate({
      target: [authKnownClients.accountId, authKnownClients.ip],
      set: { lastSuccessAt: sql`now()` },
    });
}

/** The periodic clean-up: windows long over, addresses not seen for the known-client period. */
export async function cleanUpThrottle(db: DbOrTx, longestWindowMs: number): Promise<number> {
  const gone = await db
    .delete(authThrottle)
    .where(
      and(
        lt(authThrottle.windowStart, new Date(Date.now() - longestWindowMs)),
        or(sql`${authThrottle.notBefore} is null`, lt(authThrottle.notBefore, sql`now()`)),
      ),
    )
    .returning({ key: authThrottle.key });
  await db
    .delete(authKnownClients)
    .where(lt(authKnownClients.lastSuccessAt, new Date(Date.now() - KNOWN_CLIENT_TTL_MS)));
  return gone.length;
}
