import { isLanguage } from '@pp/domain';
import { queryClient } from '../../app/queryClient';
import { rememberLanguage } from '../../app/i18n/languageChoice';
import { readStored, STORAGE_KEYS, writeStored } from '../../app/storage';
import { isOperator } from '../../app/session/access';
import { choosePartnerId, landingPath, safeBackLink } from '../../app/session/partnerSelection';
import { SESSION_QUERY_KEY } from '../../app/session/session';
import { sessionStore, takeBackLink } from '../../app/session/sessionStore';
import type { Session } from './operations';

/**
 * What every kind of login does with the server's answer (spec §4): store the token, choose the partner,
 * forget the previous user's data, and tell where to go next.
 */
export function completeLogin(input: {
  token: string;
  session: Session;
  /** The partner an administrator signed in as (remote login). */
  adminGivenPartnerId?: string | null;
  /** Remote login always starts at the partner's landing page, not at a page someone else left behind. */
  ignoreBackLink?: boolean;
  /**
   * An operator signing in as a partner keeps that session in this tab only, so the operator's own stored
   * session (the cockpit in other tabs) stays theirs.
   */
  tabSession?: boolean;
}): string {
  const { token, session } = input;
  if (input.tabSession) sessionStore.startTabSession(token);
  else {
    // A tab whose impersonation ended signs in like any other tab again.
    if (sessionStore.isTabSession()) sessionStore.endTabSession();
    sessionStore.setToken(token);
  }
  const partnerId = choosePartnerId({
    adminGiven: input.adminGivenPartnerId,
    stored: sessionStore.get().partnerId,
    serverDefault: session.selectedPartner?.id,
    partners: session.partners,
  });
  sessionStore.selectPartner(partnerId);

  queryClient.clear();
  // The answer already describes the chosen partner: no need to ask again. Otherwise the guard asks, with
  // the new x-partner-id.
  if (partnerId === (session.selectedPartner?.id ?? null)) queryClient.setQueryData(SESSION_QUERY_KEY, session);

  // A language just chosen on the public pages carries into the portal (docs/decisions.md "Web").
  if (!input.tabSession) carryPublicLanguage();
  // The first login on this browser adopts the account's language; later choices are the user's.
  if (!readStored(STORAGE_KEYS.language) && isLanguage(session.account.lang)) {
    rememberLanguage('portal', session.account.lang);
  }

  const backLink = input.ignoreBackLink ? null : safeBackLink(takeBackLink());
  // An operator starts at the queues that need a person today (issue 24), not at the partner grid.
  if (isOperator(session)) return backLink?.startsWith('/cockpit') ? backLink : '/cockpit/home';
  if (backLink) return backLink;
  const partner = session.partners.find((p) => p.id === partnerId) ?? session.selectedPartner;
  return landingPath(partner);
}

/** The public choice last carried into the portal: an old public choice never overrides a later portal one. */
export const CARRIED_LANGUAGE_KEY = 'pp.language.carriedFromPublic';

/**
 * A language the user picked on a public page (login, reset …) becomes the portal's language at sign-in,
 * once per choice: a choice carried before does not override what the user picked in the portal since.
 */
export function carryPublicLanguage(): void {
  const chosen = readStored(STORAGE_KEYS.publicLanguage);
  if (!isLanguage(chosen) || readStored(CARRIED_LANGUAGE_KEY) === chosen) return;
  rememberLanguage('portal', chosen);
  writeStored(CARRIED_LANGUAGE_KEY, chosen);
}
