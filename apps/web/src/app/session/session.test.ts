import { SESSION_REFRESH_MS } from '@pp/domain';
import { describe, expect, it } from 'vitest';
import { sessionRefreshDelay } from './session';

describe('session refresh', () => {
  const now = Date.parse('2026-01-01T10:00:00Z');
  it('follows the server’s refresh time', () => {
    expect(sessionRefreshDelay({ refreshTime: '2026-01-01T10:02:00Z' }, now)).toBe(120_000);
  });
  it('never waits longer than the domain’s period, nor spins on a past time', () => {
    expect(sessionRefreshDelay({ refreshTime: '2026-01-01T12:00:00Z' }, now)).toBe(SESSION_REFRESH_MS);
    expect(sessionRefreshDelay({ refreshTime: '2026-01-01T09:00:00Z' }, now)).toBe(10_000);
  });
  it('uses the domain’s period without a usable answer', () => {
    expect(sessionRefreshDelay(undefined, now)).toBe(SESSION_REFRESH_MS);
    expect(sessionRefreshDelay({ refreshTime: 'soon' }, now)).toBe(SESSION_REFRESH_MS);
  });
});
