import { Anchor, Button, Divider, Group, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconArrowRight, IconBuildingStore, IconPuzzle } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { ApiError, fieldErrors, issueErrors } from '../../app/api/apiError';
import { useFeatureFlags } from '../../app/flags';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { useDocumentTitle } from '../../ui/PageFrame';
import { useFormFields } from '../../ui/useFormFields';
import { completeLogin } from './completeLogin';
import { LoginMutation } from './operations';
import { SessionEndedNotice } from './SessionEndedNotice';
import { TwoFactorStep } from './TwoFactorStep';
import { type PendingSecondFactor, takeSecondFactor } from './twoFactorOperations';

type Field = 'email' | 'password';

/** What to do about a refusal (a new activation link, whom to contact): loaded only when sign-in is refused. */
const LoginRefusal = lazy(() => import('../registration/LoginRefusal').then((m) => ({ default: m.LoginRefusal })));
/** The way past a throttled sign-in: a link by e-mail (loaded only when sign-in answers TOO_MANY_ATTEMPTS). */
const LoginLinkOffer = lazy(() => import('./LoginLinkOffer').then((m) => ({ default: m.LoginLinkOffer })));

export function LoginPage() {
  const { t } = useTranslation();
  useDocumentTitle('login');
  const navigate = useNavigate();
  const flags = useFeatureFlags();
  const { values, errors, setErrors, set, formRef, invalid } = useFormFields({ email: '', password: '' });
  // A right password of an account with two-factor sign-in (or a login link of one) continues here.
  const [pending, setPending] = useState<PendingSecondFactor | null>(takeSecondFactor);

  const login = useMutation({
    mutationFn: (input: { email: string; password: string }) =>
      api.request(LoginMutation, input, { anonymous: true }).then((r) => r.login),
    onSuccess: ({ token, session, twoFactor }) => {
      if (twoFactor) setPending(twoFactor);
      else if (token && session) void navigate({ href: completeLogin({ token, session }) });
    },
    onError: (error) => setErrors(fieldErrors(error, t)),
  });

  if (pending) {
    return (
      <TwoFactorStep
        pending={pending}
        onSignedIn={(answer) => void navigate({ href: completeLogin(answer) })}
        onRestart={() => {
          login.reset();
          setPending(null);
        }}
      />
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The domain's schema is the same the server applies: required fields are caught before sending.
    const { loginInputSchema } = await import('./loginRules');
    const parsed = loginInputSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(issueErrors<Field>(parsed.error.issues, t, { 0: 254 }));
      return;
    }
    setErrors({});
    login.mutate(parsed.data);
  };

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} fz={26}>
          {t('auth.login.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('auth.login.subtitle')}
        </Text>
      </Stack>

      {!login.isError && <SessionEndedNotice />}
      {login.isError && (
        <Suspense fallback={<ErrorAlert error={login.error} />}>
          <LoginRefusal error={login.error} />
          {login.error instanceof ApiError && login.error.code === 'TOO_MANY_ATTEMPTS' && (
            <LoginLinkOffer email={values.email} />
          )}
        </Suspense>
      )}

      <form ref={formRef} onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('auth.login.email')}
            name="email"
            type="email"
            autoComplete="username"
            value={values.email}
            onChange={set('email')}
            error={errors.email}
            aria-invalid={invalid('email')}
            withAsterisk
            autoFocus
          />
          <PasswordInput
            label={t('auth.login.password')}
            name="password"
            autoComplete="current-password"
            value={values.password}
            onChange={set('password')}
            error={errors.password}
            aria-invalid={invalid('password')}
            withAsterisk
            visibilityToggleButtonProps={{ 'aria-label': t('auth.login.togglePassword') }}
          />
          <Group justify="flex-end">
            <Anchor component={Link} to="/login/forgot-password" size="sm">
              {t('auth.login.forgotPassword')}
            </Anchor>
          </Group>
          <Button type="submit" size="md" loading={login.isPending} rightSection={<IconArrowRight size={18} />}>
            {t('auth.login.submit')}
          </Button>
        </Stack>
      </form>

      <Divider label={t('auth.login.noAccount')} labelPosition="center" />
      <Stack gap="xs">
        {flags.registrationEnabled && (
          <Button
            component={Link}
            to="/registration"
            variant="light"
            leftSection={<IconBuildingStore size={18} />}
            data-testid="register-link"
          >
            {t('auth.login.register')}
          </Button>
        )}
        <Button component={Link} to="/offer/services" variant="subtle" leftSection={<IconPuzzle size={18} />}>
          {t('auth.login.services')}
        </Button>
      </Stack>
    </Stack>
  );
}
