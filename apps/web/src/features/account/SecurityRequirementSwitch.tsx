import { Alert, Stack, Switch, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { ApiError } from '../../app/api/apiError';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { flash } from '../../ui/flash';
import { PartnerTwoFactorRequiredQuery, PartnerTwoFactorRequiredSetMutation } from '../auth/twoFactorOperations';

const KEY = ['partnerTwoFactorRequired'];

/**
 * The master's "require two-factor sign-in for all accounts" (issue 24), on the partner's accounts page. Others see
 * the setting without the switch. The master must have a second factor first (TWO_FACTOR_REQUIRED says so).
 */
export function SecurityRequirementSwitch({ canChange }: { canChange: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const setting = useQuery({ queryKey: KEY, queryFn: () => api.request(PartnerTwoFactorRequiredQuery, {}) });
  const change = useMutation({
    mutationFn: (required: boolean) => api.request(PartnerTwoFactorRequiredSetMutation, { required }),
    onSuccess: async () => {
      flash.success(t('twoFactor.partner.saved'));
      await queryClient.invalidateQueries({ queryKey: KEY });
    },
  });
  const required = setting.data?.partnerTwoFactorRequired ?? false;
  const needOwn = change.error instanceof ApiError && change.error.code === 'TWO_FACTOR_REQUIRED';
  return (
    <Stack gap="xs" data-testid="two-factor-requirement">
      <Switch
        label={t('twoFactor.partner.title')}
        description={t('twoFactor.partner.description')}
        checked={required}
        disabled={!canChange || setting.isPending || change.isPending}
        onChange={(event) => change.mutate(event.currentTarget.checked)}
      />
      {needOwn && (
        <Alert variant="light" color="orange" role="alert">
          <Text size="sm">{t('twoFactor.partner.needOwn')}</Text>
        </Alert>
      )}
      {change.isError && !needOwn && <ErrorAlert error={change.error} />}
      {setting.isError && <ErrorAlert error={setting.error} />}
    </Stack>
  );
}
