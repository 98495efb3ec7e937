import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Mantine reads the colour scheme and breakpoints through matchMedia, which happy-dom does not provide.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

class NoopResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
if (!('ResizeObserver' in window)) Object.assign(window, { ResizeObserver: NoopResizeObserver });

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
