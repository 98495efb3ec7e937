import { z } from 'zod';
import { ACCOUNT_NAME_MAX } from '../account/accounts';
import { emailSchema } from '../auth/password';
import { LANGUAGES } from '../i18n/languages';
import { safeText } from '../text/safeText';

/**
 * Operators (the marketplace's own people) and what each role may do in the cockpit. The spec names only the
 * administrator and a "support admin group" whose rights it does not show; the roles and their grants below are
 * docs/decisions.md's "Operator roles". An operator holds one or more roles and may do what any of them grants.
 */
export const OPERATOR_ROLES = ['administrator', 'support', 'onboarding', 'finance', 'content'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

/** The cockpit's areas: every operator operation checks one of them with an action. */
export const COCKPIT_AREAS = [
  /** The partner grid, a partner's detail, its status, assignments, notes and service modules. */
  'partners',
  /** Signing in as a partner; `read` is the read-only impersonation, `update` the one that may change things. */
  'impersonation',
  /** Registrations before and after confirmation, the onboarding workflow and its checklist. */
  'onboarding',
  /** Business terms and their versions. */
  'terms',
  /** Price-list versions with their commissions, and the shops' fees. */
  'priceLists',
  /** Which price list a partner is on (a sales matter). */
  'priceListAssignments',
  /** Billing runs, penalties, corrections, self-billing decisions. */
  'billing',
  /** Categories, brands and brand requests. */
  'catalog',
  /** Marketing campaigns. */
  'campaigns',
  /** Services, financing, the help center, broadcasts and the portal dialog. */
  'content',
  /** Answering the partners' messages. */
  'messages',
  /** MALL Delivery requests and settings, carriers' branch files, warehouse settings. */
  'deliveries',
  /** API limit tiers and integrations. */
  'api',
  /** Usage of the portal (page views). */
  'usage',
  /** The audit trail. */
  'audit',
  /** Feature flags. */
  'flags',
  /** Operators and their roles. */
  'operators',
] as const;
export type CockpitArea = (typeof COCKPIT_AREAS)[number];

export const COCKPIT_ACTIONS = ['read', 'update'] as const;
export type CockpitAction = (typeof COCKPIT_ACTIONS)[number];

export interface OperatorPolicy {
  subject: CockpitArea;
  action: CockpitAction;
  isActive: boolean;
}

/** What only an administrator may even read: who the operators are, and the trail of everyone's changes. */
const RESTRICTED_READ: readonly CockpitArea[] = ['operators', 'audit'];

/** The areas each role may change (every role reads every area but the restricted ones). */
const UPDATES: Record<OperatorRole, readonly CockpitArea[]> = {
  administrator: COCKPIT_AREAS,
  // Support looks at everything and changes nothing; it may sign in as a partner to see what the partner sees.
  support: [],
  onboarding: ['onboarding', 'terms', 'priceListAssignments', 'messages', 'deliveries', 'partners', 'impersonation'],
  finance: ['billing', 'priceLists', 'priceListAssignments'],
  content: ['catalog', 'campaigns', 'content'],
};

/** Support also reads the audit trail: it answers "who changed this?". */
const READS_RESTRICTED: Record<OperatorRole, readonly CockpitArea[]> = {
  administrator: RESTRICTED_READ,
  support: ['audit'],
  onboarding: [],
  finance: [],
  content: [],
};

export function isOperatorRole(value: string): value is OperatorRole {
  return (OPERATOR_ROLES as readonly string[]).includes(value);
}

/** The cockpit permissions of an operator with these roles, as the same subject/action pairs partners have. */
export function operatorPolicies(roles: readonly OperatorRole[]): OperatorPolicy[] {
  const allowed = new Set<string>();
  for (const role of roles) {
    for (const area of COCKPIT_AREAS) {
      if (!RESTRICTED_READ.includes(area) || READS_RESTRICTED[role].includes(area)) allowed.add(`${area}.read`);
    }
    for (const area of UPDATES[role]) allowed.add(`${area}.update`);
  }
  return COCKPIT_AREAS.flatMap((subject) =>
    COCKPIT_ACTIONS.filter((action) => allowed.has(`${subject}.${action}`)).map((action) => ({
      subject,
      action,
      isActive: true,
    })),
  );
}

/** Whether an operator with these roles may perform `action` in `area`. */
export function isOperatorAllowed(
  roles: readonly OperatorRole[],
  area: CockpitArea,
  action: CockpitAction = 'read',
): boolean {
  return operatorPolicies(roles).some((p) => p.subject === area && p.action === action);
}

/** An operator holds at least one role and never the same one twice (a list longer than all roles is no list of them). */
export const operatorRolesSchema = z
  .array(z.enum(OPERATOR_ROLES, 'invalid'))
  .min(1, 'required')
  .max(OPERATOR_ROLES.length, 'max')
  .transform((roles) => OPERATOR_ROLES.filter((r) => roles.includes(r)));

/** An administrator invites a new operator by e-mail; the invitation's link lets them choose a password. */
export const operatorInviteSchema = z.object({
  email: safeText().trim().min(1, 'required').pipe(emailSchema),
  firstName: safeText().trim().min(1, 'required').max(ACCOUNT_NAME_MAX, 'max'),
  lastName: safeText().trim().min(1, 'required').max(ACCOUNT_NAME_MAX, 'max'),
  lang: z.enum(LANGUAGES, 'invalid'),
  roles: operatorRolesSchema,
});
export type OperatorInviteInput = z.input<typeof operatorInviteSchema>;
