import { Button, Card, Group, Modal, Stack, Text, Textarea, Title } from '@mantine/core';
import { BILLING_REASON_MAX } from '@pp/domain';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { errorMessage, fieldErrors } from '../../app/api/apiError';
import { useFormat } from '../../app/i18n/format';
import { DataGrid, type DataGridColumn } from '../../ui/DataGrid/DataGrid';
import { flash } from '../../ui/flash';
import { FormActions } from '../../ui/FormActions';
import {
  COCKPIT_BILLING_KEYS,
  CockpitDecideSelfBillingMutation,
  CockpitSelfBillingRequestsQuery,
  type SelfBillingRequestRow,
} from '../billing/cockpitOperations';
import { checkDecision } from '../billing/cockpitForms';
import { countryName } from '../orders/orderLabels';

/** Operators: partners who asked for self-billing, accepted (from the next period) or declined with a reason. */
export function BillingSelfBillingSection() {
  const { t } = useTranslation();
  const format = useFormat();
  const queryClient = useQueryClient();
  const [declining, setDeclining] = useState<SelfBillingRequestRow | null>(null);

  const decide = useMutation({
    mutationFn: (input: { partnerId: string; accept: boolean; reason: string | null }) =>
      api.request(CockpitDecideSelfBillingMutation, input),
    onSuccess: (_, input) => {
      flash.success(t(input.accept ? 'billing.cockpit.requests.accepted' : 'billing.cockpit.requests.declined'));
      setDeclining(null);
      void queryClient.invalidateQueries({ queryKey: COCKPIT_BILLING_KEYS.requests });
    },
  });

  const accept = (row: SelfBillingRequestRow) => {
    const checked = checkDecision(row.partnerId, true, '', t);
    if (checked.input) {
      decide.mutate(checked.input, { onError: (error) => flash.error(errorMessage(error, t)) });
    }
  };

  const columns = useMemo(
    (): DataGridColumn<SelfBillingRequestRow>[] => [
      {
        field: 'partnerName',
        header: 'billing.cockpit.requests.partner',
        filterType: 'TEXT',
        sortable: true,
        render: (row) => row.partnerName,
      },
      { field: 'shopId', header: 'billing.cockpit.requests.shop', filterType: 'TEXT', render: (row) => row.shopId },
      {
        field: 'country',
        header: 'billing.cockpit.requests.country',
        render: (row) => countryName(row.country, format.locale),
      },
      { field: 'vatId', header: 'billing.cockpit.requests.vatId', render: (row) => row.vatId || '—' },
      {
        field: 'requestedAt',
        header: 'billing.cockpit.requests.requestedAt',
        render: (row) => (row.requestedAt ? format.dateTime(row.requestedAt) : '—'),
      },
      {
        field: 'status',
        header: 'billing.cockpit.requests.status',
        filterType: 'ENUMS',
        options: ['inactive', 'requested', 'active'].map((s) => ({
          value: s,
          label: t(`billing.selfBilling.status.${s}`),
        })),
        render: (row) => t(`billing.selfBilling.status.${row.status}`, { defaultValue: row.status }),
      },
    ],
    [format, t],
  );

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="billing-requests-heading">
      <Stack gap="md">
        <Title order={2} fz="lg" id="billing-requests-heading">
          {t('billing.cockpit.requests.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('billing.cockpit.requests.intro')}
        </Text>
        <DataGrid
          id="cockpit-self-billing-requests"
          urlPrefix="sb"
          columns={columns}
          queryKey={COCKPIT_BILLING_KEYS.requests}
          rowKey={(row) => row.partnerId}
          initialSort={{ field: 'partnerId', direction: 'DESCENDING' }}
          savedViews={false}
          searchable
          card={{ title: 'partnerName', subtitle: ['shopId', 'requestedAt'], fields: ['country', 'vatId', 'status'] }}
          rowActions={(row) =>
            row.status === 'requested' ? (
              <Group gap={4} wrap="nowrap">
                <Button
                  size="compact-sm"
                  variant="light"
                  color="teal"
                  leftSection={<IconCheck size={14} aria-hidden />}
                  loading={decide.isPending && decide.variables?.partnerId === row.partnerId && decide.variables.accept}
                  onClick={() => accept(row)}
                  aria-label={`${t('billing.cockpit.requests.accept')}: ${row.partnerName}`}
                >
                  {t('billing.cockpit.requests.accept')}
                </Button>
                <Button
                  size="compact-sm"
                  variant="light"
                  color="red"
                  leftSection={<IconX size={14} aria-hidden />}
                  onClick={() => {
                    decide.reset();
                    setDeclining(row);
                  }}
                  aria-label={`${t('billing.cockpit.requests.decline')}: ${row.partnerName}`}
                >
                  {t('billing.cockpit.requests.decline')}
                </Button>
              </Group>
            ) : null
          }
          fetch={(grid, signal) =>
            api.request(CockpitSelfBillingRequestsQuery, { grid }, { signal }).then((r) => r.cockpitSelfBillingRequests)
          }
        />
      </Stack>
      <DeclineDialog
        request={declining}
        onClose={() => setDeclining(null)}
        sending={decide.isPending}
        serverError={decide.error}
        onDecline={(input) => decide.mutate(input)}
      />
    </Card>
  );
}

function DeclineDialog({
  request,
  onClose,
  sending,
  serverError,
  onDecline,
}: {
  request: SelfBillingRequestRow | null;
  onClose: () => void;
  sending: boolean;
  serverError: unknown;
  onDecline: (input: { partnerId: string; accept: boolean; reason: string | null }) => void;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const serverField = serverError ? fieldErrors(serverError, t).reason : undefined;
  // Each request's dialog starts empty (also after a decline was sent and the dialog closed by itself).
  const partnerId = request?.partnerId;
  useEffect(() => {
    if (partnerId) {
      setReason('');
      setError(undefined);
    }
  }, [partnerId]);
  const close = () => {
    setReason('');
    setError(undefined);
    onClose();
  };
  return (
    <Modal
      opened={request !== null}
      onClose={close}
      title={t('billing.cockpit.requests.declineTitle', { partner: request?.partnerName ?? '' })}
      centered
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!request) return;
          const checked = checkDecision(request.partnerId, false, reason, t);
          if (checked.errors) {
            setError(checked.errors.reason);
            return;
          }
          setError(undefined);
          onDecline(checked.input);
        }}
      >
        <Stack gap="md">
          <Textarea
            label={t('billing.cockpit.requests.reason')}
            description={t('billing.cockpit.requests.reasonHelp')}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            error={error ?? serverField}
            autosize
            minRows={3}
            maxLength={BILLING_REASON_MAX}
            withAsterisk
            data-autofocus
          />
          {serverError && !serverField ? (
            <Text size="sm" c="red.8" role="alert">
              {errorMessage(serverError, t)}
            </Text>
          ) : null}
          <FormActions
            cancelLabel={t('billing.cockpit.cancel')}
            submitLabel={t('billing.cockpit.requests.decline')}
            onCancel={close}
            loading={sending}
            submitTestId="self-billing-decline-submit"
          />
        </Stack>
      </form>
    </Modal>
  );
}
