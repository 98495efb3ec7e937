import { useCallback, useSyncExternalStore } from 'react';
import { readStored, writeStored } from '../../app/storage';

/**
 * A sandbox client id the partner chose to keep in this browser for trying the API on the docs page. It is
 * a secret (the server keeps only its hash), so it is kept only when the partner asks, per partner, under the
 * portal's own storage prefix, until the partner removes it. It opens only the sandbox, never live data.
 */
export const sandboxClientIdKey = (partnerId: string) => `pp.apiSandboxClientId.${partnerId}`;

const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

export function readSandboxClientId(partnerId: string | null | undefined): string | null {
  return partnerId ? readStored(sandboxClientIdKey(partnerId)) : null;
}

export function keepSandboxClientId(partnerId: string, clientId: string | null): void {
  writeStored(sandboxClientIdKey(partnerId), clientId?.trim() ? clientId.trim() : null);
  notify();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab keeping or forgetting it shows here too.
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/** The kept sandbox client id of a partner (null when none), and a setter (null forgets it). */
export function useKeptSandboxClientId(
  partnerId: string | null | undefined,
): [string | null, (clientId: string | null) => void] {
  const kept = useSyncExternalStore(subscribe, () => readSandboxClientId(partnerId));
  const keep = useCallback(
    (clientId: string | null) => {
      if (partnerId) keepSandboxClientId(partnerId, clientId);
    },
    [partnerId],
  );
  return [kept, keep];
}
