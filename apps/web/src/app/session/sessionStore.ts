import { useSyncExternalStore } from 'react';
import { readStored, STORAGE_KEYS, writeStored } from '../storage';

/** What survives a reload: the session token and the partner the user works for. */
export interface StoredSession {
  token: string | null;
  partnerId: string | null;
}

let state: StoredSession = {
  token: readStored(STORAGE_KEYS.token),
  partnerId: readStored(STORAGE_KEYS.selectedPartnerId),
};
const listeners = new Set<() => void>();

function update(next: Partial<StoredSession>): void {
  state = { ...state, ...next };
  if ('token' in next) writeStored(STORAGE_KEYS.token, state.token);
  if ('partnerId' in next) writeStored(STORAGE_KEYS.selectedPartnerId, state.partnerId);
  for (const listener of listeners) listener();
}

export const sessionStore = {
  get: (): StoredSession => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  setToken: (token: string | null) => update({ token }),
  selectPartner: (partnerId: string | null) => update({ partnerId }),
  /** Logout and every failed session check end here (spec §4). */
  clear: () => update({ token: null, partnerId: null }),
  /** Re-reads storage; tests and other tabs change it behind our back. */
  reload: () =>
    update({ token: readStored(STORAGE_KEYS.token), partnerId: readStored(STORAGE_KEYS.selectedPartnerId) }),
};

export function useStoredSession(): StoredSession {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get, sessionStore.get);
}

/** The page to return to after the next login; read once, then forgotten (spec §2). */
export function storeBackLink(path: string): void {
  writeStored(STORAGE_KEYS.backLink, path);
}

export function takeBackLink(): string | null {
  const link = readStored(STORAGE_KEYS.backLink);
  writeStored(STORAGE_KEYS.backLink, null);
  return link;
}
