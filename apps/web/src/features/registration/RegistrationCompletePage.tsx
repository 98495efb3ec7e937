import { PASSWORD_MIN_LENGTH, passwordResetSchema } from '@pp/domain';
import { Alert, Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { ApiError, fieldErrors, issueErrors } from '../../app/api/apiError';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { useDocumentTitle } from '../../ui/PageFrame';
import { NewPasswordFields } from '../../ui/NewPasswordFields';
import { useFormFields } from '../../ui/useFormFields';
import { completeLogin } from '../auth/completeLogin';
import { CompleteRegistrationMutation } from './operations';
import { RegistrationCard } from './RegistrationCard';

type Field = 'password' | 'passwordRepeat';

/** registration-complete/{passwordToken}/{loginToken}: the first password, then straight into onboarding. */
export function RegistrationCompletePage() {
  const { passwordToken = '', loginToken = '' } = useParams({ strict: false }) as {
    passwordToken?: string;
    loginToken?: string;
  };
  const { t } = useTranslation();
  useDocumentTitle('registrationComplete');
  const navigate = useNavigate();
  const { values, errors, setErrors, set, formRef, invalid } = useFormFields({ password: '', passwordRepeat: '' });

  const complete = useMutation({
    mutationFn: (input: { password: string; passwordRepeat: string }) =>
      api
        .request(CompleteRegistrationMutation, { passwordToken, loginToken, ...input }, { anonymous: true })
        .then((r) => r.completeRegistration),
    onSuccess: ({ token, session }) => {
      completeLogin({ token, session, ignoreBackLink: true });
      void navigate({ href: '/workflow', replace: true });
    },
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
    complete.mutate(parsed.data);
  };

  const deadLink =
    complete.error instanceof ApiError && (complete.error.code === 'NOT_FOUND' || complete.error.code === 'EXPIRED');

  return (
    <RegistrationCard>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} fz={24}>
            {t('registration.complete.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('registration.complete.subtitle')}
          </Text>
        </Stack>
        {deadLink ? (
          <Alert color="red" variant="light" role="alert" data-testid="registration-complete-invalid">
            <Stack gap="xs">
              <Text size="sm">{t('registration.complete.invalid')}</Text>
              <Anchor component={Link} to="/login" size="sm">
                {t('registration.backToLogin')}
              </Anchor>
            </Stack>
          </Alert>
        ) : (
          complete.isError && Object.keys(errors).length === 0 && <ErrorAlert error={complete.error} />
        )}
        <form ref={formRef} onSubmit={submit} noValidate>
          <Stack gap="md">
            <NewPasswordFields
              labels={{
                password: t('registration.complete.password'),
                passwordRepeat: t('registration.complete.passwordRepeat'),
              }}
              values={values}
              errors={errors}
              set={set}
              invalid={invalid}
              autoFocus
            />
            <Button type="submit" size="md" loading={complete.isPending}>
              {t('registration.complete.submit')}
            </Button>
          </Stack>
        </form>
      </Stack>
    </RegistrationCard>
  );
}
