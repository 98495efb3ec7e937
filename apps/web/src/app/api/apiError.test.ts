import { loginInputSchema, passwordResetSchema } from '@pp/domain';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { issueErrors } from './apiError';

const t = ((key: string, params?: Record<string, unknown>) =>
  `${key}${params ? JSON.stringify(params) : ''}`) as unknown as TFunction;

describe('issueErrors', () => {
  it('maps the domain schema issues to one message per field, as the server names them', () => {
    const parsed = loginInputSchema.safeParse({ email: '', password: '' });
    expect(issueErrors(parsed.error!.issues, t)).toEqual({
      // The rule's bound travels along as {{0}}, as the server sends it; "required" simply does not name it.
      email: 'validation.required{"0":1}',
      password: 'validation.required{"0":1}',
    });
  });

  it('keeps the first issue of a field and passes the parameters', () => {
    const parsed = passwordResetSchema.safeParse({ password: 'x', passwordRepeat: 'y' });
    const errors = issueErrors(parsed.error!.issues, t, { min: 12 });
    expect(errors.password).toBe('validation.passwordMinLength{"min":12}');
    expect(errors.passwordRepeat).toBe('validation.passwordsDiffer{"min":12}');
  });
});
