import { Alert, Anchor, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { ApiError, errorMessage } from '../../app/api/apiError';
import { useDocumentTitle } from '../../ui/PageFrame';
import { ConfirmRegistrationMutation } from './operations';
import { RegistrationCard } from './RegistrationCard';

/**
 * A confirmation link is spent by its first use: the page asks once per token even when React renders it
 * twice (development) or the user comes back to the tab.
 */
const asked = new Map<string, Promise<{ passwordToken: string; loginToken: string }>>();
function confirmOnce(token: string) {
  let pending = asked.get(token);
  if (!pending) {
    pending = api
      .request(ConfirmRegistrationMutation, { token }, { anonymous: true })
      .then((r) => r.confirmRegistration);
    asked.set(token, pending);
  }
  return pending;
}

/** registration-confirm/{token}: confirms the e-mail, then leads on to choosing the password. */
export function RegistrationConfirmPage() {
  const { token = '' } = useParams({ strict: false }) as { token?: string };
  const { t } = useTranslation();
  useDocumentTitle('registrationConfirm');
  const navigate = useNavigate();
  const confirm = useQuery({
    queryKey: ['registration-confirm', token],
    queryFn: () => confirmOnce(token),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });

  useEffect(() => {
    if (!confirm.data) return;
    void navigate({
      to: '/registration-complete/$passwordToken/$loginToken',
      params: confirm.data,
      replace: true,
    });
  }, [confirm.data, navigate]);

  const code = confirm.error instanceof ApiError ? confirm.error.code : null;
  return (
    <RegistrationCard>
      <Stack gap="lg">
        <Title order={1} fz={24}>
          {t('registration.confirm.title')}
        </Title>
        {confirm.isError ? (
          <Alert
            color={code === 'EXPIRED' ? 'yellow' : 'red'}
            variant="light"
            role="alert"
            data-testid={code === 'EXPIRED' ? 'registration-confirm-expired' : 'registration-confirm-failed'}
          >
            <Stack gap="xs">
              <Text size="sm">
                {code === 'NOT_FOUND' ? t('registration.confirm.invalid') : errorMessage(confirm.error, t)}
              </Text>
              <Anchor component={Link} to="/login" size="sm">
                {t('registration.backToLogin')}
              </Anchor>
            </Stack>
          </Alert>
        ) : (
          <Stack align="center" gap="sm">
            <Loader />
            <Text size="sm" c="dimmed">
              {t('registration.confirm.working')}
            </Text>
          </Stack>
        )}
      </Stack>
    </RegistrationCard>
  );
}
