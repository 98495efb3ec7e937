import {
  addAccountSchema,
  allPolicies,
  DomainError,
  INVITE_RESEND_LIMIT,
  isAction,
  isAdministrator,
  isResource,
  type Policy,
  startingPolicies,
} from '@pp/domain';
import { and, asc, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/service';
import { announceInTransaction } from '../../platform/auth-cache';
import type { RequestContext } from '../../platform/context';
import { type DbOrTx, rowsOf } from '../../platform/db/client';
import { validationError } from '../../platform/errors';
import { queueMail } from '../../platform/mail/service';
import { loginTokens, sessions } from '../auth/tables';
import { takeAttempt } from '../auth/throttle';
import { accountPartners } from '../partner/tables';
import { ACCOUNT_INVITE_MAIL, ACCOUNT_LINKED_MAIL } from './mails';
import { assertAdministratorLeft, linkedAccount, lockPartner } from './people';
import { accessPolicies, accounts } from './tables';

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

function policiesOf(rows: { subject: string; action: string; isActive: boolean }[]): Policy[] {
  return rows.flatMap((r) =>
    isResource(r.subject) && isAction(r.action) ? [{ subject: r.subject, action: r.action, isActive: r.isActive }] : [],
  );
}

/**
 * The partner's accounts, master first; a partner has a handful, so the tab gets them all at once. The
 * permissions tab lists them too, under its own resource.
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
    .where(eq(accountPartners.partnerId, partnerId))
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

async function writePolicies(tx: DbOrTx, partnerId: number, accountId: number, policies: Policy[]): Promise<void> {
  if (!policies.length) return;
  await tx
    .insert(accessPolicies)
    .values(policies.map((p) => ({ partnerId, accountId, subject: p.subject, action: p.action, isActive: true })))
    .onConflictDoUpdate({
      target: [accessPolicies.partnerId, accessPolicies.accountId, accessPolicies.subject, accessPolicies.action],
      set: { isActive: true },
    });
}

/** An account that has never had a password needs the invitation (its link sets the first one and confirms it). */
const needsInvitation = (account: typeof accounts.$inferSelect) =>
  !account.isConfirmed && account.passwordHash === null;

export interface AddAccountResult {
  account: PartnerAccountView;
  /** A new account was made and invited; otherwise an existing one was linked and told. */
  invited: boolean;
}

/**
 * Adds an account to the partner by e-mail: an existing account is linked at once and told by mail; an
 * unknown address gets a new account (unconfirmed, without password) and an invitation whose link sets
 * the password. Either way the account starts with the chosen rights (read on everything by default).
 */
export async function addPartnerAccount(ctx: RequestContext, input: unknown): Promise<AddAccountResult> {
  const { partnerId } = await ctx.require('accounts', 'create');
  const parsed = addAccountSchema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error);
  const data = parsed.data;
  const { accountId, invited } = await ctx.db.transaction(async (tx) => {
    await lockPartner(tx, partnerId);
    // Two partners inviting one new address at once: the unique e-mail index decides, the other links it.
    const created = rowsOf<{ id: number }>(
      await tx.execute(sql`
        insert into ${accounts} (email, first_name, last_name, lang, is_confirmed, password_hash)
        values (${data.email}, ${data.firstName}, ${data.lastName}, ${data.lang}, false, null)
        on conflict (lower(email)) do nothing
        returning id`),
    )[0];
    const [account] = await tx
      .select()
      .from(accounts)
      .where(eq(sql`lower(${accounts.email})`, data.email));
    if (!account) throw new DomainError('INTERNAL');
    if (account.isAdmin) throw new DomainError('ACCOUNT_OPERATOR_NOT_LINKABLE');
    if (await linkedAccount(tx, partnerId, account.id)) throw new DomainError('ENTITY_ALREADY_EXISTS');
    const [other] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(accountPartners)
      .where(eq(accountPartners.accountId, account.id));
    await tx.insert(accountPartners).values({
      partnerId,
      accountId: account.id,
      isMaster: false,
      // An account's first partner is the one it lands on after sign-in.
      isDefault: Number(other?.n ?? 0) === 0,
    });
    await writePolicies(tx, partnerId, account.id, startingPolicies(data.rights));
    const invite = created !== undefined || needsInvitation(account);
    await queueMail(tx, {
      to: account.email,
      template: invite ? ACCOUNT_INVITE_MAIL : ACCOUNT_LINKED_MAIL,
      lang: account.lang,
      data: { accountId: account.id, partnerId },
    });
    await recordAudit(tx, ctx.actor(partnerId), {
      action: 'account.add',
      entity: 'account',
      entityId: account.id,
      data: { created: created !== undefined, invited: invite, rights: data.rights },
    });
    await announceInTransaction(tx, { accounts: [account.id] });
    return { accountId: account.id, invited: invite };
  });
  // The announcement above reaches other processes at commit; this one forgets before it answers.
  await ctx.platform.authCache.changed({ accounts: [accountId] });
  const account = (await listPartnerAccounts(ctx)).find((a) => a.id === accountId);
  if (!account) throw new DomainError('INTERNAL');
  return { account, invited };
}

/** Sends the invitation again to an account that has not accepted it; older links of the account stop working. */
export async function resendInvitation(ctx: RequestContext, accountId: number): Promise<boolean> {
  const { partnerId } = await ctx.require('accounts', 'update');
  const linked = await linkedAccount(ctx.db, partnerId, accountId);
  if (!linked) throw new DomainError('ENTITY_NOT_FOUND');
  if (!needsInvitation(linked.account)) throw new DomainError('ACCOUNT_ALREADY_CONFIRMED');
  // Counted per invited account, so the button cannot be turned into a way of mailing someone endlessly.
  if (!(await takeAttempt(ctx.db, `invite:${accountId}`, INVITE_RESEND_LIMIT))) {
    throw new DomainError('TOO_MANY_ATTEMPTS');
  }
  await ctx.db.transaction(async (tx) => {
    await spendInvitations(tx, accountId);
    await queueMail(tx, {
      to: linked.account.email,
      template: ACCOUNT_INVITE_MAIL,
      lang: linked.account.lang,
      data: { accountId, partnerId },
    });
    await recordAudit(tx, ctx.actor(partnerId), {
      action: 'account.invite-resend',
      entity: 'account',
      entityId: accountId,
    });
  });
  return true;
}

async function spendInvitations(tx: DbOrTx, accountId: number): Promise<void> {
  await tx
    .update(loginTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(loginTokens.accountId, accountId), eq(loginTokens.purpose, 'invite'), isNull(loginTokens.usedAt)));
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
    await tx
      .delete(accessPolicies)
      .where(and(eq(accessPolicies.partnerId, partnerId), eq(accessPolicies.accountId, accountId)));
    await tx
      .delete(accountPartners)
      .where(and(eq(accountPartners.partnerId, partnerId), eq(accountPartners.accountId, accountId)));
    await assertAdministratorLeft(tx, partnerId);
    const remaining = await tx
      .select({ partnerId: accountPartners.partnerId, isDefault: accountPartners.isDefault })
      .from(accountPartners)
      .where(eq(accountPartners.accountId, accountId))
      .orderBy(asc(accountPartners.partnerId));
    let revoked: number[] = [];
    if (remaining.length === 0) {
      await spendInvitations(tx, accountId);
      revoked = (
        await tx
          .update(sessions)
          .set({ revokedAt: sql`now()` })
          .where(and(eq(sessions.accountId, accountId), isNull(sessions.revokedAt), isNull(sessions.adminAccountId)))
          .returning({ id: sessions.id })
      ).map((r) => r.id);
    } else if (linked.isDefault && !remaining.some((r) => r.isDefault)) {
      // The account's landing partner went away: the next one it belongs to takes its place.
      await tx
        .update(accountPartners)
        .set({ isDefault: true })
        .where(and(eq(accountPartners.accountId, accountId), eq(accountPartners.partnerId, remaining[0]!.partnerId)));
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
