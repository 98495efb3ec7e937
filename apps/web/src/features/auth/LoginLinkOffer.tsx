import { passwordResetRequestSchema } from '@pp/domain';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconMailCheck, IconMailForward } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { LoginLinkRequestMutation } from './operations';

/**
 * Shown when sign-in answers TOO_MANY_ATTEMPTS: someone guessing the password from many addresses can keep
 * the account's delays running, and the owner's way past them is the mailbox. The server answers the same
 * for every e-mail, so offering the link tells nobody whether an account exists.
 */
export function LoginLinkOffer({ email }: { email: string }) {
  const { t } = useTranslation();
  const [missing, setMissing] = useState(false);
  const request = useMutation({
    mutationFn: (input: { email: string }) => api.request(LoginLinkRequestMutation, input, { anonymous: true }),
  });

  if (request.isSuccess) {
    return (
      <Alert
        color="green"
        variant="light"
        icon={<IconMailCheck size={18} />}
        role="status"
        data-testid="login-link-sent"
      >
        {t('auth.loginLink.sent', { email: request.variables.email })}
      </Alert>
    );
  }

  const send = () => {
    const parsed = passwordResetRequestSchema.safeParse({ email });
    setMissing(!parsed.success);
    if (parsed.success) request.mutate(parsed.data);
  };

  return (
    <Alert color="blue" variant="light" icon={<IconMailForward size={18} />} data-testid="login-link-offer">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t('auth.loginLink.offer')}</Text>
        {missing && (
          <Text size="sm" c="red" role="alert">
            {t('auth.loginLink.emailFirst')}
          </Text>
        )}
        {request.isError && <ErrorAlert error={request.error} />}
        <Button
          size="xs"
          variant="light"
          loading={request.isPending}
          onClick={send}
          leftSection={<IconMailForward size={16} />}
          data-testid="login-link-send"
        >
          {t('auth.loginLink.send')}
        </Button>
      </Stack>
    </Alert>
  );
}
