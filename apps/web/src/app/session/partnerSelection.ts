import { isOnboarding } from '@pp/domain';

interface PartnerRef {
  id: string;
}

/**
 * Which partner a fresh session works for (spec §4): the one an administrator signed in as, else the user's
 * stored choice, else the server's default. A candidate that is not among the account's partners is skipped,
 * so a choice left behind by another account never leaks into this one.
 */
export function choosePartnerId(input: {
  adminGiven?: string | null;
  stored?: string | null;
  serverDefault?: string | null;
  partners: readonly PartnerRef[];
}): string | null {
  const known = new Set(input.partners.map((p) => p.id));
  for (const candidate of [input.adminGiven, input.stored, input.serverDefault]) {
    if (candidate && known.has(candidate)) return candidate;
  }
  return input.partners[0]?.id ?? null;
}

/** Where a user lands after login when no back link is waiting: onboarding partners go to the workflow. */
export function landingPath(partner: { workflowStatus: string } | null | undefined): '/workflow' | '/' {
  return partner && isOnboarding(partner.workflowStatus) ? '/workflow' : '/';
}

/** A back link is followed only when it is a path of this app, never another site or a public page. */
export function safeBackLink(link: string | null): string | null {
  if (!link?.startsWith('/') || link.startsWith('//')) return null;
  if (/^\/(login|registration|remote-login|business-terms)(\/|$|\?)/.test(link)) return null;
  return link;
}

/**
 * Whether `switch-partner/{id}` may switch: only to a partner of the account. Anything else keeps the current
 * partner (and the page says why) instead of silently falling back to another one.
 */
export function canSwitchTo(partnerId: string, partners: readonly PartnerRef[]): boolean {
  return partners.some((p) => p.id === partnerId);
}
