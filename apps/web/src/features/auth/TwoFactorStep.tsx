import { Alert, Anchor, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { ApiError } from '../../app/api/apiError';
import { ErrorAlert } from '../../ui/ErrorAlert';
import type { Session } from './operations';
import {
  LoginPasskeyOptionsMutation,
  LoginSecondFactorMutation,
  type PendingSecondFactor,
} from './twoFactorOperations';

type Mode = 'code' | 'recovery';

/**
 * The second step of a sign-in (issue 24): a code from the authenticator app, a recovery code, or a passkey.
 * A ticket that expired or used up its tries sends the person back to the password.
 */
export function TwoFactorStep({
  pending,
  onSignedIn,
  onRestart,
}: {
  pending: PendingSecondFactor;
  onSignedIn: (answer: { token: string; session: Session }) => void;
  onRestart: () => void;
}) {
  const { t } = useTranslation();
  const hasTotp = pending.methods.includes('totp');
  const [mode, setMode] = useState<Mode>(hasTotp ? 'code' : 'recovery');
  const [value, setValue] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);

  const verify = useMutation({
    mutationFn: async (proof: { code?: string; recoveryCode?: string; passkey?: string }) => {
      const { loginSecondFactor } = await api.request(
        LoginSecondFactorMutation,
        { ticket: pending.ticket, ...proof },
        { anonymous: true },
      );
      return loginSecondFactor;
    },
    onSuccess: ({ token, session }) => {
      if (token && session) onSignedIn({ token, session });
    },
  });

  const passkey = useMutation({
    mutationFn: async () => {
      const { startAuthentication } = await import('@simplewebauthn/browser');
      const { loginPasskeyOptions } = await api.request(
        LoginPasskeyOptionsMutation,
        { ticket: pending.ticket },
        { anonymous: true },
      );
      const response = await startAuthentication({ optionsJSON: JSON.parse(loginPasskeyOptions) });
      return verify.mutateAsync({ passkey: JSON.stringify(response) });
    },
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // Loaded on the first submit, like the password step's rules (loginRules.ts): the sign-in page stays small.
    const { recoveryCodeSchema, totpCodeSchema } = await import('./loginRules');
    const parsed = (mode === 'code' ? totpCodeSchema : recoveryCodeSchema).safeParse(value);
    if (!parsed.success) {
      setFieldError(t(`validation.${parsed.error.issues[0]?.message ?? 'invalid'}`));
      return;
    }
    setFieldError(null);
    verify.mutate(mode === 'code' ? { code: parsed.data } : { recoveryCode: parsed.data });
  };

  const error = verify.error ?? passkey.error;
  const dead = error instanceof ApiError && (error.code === 'TWO_FACTOR_EXPIRED' || error.code === 'TOO_MANY_ATTEMPTS');
  const switchTo = (next: Mode) => {
    setMode(next);
    setValue('');
    setFieldError(null);
    verify.reset();
  };

  return (
    <Stack gap="lg" data-testid="two-factor-step">
      <Stack gap={4}>
        <Title order={1} fz={26}>
          {t('twoFactor.step.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {mode === 'code' ? t('twoFactor.step.intro') : t('twoFactor.step.recoveryIntro')}
        </Text>
      </Stack>
      {error instanceof ApiError && <ErrorAlert error={error} />}
      {error && !(error instanceof ApiError) && (
        <Alert color="red" variant="light" role="alert">
          {t('twoFactor.security.passkeyCancelled')}
        </Alert>
      )}
      {dead ? (
        <Button onClick={onRestart}>{t('twoFactor.step.restart')}</Button>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            {mode === 'code' ? (
              <TextInput
                key="code"
                label={t('twoFactor.step.code')}
                name="one-time-code"
                autoComplete="one-time-code"
                inputMode="numeric"
                value={value}
                onChange={(e) => setValue(e.currentTarget.value)}
                error={fieldError}
                aria-invalid={fieldError ? true : undefined}
                withAsterisk
                autoFocus
              />
            ) : (
              <TextInput
                key="recovery"
                label={t('twoFactor.step.recoveryCode')}
                name="recovery-code"
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                value={value}
                onChange={(e) => setValue(e.currentTarget.value)}
                error={fieldError}
                aria-invalid={fieldError ? true : undefined}
                withAsterisk
                autoFocus
              />
            )}
            <Button type="submit" size="md" loading={verify.isPending && !passkey.isPending}>
              {t('twoFactor.step.submit')}
            </Button>
          </Stack>
        </form>
      )}
      {!dead && (
        <Stack gap="xs">
          {pending.methods.includes('passkey') && (
            <Button
              variant="light"
              leftSection={<IconKey size={18} />}
              loading={passkey.isPending}
              onClick={() => passkey.mutate()}
            >
              {t('twoFactor.step.usePasskey')}
            </Button>
          )}
          <Group justify="space-between">
            {mode === 'code' ? (
              <Anchor component="button" type="button" size="sm" onClick={() => switchTo('recovery')}>
                {t('twoFactor.step.useRecovery')}
              </Anchor>
            ) : hasTotp ? (
              <Anchor component="button" type="button" size="sm" onClick={() => switchTo('code')}>
                {t('twoFactor.step.useCode')}
              </Anchor>
            ) : (
              <span />
            )}
            <Anchor component="button" type="button" size="sm" onClick={onRestart}>
              {t('twoFactor.step.restart')}
            </Anchor>
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
