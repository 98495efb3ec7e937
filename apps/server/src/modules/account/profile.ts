import { changePasswordSchema, DomainError, LOGIN_PAIR_LIMIT, profileSchema } from '@pp/domain';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/service';
import { announceInTransaction } from '../../platform/auth-cache';
import type { Auth, RequestContext } from '../../platform/context';
import { validationError } from '../../platform/errors';
import { metrics } from '../../platform/metrics';
import { hashPassword, verifyPassword } from '../auth/password';
import { endResetLinks } from '../auth/service';
import { sessions } from '../auth/tables';
import { clearAttempts, takeAttempt, takeDelayedAttempt } from '../auth/throttle';
import { accounts } from './tables';

/**
 * The user area belongs to the person signed in. It needs no permission, but a request that names a
 * partner the account does not belong to is refused like any other, and an operator signed in as a partner
 * may not change that person's name, language or password.
 */
async function ownAccount(ctx: RequestContext): Promise<Auth> {
  const auth = ctx.requireAuth();
  if (ctx.requestedPartnerId !== null) await ctx.requirePartner();
  if (auth.admin) throw new DomainError('ACCESS_DENIED');
  return auth;
}

export interface ProfileView {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  lang: string;
}

/** "Account update": first name, last name and language of the signed-in account. */
export async function updateProfile(ctx: RequestContext, input: unknown): Promise<ProfileView> {
  const auth = await ownAccount(ctx);
  const parsed = profileSchema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error);
  const row = await ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(accounts)
      .set({ ...parsed.data, updated: sql`now()` })
      .where(eq(accounts.id, auth.account.id))
      .returning();
    await recordAudit(tx, ctx.actor(), {
      action: 'account.profile',
      entity: 'account',
      entityId: auth.account.id,
      data: { lang: parsed.data.lang },
    });
    // The session (names, language) is cached per process: every process reads it again.
    await announceInTransaction(tx, { accounts: [auth.account.id] });
    return updated!;
  });
  await ctx.platform.authCache.changed({ accounts: [auth.account.id] });
  return { id: row.id, email: row.email, firstName: row.firstName, lastName: row.lastName, lang: row.lang };
}

/**
 * Change password: the old password is checked like a sign-in (counted per account and address before the
 * check, so a stolen session cannot be used to guess it), the new one follows the policy. Success ends the
 * account's other sessions and its reset links; the session that changed it goes on.
 */
export async function changePassword(ctx: RequestContext, input: unknown): Promise<boolean> {
  const auth = await ownAccount(ctx);
  const parsed = changePasswordSchema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error);
  // As at sign-in: tightly per account and address, and per account with growing delays over all addresses.
  const key = `password-change:${auth.account.id}|${ctx.ip}`;
  const accountKey = `password-change-account:${auth.account.id}`;
  if (!(await takeAttempt(ctx.db, key, LOGIN_PAIR_LIMIT))) throw new DomainError('TOO_MANY_ATTEMPTS');
  if (!(await takeDelayedAttempt(ctx.db, accountKey))) throw new DomainError('TOO_MANY_ATTEMPTS');
  const [account] = await ctx.db
    .select({ passwordHash: accounts.passwordHash })
    .from(accounts)
    .where(eq(accounts.id, auth.account.id));
  const ok = account?.passwordHash ? await verifyPassword(account.passwordHash, parsed.data.oldPassword) : false;
  metrics.passwordChecks.inc();
  if (!ok) throw new DomainError('BAD_CREDENTIALS');
  const passwordHash = await hashPassword(parsed.data.password);
  const ended = await ctx.db.transaction(async (tx) => {
    await clearAttempts(tx, key);
    await clearAttempts(tx, accountKey);
    await tx.update(accounts).set({ passwordHash, updated: sql`now()` }).where(eq(accounts.id, auth.account.id));
    await endResetLinks(tx, auth.account.id);
    const revoked = await tx
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(
        and(
          eq(sessions.accountId, auth.account.id),
          ne(sessions.id, auth.sessionId),
          // An operator's impersonation of this account is the operator's session, not the person's.
          isNull(sessions.adminAccountId),
          isNull(sessions.revokedAt),
        ),
      )
      .returning({ id: sessions.id });
    await recordAudit(tx, ctx.actor(), {
      action: 'account.password-change',
      entity: 'account',
      entityId: auth.account.id,
      data: { sessionsEnded: revoked.length },
    });
    return revoked.map((r) => r.id);
  });
  await ctx.platform.sessionsEnded(ended);
  return true;
}
