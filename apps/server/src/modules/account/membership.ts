import { grantablePolicies, isAction, isResource, type Policy } from '@pp/domain';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { PartnerAccess, RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db/client';
import { loginTokens } from '../auth/tables';
import { accountPartners } from '../partner/tables';
import { accessPolicies, type accounts } from './tables';

export function policiesOf(rows: { subject: string; action: string; isActive: boolean }[]): Policy[] {
  return rows.flatMap((r) =>
    isResource(r.subject) && isAction(r.action) ? [{ subject: r.subject, action: r.action, isActive: r.isActive }] : [],
  );
}

/** "subject:action" strings (as an invitation keeps them) back to pairs; unknown ones are dropped. */
export function pairsOf(keys: readonly string[]): Policy[] {
  return policiesOf(
    keys.map((k) => {
      const [subject = '', action = ''] = k.split(':');
      return { subject, action, isActive: true };
    }),
  );
}

/** An account that has never had a password needs the invitation (its link sets the first one and confirms it). */
export const needsInvitation = (account: typeof accounts.$inferSelect) =>
  !account.isConfirmed && account.passwordHash === null;

/**
 * The pairs the caller may hand out at this partner, read inside the command's transaction (after the
 * partner lock) rather than from the few-seconds cache: a right taken away a moment ago is not given on.
 */
export async function heldPolicies(tx: DbOrTx, ctx: RequestContext, access: PartnerAccess): Promise<Policy[]> {
  if (access.isMaster) return grantablePolicies({ policies: [], isMaster: true });
  const accountId = ctx.auth?.account.id;
  if (accountId === undefined) return [];
  const rows = await tx
    .select({ subject: accessPolicies.subject, action: accessPolicies.action, isActive: accessPolicies.isActive })
    .from(accessPolicies)
    .where(and(eq(accessPolicies.partnerId, access.partnerId), eq(accessPolicies.accountId, accountId)));
  return grantablePolicies({ policies: policiesOf(rows), isMaster: false });
}

export async function writePolicies(
  tx: DbOrTx,
  partnerId: number,
  accountId: number,
  policies: Policy[],
): Promise<void> {
  if (!policies.length) return;
  await tx
    .insert(accessPolicies)
    .values(policies.map((p) => ({ partnerId, accountId, subject: p.subject, action: p.action, isActive: true })))
    .onConflictDoUpdate({
      target: [accessPolicies.partnerId, accessPolicies.accountId, accessPolicies.subject, accessPolicies.action],
      set: { isActive: true },
    });
}

/** Ends the unused first-password links of an account (a newer one is on its way, or it was withdrawn). */
export async function spendInvitations(tx: DbOrTx, accountId: number): Promise<void> {
  await tx
    .update(loginTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(loginTokens.accountId, accountId), eq(loginTokens.purpose, 'invite'), isNull(loginTokens.usedAt)));
}

/**
 * Takes an account off a partner: its link and its permissions there. Returns the partners it still
 * belongs to; when its landing partner went away, the next one takes its place, and an account left with
 * none has its unused invitation links ended.
 */
export async function removeMembership(
  tx: DbOrTx,
  partnerId: number,
  accountId: number,
  wasDefault: boolean,
): Promise<number[]> {
  await tx
    .delete(accessPolicies)
    .where(and(eq(accessPolicies.partnerId, partnerId), eq(accessPolicies.accountId, accountId)));
  await tx
    .delete(accountPartners)
    .where(and(eq(accountPartners.partnerId, partnerId), eq(accountPartners.accountId, accountId)));
  const remaining = await tx
    .select({ partnerId: accountPartners.partnerId, isDefault: accountPartners.isDefault })
    .from(accountPartners)
    .where(eq(accountPartners.accountId, accountId))
    .orderBy(asc(accountPartners.partnerId));
  if (remaining.length === 0) {
    await spendInvitations(tx, accountId);
  } else if (wasDefault && !remaining.some((r) => r.isDefault)) {
    await tx
      .update(accountPartners)
      .set({ isDefault: true })
      .where(and(eq(accountPartners.accountId, accountId), eq(accountPartners.partnerId, remaining[0]!.partnerId)));
  }
  return remaining.map((r) => r.partnerId);
}
