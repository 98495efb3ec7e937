import { Alert, Anchor, Badge, Button, Card, Group, List, Loader, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconInfoCircle } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { ApiError, errorMessage } from '../../app/api/apiError';
import { useFormat } from '../../app/i18n/format';
import { useSession } from '../../app/session/session';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { flash } from '../../ui/flash';
import { useDocumentTitle } from '../../ui/PageFrame';
import { SETTINGS_KEYS } from '../onboarding/steps/settings/operations';
import { formatPeriod } from './invoiceColumns';
import { BILLING_KEYS, BillingRequestSelfBillingMutation, BillingSelfBillingQuery } from './operations';

const STATUS_COLORS: Record<string, string> = { inactive: 'gray', requested: 'yellow', active: 'teal' };

/**
 * billings/self-billing (spec §5): whether self-billing is offered (CZ/SK VAT payers), its status, and the
 * request; the operators accept it in the cockpit and invoices in the partner's name follow from the next
 * period.
 */
export function SelfBillingPage() {
  const { t } = useTranslation();
  const format = useFormat();
  useDocumentTitle('billingsSelfBilling');
  const session = useSession();
  const queryClient = useQueryClient();
  const key = [...BILLING_KEYS.selfBilling, session.selectedPartner?.id ?? null];
  const state = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api.request(BillingSelfBillingQuery, {}, { signal }).then((r) => r.selfBilling),
  });
  const request = useMutation({
    mutationFn: () => api.request(BillingRequestSelfBillingMutation, {}).then((r) => r.requestSelfBilling),
    onSuccess: (next) => {
      queryClient.setQueryData(key, next);
      // The onboarding step shows the same status.
      void queryClient.invalidateQueries({ queryKey: SETTINGS_KEYS.selfBilling });
      flash.success(t('billing.selfBilling.requestedFlash'));
    },
  });
  const legalDataMissing = request.error instanceof ApiError && request.error.code === 'LEGAL_DATA_MISSING';

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="self-billing-heading" data-testid="self-billing">
      <Stack gap="md">
        <Title order={2} fz="lg" id="self-billing-heading">
          {t('billing.selfBilling.title')}
        </Title>
        <Stack gap={6}>
          <Text size="sm">{t('billing.selfBilling.what')}</Text>
          <List size="sm" spacing={4}>
            <List.Item>{t('billing.selfBilling.point1')}</List.Item>
            <List.Item>{t('billing.selfBilling.point2')}</List.Item>
            <List.Item>{t('billing.selfBilling.point3')}</List.Item>
          </List>
        </Stack>
        {state.isPending && <Loader size="sm" aria-label={t('common.loading')} />}
        {state.error && <ErrorAlert error={state.error} />}
        {state.data && (
          <>
            <Group gap="xs">
              <Text size="sm" fw={600}>
                {t('billing.selfBilling.statusLabel')}:
              </Text>
              <Badge
                variant="light"
                color={STATUS_COLORS[state.data.status] ?? 'gray'}
                tt="none"
                data-testid="self-billing-status"
                data-state={state.data.status}
              >
                {t(`billing.selfBilling.status.${state.data.status}`, { defaultValue: state.data.status })}
              </Badge>
            </Group>
            {!state.data.offered && (
              <Alert
                color="gray"
                variant="light"
                icon={<IconInfoCircle size={18} />}
                data-testid="self-billing-not-offered"
              >
                {t('errors.SELF_BILLING_NOT_OFFERED')}
              </Alert>
            )}
            {state.data.offered && state.data.status === 'requested' && (
              <Text size="sm">{t('billing.selfBilling.waiting')}</Text>
            )}
            {state.data.offered && state.data.status === 'active' && (
              <Text size="sm">{t('billing.selfBilling.activeNote')}</Text>
            )}
            {state.data.fromPeriod && (
              <Text size="sm" data-testid="self-billing-from">
                <Text span fw={600}>
                  {t('billing.selfBilling.fromPeriod')}:
                </Text>{' '}
                {formatPeriod(state.data.fromPeriod, format.locale)}
              </Text>
            )}
            {state.data.declineReason && state.data.status !== 'active' && (
              <Alert color="orange" variant="light" data-testid="self-billing-declined">
                <Text size="sm">
                  <Text span fw={600}>
                    {t('billing.selfBilling.declineReason')}:
                  </Text>{' '}
                  {state.data.declineReason}
                </Text>
              </Alert>
            )}
            {request.isError && (
              <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
                <Stack gap={4}>
                  <Text size="sm">{errorMessage(request.error, t)}</Text>
                  {legalDataMissing && (
                    <Anchor component={Link} to="/partner" size="sm" data-testid="self-billing-legal-data-link">
                      {t('billing.selfBilling.completeLegalData')}
                    </Anchor>
                  )}
                </Stack>
              </Alert>
            )}
            {state.data.offered && state.data.status === 'inactive' && (
              <Group>
                <Button onClick={() => request.mutate()} loading={request.isPending} data-testid="self-billing-request">
                  {t('billing.selfBilling.request')}
                </Button>
              </Group>
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}
