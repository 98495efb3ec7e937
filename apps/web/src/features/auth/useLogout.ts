import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { queryClient } from '../../app/queryClient';
import { sessionStore } from '../../app/session/sessionStore';
import { flash } from '../../ui/flash';
import { LogoutMutation } from './operations';

/**
 * Ends the session on the server, then locally. The partner choice stays stored: it is "the stored choice"
 * the next login of this account starts with (spec §4); a failed check clears it instead.
 */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  const { t } = useTranslation();
  return async () => {
    try {
      await api.request(LogoutMutation, {});
    } catch {
      // The local session ends either way; a server that missed the logout expires the session itself.
    }
    sessionStore.setToken(null);
    await navigate({ to: '/login' });
    // Only after leaving the logged-in layout, which still reads the cached session while it unmounts.
    queryClient.clear();
    flash.success(t('auth.logout.done'));
  };
}
