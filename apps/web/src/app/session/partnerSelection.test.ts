import { describe, expect, it } from 'vitest';
import { choosePartnerId, landingPath, safeBackLink } from './partnerSelection';

const partners = [{ id: '1' }, { id: '2' }, { id: '3' }];

describe('partner selection after login', () => {
  it('prefers the partner an administrator signed in as', () => {
    expect(choosePartnerId({ adminGiven: '3', stored: '2', serverDefault: '1', partners })).toBe('3');
  });
  it('then the stored choice', () => {
    expect(choosePartnerId({ adminGiven: null, stored: '2', serverDefault: '1', partners })).toBe('2');
  });
  it('then the server default', () => {
    expect(choosePartnerId({ stored: null, serverDefault: '1', partners })).toBe('1');
  });
  it('skips choices that are not among the account’s partners', () => {
    expect(choosePartnerId({ adminGiven: '99', stored: '42', serverDefault: '2', partners })).toBe('2');
  });
  it('falls back to the first partner, or none', () => {
    expect(choosePartnerId({ partners })).toBe('1');
    expect(choosePartnerId({ stored: '1', partners: [] })).toBeNull();
  });
});

describe('landing after login', () => {
  it('leads onboarding partners to the workflow', () => {
    expect(landingPath({ workflowStatus: 'REGISTERED' })).toBe('/workflow');
    expect(landingPath({ workflowStatus: 'TESTING' })).toBe('/workflow');
  });
  it('leads everyone else home', () => {
    expect(landingPath({ workflowStatus: 'PRODUCTION' })).toBe('/');
    expect(landingPath(null)).toBe('/');
  });
  it('follows back links only inside the app and never to public pages', () => {
    expect(safeBackLink('/orders?f=a')).toBe('/orders?f=a');
    expect(safeBackLink('//evil.example')).toBeNull();
    expect(safeBackLink('https://evil.example')).toBeNull();
    expect(safeBackLink('/login')).toBeNull();
    expect(safeBackLink('/remote-login/a/token/b/partner/1')).toBeNull();
    expect(safeBackLink(null)).toBeNull();
  });
});

describe('switching partner by address', () => {
  it("switches only to one of the account's partners", async () => {
    const { canSwitchTo } = await import('./partnerSelection');
    const partners = [{ id: '1' }, { id: '2' }];
    expect(canSwitchTo('2', partners)).toBe(true);
    expect(canSwitchTo('3', partners)).toBe(false);
    expect(canSwitchTo('', partners)).toBe(false);
  });
});
