import { Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { availableShopIds } from '@pp/domain';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { errorMessage, fieldErrors } from '../../app/api/apiError';
import { useFeatureFlags } from '../../app/flags';
import { useFormat } from '../../app/i18n/format';
import { CellBadge } from '../../ui/DataGrid/CellBadge';
import { DataGrid, type DataGridColumn } from '../../ui/DataGrid/DataGrid';
import type { GridRequestInput } from '../../ui/DataGrid/gridState';
import { flash } from '../../ui/flash';
import {
  type BillingRunRow,
  COCKPIT_BILLING_KEYS,
  CockpitBillingRunsQuery,
  CockpitStartBillingRunMutation,
} from '../billing/cockpitOperations';
import { checkRunForm, defaultRunPeriod } from '../billing/cockpitForms';
import { formatPeriod } from '../billing/invoiceColumns';
import { PartnerPicker } from './PartnerPicker';

const RUN_STATUSES = ['QUEUED', 'RUNNING', 'DONE', 'FAILED'] as const;
const STATUS_COLORS: Record<string, string> = { QUEUED: 'gray', RUNNING: 'blue', DONE: 'teal', FAILED: 'red' };

/** While a run is queued or running the list is read again this often, so its counts move. */
const POLL_MS = 3_000;

/** Operators: the billing runs, and a run of an ended period for every partner or for one. */
export function BillingRunsSection() {
  const { t } = useTranslation();
  const format = useFormat();
  const queryClient = useQueryClient();
  const [active, setActive] = useState(false);

  useEffect(() => {
    if (!active) return;
    const timer = setInterval(
      () => void queryClient.invalidateQueries({ queryKey: COCKPIT_BILLING_KEYS.runs }),
      POLL_MS,
    );
    return () => clearInterval(timer);
  }, [active, queryClient]);

  const fetchRuns = useCallback(
    (grid: GridRequestInput, signal: AbortSignal) =>
      api.request(CockpitBillingRunsQuery, { grid }, { signal }).then((r) => {
        setActive(r.cockpitBillingRuns.items.some((run) => run.status === 'QUEUED' || run.status === 'RUNNING'));
        return r.cockpitBillingRuns;
      }),
    [],
  );

  const columns = useMemo(
    (): DataGridColumn<BillingRunRow>[] => [
      {
        field: 'period',
        header: 'billing.cockpit.runs.period',
        filterType: 'TEXT',
        render: (row) => formatPeriod(row.period, format.locale),
      },
      {
        field: 'partnerName',
        header: 'billing.cockpit.runs.partner',
        render: (row) => row.partnerName ?? t('billing.cockpit.runs.allPartners'),
      },
      {
        field: 'status',
        header: 'billing.cockpit.runs.status',
        filterType: 'ENUMS',
        options: RUN_STATUSES.map((s) => ({ value: s, label: t(`billing.cockpit.runStatus.${s}`) })),
        render: (row) => (
          <CellBadge color={STATUS_COLORS[row.status] ?? 'gray'} state={row.status}>
            {t(`billing.cockpit.runStatus.${row.status}`, { defaultValue: row.status })}
          </CellBadge>
        ),
      },
      {
        field: 'createdAt',
        header: 'billing.cockpit.runs.createdAt',
        filterType: 'DATETIME',
        sortable: true,
        render: (row) => format.dateTime(row.createdAt),
      },
      {
        field: 'finishedAt',
        header: 'billing.cockpit.runs.finishedAt',
        render: (row) => (row.finishedAt ? format.dateTime(row.finishedAt) : '—'),
      },
      {
        field: 'partners',
        header: 'billing.cockpit.runs.partners',
        align: 'right',
        render: (row) => format.number(row.partners),
      },
      {
        field: 'documents',
        header: 'billing.cockpit.runs.documents',
        align: 'right',
        render: (row) => format.number(row.documents),
      },
      {
        field: 'offsets',
        header: 'billing.cockpit.runs.offsets',
        align: 'right',
        render: (row) => format.number(row.offsets),
      },
      {
        field: 'error',
        header: 'billing.cockpit.runs.error',
        wrap: true,
        render: (row) => row.error ?? '—',
      },
    ],
    [format, t],
  );

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="billing-runs-heading">
      <Stack gap="md">
        <Title order={2} fz="lg" id="billing-runs-heading">
          {t('billing.cockpit.runs.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('billing.cockpit.runs.intro')}
        </Text>
        <RunForm onStarted={() => void queryClient.invalidateQueries({ queryKey: COCKPIT_BILLING_KEYS.runs })} />
        <DataGrid
          id="cockpit-billing-runs"
          urlPrefix="runs"
          columns={columns}
          queryKey={COCKPIT_BILLING_KEYS.runs}
          rowKey={(row) => row.id}
          initialSort={{ field: 'createdAt', direction: 'DESCENDING' }}
          savedViews={false}
          card={{ title: 'period', subtitle: ['partnerName', 'createdAt'], fields: ['status', 'documents', 'error'] }}
          fetch={fetchRuns}
        />
      </Stack>
    </Card>
  );
}

function RunForm({ onStarted }: { onStarted: () => void }) {
  const { t } = useTranslation();
  const shops = availableShopIds(useFeatureFlags());
  const [period, setPeriod] = useState(() => defaultRunPeriod(new Date()));
  const [partnerId, setPartnerId] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);

  const submit = async () => {
    const checked = checkRunForm({ period, partnerId }, t);
    if (checked.errors) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setSending(true);
    try {
      await api.request(CockpitStartBillingRunMutation, checked.input);
      flash.success(t('billing.cockpit.runs.started', { period: checked.input.period }));
      setPartnerId(null);
      onStarted();
    } catch (error) {
      const fields = fieldErrors(error, t);
      if (Object.keys(fields).length) setErrors(fields);
      else flash.error(errorMessage(error, t));
    } finally {
      setSending(false);
    }
  };

  return (
    <form
      noValidate
      aria-label={t('billing.cockpit.runs.formLabel')}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label={t('billing.cockpit.runs.period')}
          placeholder={t('billing.cockpit.runs.periodHelp')}
          value={period}
          onChange={(e) => setPeriod(e.currentTarget.value)}
          error={errors.period}
          required
          w={{ base: '100%', xs: 180 }}
          data-testid="billing-run-period"
        />
        <PartnerPicker
          shops={shops}
          label={t('billing.cockpit.runs.partnerOptional')}
          value={partnerId}
          onChange={setPartnerId}
          error={errors.partnerId}
        />
        <Button
          type="submit"
          leftSection={<IconPlayerPlay size={16} />}
          loading={sending}
          data-testid="billing-run-start"
        >
          {t('billing.cockpit.runs.start')}
        </Button>
      </Group>
    </form>
  );
}
