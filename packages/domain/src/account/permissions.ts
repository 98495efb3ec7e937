import { z } from 'zod';
import { ACTIONS, type Action, type Policy, RESOURCES, type Resource } from '../auth/permissions';

const pairKey = (p: { subject: string; action: string }) => `${p.subject}:${p.action}`;

/**
 * The whole set of an account's permissions for one partner, as the editor saves it: the pairs that are
 * granted. Repeated pairs collapse into one, and the result keeps the editor's resource and action order.
 */
export const accessControlSchema = z
  .array(z.object({ subject: z.enum(RESOURCES, 'invalid'), action: z.enum(ACTIONS, 'invalid') }), 'required')
  .max(RESOURCES.length * ACTIONS.length * 2, 'max')
  .transform((pairs) => {
    const wanted = new Set(pairs.map(pairKey));
    return RESOURCES.flatMap((subject) =>
      ACTIONS.filter((action) => wanted.has(`${subject}:${action}`)).map((action) => ({ subject, action })),
    );
  });
export type AccessControlInput = z.input<typeof accessControlSchema>;

export interface PermissionPair {
  subject: Resource;
  action: Action;
}

/** What a save changes, for the audit trail: the pairs granted and the pairs taken away, as "subject:action". */
export function permissionsDiff(
  before: readonly Pick<Policy, 'subject' | 'action' | 'isActive'>[],
  after: readonly PermissionPair[],
): { granted: string[]; revoked: string[] } {
  const had = new Set(before.filter((p) => p.isActive).map(pairKey));
  const has = new Set(after.map(pairKey));
  return {
    granted: [...has].filter((k) => !had.has(k)),
    revoked: [...had].filter((k) => !has.has(k)),
  };
}
