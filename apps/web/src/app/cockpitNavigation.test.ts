import { operatorPolicies } from '@pp/domain';
import { describe, expect, it } from 'vitest';
import { activeCockpitItem, COCKPIT_NAV_ITEMS, visibleCockpitItems } from './cockpitNavigation';

const operator = (roles: Parameters<typeof operatorPolicies>[0]) => ({
  isAdmin: true,
  impersonating: false,
  acl: [],
  operatorAcl: operatorPolicies(roles),
});

describe('the cockpit menu', () => {
  it('shows an administrator every page', () => {
    expect(visibleCockpitItems(operator(['administrator']))).toHaveLength(COCKPIT_NAV_ITEMS.length);
  });

  it('hides from the other roles what they may not read', () => {
    const keys = visibleCockpitItems(operator(['finance'])).map((i) => i.key);
    expect(keys).toContain('billing');
    expect(keys).not.toContain('operators');
    expect(keys).not.toContain('audit');
    expect(visibleCockpitItems(operator(['support'])).map((i) => i.key)).toContain('audit');
  });

  it('shows nothing to a partner or an operator signed in as a partner', () => {
    expect(visibleCockpitItems({ isAdmin: false, impersonating: false, acl: [] })).toEqual([]);
    expect(visibleCockpitItems({ ...operator(['administrator']), impersonating: true })).toEqual([]);
  });

  it('lights the page of the path, the partner grid for a partner of it', () => {
    const items = COCKPIT_NAV_ITEMS;
    expect(activeCockpitItem(items, '/cockpit')?.key).toBe('partners');
    expect(activeCockpitItem(items, '/cockpit/partners/12')?.key).toBe('partners');
    expect(activeCockpitItem(items, '/cockpit/messages/5')?.key).toBe('messages');
    expect(activeCockpitItem(items, '/cockpit/home')?.key).toBe('home');
    expect(activeCockpitItem(items, '/cockpit/unknown')).toBeUndefined();
  });
});
