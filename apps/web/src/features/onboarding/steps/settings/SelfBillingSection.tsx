import { Alert, Badge, Button, Group, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../../app/api/api';
import { errorMessage } from '../../../../app/api/apiError';
import { flash } from '../../../../ui/flash';
import { RequestSelfBillingMutation, SelfBillingQuery, SETTINGS_KEYS } from './operations';
import { refreshOnboarding } from './refresh';
import { SectionCard } from './SectionCard';

/** Self-billing authorisation: shown only to partners it is offered to (CZ/SK VAT payers). */
export function SelfBillingSection() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const state = useQuery({
    queryKey: SETTINGS_KEYS.selfBilling,
    queryFn: ({ signal }) => api.request(SelfBillingQuery, {}, { signal }).then((r) => r.selfBilling),
  });
  const request = useMutation({
    mutationFn: () => api.request(RequestSelfBillingMutation, {}),
    onSuccess: () => {
      flash.success(t('onboarding.selfBilling.requested'));
      void refreshOnboarding(queryClient);
    },
  });
  if (!state.data?.offered) return null;
  const status = state.data.status;
  return (
    <SectionCard
      id="self-billing"
      title={t('onboarding.selfBilling.title')}
      intro={t('onboarding.selfBilling.intro')}
      done={null}
    >
      <Group gap="xs">
        <Text size="sm">{t('onboarding.selfBilling.status')}:</Text>
        <Badge variant="light" data-testid="self-billing-status">
          {t(`onboarding.selfBilling.statuses.${status}`)}
        </Badge>
      </Group>
      {request.isError && (
        <Alert color="red" role="alert">
          {errorMessage(request.error, t)}
        </Alert>
      )}
      {status === 'inactive' && (
        <Group>
          <Button onClick={() => request.mutate()} loading={request.isPending}>
            {t('onboarding.selfBilling.request')}
          </Button>
        </Group>
      )}
    </SectionCard>
  );
}
