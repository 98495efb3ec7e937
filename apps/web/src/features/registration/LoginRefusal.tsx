import { availableShopIds, PARTNER_SUPPORT_EMAILS } from '@pp/domain';
import { Alert, Anchor, List, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconMailForward } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from '../../app/api/apiError';
import { useFeatureFlags } from '../../app/flags';
import { ErrorAlert } from '../../ui/ErrorAlert';

/**
 * Why sign-in was refused, with what the person can do about it: an unconfirmed registration has just been
 * sent a new link; a deactivated account learns whom to contact in its market.
 */
export function LoginRefusal({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const flags = useFeatureFlags();
  const code = error instanceof ApiError ? error.code : null;
  if (code === 'NOT_CONFIRMED') {
    return (
      <Alert
        color="yellow"
        variant="light"
        icon={<IconMailForward size={18} />}
        role="alert"
        data-testid="login-not-confirmed"
      >
        <Stack gap={4}>
          <Text size="sm">{errorMessage(error, t)}</Text>
          <Text size="sm" c="dimmed">
            {t('registration.login.notConfirmedHint')}
          </Text>
        </Stack>
      </Alert>
    );
  }
  if (code === 'DEACTIVATED' || code === 'NO_ACTIVE_PARTNER') {
    return (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertCircle size={18} />}
        role="alert"
        data-testid="login-deactivated"
      >
        <Stack gap={6}>
          <Text size="sm">{errorMessage(error, t)}</Text>
          <Text size="sm">{t('registration.login.deactivatedContact')}</Text>
          <List size="sm" spacing={2}>
            {availableShopIds(flags).map((shopId) => (
              <List.Item key={shopId}>
                {t(`markets.${shopId}`)}:{' '}
                <Anchor href={`mailto:${PARTNER_SUPPORT_EMAILS[shopId]}`} size="sm">
                  {PARTNER_SUPPORT_EMAILS[shopId]}
                </Anchor>
              </List.Item>
            ))}
          </List>
        </Stack>
      </Alert>
    );
  }
  return <ErrorAlert error={error} />;
}
