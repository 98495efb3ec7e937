import { useCallback } from 'react';
import { api } from '../../app/api/api';
import { completeLogin } from './completeLogin';
import { OneTimeLogin } from './OneTimeLogin';
import { LoginAsAdminMutation } from './operations';

/** An administrator signing in as a partner: the link names the partner, which wins over any stored choice. */
export function RemoteLoginPage(props: { hash: string; token: string; partnerId: string }) {
  const { hash, token, partnerId } = props;
  const run = useCallback(async () => {
    const { loginAsAdmin } = await api.request(LoginAsAdminMutation, { hash, token, partnerId }, { anonymous: true });
    return completeLogin({
      token: loginAsAdmin.token,
      session: loginAsAdmin.session,
      adminGivenPartnerId: partnerId,
      ignoreBackLink: true,
    });
  }, [hash, token, partnerId]);
  return <OneTimeLogin route="remoteLogin" run={run} />;
}
