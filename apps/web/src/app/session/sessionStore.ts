import { useSyncExternalStore } from 'react';
import { readStored, STORAGE_KEYS, writeStored } from '../storage';

/** What survives a reload: the session token and the partner the user works for. */
export interface StoredSession {
  token: string | null;
  partnerId: string | null;
}

/**
 * An operator signed in as a partner works in a tab of its own: that tab keeps its token and partner in
 * sessionStorage (per tab, survives reloads), so the operator's own session in localStorage — shared by the
 * cockpit's tabs — is never replaced. "Back to the cockpit" ends the tab's session and falls back to it.
 */
export const TAB_SESSION_KEYS = { token: 'pp.tab.token', partnerId: 'pp.tab.selectedPartnerId' } as const;

function tabStorage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

function readTab(key: string): string | null {
  try {
    return tabStorage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function writeTab(key: string, value: string | null): void {
  try {
    const storage = tabStorage();
    if (value === null) storage?.removeItem(key);
    else storage?.setItem(key, value);
  } catch {
    // Without sessionStorage the tab's session lives in memory until the tab is reloaded.
  }
}

/** Whether this tab holds a session of its own (an impersonation); decided by the tab's storage. */
function readTabScoped(): boolean {
  return readTab(TAB_SESSION_KEYS.token) !== null;
}

let tabScoped = readTabScoped();

function readState(): StoredSession {
  return tabScoped
    ? { token: readTab(TAB_SESSION_KEYS.token) || null, partnerId: readTab(TAB_SESSION_KEYS.partnerId) }
    : { token: readStored(STORAGE_KEYS.token), partnerId: readStored(STORAGE_KEYS.selectedPartnerId) };
}

let state: StoredSession = readState();
/** Set when the server ended the session (not by the user's logout); the login page says so once. */
let sessionEnded = false;
const listeners = new Set<() => void>();

function update(next: Partial<StoredSession>): void {
  state = { ...state, ...next };
  if (tabScoped) {
    // An emptied tab token stays as an empty marker, so the tab keeps to itself until it signs in again.
    if ('token' in next) writeTab(TAB_SESSION_KEYS.token, state.token ?? '');
    if ('partnerId' in next) writeTab(TAB_SESSION_KEYS.partnerId, state.partnerId);
  } else {
    if ('token' in next) writeStored(STORAGE_KEYS.token, state.token);
    if ('partnerId' in next) writeStored(STORAGE_KEYS.selectedPartnerId, state.partnerId);
  }
  notify();
}

function notify(): void {
  for (const listener of listeners) listener();
}

export const sessionStore = {
  get: (): StoredSession => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  setToken: (token: string | null) => update({ token: token || null }),
  selectPartner: (partnerId: string | null) => update({ partnerId }),
  /** A failed session check ends here (spec §4): the server ended the session. Logout does not. */
  clear: () => {
    if (state.token) sessionEnded = true;
    update({ token: null, partnerId: null });
  },
  /** Re-reads storage; tests and other tabs change it behind our back. */
  reload: () => {
    tabScoped = readTabScoped();
    state = readState();
    notify();
  },
  /** Whether this tab holds its own session (an operator signed in as a partner). */
  isTabSession: (): boolean => tabScoped,
  /** Starts this tab's own session (remote login): the shared stored session stays untouched. */
  startTabSession: (token: string) => {
    tabScoped = true;
    writeTab(TAB_SESSION_KEYS.partnerId, null);
    state = { token: null, partnerId: null };
    update({ token });
  },
  /** Ends this tab's own session; the tab then uses the shared stored session again (the operator's). */
  endTabSession: () => {
    writeTab(TAB_SESSION_KEYS.token, null);
    writeTab(TAB_SESSION_KEYS.partnerId, null);
    tabScoped = false;
    state = readState();
    notify();
  },
  /** Whether the server ended the last session (kept until taken). */
  peekSessionEnded: (): boolean => sessionEnded,
  /** True once after the server ended the session: the login page tells the user why they are there. */
  takeSessionEnded: (): boolean => {
    const ended = sessionEnded;
    sessionEnded = false;
    return ended;
  },
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
