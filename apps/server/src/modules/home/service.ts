import { GRID_TOTAL_CAP, isShopId, MARKETS } from '@pp/domain';
import { and, desc, eq, gt, isNull, type SQLWrapper, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { auditLog } from '../../platform/audit/tables';
import type { RequestContext } from '../../platform/context';
import { accounts } from '../account/tables';
import { sessions } from '../auth/tables';
import type { PartnerSummary } from '../partner/service';
import { accountPartners, partners } from '../partner/tables';

const admins = alias(accounts, 'admins');

/**
 * The dashboard's counts stop here, as the grids' totals do: however many accounts or live sessions a
 * partner gathers, one dashboard reads at most this many index entries per count (docs/performance.md).
 */
export const DASHBOARD_COUNT_CAP = GRID_TOTAL_CAP;

/** How many rows `rows` (a select with a limit) yields, as one scalar subquery. */
function countOf(rows: SQLWrapper) {
  return sql<number>`(select count(*) from (${rows}) as counted)`.mapWith(Number);
}

/**
 * The home dashboard: figures of the selected partner, read from the database in two statements run side
 * by side. Every read is an index range of this partner or this account (docs/performance.md lists the
 * indexes and their plans); the counts are capped.
 */
export async function dashboard(ctx: RequestContext) {
  const access = await ctx.require('partner', 'read');
  const auth = ctx.requireAuth();
  const partnerId = access.partnerId;

  // Accounts of the partner: an index-only range of account_partners' primary key (partner_id, account_id).
  const members = ctx.db
    .select({ one: sql`1` })
    .from(accountPartners)
    .where(eq(accountPartners.partnerId, partnerId))
    .limit(DASHBOARD_COUNT_CAP);
  // Live sessions of those accounts: per account, a range of sessions_account_live_idx (index-only).
  const liveSessions = ctx.db
    .select({ one: sql`1` })
    .from(accountPartners)
    .innerJoin(sessions, eq(sessions.accountId, accountPartners.accountId))
    .where(
      and(eq(accountPartners.partnerId, partnerId), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)),
    )
    .limit(DASHBOARD_COUNT_CAP);
  // The sign-in before the current one: the second entry of audit_log_account_action_idx, read backwards.
  const previousLogin = ctx.db
    .select({ at: auditLog.at })
    .from(auditLog)
    .where(and(eq(auditLog.accountId, auth.account.id), eq(auditLog.action, 'auth.login')))
    .orderBy(desc(auditLog.id))
    .offset(1)
    .limit(1);
  const ownLink = alias(accountPartners, 'own_link');

  const [[row], recentActivity] = await Promise.all([
    // The partner (ctx.require found it reachable), the caller's link to it, and the three figures.
    ctx.db
      .select({
        id: partners.id,
        partnerName: partners.partnerName,
        mallName: partners.mallName,
        sapId: partners.sapId,
        shopId: partners.shopId,
        provider: partners.provider,
        mdpStatus: partners.mdpStatus,
        workflowStatus: partners.workflowStatus,
        billingStatus: partners.billingStatus,
        rating: partners.rating,
        isDefault: ownLink.isDefault,
        isMaster: ownLink.isMaster,
        accountsCount: countOf(members),
        activeSessionsCount: countOf(liveSessions),
        lastLoginAt: sql<Date | null>`(${previousLogin})`.mapWith(auditLog.at),
      })
      .from(partners)
      .leftJoin(ownLink, and(eq(ownLink.partnerId, partners.id), eq(ownLink.accountId, auth.account.id)))
      .where(eq(partners.id, partnerId)),
    // The partner's newest entries: the end of audit_log_partner_idx (partner_id, id); for a partner with
    // a large share of all entries PostgreSQL may walk the primary key backwards instead, which is cheaper.
    ctx.db
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
      .where(eq(auditLog.partnerId, partnerId))
      .orderBy(desc(auditLog.id))
      .limit(10),
  ]);
  if (!row) throw new Error(`dashboard: partner ${partnerId} vanished`);
  const { accountsCount, activeSessionsCount, lastLoginAt, isDefault, isMaster, ...columns } = row;
  // As partner/service.ts summarises it; an impersonation session acts as the master of its one partner.
  const bound = auth.boundPartnerId !== null;
  const partner: PartnerSummary = {
    ...columns,
    currency: isShopId(columns.shopId) ? MARKETS[columns.shopId].currency : 'EUR',
    isDefault: bound || (isDefault ?? false),
    isMaster: bound || (isMaster ?? false),
  };

  return {
    partner,
    accountsCount,
    activeSessionsCount,
    /** The sign-in before the current one: what a person wants to compare against. */
    lastLoginAt,
    recentActivity,
  };
}
