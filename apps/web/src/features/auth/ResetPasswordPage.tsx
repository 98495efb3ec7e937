import { PASSWORD_MIN_LENGTH, passwordResetSchema } from '@pp/domain';
import { Alert, Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { ApiError, fieldErrors, issueErrors } from '../../app/api/apiError';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { useDocumentTitle } from '../../ui/PageFrame';
import { NewPasswordFields } from '../../ui/NewPasswordFields';
import { useFormFields } from '../../ui/useFormFields';
import { PasswordResetLinkStatusQuery, PasswordResetMutation } from './operations';

type Field = 'password' | 'passwordRepeat';

/** login/reset-password/{token}: a new password and its repetition, checked by the domain's policy. */
export function ResetPasswordPage({ token }: { token: string }) {
  const { t } = useTranslation();
  useDocumentTitle('resetPassword');
  const { values, errors, setErrors, set, formRef, invalid } = useFormFields({ password: '', passwordRepeat: '' });

  // The link is checked on arrival (without spending it): a dead link is said at once, not after typing.
  const linkStatus = useQuery({
    queryKey: ['passwordResetLinkStatus', token],
    queryFn: ({ signal }) =>
      api
        .request(PasswordResetLinkStatusQuery, { token }, { anonymous: true, signal })
        .then((r) => r.passwordResetLinkStatus),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
  const deadOnArrival = linkStatus.data !== undefined && linkStatus.data !== 'VALID';

  const reset = useMutation({
    mutationFn: (input: { password: string; passwordRepeat: string }) =>
      api.request(PasswordResetMutation, { token, ...input }, { anonymous: true }),
    onError: (error) => setErrors(fieldErrors(error, t)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = passwordResetSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(issueErrors<Field>(parsed.error.issues, t, { min: PASSWORD_MIN_LENGTH }));
      return;
    }
    setErrors({});
    reset.mutate(parsed.data);
  };

  // A used, unknown or expired link cannot be fixed on this page: offer a new one instead.
  const deadLink =
    deadOnArrival ||
    (reset.error instanceof ApiError && (reset.error.code === 'BAD_CREDENTIALS' || reset.error.code === 'EXPIRED'));

  if (reset.isSuccess) {
    return (
      <Stack gap="lg">
        <Alert color="green" variant="light" icon={<IconCircleCheck size={18} />} data-testid="password-reset-done">
          {t('auth.resetPassword.done')}
        </Alert>
        <Button component={Link} to="/login" size="md">
          {t('auth.resetPassword.toLogin')}
        </Button>
      </Stack>
    );
  }

  const deadLinkAlert = (
    <Alert color="red" variant="light" role="alert" data-testid="reset-link-invalid">
      <Stack gap="xs">
        <Text size="sm">
          {linkStatus.data === 'EXPIRED' ? t('auth.resetPassword.expiredLink') : t('auth.resetPassword.invalidLink')}
        </Text>
        <Anchor component={Link} to="/login/forgot-password" size="sm">
          {t('auth.resetPassword.requestNew')}
        </Anchor>
      </Stack>
    </Alert>
  );

  if (deadOnArrival) {
    return (
      <Stack gap="lg">
        <Title order={1} fz={26}>
          {t('auth.resetPassword.title')}
        </Title>
        {deadLinkAlert}
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} fz={26}>
          {t('auth.resetPassword.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('auth.resetPassword.subtitle')}
        </Text>
      </Stack>

      {deadLink
        ? deadLinkAlert
        : reset.isError && Object.keys(errors).length === 0 && <ErrorAlert error={reset.error} />}

      <form ref={formRef} onSubmit={submit} noValidate>
        <Stack gap="md">
          <NewPasswordFields
            labels={{
              password: t('auth.resetPassword.password'),
              passwordRepeat: t('auth.resetPassword.passwordRepeat'),
            }}
            values={values}
            errors={errors}
            set={set}
            invalid={invalid}
            autoFocus
          />
          <Button type="submit" size="md" loading={reset.isPending}>
            {t('auth.resetPassword.submit')}
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
