import { useCallback } from 'react';
import { api } from '../../app/api/api';
import { completeLogin } from './completeLogin';
import { OneTimeLogin } from './OneTimeLogin';
import { LoginAsAdminMutation } from './operations';

/**
 * An administrator signing in as a partner: the link names the partner, which wins over any stored choice.
 * The session is kept by this tab only, so the operator's cockpit in other tabs stays theirs.
 */
/** The partner's pages a remote login may open instead of the landing page (never any other address). */
export const REMOTE_LOGIN_PAGES = ['/orders', '/products', '/billings'] as const;

export function RemoteLoginPage(props: { hash: string; token: string; partnerId: string; to?: string }) {
  const { hash, token, partnerId, to } = props;
  const run = useCallback(async () => {
    const { loginAsAdmin } = await api.request(LoginAsAdminMutation, { hash, token, partnerId }, { anonymous: true });
    const landing = completeLogin({
      token: loginAsAdmin.token,
      session: loginAsAdmin.session,
      adminGivenPartnerId: partnerId,
      ignoreBackLink: true,
      // This tab is the partner's; the operator's own session stays in the other tabs (the cockpit).
      tabSession: true,
    });
    return (REMOTE_LOGIN_PAGES as readonly string[]).includes(to ?? '') ? to! : landing;
  }, [hash, token, partnerId, to]);
  return <OneTimeLogin route="remoteLogin" run={run} />;
}
