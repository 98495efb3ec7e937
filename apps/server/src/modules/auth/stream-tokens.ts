import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { RequestContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import { sessions, streamTokens } from './tables';
import { hashToken, newToken } from './tokens';

const STREAM_TOKEN_TTL_MS = 5 * 60_000;

/** A short-lived token that opens the live stream for this session. */
export async function createStreamToken(ctx: RequestContext): Promise<string> {
  const auth = ctx.requireAuth();
  const token = newToken();
  await ctx.db.insert(streamTokens).values({
    tokenHash: hashToken(token),
    sessionId: auth.sessionId,
    expiresAt: new Date(Date.now() + STREAM_TOKEN_TTL_MS),
  });
  return token;
}

/** The session a stream token opens, or null. */
export async function resolveStreamToken(
  db: Db,
  token: string,
): Promise<{ sessionId: number; accountId: number } | null> {
  const [row] = await db
    .select({ sessionId: sessions.id, accountId: sessions.accountId })
    .from(streamTokens)
    .innerJoin(sessions, eq(sessions.id, streamTokens.sessionId))
    .where(
      and(
        eq(streamTokens.tokenHash, hashToken(token)),
        gt(streamTokens.expiresAt, sql`now()`),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
      ),
    );
  return row ?? null;
}
