import { describe, expect, it } from 'vitest';
import { accountDelayMs, LOGIN_ACCOUNT_DELAY } from './security';

describe('account delays after failed sign-ins', () => {
  it('costs nothing while attempts are free, then doubles, and never exceeds the longest delay', () => {
    const { free, firstDelayMs, maxDelayMs } = LOGIN_ACCOUNT_DELAY;
    expect(accountDelayMs(0)).toBe(0);
    expect(accountDelayMs(free)).toBe(0);
    expect(accountDelayMs(free + 1)).toBe(firstDelayMs);
    expect(accountDelayMs(free + 2)).toBe(firstDelayMs * 2);
    expect(accountDelayMs(free + 3)).toBe(firstDelayMs * 4);
    expect(accountDelayMs(free + 100)).toBe(maxDelayMs);
    expect(accountDelayMs(Number.MAX_SAFE_INTEGER)).toBe(maxDelayMs);
  });
});
