import { passwordResetRequestSchema } from '@pp/domain';
import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconArrowLeft, IconMailCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { fieldErrors } from '../../app/api/apiError';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { useDocumentTitle } from '../../ui/PageFrame';
import { useFormFields } from '../../ui/useFormFields';
import { PasswordResetRequestMutation } from './operations';

/** login/forgot-password: asks for the login e-mail and sends a reset link to it. */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  useDocumentTitle('forgotPassword');
  const { values, errors, setErrors, set, formRef, invalid } = useFormFields({ email: '' });
  const { email } = values;
  const error = errors.email;

  const request = useMutation({
    mutationFn: (input: { email: string }) => api.request(PasswordResetRequestMutation, input, { anonymous: true }),
    onError: (e) => setErrors({ email: fieldErrors(e, t).email }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The server applies the same schema; an empty or malformed e-mail is caught before sending.
    const parsed = passwordResetRequestSchema.safeParse({ email });
    if (!parsed.success) {
      setErrors({ email: t(`validation.${email.trim() ? 'email' : 'required'}`) });
      return;
    }
    setErrors({});
    request.mutate(parsed.data);
  };

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} fz={26}>
          {t('auth.forgotPassword.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('auth.forgotPassword.subtitle')}
        </Text>
      </Stack>

      {request.isSuccess ? (
        <Alert color="green" variant="light" icon={<IconMailCheck size={18} />} data-testid="reset-link-sent">
          {t('auth.forgotPassword.sent', { email })}
        </Alert>
      ) : (
        <form ref={formRef} onSubmit={submit} noValidate>
          <Stack gap="md">
            {request.isError && !error && <ErrorAlert error={request.error} />}
            <TextInput
              label={t('auth.forgotPassword.email')}
              name="email"
              type="email"
              autoComplete="username"
              value={email}
              onChange={set('email')}
              error={error}
              aria-invalid={invalid('email')}
              withAsterisk
              autoFocus
            />
            <Button type="submit" size="md" loading={request.isPending}>
              {t('auth.forgotPassword.submit')}
            </Button>
          </Stack>
        </form>
      )}

      <Anchor component={Link} to="/login" size="sm">
        <IconArrowLeft size={14} style={{ verticalAlign: 'middle' }} /> {t('auth.forgotPassword.backToLogin')}
      </Anchor>
    </Stack>
  );
}
