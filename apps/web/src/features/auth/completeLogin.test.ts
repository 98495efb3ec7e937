import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../app/storage';
import { CARRIED_LANGUAGE_KEY, carryPublicLanguage } from './completeLogin';

beforeEach(() => localStorage.clear());

describe('a language chosen on the public pages', () => {
  it('carries into the portal at sign-in', () => {
    localStorage.setItem(STORAGE_KEYS.language, 'en');
    localStorage.setItem(STORAGE_KEYS.publicLanguage, 'hu');
    carryPublicLanguage();
    expect(localStorage.getItem(STORAGE_KEYS.language)).toBe('hu');
    expect(localStorage.getItem(CARRIED_LANGUAGE_KEY)).toBe('hu');
  });

  it('carries once: a later choice in the portal is not overridden by the same old public choice', () => {
    localStorage.setItem(STORAGE_KEYS.publicLanguage, 'hu');
    carryPublicLanguage();
    localStorage.setItem(STORAGE_KEYS.language, 'pl');
    carryPublicLanguage();
    expect(localStorage.getItem(STORAGE_KEYS.language)).toBe('pl');
    // A new public choice carries again.
    localStorage.setItem(STORAGE_KEYS.publicLanguage, 'sk');
    carryPublicLanguage();
    expect(localStorage.getItem(STORAGE_KEYS.language)).toBe('sk');
  });

  it('leaves the portal language alone without a valid public choice', () => {
    localStorage.setItem(STORAGE_KEYS.language, 'cs');
    carryPublicLanguage();
    localStorage.setItem(STORAGE_KEYS.publicLanguage, 'xx');
    carryPublicLanguage();
    expect(localStorage.getItem(STORAGE_KEYS.language)).toBe('cs');
  });
});
