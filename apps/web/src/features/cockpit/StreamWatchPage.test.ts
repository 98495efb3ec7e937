import { allPolicies, withServiceModules } from '@pp/domain';
import { describe, expect, it } from 'vitest';
import { visibleNavItems } from '../../app/navigation';
import { canAccess, type SessionAccess } from '../../app/session/access';
import { payloadSummary } from './StreamWatchPage';

const session = (acl: SessionAccess['acl']): SessionAccess => ({ isAdmin: false, impersonating: false, acl });
const live = { workflowStatus: 'PRODUCTION' };

describe('a switched-off service module in the portal', () => {
  it('closes the resource and hides its menu items, as the server refuses them', () => {
    const on = session(withServiceModules(allPolicies(), []));
    const off = session(withServiceModules(allPolicies(), ['stats', 'orders']));
    expect(canAccess(on, 'statistics')).toBe(true);
    expect(canAccess(off, 'statistics')).toBe(false);
    const keys = (s: SessionAccess) => visibleNavItems(s, live).map((i) => i.item.key);
    expect(keys(on)).toEqual(expect.arrayContaining(['statistics', 'orders', 'sla']));
    expect(keys(off)).not.toContain('statistics');
    expect(keys(off)).not.toContain('orders');
    expect(keys(off)).not.toContain('sla');
    expect(keys(off)).toContain('products');
  });
});

describe('the stream watch list', () => {
  it('sums a payload up in one bounded line', () => {
    expect(payloadSummary(undefined)).toBe('');
    expect(payloadSummary({ orderId: 'CZ-1' })).toBe('{"orderId":"CZ-1"}');
    const long = payloadSummary({ text: 'x'.repeat(500) }, 40);
    expect(long).toHaveLength(40);
    expect(long.endsWith('…')).toBe(true);
  });
});
