import {
  accessControlSchema,
  allPolicies,
  DomainError,
  type PermissionPair,
  pairsBeyondGrantable,
  permissionsDiff,
} from '@pp/domain';
import { and, eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/service';
import { announceInTransaction } from '../../platform/auth-cache';
import type { RequestContext } from '../../platform/context';
import { validationError } from '../../platform/errors';
import { heldPolicies } from './membership';
import { assertAdministratorLeft, linkedAccount, lockPartner } from './people';
import { accessPolicies } from './tables';

/** The permissions editor's view of one account of the partner ("access control get"). */
export interface AccessControlView {
  accountId: number;
  /** The master holds every pair; the editor shows its rows checked and read-only. */
  isMaster: boolean;
  policies: PermissionPair[];
}

async function storedPairs(ctx: RequestContext, partnerId: number, accountId: number) {
  return ctx.db
    .select({ subject: accessPolicies.subject, action: accessPolicies.action, isActive: accessPolicies.isActive })
    .from(accessPolicies)
    .where(and(eq(accessPolicies.partnerId, partnerId), eq(accessPolicies.accountId, accountId)));
}

export async function getAccessControl(ctx: RequestContext, accountId: number): Promise<AccessControlView> {
  const { partnerId } = await ctx.require('permissions', 'read');
  const linked = await linkedAccount(ctx.db, partnerId, accountId);
  if (!linked) throw new DomainError('ENTITY_NOT_FOUND');
  const pairs = linked.isMaster ? allPolicies() : await storedPairs(ctx, partnerId, accountId);
  const policies = accessControlSchema.parse(
    pairs.filter((p) => p.isActive).map(({ subject, action }) => ({ subject, action })),
  );
  return { accountId, isMaster: linked.isMaster, policies };
}

/**
 * "Access control update": replaces the account's pairs for the partner in one transaction, audited with
 * what was granted and revoked, and announced, so the account's very next request is judged by the new
 * pairs in every server process. Nobody gives themselves rights: the master's pairs are not stored rows and
 * cannot be edited, an account never edits its own pairs, and a save may newly give only pairs the saving
 * account holds itself. A change that would leave the partner without an administrator is refused.
 */
export async function updateAccessControl(
  ctx: RequestContext,
  accountId: number,
  input: unknown,
): Promise<AccessControlView> {
  const access = await ctx.require('permissions', 'update');
  const { partnerId } = access;
  // An operator signed in as the partner acts as the master account's session; it is not editing itself.
  if (accountId === ctx.auth?.account.id && !ctx.auth.admin) throw new DomainError('ACCOUNT_OWN_PERMISSIONS_FIXED');
  const parsed = accessControlSchema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error);
  const pairs = parsed.data;
  await ctx.db.transaction(async (tx) => {
    await lockPartner(tx, partnerId);
    const linked = await linkedAccount(tx, partnerId, accountId);
    if (!linked) throw new DomainError('ENTITY_NOT_FOUND');
    if (linked.isMaster) throw new DomainError('ACCOUNT_MASTER_PERMISSIONS_FIXED');
    const before = await tx
      .select({ subject: accessPolicies.subject, action: accessPolicies.action, isActive: accessPolicies.isActive })
      .from(accessPolicies)
      .where(and(eq(accessPolicies.partnerId, partnerId), eq(accessPolicies.accountId, accountId)));
    if (pairsBeyondGrantable(before, pairs, await heldPolicies(tx, ctx, access)).length) {
      throw new DomainError('ACCOUNT_PERMISSION_NOT_HELD');
    }
    await tx
      .delete(accessPolicies)
      .where(and(eq(accessPolicies.partnerId, partnerId), eq(accessPolicies.accountId, accountId)));
    if (pairs.length) {
      await tx
        .insert(accessPolicies)
        .values(pairs.map((p) => ({ partnerId, accountId, subject: p.subject, action: p.action, isActive: true })));
    }
    await assertAdministratorLeft(tx, partnerId);
    const diff = permissionsDiff(
      before.map((b) => ({
        ...b,
        subject: b.subject as PermissionPair['subject'],
        action: b.action as PermissionPair['action'],
      })),
      pairs,
    );
    await recordAudit(tx, ctx.actor(partnerId), {
      action: 'account.permissions',
      entity: 'account',
      entityId: accountId,
      data: diff,
    });
    await announceInTransaction(tx, { accounts: [accountId] });
  });
  // Other processes forget at commit (above); this one before it answers, so the next request sees the change.
  await ctx.platform.authCache.changed({ accounts: [accountId] });
  return { accountId, isMaster: false, policies: pairs };
}
