import { DomainError, SECRET_CHECK_LIMIT } from '@pp/domain';
import { and, eq, sql } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/service';
import { announceInTransaction } from '../../platform/auth-cache';
import type { Auth, RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db/client';
import { takeAttempt } from '../auth/throttle';
import { hashToken } from '../auth/tokens';
import { accountPartners, partners } from '../partner/tables';
import { pairsOf, writePolicies } from './membership';
import { linkedAccount, lockPartner } from './people';
import { accountInvitations, accounts } from './tables';

/** What the invitation page shows its addressee before they answer: who invited them, to which shop. */
export interface InvitationDetails {
  partnerId: number;
  partnerName: string;
  shopId: string;
  inviterName: string;
  email: string;
  expiresAt: Date;
}

/**
 * The signed-in account that may answer an invitation: a partner's person acting as themself. An operator
 * is never linked to a partner, and an operator signed in as a partner does not answer for its people.
 */
async function answeringAccount(ctx: RequestContext): Promise<Auth> {
  const auth = ctx.requireAuth();
  if (auth.admin) throw new DomainError('ACCESS_DENIED');
  if (auth.account.isAdmin) throw new DomainError('ACCOUNT_OPERATOR_NOT_LINKABLE');
  // The link is a secret: every check counts, outside the command's transaction so a refusal keeps its count.
  if (!(await takeAttempt(ctx.db, `invitation-check:${auth.account.id}`, SECRET_CHECK_LIMIT))) {
    throw new DomainError('TOO_MANY_ATTEMPTS');
  }
  return auth;
}

/**
 * Finds the invitation behind a mailed link for the signed-in account. A link that is unknown, withdrawn, answered or past its
 * validity gets one answer; a link mailed to another address says so (its holder has that mail already).
 */
async function invitationFor(tx: DbOrTx, auth: Auth, token: string, lock: boolean) {
  if (token.length === 0 || token.length > 200) throw new DomainError('ACCOUNT_INVITATION_INVALID');
  const query = tx
    .select({
      invitation: accountInvitations,
      partnerName: partners.partnerName,
      shopId: partners.shopId,
      inviterFirst: accounts.firstName,
      inviterLast: accounts.lastName,
    })
    .from(accountInvitations)
    .innerJoin(partners, eq(partners.id, accountInvitations.partnerId))
    .leftJoin(accounts, eq(accounts.id, accountInvitations.invitedBy))
    .where(eq(accountInvitations.tokenHash, hashToken(token)));
  const [row] = lock ? await query.for('update', { of: accountInvitations }) : await query;
  if (!row || row.invitation.expiresAt.getTime() < Date.now()) throw new DomainError('ACCOUNT_INVITATION_INVALID');
  if (row.invitation.email !== auth.account.email.toLowerCase()) {
    throw new DomainError('ACCOUNT_INVITATION_OTHER_ACCOUNT');
  }
  const details: InvitationDetails = {
    partnerId: row.invitation.partnerId,
    partnerName: row.partnerName,
    shopId: row.shopId,
    inviterName: `${row.inviterFirst ?? ''} ${row.inviterLast ?? ''}`.trim() || row.partnerName,
    email: row.invitation.email,
    expiresAt: row.invitation.expiresAt,
  };
  return { invitation: row.invitation, details };
}

export async function viewInvitation(ctx: RequestContext, token: string): Promise<InvitationDetails> {
  const auth = await answeringAccount(ctx);
  return (await invitationFor(ctx.db, auth, token, false)).details;
}

/**
 * The owner's consent: only now is the account linked to the partner, with the rights the inviter gave
 * (never more than the inviter held). The link is spent with the invitation.
 */
export async function acceptInvitation(ctx: RequestContext, token: string): Promise<InvitationDetails> {
  const auth = await answeringAccount(ctx);
  const accountId = auth.account.id;
  const details = await ctx.db.transaction(async (tx) => {
    const { invitation, details } = await invitationFor(tx, auth, token, true);
    await lockPartner(tx, invitation.partnerId);
    await tx.delete(accountInvitations).where(eq(accountInvitations.id, invitation.id));
    if (!(await linkedAccount(tx, invitation.partnerId, accountId))) {
      const [other] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(accountPartners)
        .where(eq(accountPartners.accountId, accountId));
      await tx.insert(accountPartners).values({
        partnerId: invitation.partnerId,
        accountId,
        isMaster: false,
        // An account's first partner is the one it lands on after sign-in.
        isDefault: Number(other?.n ?? 0) === 0,
      });
      await writePolicies(tx, invitation.partnerId, accountId, pairsOf(invitation.policies));
    }
    await recordAudit(tx, ctx.actor(invitation.partnerId), {
      action: 'account.invitation-accepted',
      entity: 'account-invitation',
      entityId: invitation.id,
      data: { granted: invitation.policies.length },
    });
    await announceInTransaction(tx, { accounts: [accountId] });
    return details;
  });
  await ctx.platform.authCache.changed({ accounts: [accountId] });
  return details;
}

/** The owner says no: the invitation and its link end, and nothing is linked. */
export async function declineInvitation(ctx: RequestContext, token: string): Promise<boolean> {
  const auth = await answeringAccount(ctx);
  await ctx.db.transaction(async (tx) => {
    const { invitation } = await invitationFor(tx, auth, token, true);
    await tx
      .delete(accountInvitations)
      .where(and(eq(accountInvitations.id, invitation.id), eq(accountInvitations.tokenHash, invitation.tokenHash!)));
    await recordAudit(tx, ctx.actor(invitation.partnerId), {
      action: 'account.invitation-declined',
      entity: 'account-invitation',
      entityId: invitation.id,
    });
  });
  return true;
}
