import { isLanguage } from '@pp/domain';
import { queryClient } from '../../app/queryClient';
import { rememberLanguage } from '../../app/i18n/languageChoice';
import { readStored, STORAGE_KEYS } from '../../app/storage';
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
}): string {
  const { token, session } = input;
  sessionStore.setToken(token);
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

  // The first login on this browser adopts the account's language; later choices are the user's.
  if (!readStored(STORAGE_KEYS.language) && isLanguage(session.account.lang)) {
    rememberLanguage('portal', session.account.lang);
  }

  const backLink = input.ignoreBackLink ? null : safeBackLink(takeBackLink());
  if (isOperator(session)) return backLink?.startsWith('/cockpit') ? backLink : '/cockpit';
  if (backLink) return backLink;
  const partner = session.partners.find((p) => p.id === partnerId) ?? session.selectedPartner;
  return landingPath(partner);
}
