import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { auditLog } from '../../platform/audit/tables';
import type { RequestContext } from '../../platform/context';
import { accounts } from '../account/tables';
import { sessions } from '../auth/tables';
import { reachablePartners } from '../partner/service';
import { accountPartners } from '../partner/tables';

const admins = alias(accounts, 'admins');

/** The home dashboard: figures of the selected partner, read from the database. */
export async function dashboard(ctx: RequestContext) {
  const access = await ctx.require('partner', 'read');
  const auth = ctx.requireAuth();
  const partner = (await reachablePartners(ctx.db, auth, await ctx.flags())).find((p) => p.id === access.partnerId)!;

  const [accountsRow] = await ctx.db
    .select({ n: count() })
    .from(accountPartners)
    .where(eq(accountPartners.partnerId, access.partnerId));
  const [sessionsRow] = await ctx.db
    .select({ n: count() })
    .from(sessions)
    .innerJoin(accountPartners, eq(accountPartners.accountId, sessions.accountId))
    .where(
      and(
        eq(accountPartners.partnerId, access.partnerId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
      ),
    );
  const [lastLogin] = await ctx.db
    .select({ at: auditLog.at })
    .from(auditLog)
    .where(and(eq(auditLog.accountId, auth.account.id), eq(auditLog.action, 'auth.login')))
    .orderBy(desc(auditLog.id))
    .offset(1)
    .limit(1);
  const recentActivity = await ctx.db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      at: auditLog.at,
      actorEmail: accounts.email,
      adminEmail: admins.email,
    })
    .from(auditLog)
    .leftJoin(accounts, eq(accounts.id, auditLog.accountId))
    .leftJoin(admins, eq(admins.id, auditLog.adminAccountId))
    .where(eq(auditLog.partnerId, access.partnerId))
    .orderBy(desc(auditLog.id))
    .limit(10);

  return {
    partner,
    accountsCount: accountsRow?.n ?? 0,
    activeSessionsCount: sessionsRow?.n ?? 0,
    /** The sign-in before the current one: what a person wants to compare against. */
    lastLoginAt: lastLogin?.at ?? null,
    recentActivity,
  };
}
