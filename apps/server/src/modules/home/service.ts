import {
  ACTIVITY_HIDDEN_ACTIONS,
  type ActivitySentence,
  DomainError,
  describeActivity,
  GRID_TOTAL_CAP,
} from '@pp/domain';
import { and, desc, eq, gt, inArray, isNull, notInArray, type SQLWrapper, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { auditLog } from '../../platform/audit/tables';
import type { RequestContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import { partnerFiguresPrefix } from '../../platform/figures-cache';
import { accounts } from '../account/tables';
import { apiKeys } from '../api/tables';
import { sessions } from '../auth/tables';
import { accountPartners } from '../partner/tables';
import { products } from '../products/tables';

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
 * The partner's newest entries: the end of audit_log_partner_idx (partner_id, id); for a partner with a
 * large share of all entries PostgreSQL may walk the primary key backwards instead, which is cheaper.
 * Prepared once per database: the dashboard is the page everybody opens first, and building the SQL text
 * of a statement costs the server more than the database spends answering it.
 */
const preparedActivity = new WeakMap<Db, ReturnType<typeof prepareActivity>>();
function prepareActivity(db: Db) {
  return db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      entity: auditLog.entity,
      entityId: auditLog.entityId,
      data: auditLog.data,
      at: auditLog.at,
      accountId: auditLog.accountId,
      actorEmail: accounts.email,
      actorFirstName: accounts.firstName,
      actorLastName: accounts.lastName,
      adminEmail: admins.email,
      apiClientId: apiKeys.clientId,
    })
    .from(auditLog)
    .leftJoin(accounts, eq(accounts.id, auditLog.accountId))
    .leftJoin(admins, eq(admins.id, auditLog.adminAccountId))
    .leftJoin(apiKeys, eq(apiKeys.id, auditLog.apiKeyId))
    .where(
      and(
        eq(auditLog.partnerId, sql.placeholder('partnerId')),
        notInArray(auditLog.action, [...ACTIVITY_HIDDEN_ACTIONS]),
      ),
    )
    .orderBy(desc(auditLog.id))
    .limit(10)
    .prepare('dashboard_recent_activity');
}
function recentActivityOf(db: Db) {
  let prepared = preparedActivity.get(db);
  if (!prepared) {
    prepared = prepareActivity(db);
    preparedActivity.set(db, prepared);
  }
  return prepared;
}

export interface ActivityEntry extends ActivitySentence {
  id: number;
  action: string;
  at: Date;
  accountId: number | null;
  actorName: string | null;
  actorEmail: string | null;
  adminEmail: string | null;
  /** The public client id of the API key whose request made the change (the partner's integration). */
  apiClientId: string | null;
}

type ActivityRow = Awaited<ReturnType<ReturnType<typeof prepareActivity>['execute']>>[number];

/**
 * Each entry as a sentence (the domain's describeActivity), with the names the sentences need: the actor's
 * and each product's title, read in one query for the page's entries.
 */
async function activityEntries(db: Db, partnerId: number, rows: ActivityRow[]): Promise<ActivityEntry[]> {
  const productIds = [...new Set(rows.filter((r) => r.entity === 'product' && r.entityId).map((r) => r.entityId!))];
  const titles = new Map<string, string>();
  if (productIds.length > 0) {
    const found = await db
      .select({ id: products.id, title: products.title })
      .from(products)
      .where(and(eq(products.partnerId, partnerId), inArray(products.id, productIds)));
    for (const p of found) titles.set(p.id, p.title);
  }
  return rows.map((row) => {
    const name = [row.actorFirstName, row.actorLastName].filter(Boolean).join(' ').trim();
    return {
      id: row.id,
      action: row.action,
      at: row.at,
      accountId: row.accountId,
      actorName: name || null,
      actorEmail: row.actorEmail,
      adminEmail: row.adminEmail,
      apiClientId: row.apiClientId,
      ...describeActivity({
        action: row.action,
        entityId: row.entityId,
        data: (row.data as Record<string, unknown> | null) ?? null,
        objectName: row.entity === 'product' && row.entityId ? (titles.get(row.entityId) ?? null) : null,
      }),
    };
  });
}

/**
 * The home dashboard: the partner as the session knows it (cached), the partner's counts and newest
 * activity (computed once per process and period however many people look, and forgotten as soon as a
 * change to the partner commits), and the caller's previous sign-in (kept with the session). Every read is an index range of this partner or this
 * account (docs/performance.md lists the indexes and their plans); the counts are capped.
 */
export async function dashboard(ctx: RequestContext) {
  const access = await ctx.require('partner', 'read');
  const auth = ctx.requireAuth();
  const partnerId = access.partnerId;
  const partner = (await ctx.reachablePartners()).find((p) => p.id === partnerId);
  if (!partner) throw new DomainError('ACCESS_DENIED');

  const figures = ctx.platform.figures;
  const counts = figures.get(`${partnerFiguresPrefix(partnerId)}dashboard-counts`, async () => {
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
    const [row] = await ctx.db
      .select({ accounts: countOf(members), sessions: countOf(liveSessions) })
      .from(sql`(select 1) as one`);
    return { accountsCount: row?.accounts ?? 0, activeSessionsCount: row?.sessions ?? 0 };
  });
  // The sign-in before the current one: the second entry of audit_log_account_action_idx, read backwards.
  // It changes only when the account signs in again, so it is kept with the session like its policies.
  const previousLogin = ctx.sessionCached('dashboard-previous-login', async () => {
    const [last] = await ctx.db
      .select({ at: auditLog.at })
      .from(auditLog)
      .where(and(eq(auditLog.accountId, auth.account.id), eq(auditLog.action, 'auth.login')))
      .orderBy(desc(auditLog.id))
      .offset(1)
      .limit(1);
    return last?.at ?? null;
  });
  // Kept per partner like the counts, and forgotten in every process as soon as a change to the partner
  // commits (the audit trail announces it), so a person sees their own change at once.
  const recentActivity = figures.get(`${partnerFiguresPrefix(partnerId)}recent-activity`, async () =>
    activityEntries(ctx.db, partnerId, await recentActivityOf(ctx.db).execute({ partnerId })),
  );

  const [countsNow, lastLoginAt, activity] = await Promise.all([counts, previousLogin, recentActivity]);
  return {
    partner,
    ...countsNow,
    /** The sign-in before the current one: what a person wants to compare against. */
    lastLoginAt,
    recentActivity: activity,
  };
}
