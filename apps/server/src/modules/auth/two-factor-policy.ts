import { DomainError } from '@pp/domain';
import { eq, sql } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/service';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db/client';
import { accountPartners, partners } from '../partner/tables';
import { partnerTwoFactorPolicies } from './tables';
import { twoFactorState } from './two-factor';

/**
 * A partner's master may require two-factor sign-in of every account of the partner (issue 24). Accounts
 * without a second factor are then led to enrol: their sessions may do nothing else (request-context.ts).
 */

export async function isTwoFactorRequiredFor(db: DbOrTx, partnerId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: partnerTwoFactorPolicies.partnerId })
    .from(partnerTwoFactorPolicies)
    .where(eq(partnerTwoFactorPolicies.partnerId, partnerId));
  return row !== undefined;
}

/** The selected partner's setting; any member may read it (the security page says why it must enrol). */
export async function partnerTwoFactorRequired(ctx: RequestContext): Promise<boolean> {
  const { partnerId } = await ctx.requirePartner();
  return isTwoFactorRequiredFor(ctx.db, partnerId);
}

/**
 * Switches the requirement, master only, audited with before and after. The one switching it on must have a
 * second factor first, so the switch never shuts its own author out. Every member's sessions are re-read at
 * once in every process, so the requirement holds from their next request.
 */
export async function setPartnerTwoFactorRequired(ctx: RequestContext, required: boolean): Promise<boolean> {
  const access = await ctx.require('accounts', 'update');
  const auth = ctx.requireAuth();
  if (!access.isMaster || auth.admin) throw new DomainError('ACCESS_DENIED');
  if (required && !(await twoFactorState(ctx.db, auth.account.id)).enrolled) {
    throw new DomainError('TWO_FACTOR_REQUIRED');
  }
  const members = await ctx.db.transaction(async (tx) => {
    // The partner's row lock orders parallel switches, so the audit's before/after is what happened.
    await tx.execute(sql`select 1 from ${partners} where ${partners.id} = ${access.partnerId} for update`);
    const before = await isTwoFactorRequiredFor(tx, access.partnerId);
    if (before === required) return null;
    if (required) {
      await tx.insert(partnerTwoFactorPolicies).values({ partnerId: access.partnerId, requiredBy: auth.account.id });
    } else {
      await tx.delete(partnerTwoFactorPolicies).where(eq(partnerTwoFactorPolicies.partnerId, access.partnerId));
    }
    await recordAudit(tx, ctx.actor(access.partnerId), {
      action: 'partner.two-factor-required',
      entity: 'partner',
      entityId: access.partnerId,
      data: { before, after: required },
    });
    const rows = await tx
      .select({ accountId: accountPartners.accountId })
      .from(accountPartners)
      .where(eq(accountPartners.partnerId, access.partnerId));
    return rows.map((r) => r.accountId);
  });
  if (members) await ctx.platform.authCache.changed({ accounts: members });
  return required;
}
