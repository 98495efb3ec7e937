import { useCallback } from 'react';
import { api } from '../../app/api/api';
import { completeLogin } from './completeLogin';
import { OneTimeLogin } from './OneTimeLogin';
import { LoginWithTokenMutation } from './operations';
import { handOverSecondFactor } from './twoFactorOperations';

export function TokenLoginPage({ token }: { token: string }) {
  const run = useCallback(async () => {
    const { loginWithToken } = await api.request(LoginWithTokenMutation, { token }, { anonymous: true });
    // An account with two-factor sign-in continues on the login page's second step.
    if (loginWithToken.twoFactor || !loginWithToken.token || !loginWithToken.session) {
      if (loginWithToken.twoFactor) handOverSecondFactor(loginWithToken.twoFactor);
      return '/login';
    }
    return completeLogin({ token: loginWithToken.token, session: loginWithToken.session });
  }, [token]);
  return <OneTimeLogin route="tokenLogin" run={run} />;
}
