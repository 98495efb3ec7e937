import { API_DOMAINS, type ApiDomain, availableShopIds, PROVIDER_TYPES, WORKFLOW_STATUSES } from '@pp/domain';
import { Badge, Button, Group, Modal, Progress, Select, Stack, Text } from '@mantine/core';
import { IconAdjustments } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { useFeatureFlags } from '../../app/flags';
import { useFormat } from '../../app/i18n/format';
import { DataGrid, type DataGridColumn } from '../../ui/DataGrid/DataGrid';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { flash } from '../../ui/flash';
import { PageFrame } from '../../ui/PageFrame';
import { workflowColor } from '../../ui/workflowStatus';
import { usageColor } from './ApiLimitPage';
import { ApiTiersQuery, type CockpitApiLimitRow, CockpitApiLimitsQuery, SetPartnerApiTierMutation } from './operations';
import { integrationColumns } from './ApiApplication';

const GRID_KEY = ['cockpitApiLimits'] as const;

function UsageCellView({ cell, label }: { cell: CockpitApiLimitRow['products']; label: string }) {
  const format = useFormat();
  return (
    <Stack gap={2} miw={110}>
      <Text size="xs" ta="right">
        {format.number(cell.used)} / {format.number(cell.max)}
      </Text>
      <Progress.Root size="sm">
        <Progress.Section
          value={Math.min(100, cell.percentage)}
          color={usageColor(cell.percentage)}
          aria-label={label}
          aria-valuetext={`${format.number(cell.percentage)} %`}
        />
      </Progress.Root>
    </Stack>
  );
}

/** The operators' grid of every partner's API limit plan and today's requests, with a plan change per row. */
export function CockpitApiLimitsPage() {
  const { t } = useTranslation();
  const flags = useFeatureFlags();
  const tiers = useQuery({
    queryKey: ['apiTiers'],
    queryFn: ({ signal }) => api.request(ApiTiersQuery, {}, { signal }).then((r) => r.apiTiers),
  });
  const [changing, setChanging] = useState<CockpitApiLimitRow | null>(null);

  const columns = useMemo((): DataGridColumn<CockpitApiLimitRow>[] => {
    const text = (field: keyof CockpitApiLimitRow, header: string): DataGridColumn<CockpitApiLimitRow> => ({
      field,
      header,
      filterType: 'TEXT',
      sortable: true,
      render: (row) => (row[field] as string | null) || '—',
    });
    const usage = (domain: ApiDomain): DataGridColumn<CockpitApiLimitRow> => ({
      field: domain,
      header: `api.domains.${domain}`,
      align: 'right',
      render: (row) => <UsageCellView cell={row[domain]} label={`${row.partnerName}: ${t(`api.domains.${domain}`)}`} />,
    });
    return [
      text('sapId', 'cockpit.columns.sapId'),
      {
        field: 'shopId',
        header: 'cockpit.columns.shopId',
        filterType: 'ENUMS',
        sortable: true,
        options: availableShopIds(flags).map((id) => ({ value: id, label: `${id} · ${t(`markets.${id}`)}` })),
        render: (row) => t(`markets.${row.shopId}`, { defaultValue: row.shopId }),
      },
      {
        ...text('partnerName', 'cockpit.columns.partnerName'),
        render: (row) => (
          <Text size="sm" fw={600}>
            {row.partnerName}
          </Text>
        ),
      },
      {
        field: 'tierName',
        header: 'cockpit.apiLimits.columns.tier',
        filterType: 'ENUMS',
        sortable: true,
        options: (tiers.data ?? []).map((tier) => ({ value: tier.name, label: tier.name })),
        render: (row) => (
          <Badge variant="light" miw="max-content">
            {row.tierName}
          </Badge>
        ),
      },
      {
        field: 'workflowStatus',
        header: 'cockpit.columns.workflowStatus',
        filterType: 'ENUMS',
        sortable: true,
        options: WORKFLOW_STATUSES.map((s) => ({ value: s, label: t(`partner.workflowStatus.${s}`) })),
        render: (row) => (
          <Badge variant="light" color={workflowColor(row.workflowStatus)} miw="max-content">
            {t(`partner.workflowStatus.${row.workflowStatus}`, { defaultValue: row.workflowStatus })}
          </Badge>
        ),
      },
      text('kam', 'cockpit.columns.kam'),
      // Fewer partner columns at first, so the day's usage is in view; the column chooser offers them.
      { ...text('farmer', 'cockpit.columns.farmer'), defaultVisible: false },
      { ...text('onboarding', 'cockpit.apiLimits.columns.onboarding'), defaultVisible: false },
      {
        field: 'provider',
        header: 'cockpit.columns.provider',
        filterType: 'ENUMS',
        sortable: true,
        options: PROVIDER_TYPES.map((p) => ({ value: p, label: t(`cockpit.provider.${p}`) })),
        render: (row) => (row.provider ? t(`cockpit.provider.${row.provider}`, { defaultValue: row.provider }) : '—'),
      },
      ...integrationColumns<CockpitApiLimitRow>(t),
      ...API_DOMAINS.map(usage),
    ];
  }, [flags, t, tiers.data]);

  return (
    <PageFrame route="cockpitApiLimits" description={t('cockpit.apiLimits.subtitle')}>
      {tiers.isError && <ErrorAlert error={tiers.error} />}
      <DataGrid
        id="cockpit-api-limits"
        columns={columns}
        queryKey={GRID_KEY}
        rowKey={(row) => row.id}
        fetch={(grid, signal) =>
          api.request(CockpitApiLimitsQuery, { grid }, { signal }).then((r) => r.cockpitApiLimits)
        }
        searchable
        card={{ title: 'partnerName', subtitle: ['sapId', 'shopId'], fields: ['tierName', ...API_DOMAINS] }}
        rowActions={(row) => (
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<IconAdjustments size={14} aria-hidden />}
            onClick={() => setChanging(row)}
            aria-label={t('cockpit.apiLimits.changeFor', { name: row.partnerName })}
            data-testid={`api-tier-change-${row.id}`}
          >
            {t('cockpit.apiLimits.change')}
          </Button>
        )}
      />
      {changing && tiers.data && <TierDialog row={changing} tiers={tiers.data} onClose={() => setChanging(null)} />}
    </PageFrame>
  );
}

function TierDialog({
  row,
  tiers,
  onClose,
}: {
  row: CockpitApiLimitRow;
  tiers: { id: string; name: string; limits: { domain: string; maxRequests: number }[] }[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const queryClient = useQueryClient();
  const [tierId, setTierId] = useState<string>(row.tierId);
  const chosen = tiers.find((tier) => tier.id === tierId);
  const save = useMutation({
    mutationFn: () => api.request(SetPartnerApiTierMutation, { partnerId: row.id, tierId }),
    onSuccess: ({ setPartnerApiTier }) => {
      void queryClient.invalidateQueries({ queryKey: GRID_KEY });
      flash.success(t('cockpit.apiLimits.changed', { name: row.partnerName, tier: setPartnerApiTier.name }));
      onClose();
    },
  });
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('cockpit.apiLimits.changeTitle', { name: row.partnerName })}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="md">
        <Select
          label={t('cockpit.apiLimits.columns.tier')}
          data={tiers.map((tier) => ({ value: tier.id, label: tier.name }))}
          value={tierId}
          onChange={(value) => value && setTierId(value)}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          data-testid="api-tier-select"
        />
        {chosen && (
          <Text size="sm" c="dimmed">
            {chosen.limits.map((l) => `${t(`api.domains.${l.domain}`)}: ${format.number(l.maxRequests)}`).join(' · ')}
          </Text>
        )}
        <Text size="sm">{t('cockpit.apiLimits.changeHelp')}</Text>
        {save.isError && <ErrorAlert error={save.error} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            onClick={() => save.mutate()}
            loading={save.isPending}
            disabled={tierId === row.tierId}
            data-testid="api-tier-save"
          >
            {t('cockpit.apiLimits.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
