import { Anchor, Stack, Text } from '@mantine/core';
import { CAMPAIGN_PHASES } from '@pp/domain';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { useFormat } from '../../app/i18n/format';
import { useSession } from '../../app/session/session';
import { DataGrid, type DataGridColumn } from '../../ui/DataGrid/DataGrid';
import { campaignTermColumns } from './campaignColumns';
import { useDocumentTitle } from '../../ui/PageFrame';
import { CampaignStateBadges } from './CampaignBadges';
import { type CampaignRow, CampaignsQuery } from './operations';
import { useCampaignsLive } from './useCampaignsLive';

/** marketing/campaigns: the marketplace's campaigns the partner may join or has joined, start newest first. */
export function CampaignsPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const session = useSession();
  useDocumentTitle('campaigns');
  useCampaignsLive();

  const columns = useMemo((): DataGridColumn<CampaignRow>[] => {
    const percent = (value: number) => `${format.number(value)} %`;
    const terms = campaignTermColumns<CampaignRow>(format);
    return [
      {
        field: 'name',
        header: 'campaigns.columns.name',
        filterType: 'TEXT',
        sortable: true,
        render: (row) => (
          <Anchor
            renderRoot={(props) => <Link {...props} to="/marketing/campaigns/detail/$id" params={{ id: row.id }} />}
            fw={500}
            size="sm"
            data-testid={`campaign-link-${row.id}`}
          >
            {row.name}
          </Anchor>
        ),
      },
      {
        field: 'phase',
        header: 'campaigns.columns.phase',
        filterType: 'ENUMS',
        options: CAMPAIGN_PHASES.map((p) => ({ value: p, label: t(`campaigns.phase.${p}`) })),
        render: (row) => <CampaignStateBadges status={row.status} phase={row.phase} locked={row.locked} />,
      },
      {
        field: 'status',
        header: 'campaigns.columns.status',
        filterType: 'ENUMS',
        options: ['PUBLISHED', 'CANCELLED'].map((s) => ({ value: s, label: t(`campaigns.status.${s}`) })),
        defaultVisible: false,
        render: (row) => t(`campaigns.status.${row.status}`),
      },
      terms.dateFrom,
      terms.dateTo,
      {
        field: 'shops',
        header: 'campaigns.columns.shops',
        wrap: true,
        render: (row) => row.shops.map((s) => t(`markets.${s}`, { defaultValue: s })).join(', '),
      },
      terms.minDiscount,
      {
        field: 'minDiscountRrp',
        header: 'campaigns.columns.minDiscountRrp',
        filterType: 'NUMBER',
        number: 'decimal',
        sortable: true,
        align: 'right',
        render: (row) => percent(row.minDiscountRrp),
      },
      {
        field: 'productsCount',
        header: 'campaigns.columns.productsCount',
        align: 'right',
        render: (row) => format.number(row.productsCount),
      },
      {
        field: 'joined',
        header: 'campaigns.columns.joined',
        filterType: 'BOOLEAN',
        defaultVisible: false,
        render: (row) => t(row.joined ? 'campaigns.yes' : 'campaigns.no'),
      },
    ];
  }, [format, t]);

  return (
    <Stack gap="md" data-testid="campaigns-page">
      <Text c="dimmed" size="sm">
        {t('campaigns.intro')}
      </Text>
      <DataGrid
        id="campaigns"
        columns={columns}
        queryKey={['campaigns', session.selectedPartner?.id ?? null]}
        rowKey={(row) => row.id}
        initialSort={{ field: 'dateFrom', direction: 'DESCENDING' }}
        card={{ title: 'name', subtitle: ['dateFrom', 'dateTo'], fields: ['phase', 'minDiscount', 'productsCount'] }}
        quickFilters={[
          {
            id: 'upcoming',
            label: 'campaigns.phase.UPCOMING',
            filters: [{ field: 'phase', operator: 'EQUAL', value: 'UPCOMING' }],
          },
          {
            id: 'running',
            label: 'campaigns.phase.RUNNING',
            filters: [{ field: 'phase', operator: 'EQUAL', value: 'RUNNING' }],
          },
          {
            id: 'joined',
            label: 'campaigns.quick.joined',
            filters: [{ field: 'joined', operator: 'EQUAL', value: 'true' }],
          },
        ]}
        searchable
        fetch={(grid, signal) => api.request(CampaignsQuery, { grid }, { signal }).then((r) => r.campaigns)}
      />
    </Stack>
  );
}
