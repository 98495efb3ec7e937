import { describe, expect, it } from 'vitest';
import { ACTIONS, allPolicies, isAllowed, RESOURCES } from './permissions';

describe('permissions', () => {
  it('allows only an active policy for the same resource and action, read by default', () => {
    const policies = [
      { subject: 'orders', action: 'read', isActive: true },
      { subject: 'deliveries', action: 'update', isActive: false },
    ] as const;
    expect(isAllowed([...policies], 'orders')).toBe(true);
    expect(isAllowed([...policies], 'orders', 'update')).toBe(false);
    expect(isAllowed([...policies], 'deliveries', 'update')).toBe(false);
    expect(isAllowed([], 'partner')).toBe(false);
  });

  it('gives a master every pair', () => {
    const all = allPolicies();
    expect(all).toHaveLength(RESOURCES.length * ACTIONS.length);
    for (const r of RESOURCES) for (const a of ACTIONS) expect(isAllowed(all, r, a)).toBe(true);
  });

  it('covers every resource gated by the spec', () => {
    for (const r of [
      'orders',
      'heurekaFeed',
      'mallFeed',
      'partner',
      'partnerContacts',
      'accounts',
      'notifications',
      'webhook',
      'sandboxAccounts',
      'permissions',
      'campaigns',
      'deliveries',
    ]) {
      expect(RESOURCES).toContain(r);
    }
  });
});
