import '@mantine/core/styles.css';
import './styles.css';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { wireApi } from './api/api';
import { featureFlagsQuery } from './flags';
import { currentLanguage, initI18n } from './i18n/i18n';
import { languageForArea } from './i18n/languageChoice';
import { handlePreloadErrors } from './preloadError';
import { Providers } from './providers';
import { queryClient } from './queryClient';
import { isOnPrivatePage, router } from './router';
import { SESSION_QUERY_KEY } from './session/session';
import { sessionStore, storeBackLink } from './session/sessionStore';

wireApi({
  getToken: () => sessionStore.get().token,
  getPartnerId: () => sessionStore.get().partnerId,
  getLanguage: currentLanguage,
  // The server ended the session (spec §4): forget it and its partner, keep the page for after the next
  // login, and leave for the login page before dropping the cached data the current page still reads.
  onSessionEnd: () => {
    if (!sessionStore.get().token) return;
    const wasPrivate = isOnPrivatePage();
    sessionStore.clear();
    if (wasPrivate) storeBackLink(router.state.location.href);
    void router.navigate({ to: '/login' }).then(() => queryClient.clear());
  },
  // The private layout follows the session read again (to the two-factor setup, say).
  onSessionOutdated: () => void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY }),
});

handlePreloadErrors();

async function start() {
  void queryClient.prefetchQuery(featureFlagsQuery);
  // The public pages and the logged-in ones choose their language differently; the layout corrects the
  // guess if the first page turns out to be of the other kind.
  const i18n = await initI18n(languageForArea(sessionStore.get().token ? 'portal' : 'public'));
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing');
  // Usage tracking and error reporting load beside the first page, not in the sign-in page's entry chunk.
  void import('./usage').then(({ startUsageTracking }) => startUsageTracking(router));
  void import('./errorReporting').then(({ startErrorReporting }) => startErrorReporting());
  createRoot(root).render(
    <StrictMode>
      <Providers i18n={i18n}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
}

void start();
