import { DEFAULT_FEATURE_FLAGS, FEATURE_FLAG_NAMES, FEATURE_FLAGS_REFRESH_MS, type FeatureFlags } from '@pp/domain';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { SESSION_QUERY_KEY } from './session/session';

/** Reads GET /fefl; flags the answer lacks or mistypes keep their defaults. */
export async function fetchFeatureFlags(doFetch: typeof fetch = fetch, signal?: AbortSignal): Promise<FeatureFlags> {
  const response = await doFetch('/fefl', { headers: { accept: 'application/json' }, signal });
  if (!response.ok) throw new Error(`fefl: HTTP ${response.status}`);
  return flagsOf((await response.json()) as Record<string, unknown>);
}

/** The flags of an answer or an event; flags it lacks or mistypes keep their defaults. */
export function flagsOf(body: Record<string, unknown> | null | undefined): FeatureFlags {
  // Flag by flag: one malformed flag must not switch the others back to their defaults.
  const flags = { ...DEFAULT_FEATURE_FLAGS };
  for (const name of FEATURE_FLAG_NAMES) {
    // Every flag is a boolean (the domain's featureFlagsSchema); a plain check keeps the schema library out
    // of the sign-in page.
    const value = body?.[name];
    if (typeof value === 'boolean') flags[name] = value;
  }
  return flags;
}

export const featureFlagsQuery = queryOptions({
  queryKey: ['featureFlags'] as const,
  queryFn: ({ signal }) => fetchFeatureFlags(fetch, signal),
  staleTime: FEATURE_FLAGS_REFRESH_MS,
});

/** Fetched at start and every 5 minutes (spec §9); until the first answer the safe defaults apply. */
export function useFeatureFlags(): FeatureFlags {
  const { data } = useQuery({
    ...featureFlagsQuery,
    refetchInterval: FEATURE_FLAGS_REFRESH_MS,
    refetchIntervalInBackground: true,
  });
  return data ?? DEFAULT_FEATURE_FLAGS;
}

/**
 * The live stream's `feature_flags_changed` (an operator switched a flag): the flags it carries apply at once,
 * and the session is read again, because the partners and markets it reaches follow the flags (croatiaEnabled).
 * The event's flags are taken as they are rather than fetched: a server process that has not yet heard of the
 * switch must not put the old value back.
 */
export function applyFeatureFlagsChanged(queryClient: QueryClient, data: unknown): void {
  const flags = (data as { flags?: unknown } | null | undefined)?.flags;
  if (flags && typeof flags === 'object') {
    queryClient.setQueryData(featureFlagsQuery.queryKey, flagsOf(flags as Record<string, unknown>));
  }
  void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
}
