export const WORKFLOW_STATUSES = [
  'REGISTERED',
  'VENDOR_CHECK_STANDARD',
  'VENDOR_CHECK_VIP',
  'DRAFT_CONTRACT',
  'PARTNER_ACCESS',
  'TESTING',
  'CONTENT_CONTROL',
  'PRODUCTION',
  'HIDDEN_ON_WEB',
  'DEACTIVATED',
  'ONBOARDING_CANCELLED',
] as const;
export type WorkflowStatus = (typeof WORKFLOW_STATUSES)[number];

/** A partner in these statuses has no active registration: its accounts cannot sign in. */
export const INACTIVE_WORKFLOW_STATUSES: readonly WorkflowStatus[] = ['DEACTIVATED', 'ONBOARDING_CANCELLED'];

/** Statuses that mean the partner is still being onboarded (the workflow route leads them). */
export const ONBOARDING_WORKFLOW_STATUSES: readonly WorkflowStatus[] = [
  'REGISTERED',
  'VENDOR_CHECK_STANDARD',
  'VENDOR_CHECK_VIP',
  'DRAFT_CONTRACT',
  'PARTNER_ACCESS',
  'TESTING',
  'CONTENT_CONTROL',
];

export function isOnboarding(status: string): boolean {
  return (ONBOARDING_WORKFLOW_STATUSES as readonly string[]).includes(status);
}

export const PROVIDER_TYPES = ['API', 'HEUREKA_FEED', 'MALL_FEED', 'MANUAL', 'PLUGIN_FAST_CENTRIK'] as const;
export type ProviderType = (typeof PROVIDER_TYPES)[number];

export const MDP_STATUSES = ['active', 'declined', 'inactive', 'requested'] as const;
export type MdpStatus = (typeof MDP_STATUSES)[number];

export const BILLING_STATUSES = ['inactive', 'requested', 'active'] as const;
export type BillingStatus = (typeof BILLING_STATUSES)[number];

export const CONTACT_GROUPS = [
  'CALLCENTRUM',
  'FINANCE',
  'LOGISTICS',
  'MALL_DELIVERY',
  'MANAGER',
  'MARKETING',
  'RMA',
  'SALES',
  'TECH',
  'USER',
] as const;
