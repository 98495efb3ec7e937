import { DomainError } from '@pp/domain';
import { and, eq, exists, gt, isNull, sql } from 'drizzle-orm';
import type { RequestContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import { sessions, streamTokens } from './tables';
import { hashToken, newToken } from './tokens';

const STREAM_TOKEN_TTL_MS = 5 * 60_000;

/** A short-lived, single-use token that opens the live stream once for this session. */
export async function createStreamToken(ctx: RequestContext): Promise<string> {
  const auth = ctx.requireAuth();
  // A session that may only set up two-factor sign-in hears nothing (issue 24).
  if (auth.twoFactorEnrolmentRequired) throw new DomainError('TWO_FACTOR_REQUIRED');
  const token = newToken();
  await ctx.db.insert(streamTokens).values({
    tokenHash: hashToken(token),
    sessionId: auth.sessionId,
    expiresAt: new Date(Date.now() + STREAM_TOKEN_TTL_MS),
  });
  return token;
}

/**
 * Uses a stream token up: the session it opens, or null (unknown, used, expired, or its session ended).
 * One statement deletes the token and checks the session, so of any number of sockets opened at once with
 * one token exactly one gets the session: PostgreSQL lets one DELETE take the row, and the others, waiting
 * on its lock, find it gone. A token whose session has ended stays until the purge removes it. A token of an
 * operator's "login to stream" names the partner it watches (cockpit/stream-watch.ts).
 */
export async function consumeStreamToken(
  db: Db,
  token: string,
): Promise<{ sessionId: number; watchPartnerId: number | null } | null> {
  const [row] = await db
    .delete(streamTokens)
    .where(
      and(
        eq(streamTokens.tokenHash, hashToken(token)),
        gt(streamTokens.expiresAt, sql`now()`),
        exists(
          db
            .select({ one: sql`1` })
            .from(sessions)
            .where(
              and(
                eq(sessions.id, streamTokens.sessionId),
                isNull(sessions.revokedAt),
                gt(sessions.expiresAt, sql`now()`),
              ),
            ),
        ),
      ),
    )
    .returning({ sessionId: streamTokens.sessionId, watchPartnerId: streamTokens.watchPartnerId });
  return row ?? null;
}
