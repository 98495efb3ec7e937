import {
  type Action,
  type CockpitAction,
  type CockpitArea,
  isAction,
  isAllowed,
  isResource,
  type Policy,
  type Resource,
} from '@pp/domain';

/** The parts of a session that decide where a user may go. */
export interface SessionAccess {
  isAdmin: boolean;
  impersonating: boolean;
  /** isDisabled: a switched-off service module of the partner covers the resource (it grants nothing). */
  acl: readonly { subject: string; action: string; isActive: boolean; isDisabled?: boolean | null }[];
  /** The operator's cockpit permissions (what its roles grant); empty for a partner. */
  operatorAcl?: readonly { subject: string; action: string }[];
}

export type Area = 'portal' | 'cockpit';

export type AccessDecision = 'allow' | 'login' | 'not-allowed' | 'to-cockpit' | 'to-portal';

/** The server's policy list, keeping only resources and actions this build knows. */
export function policiesOf(session: SessionAccess): Policy[] {
  return session.acl.flatMap((p) =>
    isResource(p.subject) && isAction(p.action)
      ? [{ subject: p.subject, action: p.action, isActive: p.isActive, isDisabled: p.isDisabled === true }]
      : [],
  );
}

/** An administrator working as themself (not signed in as a partner) belongs in the cockpit. */
export function isOperator(session: SessionAccess): boolean {
  return session.isAdmin && !session.impersonating;
}

/** Whether the operator's roles allow `action` in the cockpit's `area` (the server checks the same). */
export function canOperate(session: SessionAccess, area: CockpitArea, action: CockpitAction = 'read'): boolean {
  return isOperator(session) && (session.operatorAcl ?? []).some((p) => p.subject === area && p.action === action);
}

export function canAccess(session: SessionAccess, resource?: Resource, action: Action = 'read'): boolean {
  return !resource || isAllowed(policiesOf(session), resource, action);
}

/**
 * The navigation guard of spec §2 as one decision: no session → login; administrators and partners each
 * keep to their own layout; a route naming a resource needs that permission (default action read).
 */
export function decideAccess(input: {
  session: SessionAccess | null;
  area: Area;
  resource?: Resource;
  action?: Action;
}): AccessDecision {
  const { session, area } = input;
  if (!session) return 'login';
  if (area === 'cockpit') return isOperator(session) ? 'allow' : 'to-portal';
  if (isOperator(session)) return 'to-cockpit';
  return canAccess(session, input.resource, input.action) ? 'allow' : 'not-allowed';
}
