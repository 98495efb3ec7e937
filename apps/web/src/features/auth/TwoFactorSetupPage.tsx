import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Navigate, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { SESSION_QUERY_KEY } from '../../app/session/session';
import { sessionStore } from '../../app/session/sessionStore';
import { useDocumentTitle } from '../../ui/PageFrame';
import { SecuritySection } from '../account/SecuritySection';
import { useLogout } from './useLogout';

/**
 * Where an account that must use two-factor sign-in and has none is led (issue 24): an operator, or an account
 * of a partner whose master requires it. Its session may do nothing else until a second factor is set up.
 */
export function TwoFactorSetupPage() {
  const { t } = useTranslation();
  useDocumentTitle('twoFactorSetup');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const logout = useLogout();
  if (!sessionStore.get().token) return <Navigate to="/login" />;
  const done = async () => {
    // Refetched though no layout watches it here: the portal's guard reads the cached session, which a
    // signed-in account led here mid-session still has from before, saying it must enrol.
    await queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY, refetchType: 'all' });
    // The portal's guard sends an operator on to the cockpit.
    await navigate({ to: '/' });
  };
  return (
    <Stack gap="lg" data-testid="two-factor-setup">
      <Stack gap={4}>
        <Title order={1} fz={26}>
          {t('twoFactor.enrol.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('twoFactor.enrol.intro')}
        </Text>
      </Stack>
      <SecuritySection narrow onEnrolled={() => void done()} />
      <Group justify="space-between">
        <Button variant="subtle" onClick={() => void logout()}>
          {t('twoFactor.enrol.signOut')}
        </Button>
      </Group>
    </Stack>
  );
}
