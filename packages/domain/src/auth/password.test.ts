import { describe, expect, it } from 'vitest';
import {
  emailSchema,
  loginInputSchema,
  PASSWORD_MIN_LENGTH,
  passwordPolicyIssues,
  passwordSchema,
  passwordStrength,
} from './password';

describe('password policy', () => {
  it('accepts exactly 12 characters with every class, refuses 11', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(12);
    expect(passwordPolicyIssues('Abcdefgh12!x')).toEqual([]);
    expect(passwordPolicyIssues('Abcdefg12!x')).toEqual(['passwordMinLength']);
  });

  it('names each missing class', () => {
    expect(passwordPolicyIssues('ABCDEFGH12!X')).toEqual(['passwordLowercase']);
    expect(passwordPolicyIssues('abcdefgh12!x')).toEqual(['passwordUppercase']);
    expect(passwordPolicyIssues('Abcdefghij!x')).toEqual(['passwordDigit']);
    expect(passwordPolicyIssues('Abcdefgh12xx')).toEqual(['passwordSpecial']);
  });

  it('grows the strength bar with the rules met and the length', () => {
    expect(passwordStrength('')).toBe(0);
    expect(passwordStrength('abc')).toBe(1);
    expect(passwordStrength('abcdefghijkl')).toBeLessThan(passwordStrength('Abcdefgh12!x'));
    expect(passwordStrength('Abcdefgh12!x-longer')).toBe(4);
  });

  it('reports through the zod schema with message keys', () => {
    const result = passwordSchema.safeParse('short');
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toContain('passwordMinLength');
  });

  it('refuses control characters in the login and reset e-mail before anything else', () => {
    const login = loginInputSchema.safeParse({ email: 'admin@demo.test\u0000', password: 'x' });
    expect(login.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['email', 'invalidCharacters']]);
    expect(emailSchema.safeParse('a\u0007@demo.test').error?.issues.map((i) => i.message)).toEqual([
      'invalidCharacters',
    ]);
    expect(loginInputSchema.parse({ email: ' Admin@Demo.test ', password: 'x' }).email).toBe('admin@demo.test');
    expect(emailSchema.parse('Admin@Demo.test')).toBe('admin@demo.test');
  });
});
