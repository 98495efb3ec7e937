import { useCallback } from 'react';
import { api } from '../../app/api/api';
import { completeLogin } from './completeLogin';
import { OneTimeLogin } from './OneTimeLogin';
import { LoginWithTokenMutation } from './operations';

export function TokenLoginPage({ token }: { token: string }) {
  const run = useCallback(async () => {
    const { loginWithToken } = await api.request(LoginWithTokenMutation, { token }, { anonymous: true });
    return completeLogin({ token: loginWithToken.token, session: loginWithToken.session });
  }, [token]);
  return <OneTimeLogin route="tokenLogin" run={run} />;
}
