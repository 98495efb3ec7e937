import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  keepSandboxClientId,
  readSandboxClientId,
  sandboxClientIdKey,
  useKeptSandboxClientId,
} from './sandboxClientId';

describe('a sandbox client id kept in this browser', () => {
  it('is kept per partner, under the portal’s storage prefix, and forgotten on request', () => {
    keepSandboxClientId('7', '  secret-of-seven  ');
    keepSandboxClientId('8', 'secret-of-eight');
    expect(window.localStorage.getItem(sandboxClientIdKey('7'))).toBe('secret-of-seven');
    expect(sandboxClientIdKey('7').startsWith('pp.')).toBe(true);
    expect(readSandboxClientId('8')).toBe('secret-of-eight');
    expect(readSandboxClientId(null)).toBeNull();

    keepSandboxClientId('7', null);
    expect(window.localStorage.getItem(sandboxClientIdKey('7'))).toBeNull();
    expect(readSandboxClientId('8')).toBe('secret-of-eight');
    // An empty value keeps nothing.
    keepSandboxClientId('8', '   ');
    expect(readSandboxClientId('8')).toBeNull();
  });

  it('shows a change made elsewhere on the page (the secret dialog keeps it, the docs page reads it)', () => {
    const docsPage = renderHook(() => useKeptSandboxClientId('7'));
    const dialog = renderHook(() => useKeptSandboxClientId('7'));
    expect(docsPage.result.current[0]).toBeNull();
    act(() => dialog.result.current[1]('kept-in-dialog'));
    expect(docsPage.result.current[0]).toBe('kept-in-dialog');
    act(() => docsPage.result.current[1](null));
    expect(dialog.result.current[0]).toBeNull();
  });

  it('does nothing without a selected partner', () => {
    const hook = renderHook(() => useKeptSandboxClientId(null));
    act(() => hook.result.current[1]('nowhere'));
    expect(hook.result.current[0]).toBeNull();
    expect(window.localStorage.length).toBe(0);
  });
});
