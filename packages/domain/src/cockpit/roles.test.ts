import { describe, expect, it } from 'vitest';
import { COCKPIT_AREAS, isOperatorAllowed, operatorInviteSchema, operatorPolicies, operatorRolesSchema } from './roles';

describe('operator roles', () => {
  it('gives the administrator every area to read and change', () => {
    expect(operatorPolicies(['administrator'])).toHaveLength(COCKPIT_AREAS.length * 2);
  });

  it('lets support read everything but the operators, and change nothing', () => {
    const policies = operatorPolicies(['support']);
    expect(policies.filter((p) => p.action === 'update')).toEqual([]);
    expect(isOperatorAllowed(['support'], 'audit')).toBe(true);
    expect(isOperatorAllowed(['support'], 'operators')).toBe(false);
    expect(isOperatorAllowed(['support'], 'billing')).toBe(true);
    expect(isOperatorAllowed(['support'], 'impersonation', 'read')).toBe(true);
    expect(isOperatorAllowed(['support'], 'impersonation', 'update')).toBe(false);
  });

  it('keeps each specialist role to its own changes', () => {
    expect(isOperatorAllowed(['finance'], 'billing', 'update')).toBe(true);
    expect(isOperatorAllowed(['finance'], 'campaigns', 'update')).toBe(false);
    expect(isOperatorAllowed(['content'], 'campaigns', 'update')).toBe(true);
    expect(isOperatorAllowed(['content'], 'billing', 'update')).toBe(false);
    expect(isOperatorAllowed(['onboarding'], 'onboarding', 'update')).toBe(true);
    expect(isOperatorAllowed(['onboarding'], 'priceLists', 'update')).toBe(false);
    expect(isOperatorAllowed(['onboarding'], 'priceListAssignments', 'update')).toBe(true);
    // Nobody but the administrator reads the operators or the audit trail, or switches flags.
    for (const role of ['onboarding', 'finance', 'content'] as const) {
      expect(isOperatorAllowed([role], 'operators')).toBe(false);
      expect(isOperatorAllowed([role], 'audit')).toBe(false);
      expect(isOperatorAllowed([role], 'flags', 'update')).toBe(false);
    }
  });

  it('adds up the rights of several roles', () => {
    expect(isOperatorAllowed(['finance', 'content'], 'billing', 'update')).toBe(true);
    expect(isOperatorAllowed(['finance', 'content'], 'catalog', 'update')).toBe(true);
    expect(isOperatorAllowed([], 'partners')).toBe(false);
  });

  it('needs at least one known role, each once, in a fixed order', () => {
    expect(operatorRolesSchema.safeParse([]).success).toBe(false);
    expect(operatorRolesSchema.safeParse(['owner']).success).toBe(false);
    expect(operatorRolesSchema.parse(['content', 'finance', 'content'])).toEqual(['finance', 'content']);
    // At most as many as there are roles: a list of thousands is no list of roles.
    const all = ['administrator', 'support', 'onboarding', 'finance', 'content'];
    expect(operatorRolesSchema.safeParse(all).success).toBe(true);
    expect(operatorRolesSchema.safeParse([...all, 'support']).error?.issues.map((i) => i.message)).toEqual(['max']);
  });

  it('checks an invitation field by field', () => {
    const parsed = operatorInviteSchema.safeParse({ email: 'no', firstName: '', lastName: 'X', lang: 'xx', roles: [] });
    expect(parsed.success).toBe(false);
    expect(new Set(parsed.error!.issues.map((i) => String(i.path[0])))).toEqual(
      new Set(['email', 'firstName', 'lang', 'roles']),
    );
    expect(
      operatorInviteSchema.parse({
        email: ' A@Demo.test ',
        firstName: 'A',
        lastName: 'B',
        lang: 'cs',
        roles: ['support'],
      }).email,
    ).toBe('a@demo.test');
  });
});
