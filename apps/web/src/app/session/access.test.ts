import { allPolicies } from '@pp/domain';
import { describe, expect, it } from 'vitest';
import { visibleNavItems } from '../navigation';
import { decideAccess, type SessionAccess } from './access';

const partnerSession = (acl: SessionAccess['acl'] = allPolicies()): SessionAccess => ({
  isAdmin: false,
  impersonating: false,
  acl,
});
const withoutOrders = partnerSession(allPolicies().filter((p) => p.subject !== 'orders'));

describe('route guard', () => {
  it('sends a missing or failed session to login', () => {
    expect(decideAccess({ session: null, area: 'portal' })).toBe('login');
    expect(decideAccess({ session: null, area: 'cockpit' })).toBe('login');
  });

  it('allows a route without a resource', () => {
    expect(decideAccess({ session: withoutOrders, area: 'portal' })).toBe('allow');
  });

  it('checks the resource with the read action by default', () => {
    expect(decideAccess({ session: partnerSession(), area: 'portal', resource: 'orders' })).toBe('allow');
    expect(decideAccess({ session: withoutOrders, area: 'portal', resource: 'orders' })).toBe('not-allowed');
  });

  it('checks a named action and ignores inactive policies', () => {
    const readOnly = partnerSession([
      { subject: 'webhook', action: 'read', isActive: true },
      { subject: 'webhook', action: 'update', isActive: false },
    ]);
    expect(decideAccess({ session: readOnly, area: 'portal', resource: 'webhook' })).toBe('allow');
    expect(decideAccess({ session: readOnly, area: 'portal', resource: 'webhook', action: 'update' })).toBe(
      'not-allowed',
    );
  });

  it('keeps administrators in the cockpit and partners out of it', () => {
    const admin: SessionAccess = { isAdmin: true, impersonating: false, acl: [] };
    expect(decideAccess({ session: admin, area: 'portal' })).toBe('to-cockpit');
    expect(decideAccess({ session: admin, area: 'cockpit' })).toBe('allow');
    expect(decideAccess({ session: partnerSession(), area: 'cockpit' })).toBe('to-portal');
  });

  it('lets an impersonating administrator use the portal as the partner', () => {
    const impersonating: SessionAccess = { isAdmin: true, impersonating: true, acl: allPolicies() };
    expect(decideAccess({ session: impersonating, area: 'portal', resource: 'orders' })).toBe('allow');
    expect(decideAccess({ session: impersonating, area: 'cockpit' })).toBe('to-portal');
  });
});

describe('navigation', () => {
  const keys = (session: SessionAccess, status = 'PRODUCTION') =>
    visibleNavItems(session, { workflowStatus: status }).map((v) => v.item.key);

  it('hides areas whose resource the user lacks', () => {
    expect(keys(partnerSession())).toContain('orders');
    expect(keys(withoutOrders)).not.toContain('orders');
  });

  it('shows the onboarding workflow only while the partner is onboarding', () => {
    expect(keys(partnerSession())).not.toContain('workflow');
    expect(keys(partnerSession(), 'REGISTERED')).toContain('workflow');
  });

  it('opens the selling areas with PRODUCTION, not while onboarding', () => {
    const selling = ['orders', 'marketing', 'billings', 'sla', 'statistics', 'financing'];
    for (const status of ['REGISTERED', 'TESTING', 'CONTENT_CONTROL']) {
      const visible = keys(partnerSession(), status);
      expect(visible.filter((k) => selling.includes(k))).toEqual([]);
      expect(visible).toEqual(expect.arrayContaining(['workflow', 'products', 'partner', 'user']));
    }
    expect(keys(partnerSession(), 'PRODUCTION')).toEqual(expect.arrayContaining(selling));
    expect(keys(partnerSession(), 'HIDDEN_ON_WEB')).toEqual(expect.arrayContaining(selling));
  });

  it('leads an area to its first allowed tab', () => {
    const contactsOnly = partnerSession([{ subject: 'partnerContacts', action: 'read', isActive: true }]);
    expect(visibleNavItems(contactsOnly, null).find((v) => v.item.key === 'partner')?.to).toBe('/partner/contacts');
    const noCampaigns = partnerSession([]);
    expect(visibleNavItems(noCampaigns, null).find((v) => v.item.key === 'marketing')?.to).toBe(
      '/marketing/partner-page',
    );
  });
});
