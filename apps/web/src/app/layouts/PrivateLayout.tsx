import { Outlet } from '@tanstack/react-router';
import { useSession } from '../session/session';
import { StreamProvider } from '../stream/StreamProvider';
import { useAreaLanguage } from './useAreaLanguage';

/** Everything behind login: the live stream runs exactly as long as this is shown. */
export function PrivateLayout() {
  const session = useSession();
  useAreaLanguage('portal', session.account.lang);
  return (
    <StreamProvider>
      <Outlet />
    </StreamProvider>
  );
}
