import { allPolicies, isAllowed, type Policy } from '../auth/permissions';
import type { PermissionPair } from './permissions';

const pairKey = (p: { subject: string; action: string }) => `${p.subject}:${p.action}`;

/**
 * What an account may hand out: exactly the pairs it holds itself. The master (and an operator signed in as
 * the partner) holds every pair.
 */
export function grantablePolicies(holder: { policies: readonly Policy[]; isMaster: boolean }): Policy[] {
  return holder.isMaster ? allPolicies() : holder.policies.filter((p) => p.isActive);
}

/** The wanted pairs the holder may give, in their order: starting rights of an invitation are cut to these. */
export function withinGrantable<T extends { subject: PermissionPair['subject']; action: PermissionPair['action'] }>(
  wanted: readonly T[],
  grantable: readonly Policy[],
): T[] {
  return wanted.filter((p) => isAllowed(grantable, p.subject, p.action));
}

/**
 * The pairs a save would newly give that the saving account does not hold itself ("subject:action"); empty
 * when the save is allowed. Taking a pair away is not limited: narrowing someone never widens anyone.
 */
export function pairsBeyondGrantable(
  before: readonly { subject: string; action: string; isActive?: boolean }[],
  after: readonly PermissionPair[],
  grantable: readonly Policy[],
): string[] {
  const had = new Set(before.filter((p) => p.isActive !== false).map(pairKey));
  return after.filter((p) => !had.has(pairKey(p)) && !isAllowed(grantable, p.subject, p.action)).map(pairKey);
}
