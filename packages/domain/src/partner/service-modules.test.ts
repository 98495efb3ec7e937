import { describe, expect, it } from 'vitest';
import { allPolicies, isAllowed, RESOURCES } from '../auth/permissions';
import {
  disabledResources,
  SERVICE_MODULE_RESOURCES,
  SERVICE_MODULES,
  serviceModuleOf,
  withServiceModules,
} from './service-modules';

describe('service modules', () => {
  it('marks the covered resources disabled and refuses them, leaving the rest allowed', () => {
    const policies = withServiceModules(allPolicies(), ['stats']);
    expect(isAllowed(policies, 'statistics', 'read')).toBe(false);
    expect(isAllowed(policies, 'orders', 'read')).toBe(true);
    expect(policies.find((p) => p.subject === 'statistics')?.isDisabled).toBe(true);
    expect(policies.find((p) => p.subject === 'orders')?.isDisabled).toBe(false);
  });

  it('disables nothing with every module on, and a policy without the flag still grants', () => {
    expect(withServiceModules(allPolicies(), []).every((p) => !p.isDisabled)).toBe(true);
    expect(isAllowed([{ subject: 'orders', action: 'read', isActive: true }], 'orders')).toBe(true);
  });

  it('maps each resource to at most one module, and only to known resources', () => {
    const seen = SERVICE_MODULES.flatMap((m) => SERVICE_MODULE_RESOURCES[m]);
    expect(new Set(seen).size).toBe(seen.length);
    for (const r of seen) expect(RESOURCES).toContain(r);
    expect(serviceModuleOf('billing')).toBe('invoices');
    expect(serviceModuleOf('accounts')).toBeNull();
    expect([...disabledResources(['orders', 'marketplaceFeed'])].sort()).toEqual([
      'heurekaFeed',
      'mallFeed',
      'orders',
      'sla',
    ]);
  });
});
