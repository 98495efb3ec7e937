import { DEFAULT_FEATURE_FLAGS } from '@pp/domain';
import { describe, expect, it, vi } from 'vitest';
import { fetchFeatureFlags } from './flags';

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
});
