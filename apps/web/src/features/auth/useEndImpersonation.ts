import { api } from '../../app/api/api';
import { sessionStore } from '../../app/session/sessionStore';
import { LogoutMutation } from './operations';

/**
 * "Back to the cockpit": ends the impersonation session on the server, forgets this tab's own session and
 * loads the cockpit afresh with the operator's stored session (the login page if that has ended too). A
 * fresh load leaves nothing of the partner's data or the impersonation's cached session behind.
 */
export function useEndImpersonation(): () => Promise<void> {
  return async () => {
    try {
      await api.request(LogoutMutation, {});
    } catch {
      // The impersonation ends with the operator's session or after its hour anyway.
    }
    // A tab opened the old way used the shared session for the impersonation: that one goes too.
    if (sessionStore.isTabSession()) sessionStore.endTabSession();
    else sessionStore.setToken(null);
    window.location.assign(sessionStore.get().token ? '/cockpit' : '/login');
  };
}
