import type { WorkflowStatus } from '../partner/partner';

export type WorkflowActor = 'partner' | 'operator';

/**
 * Checks an operator confirms before a move; each is a promise to the partner that somebody looked, so the
 * server refuses the move while one of them is unchecked. Texts under `workflow.ticks.<key>`.
 */
export const WORKFLOW_TICKS = ['companyVerified', 'contractSigned', 'contentApproved'] as const;
export type WorkflowTickKey = (typeof WORKFLOW_TICKS)[number];

export interface WorkflowTransition {
  from: WorkflowStatus;
  to: WorkflowStatus;
  by: WorkflowActor;
  ticks?: readonly WorkflowTickKey[];
}

const ONBOARDING: readonly WorkflowStatus[] = [
  'REGISTERED',
  'VENDOR_CHECK_STANDARD',
  'VENDOR_CHECK_VIP',
  'DRAFT_CONTRACT',
  'PARTNER_ACCESS',
  'TESTING',
  'CONTENT_CONTROL',
];

/**
 * The whole workflow. A partner only ever moves itself forward by doing the work (agreeing to the terms,
 * finishing its settings, sending products) or cancels its own onboarding; every judgement (company checked,
 * contract signed, content approved, hiding, deactivating) is an operator's.
 */
export const WORKFLOW_TRANSITIONS: readonly WorkflowTransition[] = [
  { from: 'REGISTERED', to: 'VENDOR_CHECK_STANDARD', by: 'partner' },
  { from: 'REGISTERED', to: 'VENDOR_CHECK_VIP', by: 'partner' },
  { from: 'VENDOR_CHECK_STANDARD', to: 'DRAFT_CONTRACT', by: 'operator', ticks: ['companyVerified'] },
  { from: 'VENDOR_CHECK_VIP', to: 'DRAFT_CONTRACT', by: 'operator', ticks: ['companyVerified'] },
  { from: 'DRAFT_CONTRACT', to: 'PARTNER_ACCESS', by: 'operator', ticks: ['contractSigned'] },
  { from: 'PARTNER_ACCESS', to: 'TESTING', by: 'partner' },
  { from: 'PARTNER_ACCESS', to: 'TESTING', by: 'operator' },
  { from: 'TESTING', to: 'CONTENT_CONTROL', by: 'partner' },
  { from: 'CONTENT_CONTROL', to: 'PRODUCTION', by: 'operator', ticks: ['contentApproved'] },
  { from: 'CONTENT_CONTROL', to: 'TESTING', by: 'operator' },
  { from: 'PRODUCTION', to: 'HIDDEN_ON_WEB', by: 'operator' },
  { from: 'HIDDEN_ON_WEB', to: 'PRODUCTION', by: 'operator' },
  { from: 'PRODUCTION', to: 'DEACTIVATED', by: 'operator' },
  { from: 'HIDDEN_ON_WEB', to: 'DEACTIVATED', by: 'operator' },
  { from: 'DEACTIVATED', to: 'PRODUCTION', by: 'operator' },
  ...ONBOARDING.flatMap((from): WorkflowTransition[] => [
    { from, to: 'ONBOARDING_CANCELLED', by: 'operator' },
    { from, to: 'ONBOARDING_CANCELLED', by: 'partner' },
  ]),
  { from: 'ONBOARDING_CANCELLED', to: 'REGISTERED', by: 'operator' },
];

function transitionOf(from: string, to: string, actor: WorkflowActor): WorkflowTransition | undefined {
  return WORKFLOW_TRANSITIONS.find((t) => t.from === from && t.to === to && t.by === actor);
}

/** The statuses `actor` may move a partner to from `status` (the spec's availableStates). */
export function availableStates(status: string, actor: WorkflowActor): WorkflowStatus[] {
  return WORKFLOW_TRANSITIONS.filter((t) => t.from === status && t.by === actor).map((t) => t.to);
}

/** The required ticks of a move that are not checked, in table order; empty when the move needs none. */
export function missingTicks(
  from: string,
  to: string,
  actor: WorkflowActor,
  ticks: readonly { text: string; checked: boolean }[],
): WorkflowTickKey[] {
  const required = transitionOf(from, to, actor)?.ticks ?? [];
  return required.filter((key) => !ticks.some((t) => t.text === key && t.checked));
}

export function checkTransition(
  from: string,
  to: string,
  actor: WorkflowActor,
  ticks: readonly { text: string; checked: boolean }[],
): null | 'WORKFLOW_TRANSITION_NOT_ALLOWED' | 'WORKFLOW_TICKS_INCOMPLETE' {
  if (!transitionOf(from, to, actor)) return 'WORKFLOW_TRANSITION_NOT_ALLOWED';
  return missingTicks(from, to, actor, ticks).length > 0 ? 'WORKFLOW_TICKS_INCOMPLETE' : null;
}

export const WORKFLOW_STEPS = ['company', 'terms', 'settings', 'data', 'launch'] as const;
export type WorkflowStep = (typeof WORKFLOW_STEPS)[number];

export function isWorkflowStep(value: unknown): value is WorkflowStep {
  return typeof value === 'string' && (WORKFLOW_STEPS as readonly string[]).includes(value);
}

/**
 * The step a partner opens on. A registered partner starts with its company details; once the terms are
 * agreed it fills its settings while the operators check it, tests with products, and waits at launch.
 */
export function stepOfStatus(status: string): WorkflowStep {
  switch (status) {
    case 'REGISTERED':
      return 'company';
    case 'VENDOR_CHECK_STANDARD':
    case 'VENDOR_CHECK_VIP':
    case 'DRAFT_CONTRACT':
    case 'PARTNER_ACCESS':
      return 'settings';
    case 'TESTING':
      return 'data';
    default:
      return 'launch';
  }
}

/** Statuses the cockpit onboarding grid lists: the onboarding ones plus the cancelled (they may come back). */
export const COCKPIT_ONBOARDING_STATUSES: readonly WorkflowStatus[] = [...ONBOARDING, 'ONBOARDING_CANCELLED'];
