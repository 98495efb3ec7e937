import { allPolicies, DomainError, isOperatorAllowed, type Resource, withServiceModules } from '@pp/domain';
import { and, eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/service';
import type { Auth, RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db/client';
import type { StreamMember } from '../../platform/stream/hub';
import { streamTokens } from '../auth/tables';
import { hashToken, newToken } from '../auth/tokens';
import { switchedOffModules } from '../partner/service-modules';
import { livePartner, partners } from '../partner/tables';

/**
 * The administrator's "login to stream" (spec §6): an operator's socket that listens to one partner's live
 * events without becoming the partner. The stream token names the partner; the socket logs in with the
 * operator's own session, so no partner session exists and nothing can be done as the partner (the socket
 * itself only ever receives). Needs `impersonation` read, the right to see what the partner sees.
 */

const WATCH_TOKEN_TTL_MS = 5 * 60_000;

function mayWatch(auth: Auth): boolean {
  return (
    auth.account.isAdmin &&
    auth.admin === null &&
    isOperatorAllowed(auth.account.operatorRoles, 'impersonation', 'read')
  );
}

export interface StreamWatch {
  /** Single-use: opens one socket (`/v1/stream-api/{token}/ws`), which then logs in with the operator's session. */
  token: string;
  partnerId: number;
  partnerName: string;
  shopId: string;
}

/** Operators (`impersonation` read): a single-use stream token that opens a watch of the partner, audited. */
export async function cockpitStreamWatch(ctx: RequestContext, partnerId: number): Promise<StreamWatch> {
  const auth = ctx.requireOperator('impersonation', 'read');
  const token = newToken();
  return ctx.db.transaction(async (tx) => {
    const [partner] = await tx
      .select({ partnerName: partners.partnerName, shopId: partners.shopId })
      .from(partners)
      // A sandbox (issue 20) is nobody's partner: no operator watches it.
      .where(and(eq(partners.id, partnerId), livePartner));
    if (!partner) throw new DomainError('ENTITY_NOT_FOUND');
    await tx.insert(streamTokens).values({
      tokenHash: hashToken(token),
      sessionId: auth.sessionId,
      expiresAt: new Date(Date.now() + WATCH_TOKEN_TTL_MS),
      watchPartnerId: partnerId,
    });
    await recordAudit(tx, ctx.actor(null), {
      action: 'cockpit.stream.watch',
      entity: 'partner',
      entityId: partnerId,
      partnerId,
    });
    return { token, partnerId, partnerName: partner.partnerName, shopId: partner.shopId };
  });
}

/**
 * Who a watching socket is on the hub: the partner's member as its master would be (every resource the
 * partner's modules leave on), and no account of its own (`accountId` 0 is nobody's), so an operator's own
 * events stay off the list; the operator is its `adminAccountId`, so a change of the operator's roles reads
 * it again. Null when the session may not watch (any more).
 */
export async function watchMemberOf(db: DbOrTx, auth: Auth, partnerId: number): Promise<StreamMember | null> {
  if (!mayWatch(auth)) return null;
  const [partner] = await db.select({ shopId: partners.shopId }).from(partners).where(eq(partners.id, partnerId));
  if (!partner) return null;
  const readable = new Set<Resource>(
    withServiceModules(allPolicies(), await switchedOffModules(db, partnerId))
      .filter((p) => !p.isDisabled && p.action === 'read')
      .map((p) => p.subject),
  );
  return {
    accountId: 0,
    adminAccountId: auth.account.id,
    partnerIds: new Set([partnerId]),
    readable: new Map([[partnerId, readable]]),
    shopIds: new Set([partner.shopId]),
    operator: false,
  };
}
