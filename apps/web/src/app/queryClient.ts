import { QueryClient } from '@tanstack/react-query';
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
