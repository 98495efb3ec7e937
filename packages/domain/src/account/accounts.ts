import { z } from 'zod';
import { emailSchema } from '../auth/password';
import { ACTIONS, allPolicies, isAllowed, type Policy, RESOURCES } from '../auth/permissions';
import { LANGUAGES } from '../i18n/languages';
import { oneOf } from '../text/formRules';
import { safeText } from '../text/safeText';

export const ACCOUNT_NAME_MAX = 100;

/** An invitation link lets its account choose a first password for this long. */
export const INVITE_TTL_MS = 7 * 24 * 60 * 60_000;

/**
 * Invitations (new and sent again) one partner may send to one address per window: enough for a lost mail,
 * not a mail cannon.
 */
export const INVITE_RESEND_LIMIT = { max: 3, windowMs: 60 * 60_000 } as const;

/** Invitations one partner may send per day, to all addresses together (a new shop has a handful of people). */
export const INVITE_DAILY_LIMIT = { max: 20, windowMs: 24 * 60 * 60_000 } as const;

/**
 * Invitation mails one address receives per day from all partners together. Past it the invitation is still
 * recorded (the inviter's answer must not say whether anyone else invited the address) but no mail leaves.
 */
export const INVITE_MAILS_PER_ADDRESS = { max: 5, windowMs: 24 * 60 * 60_000 } as const;

/**
 * What a newly added account may do at first. "read" (the default) lets it look at everything and change
 * nothing until an administrator grants more; "all" makes a second administrator; "none" leaves it to the
 * permissions tab.
 */
export const ACCOUNT_STARTING_RIGHTS = ['read', 'all', 'none'] as const;
export type AccountStartingRights = (typeof ACCOUNT_STARTING_RIGHTS)[number];
export const DEFAULT_STARTING_RIGHTS: AccountStartingRights = 'read';

export function startingPolicies(rights: AccountStartingRights): Policy[] {
  if (rights === 'all') return allPolicies();
  if (rights === 'none') return [];
  return RESOURCES.map((subject) => ({ subject, action: 'read' as const, isActive: true }));
}

const personName = () => safeText().trim().max(ACCOUNT_NAME_MAX, 'max');

/**
 * Adding an account to a partner by e-mail. The names and language are used only when the address is
 * unknown and a new account is invited; an existing account keeps its own.
 */
export const addAccountSchema = z.object({
  email: safeText().trim().min(1, 'required').pipe(emailSchema),
  firstName: personName().min(1, 'required'),
  lastName: personName().min(1, 'required'),
  lang: oneOf(LANGUAGES),
  rights: z.enum(ACCOUNT_STARTING_RIGHTS, 'invalid').default(DEFAULT_STARTING_RIGHTS),
});
export type AddAccountInput = z.input<typeof addAccountSchema>;
export type AddAccount = z.output<typeof addAccountSchema>;

/** The pairs that make an account an administrator of its partner besides the master role. */
export const ADMINISTRATOR_PAIRS = [
  { subject: 'accounts', action: 'update' },
  { subject: 'permissions', action: 'update' },
] as const;

/**
 * An administrator can manage the partner's people: the master, or an account that may change both the
 * accounts and their permissions. A partner must never be left without one.
 */
export function isAdministrator(policies: readonly Policy[], isMaster: boolean): boolean {
  return isMaster || ADMINISTRATOR_PAIRS.every((p) => isAllowed(policies, p.subject, p.action));
}

/** Every (resource, action) pair the permissions editor shows, in its row and column order. */
export const PERMISSION_PAIRS = RESOURCES.flatMap((subject) => ACTIONS.map((action) => ({ subject, action })));
