import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../storage';
import { sessionStore, TAB_SESSION_KEYS } from './sessionStore';

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  sessionStore.reload();
  sessionStore.takeSessionEnded();
});

describe('a tab of its own (operator signed in as a partner)', () => {
  it("keeps the impersonation's token per tab and never replaces the operator's stored one", () => {
    sessionStore.setToken('operator');
    sessionStore.startTabSession('impersonation');
    sessionStore.selectPartner('7');
    expect(sessionStore.get()).toEqual({ token: 'impersonation', partnerId: '7' });
    expect(sessionStore.isTabSession()).toBe(true);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('operator');
    expect(localStorage.getItem(STORAGE_KEYS.selectedPartnerId)).toBeNull();
    expect(sessionStorage.getItem(TAB_SESSION_KEYS.token)).toBe('impersonation');
    // A reload of the tab keeps it.
    sessionStore.reload();
    expect(sessionStore.get().token).toBe('impersonation');
  });

  it("returns to the operator's session when the tab's session ends", () => {
    sessionStore.setToken('operator');
    sessionStore.startTabSession('impersonation');
    sessionStore.endTabSession();
    expect(sessionStore.isTabSession()).toBe(false);
    expect(sessionStore.get().token).toBe('operator');
    expect(sessionStorage.getItem(TAB_SESSION_KEYS.token)).toBeNull();
  });

  it('a tab whose impersonation expired stays apart and does not fall back by itself', () => {
    sessionStore.setToken('operator');
    sessionStore.startTabSession('impersonation');
    sessionStore.clear();
    expect(sessionStore.get().token).toBeNull();
    expect(sessionStore.isTabSession()).toBe(true);
    sessionStore.reload();
    expect(sessionStore.get().token).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('operator');
  });
});

describe('an ended session', () => {
  it('is told once after the server ended it, not after a logout or with no session', () => {
    sessionStore.clear();
    expect(sessionStore.takeSessionEnded()).toBe(false);
    sessionStore.setToken('t');
    sessionStore.clear();
    expect(sessionStore.takeSessionEnded()).toBe(true);
    expect(sessionStore.takeSessionEnded()).toBe(false);
    sessionStore.setToken('t');
    sessionStore.setToken(null);
    expect(sessionStore.takeSessionEnded()).toBe(false);
  });
});
