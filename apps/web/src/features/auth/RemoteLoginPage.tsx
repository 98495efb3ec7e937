import { useCallback } from 'react';
import { api } from '../../app/api/api';
import { completeLogin } from './completeLogin';
import { OneTimeLogin } from './OneTimeLogin';
import { LoginAsAdminMutation } from './operations';

/**
 * An administrator signing in as a partner: the link names the partner, which wins over any stored choice.
 * The session is kept by this tab only, so the operator's cockpit in other tabs stays theirs.
 */
export function RemoteLoginPage(props: { hash: string; token: string; partnerId: string }) {
  const { hash, token, partnerId } = props;
  const run = useCallback(async () => {
    const { loginAsAdmin } = await api.request(LoginAsAdminMutation, { hash, token, partnerId }, { anonymous: true });
    return completeLogin({
      token: loginAsAdmin.token,
      session: loginAsAdmin.session,
      adminGivenPartnerId: partnerId,
      ignoreBackLink: true,
      // This tab is the partner's; the operator's own session stays in the other tabs (the cockpit).
      tabSession: true,
    });
  }, [hash, token, partnerId]);
  return <OneTimeLogin route="remoteLogin" run={run} />;
}
