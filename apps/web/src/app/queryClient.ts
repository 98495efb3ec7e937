import { QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { ApiError } from './api/apiError';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A refused request (permission, validation, session) will be refused again; only blips are retried.
      retry: (count, error) => count < 2 && !(error instanceof ApiError && error.code !== 'SERVICE_UNAVAILABLE'),
      refetchOnWindowFocus: false,
      staleTime: 30_000,
    },
  },
});

/**
 * The server answers in the request's language (category and brand names, refusal messages, run errors): a
 * switch of the language makes every cached answer stale, and the page on screen reads its data again.
 */
export function refetchOnLanguageChange(i18n: I18n, client: QueryClient = queryClient): () => void {
  const changed = () => void client.invalidateQueries();
  i18n.on('languageChanged', changed);
  return () => i18n.off('languageChanged', changed);
}
