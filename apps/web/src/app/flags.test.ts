import { DEFAULT_FEATURE_FLAGS } from '@pp/domain';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { applyFeatureFlagsChanged, featureFlagsQuery, fetchFeatureFlags } from './flags';
import { SESSION_QUERY_KEY } from './session/session';

describe('feature flags', () => {
  it('reads GET /fefl, keeping defaults only for missing or mistyped flags', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ croatiaEnabled: true, registrationEnabled: 'yes' })));
    const flags = await fetchFeatureFlags(fetch as unknown as typeof globalThis.fetch);
    expect(fetch).toHaveBeenCalledWith('/fefl', expect.anything());
    expect(flags.croatiaEnabled).toBe(true);
    expect(flags.registrationEnabled).toBe(DEFAULT_FEATURE_FLAGS.registrationEnabled);
  });

  it('takes a well-formed answer as it is', async () => {
    const body = { croatiaEnabled: true, registrationEnabled: false, newVersionNotice: false };
    const flags = await fetchFeatureFlags((async () => new Response(JSON.stringify(body))) as unknown as typeof fetch);
    expect(flags).toEqual(body);
  });

  it('applies the flags a switch announces at once and reads the session again', () => {
    const client = new QueryClient();
    client.setQueryData(featureFlagsQuery.queryKey, DEFAULT_FEATURE_FLAGS);
    client.setQueryData(SESSION_QUERY_KEY, { partners: [] } as never);
    applyFeatureFlagsChanged(client, {
      name: 'croatiaEnabled',
      enabled: true,
      flags: { croatiaEnabled: true, registrationEnabled: true, newVersionNotice: 'x' },
    });
    expect(client.getQueryData(featureFlagsQuery.queryKey)).toEqual({
      ...DEFAULT_FEATURE_FLAGS,
      croatiaEnabled: true,
    });
    expect(client.getQueryState(SESSION_QUERY_KEY)?.isInvalidated).toBe(true);
  });
});
