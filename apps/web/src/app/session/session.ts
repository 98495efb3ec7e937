import { SESSION_REFRESH_MS } from '@pp/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Session, SessionQuery } from '../../features/auth/operations';
import { api } from '../api/api';
import { sessionStore } from './sessionStore';

export const SESSION_QUERY_KEY = ['session'] as const;

/**
 * How long until the next session check: the server says when (refreshTime); without a usable answer the
 * domain's period applies. Never sooner than 10 s, so a clock skew cannot make the check spin.
 */
export function sessionRefreshDelay(session: Pick<Session, 'refreshTime'> | undefined, now = Date.now()): number {
  const at = session ? Date.parse(session.refreshTime) : Number.NaN;
  if (Number.isNaN(at)) return SESSION_REFRESH_MS;
  return Math.min(SESSION_REFRESH_MS, Math.max(10_000, at - now));
}

export const sessionQuery = queryOptions({
  queryKey: SESSION_QUERY_KEY,
  queryFn: async ({ signal }) => {
    const { session } = await api.request(SessionQuery, {}, { signal });
    // The server falls back to its default partner when ours is not the account's; follow it, so every
    // later request names the partner the screen shows.
    const selected = session.selectedPartner?.id ?? null;
    if (selected && selected !== sessionStore.get().partnerId) sessionStore.selectPartner(selected);
    return session;
  },
  staleTime: SESSION_REFRESH_MS,
  retry: false,
});

/** The checked session; only used below the guarded layouts, where it is always loaded. */
export function useSession(): Session {
  const { data } = useQuery({
    ...sessionQuery,
    refetchInterval: (query) => sessionRefreshDelay(query.state.data),
    refetchIntervalInBackground: true,
  });
  if (!data) throw new Error('useSession outside a guarded layout');
  return data;
}
