import { z } from 'zod';
import { passwordSchema } from '../auth/password';
import { LANGUAGES } from '../i18n/languages';
import { oneOf } from '../text/formRules';
import { safeText } from '../text/safeText';
import { ACCOUNT_NAME_MAX } from './accounts';

/** The user area's profile: the signed-in account's names and interface language (its e-mail is fixed). */
export const profileSchema = z.object({
  firstName: safeText().trim().min(1, 'required').max(ACCOUNT_NAME_MAX, 'max'),
  lastName: safeText().trim().min(1, 'required').max(ACCOUNT_NAME_MAX, 'max'),
  lang: oneOf(LANGUAGES),
});
export type ProfileInput = z.input<typeof profileSchema>;

/** Change password: the old one proves the person, the new one follows the password policy (spec §5). */
export const changePasswordSchema = z
  .object({
    oldPassword: z.string().min(1, 'required').max(1024, 'max'),
    password: z.string().max(1024, 'max').pipe(passwordSchema),
    passwordRepeat: z.string(),
  })
  .refine((v) => v.password === v.passwordRepeat, { path: ['passwordRepeat'], message: 'passwordsDiffer' });
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;
