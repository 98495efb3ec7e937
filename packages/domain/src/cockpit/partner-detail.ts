import { z } from 'zod';
import { safeText } from '../text/safeText';

export const PARTNER_PERSON_MAX_LENGTH = 100;
export const PARTNER_NOTE_MAX_LENGTH = 4000;

/** The people of the marketplace a partner is assigned to (spec Partner: kam, farmer, accountant, onboarding). */
export const PARTNER_PEOPLE = ['kam', 'farmer', 'accountant', 'onboarding'] as const;
export type PartnerPerson = (typeof PARTNER_PEOPLE)[number];

/**
 * A person's name as the partner sees it among its contacts (messages) and the grids filter it as text: free
 * names, not operator accounts, so a name outlives an operator account and may name someone without one.
 * An empty field clears the assignment.
 */
const personName = safeText()
  .trim()
  .max(PARTNER_PERSON_MAX_LENGTH, 'max')
  .nullish()
  .transform((value) => (value ? value : null));

export const partnerAssignmentSchema = z.object({
  kam: personName,
  farmer: personName,
  accountant: personName,
  onboarding: personName,
});
export type PartnerAssignment = z.infer<typeof partnerAssignmentSchema>;

/** The operators' note on a partner (spec Partner.note): never shown to the partner. */
export const partnerNoteSchema = z.object({
  note: safeText({ multiline: true })
    .trim()
    .max(PARTNER_NOTE_MAX_LENGTH, 'max')
    .nullish()
    .transform((value) => (value ? value : null)),
});

/**
 * The lifecycle commands of a partner's detail, each a move of its workflow (the spec's statuses DEACTIVATED
 * and HIDDEN_ON_WEB are how a partner is switched off or kept off the marketplace's web).
 */
export const PARTNER_LIFECYCLE_COMMANDS = ['DEACTIVATE', 'HIDE', 'REACTIVATE'] as const;
export type PartnerLifecycleCommand = (typeof PARTNER_LIFECYCLE_COMMANDS)[number];

export const LIFECYCLE_TARGET: Record<PartnerLifecycleCommand, 'DEACTIVATED' | 'HIDDEN_ON_WEB' | 'PRODUCTION'> = {
  DEACTIVATE: 'DEACTIVATED',
  HIDE: 'HIDDEN_ON_WEB',
  REACTIVATE: 'PRODUCTION',
};

/** The statuses a lifecycle command starts from; going live from onboarding is the workflow's move, not these. */
export const LIFECYCLE_FROM: Record<PartnerLifecycleCommand, readonly string[]> = {
  DEACTIVATE: ['PRODUCTION', 'HIDDEN_ON_WEB'],
  HIDE: ['PRODUCTION'],
  REACTIVATE: ['DEACTIVATED', 'HIDDEN_ON_WEB'],
};

/** Whether `command` applies to a partner in `status` (the workflow table still decides the move itself). */
export function lifecycleCommandApplies(command: PartnerLifecycleCommand, status: string): boolean {
  return LIFECYCLE_FROM[command].includes(status);
}

/** The lifecycle commands a partner in `status` offers, given the operator's available workflow moves. */
export function lifecycleCommandsOf(status: string, availableStates: readonly string[]): PartnerLifecycleCommand[] {
  return PARTNER_LIFECYCLE_COMMANDS.filter(
    (c) => lifecycleCommandApplies(c, status) && availableStates.includes(LIFECYCLE_TARGET[c]),
  );
}
