import { describe, expect, it } from 'vitest';
import { allPolicies, RESOURCES } from '../auth/permissions';
import { addAccountSchema, isAdministrator, startingPolicies } from './accounts';
import { grantablePolicies, pairsBeyondGrantable, withinGrantable } from './grants';
import { accessControlSchema, permissionsDiff } from './permissions';
import { changePasswordSchema, profileSchema } from './profile';

const rules = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.success ? [] : (result.error?.issues ?? []).map((i) => `${i.path.join('.')}:${i.message}`);

describe('adding an account', () => {
  const valid = { email: ' Nova@Example.COM ', firstName: 'Nová', lastName: 'Osoba', lang: 'cs' };

  it('normalises the e-mail and starts with read rights unless told otherwise', () => {
    const parsed = addAccountSchema.parse(valid);
    expect(parsed.email).toBe('nova@example.com');
    expect(parsed.rights).toBe('read');
  });

  it('refuses a bad e-mail, empty or too long names and an unknown language', () => {
    expect(rules(addAccountSchema.safeParse({ ...valid, email: 'nobody' }))).toEqual(['email:email']);
    expect(rules(addAccountSchema.safeParse({ ...valid, firstName: ' ' }))).toEqual(['firstName:required']);
    expect(rules(addAccountSchema.safeParse({ ...valid, lastName: 'x'.repeat(101) }))).toEqual(['lastName:max']);
    expect(addAccountSchema.safeParse({ ...valid, lastName: 'x'.repeat(100) }).success).toBe(true);
    expect(rules(addAccountSchema.safeParse({ ...valid, lang: 'de' }))).toEqual(['lang:in']);
    expect(rules(addAccountSchema.safeParse({ ...valid, firstName: 'a\u0000b' }))).toEqual([
      'firstName:invalidCharacters',
    ]);
  });

  it('gives read on every resource, everything, or nothing', () => {
    expect(startingPolicies('read')).toHaveLength(RESOURCES.length);
    expect(startingPolicies('read').every((p) => p.action === 'read')).toBe(true);
    expect(startingPolicies('all')).toEqual(allPolicies());
    expect(startingPolicies('none')).toEqual([]);
  });
});

describe('administrator', () => {
  const pair = (subject: 'accounts' | 'permissions', action: 'update' | 'read') => ({
    subject,
    action,
    isActive: true,
  });

  it('is the master whatever its rows', () => {
    expect(isAdministrator([], true)).toBe(true);
  });

  it('is an account holding both accounts:update and permissions:update, active', () => {
    expect(isAdministrator([pair('accounts', 'update'), pair('permissions', 'update')], false)).toBe(true);
    expect(isAdministrator([pair('accounts', 'update')], false)).toBe(false);
    expect(isAdministrator([pair('permissions', 'update')], false)).toBe(false);
    expect(
      isAdministrator([pair('accounts', 'update'), { ...pair('permissions', 'update'), isActive: false }], false),
    ).toBe(false);
    expect(isAdministrator(startingPolicies('read'), false)).toBe(false);
  });
});

describe('access control', () => {
  it('keeps each pair once, in the editor order', () => {
    expect(
      accessControlSchema.parse([
        { subject: 'permissions', action: 'update' },
        { subject: 'orders', action: 'read' },
        { subject: 'orders', action: 'read' },
      ]),
    ).toEqual([
      { subject: 'orders', action: 'read' },
      { subject: 'permissions', action: 'update' },
    ]);
    expect(accessControlSchema.parse([])).toEqual([]);
  });

  it('refuses unknown resources and actions', () => {
    expect(accessControlSchema.safeParse([{ subject: 'root', action: 'read' }]).success).toBe(false);
    expect(accessControlSchema.safeParse([{ subject: 'orders', action: 'own' }]).success).toBe(false);
  });

  it('names what a save grants and revokes', () => {
    const before = [
      { subject: 'orders' as const, action: 'read' as const, isActive: true },
      { subject: 'brands' as const, action: 'read' as const, isActive: true },
    ];
    expect(
      permissionsDiff(before, [
        { subject: 'orders', action: 'read' },
        { subject: 'orders', action: 'update' },
      ]),
    ).toEqual({ granted: ['orders:update'], revoked: ['brands:read'] });
  });
});

describe('profile and password change', () => {
  it('needs names and one of the seven languages', () => {
    expect(profileSchema.safeParse({ firstName: 'Jan', lastName: 'Novák', lang: 'hr' }).success).toBe(true);
    expect(rules(profileSchema.safeParse({ firstName: '', lastName: 'Novák', lang: 'xx' }))).toEqual([
      'firstName:required',
      'lang:in',
    ]);
  });

  it('checks the new password by the policy and its repetition', () => {
    const ok = { oldPassword: 'old', password: 'Nove-Heslo-2026', passwordRepeat: 'Nove-Heslo-2026' };
    expect(changePasswordSchema.safeParse(ok).success).toBe(true);
    expect(rules(changePasswordSchema.safeParse({ ...ok, password: 'short', passwordRepeat: 'short' }))).toContain(
      'password:passwordMinLength',
    );
    expect(rules(changePasswordSchema.safeParse({ ...ok, passwordRepeat: 'Nove-Heslo-2027' }))).toEqual([
      'passwordRepeat:passwordsDiffer',
    ]);
    expect(rules(changePasswordSchema.safeParse({ ...ok, oldPassword: '' }))).toEqual(['oldPassword:required']);
  });
});

describe('granting rights', () => {
  const held = [
    { subject: 'accounts' as const, action: 'read' as const, isActive: true },
    { subject: 'permissions' as const, action: 'update' as const, isActive: true },
    { subject: 'orders' as const, action: 'read' as const, isActive: false },
  ];

  it('lets an account give exactly the active pairs it holds; the master every pair', () => {
    expect(grantablePolicies({ policies: held, isMaster: false }).map((p) => `${p.subject}:${p.action}`)).toEqual([
      'accounts:read',
      'permissions:update',
    ]);
    expect(grantablePolicies({ policies: [], isMaster: true })).toEqual(allPolicies());
  });

  it('cuts starting rights to what the inviter holds', () => {
    const grantable = grantablePolicies({ policies: held, isMaster: false });
    expect(withinGrantable(startingPolicies('read'), grantable).map((p) => p.subject)).toEqual(['accounts']);
    expect(withinGrantable(startingPolicies('all'), allPolicies())).toHaveLength(allPolicies().length);
  });

  it('names every newly given pair the saver does not hold, and lets pairs already there or taken away pass', () => {
    const grantable = grantablePolicies({ policies: held, isMaster: false });
    const before = [{ subject: 'orders', action: 'read', isActive: true }];
    expect(
      pairsBeyondGrantable(
        before,
        [
          { subject: 'orders', action: 'read' },
          { subject: 'orders', action: 'update' },
          { subject: 'accounts', action: 'read' },
        ],
        grantable,
      ),
    ).toEqual(['orders:update']);
    expect(pairsBeyondGrantable(before, [], grantable)).toEqual([]);
    // A pair stored inactive is not held: switching it on is giving it.
    expect(
      pairsBeyondGrantable([{ ...before[0]!, isActive: false }], [{ subject: 'orders', action: 'read' }], grantable),
    ).toEqual(['orders:read']);
  });
});
