import { PASSWORD_MIN_LENGTH } from '@pp/domain';
import { PasswordInput } from '@mantine/core';
import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordStrength } from './PasswordStrength';

type Field = 'password' | 'passwordRepeat';

/**
 * A new password and its repetition with the strength bar, as every form that sets a password shows them
 * (reset, the first password after registration). Works with the fields of `useFormFields`.
 */
export function NewPasswordFields(props: {
  labels: Record<Field, string>;
  values: Record<Field, string>;
  errors: Partial<Record<Field, string>>;
  set: (field: Field) => (event: ChangeEvent<HTMLInputElement>) => void;
  invalid: (field: Field) => true | undefined;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  const field = (name: Field) => ({
    label: props.labels[name],
    name,
    autoComplete: 'new-password',
    value: props.values[name],
    onChange: props.set(name),
    error: props.errors[name],
    'aria-invalid': props.invalid(name),
    withAsterisk: true,
    visibilityToggleButtonProps: { 'aria-label': t('auth.login.togglePassword') },
  });
  return (
    <>
      <PasswordInput {...field('password')} autoFocus={props.autoFocus} />
      <PasswordStrength password={props.values.password} minLength={PASSWORD_MIN_LENGTH} />
      <PasswordInput {...field('passwordRepeat')} />
    </>
  );
}
