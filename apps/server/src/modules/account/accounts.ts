import { allPolicies, DomainError, isAdministrator } from '@pp/domain';
import { and, asc, desc, eq, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/service';
import { announceInTransaction } from '../../platform/auth-cache';
import type { RequestContext } from '../../platform/context';
import { sessions } from '../auth/tables';
import { accountPartners } from '../partner/tables';
import { policiesOf, removeMembership, writePolicies } from './membership';
import { assertAdministratorLeft, linkedAccount, lockPartner } from './people';
import { accessPolicies, accountInvitations, accounts } from './tables';

/** One row of the accounts tab (spec Account, with what the tab shows besides). */
export interface PartnerAccountView {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  lang: string;
  isConfirmed: boolean;
  /** The account has a password (an invitation not yet accepted has none). */
  passwordValid: boolean;
  isMaster: boolean;
  isActive: boolean;
  isAdministrator: boolean;
  /** The caller's own account. */
  isSelf: boolean;
  linked: Date;
}

/**
 * The partner's accounts, master first; a partner has a handful, so the tab gets them all at once. The
 * permissions tab lists them too, under its own resource. An account that never chose a password is an
 * invitation still waiting and is listed as one (listPartnerInvitations), with its address only: this
 * list must not tell an unknown address that was just invited from an existing account that was not.
 */
export async function listPartnerAccounts(
  ctx: RequestContext,
  resource: 'accounts' | 'permissions' = 'accounts',
): Promise<PartnerAccountView[]> {
  const { partnerId } = await ctx.require(resource, 'read');
  const rows = await ctx.db
    .select({ account: accounts, isMaster: accountPartners.isMaster, linked: accountPartners.created })
    .from(accountPartners)
    .innerJoin(accounts, eq(accounts.id, accountPartners.accountId))
    .where(
      and(
        eq(accountPartners.partnerId, partnerId),
        or(eq(accounts.isConfirmed, true), isNotNull(accounts.passwordHash), eq(accountPartners.isMaster, true)),
      ),
    )
    .orderBy(desc(accountPartners.isMaster), asc(sql`lower(${accounts.lastName})`), asc(accounts.id));
  const policies = rows.length
    ? await ctx.db
        .select()
        .from(accessPolicies)
        .where(
          and(
            eq(accessPolicies.partnerId, partnerId),
            inArray(
              accessPolicies.accountId,
              rows.map((r) => r.account.id),
            ),
          ),
        )
    : [];
  const selfId = ctx.auth?.account.id;
  return rows.map(({ account, isMaster, linked }) => ({
    id: account.id,
    email: account.email,
    firstName: account.firstName,
    lastName: account.lastName,
    lang: account.lang,
    isConfirmed: account.isConfirmed,
    passwordValid: account.passwordHash !== null,
    isMaster,
    isActive: account.isActive,
    isAdministrator:
      account.isActive &&
      (isMaster ||
        (account.isConfirmed &&
          isAdministrator(policiesOf(policies.filter((p) => p.accountId === account.id)), false))),
    isSelf: account.id === selfId,
    linked,
  }));
}

/**
 * Removes an account from the partner: its link and its permissions there. The master cannot be unlinked
 * (hand the role over first), nor the partner's last administrator. An account left without any partner
 * can no longer sign in, so its sessions and unused invitations end too; one that still belongs elsewhere
 * keeps its sessions and simply loses this partner on its next request.
 */
export async function unlinkPartnerAccount(ctx: RequestContext, accountId: number): Promise<boolean> {
  const { partnerId } = await ctx.require('accounts', 'delete');
  const ended = await ctx.db.transaction(async (tx) => {
    await lockPartner(tx, partnerId);
    const linked = await linkedAccount(tx, partnerId, accountId);
    if (!linked) throw new DomainError('ENTITY_NOT_FOUND');
    if (linked.isMaster) throw new DomainError('AT_LEAST_ONE_ADMIN_REQUIRED');
    const remaining = await removeMembership(tx, partnerId, accountId, linked.isDefault);
    // Its invitation here, if it came by one, is over too: a later invitation starts afresh.
    await tx
      .delete(accountInvitations)
      .where(
        and(
          eq(accountInvitations.partnerId, partnerId),
          eq(accountInvitations.email, linked.account.email.toLowerCase()),
        ),
      );
    await assertAdministratorLeft(tx, partnerId);
    let revoked: number[] = [];
    if (remaining.length === 0) {
      revoked = (
        await tx
          .update(sessions)
          .set({ revokedAt: sql`now()` })
          .where(and(eq(sessions.accountId, accountId), isNull(sessions.revokedAt), isNull(sessions.adminAccountId)))
          .returning({ id: sessions.id })
      ).map((r) => r.id);
    }
    await recordAudit(tx, ctx.actor(partnerId), {
      action: 'account.unlink',
      entity: 'account',
      entityId: accountId,
      data: { self: accountId === ctx.auth?.account.id, sessionsEnded: revoked.length },
    });
    await announceInTransaction(tx, { accounts: [accountId] });
    return revoked;
  });
  await ctx.platform.authCache.changed({ accounts: [accountId] });
  await ctx.platform.sessionsEnded(ended);
  return true;
}

/**
 * Hands the master role to another linked, confirmed and active account. Only the master (or an operator
 * signed in as the partner) may give it away. The former master stays an administrator: it keeps every
 * pair as ordinary permissions, which the permissions tab can then narrow.
 */
export async function changeMasterAccount(ctx: RequestContext, accountId: number): Promise<boolean> {
  const access = await ctx.require('accounts', 'update');
  if (!access.isMaster) throw new DomainError('ACCESS_DENIED');
  const { partnerId } = access;
  const changed = await ctx.db.transaction(async (tx): Promise<number[]> => {
    await lockPartner(tx, partnerId);
    const linked = await linkedAccount(tx, partnerId, accountId);
    if (!linked) throw new DomainError('ENTITY_NOT_FOUND');
    if (linked.isMaster) return [];
    if (!linked.account.isConfirmed || !linked.account.isActive) throw new DomainError('ACCOUNT_MASTER_NOT_CONFIRMED');
    const former = await tx
      .update(accountPartners)
      .set({ isMaster: false })
      .where(
        and(
          eq(accountPartners.partnerId, partnerId),
          eq(accountPartners.isMaster, true),
          ne(accountPartners.accountId, accountId),
        ),
      )
      .returning({ accountId: accountPartners.accountId });
    for (const f of former) await writePolicies(tx, partnerId, f.accountId, allPolicies());
    await tx
      .update(accountPartners)
      .set({ isMaster: true })
      .where(and(eq(accountPartners.partnerId, partnerId), eq(accountPartners.accountId, accountId)));
    await recordAudit(tx, ctx.actor(partnerId), {
      action: 'account.change-master',
      entity: 'account',
      entityId: accountId,
      data: { from: former.map((f) => f.accountId), to: accountId },
    });
    const concerned = [accountId, ...former.map((f) => f.accountId)];
    await announceInTransaction(tx, { accounts: concerned });
    return concerned;
  });
  if (changed.length) await ctx.platform.authCache.changed({ accounts: changed });
  return true;
}
