import { DEFAULT_FEATURE_FLAGS, FEATURE_FLAG_NAMES, FEATURE_FLAGS_REFRESH_MS, type FeatureFlags } from '@pp/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** Reads GET /fefl; flags the answer lacks or mistypes keep their defaults. */
export async function fetchFeatureFlags(doFetch: typeof fetch = fetch, signal?: AbortSignal): Promise<FeatureFlags> {
  const response = await doFetch('/fefl', { headers: { accept: 'application/json' }, signal });
  if (!response.ok) throw new Error(`fefl: HTTP ${response.status}`);
  const body = (await response.json()) as Record<string, unknown>;
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
