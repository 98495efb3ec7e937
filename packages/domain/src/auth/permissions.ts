/**
 * Access to areas is controlled by resources (spec platform §6 and commerce §6). The spec names the
 * gated route groups; the rest of the list covers the other areas so the server can check every operation.
 */
export const RESOURCES = [
  'orders',
  'heurekaFeed',
  'mallFeed',
  'partner',
  'partnerContacts',
  'accounts',
  'notifications',
  'webhook',
  'sandboxAccounts',
  'permissions',
  'campaigns',
  'deliveries',
  'products',
  'brands',
  'catalog',
  'billing',
  'sla',
  'messages',
  'statistics',
  'apiLimit',
] as const;
export type Resource = (typeof RESOURCES)[number];

export const ACTIONS = ['read', 'create', 'update', 'delete'] as const;
export type Action = (typeof ACTIONS)[number];

export interface Policy {
  subject: Resource;
  action: Action;
  isActive: boolean;
  /**
   * Spec §3 "access policy … isDisabled": the pair is held, but the partner's service module that covers the
   * resource is switched off (partner/service-modules.ts). Absent means false. A disabled pair grants nothing.
   */
  isDisabled?: boolean;
}

export function isResource(value: string): value is Resource {
  return (RESOURCES as readonly string[]).includes(value);
}
export function isAction(value: string): value is Action {
  return (ACTIONS as readonly string[]).includes(value);
}

/** Whether a list of policies lets its holder perform `action` on `resource`. */
export function isAllowed(policies: readonly Policy[], resource: Resource, action: Action = 'read'): boolean {
  return policies.some((p) => p.isActive && !p.isDisabled && p.subject === resource && p.action === action);
}

/** Every (resource, action) pair: what a master account or an impersonating administrator holds. */
export function allPolicies(): Policy[] {
  return RESOURCES.flatMap((subject) => ACTIONS.map((action) => ({ subject, action, isActive: true })));
}
