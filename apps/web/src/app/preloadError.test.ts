import { describe, expect, it, vi } from 'vitest';
import { handlePreloadErrors } from './preloadError';

function fakeWindow() {
  const target = new EventTarget();
  const reload = vi.fn();
  return { win: Object.assign(target, { location: { reload } }) as unknown as Window, reload };
}

describe('preload errors', () => {
  it('reloads once to fetch the new build, then lets a repeated failure through', () => {
    const { win, reload } = fakeWindow();
    const storage = new Map<string, string>();
    handlePreloadErrors(win, {
      getItem: (k: string) => storage.get(k) ?? null,
      setItem: (k: string, v: string) => void storage.set(k, v),
    } as Storage);

    const first = new Event('vite:preloadError', { cancelable: true });
    win.dispatchEvent(first);
    expect(first.defaultPrevented).toBe(true);
    expect(reload).toHaveBeenCalledOnce();

    const second = new Event('vite:preloadError', { cancelable: true });
    win.dispatchEvent(second);
    expect(second.defaultPrevented).toBe(false);
    expect(reload).toHaveBeenCalledOnce();
  });
});
