import { Outlet, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useSession } from '../session/session';
import { StreamProvider } from '../stream/StreamProvider';
import { useAreaLanguage } from './useAreaLanguage';

/** Everything behind login: the live stream runs exactly as long as this is shown. */
export function PrivateLayout() {
  const session = useSession();
  const navigate = useNavigate();
  useAreaLanguage('portal', session.account.lang);
  // The guards send an account that must set up two-factor sign-in there at a navigation; a requirement that
  // arrives mid-session (its master switched it on) is seen at the next session check or a refused request.
  useEffect(() => {
    if (session.twoFactorRequired) void navigate({ to: '/two-factor-setup' });
  }, [session.twoFactorRequired, navigate]);
  return (
    <StreamProvider>
      <Outlet />
    </StreamProvider>
  );
}
