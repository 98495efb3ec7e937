import { z } from 'zod';
import { safeText } from '../text/safeText';

export const PASSWORD_MIN_LENGTH = 12;

const SPECIAL = /[^A-Za-z0-9]/;

/** Which parts of the password policy a candidate misses, as validation message keys. */
export function passwordPolicyIssues(password: string): string[] {
  const issues: string[] = [];
  if (password.length < PASSWORD_MIN_LENGTH) issues.push('passwordMinLength');
  if (!/[a-z]/.test(password)) issues.push('passwordLowercase');
  if (!/[A-Z]/.test(password)) issues.push('passwordUppercase');
  if (!/[0-9]/.test(password)) issues.push('passwordDigit');
  if (!SPECIAL.test(password)) issues.push('passwordSpecial');
  return issues;
}

/** 0–4 for the strength bar: one point per satisfied rule beyond the length, capped, zero when too short. */
export function passwordStrength(password: string): 0 | 1 | 2 | 3 | 4 {
  if (password.length === 0) return 0;
  const missing = passwordPolicyIssues(password).length;
  const met = 5 - missing;
  if (password.length < PASSWORD_MIN_LENGTH) return Math.min(1, met) as 0 | 1;
  const bonus = password.length >= 16 ? 1 : 0;
  return Math.max(1, Math.min(4, met - 1 + bonus)) as 1 | 2 | 3 | 4;
}

export const passwordSchema = z.string().superRefine((value, ctx) => {
  for (const issue of passwordPolicyIssues(value)) {
    ctx.addIssue({ code: 'custom', message: issue, params: { min: PASSWORD_MIN_LENGTH } });
  }
});

export const emailSchema = safeText().trim().toLowerCase().max(254, 'max').email('email');

export const loginInputSchema = z.object({
  email: safeText().trim().toLowerCase().min(1, 'required').max(254, 'max'),
  password: z.string().min(1, 'required').max(1024, 'max'),
});
export type LoginInput = z.infer<typeof loginInputSchema>;

export const passwordResetRequestSchema = z.object({ email: emailSchema });

export const passwordResetSchema = z
  .object({ password: passwordSchema, passwordRepeat: z.string() })
  .refine((v) => v.password === v.passwordRepeat, { path: ['passwordRepeat'], message: 'passwordsDiffer' });
export type PasswordReset = z.infer<typeof passwordResetSchema>;
