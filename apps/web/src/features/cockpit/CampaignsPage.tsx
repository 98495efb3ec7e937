import { Anchor, Button, Card, CloseButton, Group, Stack, Table, Text, Title } from '@mantine/core';
import { availableShopIds, CAMPAIGN_PHASES, CAMPAIGN_STATUSES, campaignStatusMoveAllowed } from '@pp/domain';
import { IconArrowLeft, IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { errorMessage, fieldErrors } from '../../app/api/apiError';
import { useFeatureFlags } from '../../app/flags';
import { useFormat } from '../../app/i18n/format';
import { DataGrid, type DataGridColumn } from '../../ui/DataGrid/DataGrid';
import { campaignTermColumns } from '../campaigns/campaignColumns';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { flash } from '../../ui/flash';
import { PageFrame } from '../../ui/PageFrame';
import { CampaignStateBadges } from '../campaigns/CampaignBadges';
import {
  type CockpitCampaign,
  CockpitCampaignQuery,
  CockpitCampaignsQuery,
  CockpitSetCampaignBlacklistMutation,
  CockpitSetCampaignLockedMutation,
  CockpitSetCampaignStatusMutation,
} from '../campaigns/operations';
import { CampaignForm } from './CampaignForm';
import { PartnerPicker } from './PartnerPicker';

const CAMPAIGNS_KEY = ['cockpitCampaigns'] as const;

/** Operators: the marketplace's campaigns — create, edit, publish or cancel, lock, and the partner blacklist. */
export function CampaignsPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const queryClient = useQueryClient();
  const shops = availableShopIds(useFeatureFlags());
  const [creating, setCreating] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (creating || openId) panelRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, [creating, openId]);

  const open = useCallback((id: string) => {
    setCreating(false);
    setOpenId(id);
  }, []);

  const columns = useMemo((): DataGridColumn<CockpitCampaign>[] => {
    const terms = campaignTermColumns<CockpitCampaign>(format);
    return [
      {
        field: 'name',
        header: 'campaigns.columns.name',
        filterType: 'TEXT',
        sortable: true,
        render: (row) => (
          <Anchor component="button" type="button" size="sm" fw={500} ta="left" onClick={() => open(row.id)}>
            {row.name}
          </Anchor>
        ),
      },
      {
        field: 'status',
        header: 'campaigns.columns.status',
        filterType: 'ENUMS',
        options: CAMPAIGN_STATUSES.map((s) => ({ value: s, label: t(`campaigns.status.${s}`) })),
        render: (row) => t(`campaigns.status.${row.status}`),
      },
      {
        field: 'phase',
        header: 'campaigns.columns.phase',
        filterType: 'ENUMS',
        options: CAMPAIGN_PHASES.map((p) => ({ value: p, label: t(`campaigns.phase.${p}`) })),
        render: (row) => <CampaignStateBadges status={row.status} phase={row.phase} locked={row.locked} />,
      },
      terms.dateFrom,
      terms.dateTo,
      {
        field: 'shops',
        header: 'campaigns.columns.shops',
        wrap: true,
        render: (row) => row.shops.join(', '),
      },
      terms.minDiscount,
      {
        field: 'partnersCount',
        header: 'cockpit.campaigns.columns.partnersCount',
        align: 'right',
        render: (row) => format.number(row.partnersCount),
      },
      {
        field: 'productsCount',
        header: 'cockpit.campaigns.columns.productsCount',
        align: 'right',
        render: (row) => format.number(row.productsCount),
      },
    ];
  }, [format, t, open]);

  return (
    <PageFrame
      route="cockpitCampaigns"
      description={t('cockpit.campaigns.subtitle')}
      actions={
        <>
          <Button
            renderRoot={(props) => <Link {...props} to="/cockpit" />}
            variant="default"
            leftSection={<IconArrowLeft size={16} />}
          >
            {t('cockpit.campaigns.back')}
          </Button>
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => {
              setOpenId(null);
              setCreating(true);
            }}
          >
            {t('cockpit.campaigns.new')}
          </Button>
        </>
      }
    >
      <div ref={panelRef} style={{ scrollMarginTop: 80 }}>
        {creating && (
          <Card withBorder padding="lg">
            <Stack gap="md">
              <Title order={2} fz="lg">
                {t('cockpit.campaigns.new')}
              </Title>
              <CampaignForm
                shops={shops}
                onCancel={() => setCreating(false)}
                onSaved={(saved) => {
                  void queryClient.invalidateQueries({ queryKey: CAMPAIGNS_KEY });
                  open(saved.id);
                }}
              />
            </Stack>
          </Card>
        )}
        {openId && <CampaignPanel key={openId} id={openId} shops={shops} onClose={() => setOpenId(null)} />}
      </div>
      <DataGrid
        id="cockpit-campaigns"
        columns={columns}
        queryKey={CAMPAIGNS_KEY}
        rowKey={(row) => row.id}
        initialSort={{ field: 'dateFrom', direction: 'DESCENDING' }}
        card={{ title: 'name', subtitle: ['dateFrom', 'dateTo'], fields: ['phase', 'shops', 'productsCount'] }}
        quickFilters={CAMPAIGN_STATUSES.map((s) => ({
          id: s.toLowerCase(),
          label: `campaigns.status.${s}`,
          filters: [{ field: 'status', operator: 'EQUAL', value: s }],
        }))}
        searchable
        fetch={(grid, signal) =>
          api.request(CockpitCampaignsQuery, { grid }, { signal }).then((r) => r.cockpitCampaigns)
        }
      />
    </PageFrame>
  );
}

/** One campaign opened: its state and actions, the edit form, and its blacklist. */
function CampaignPanel({ id, shops, onClose }: { id: string; shops: readonly string[]; onClose: () => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const queryClient = useQueryClient();
  const [confirmCancel, setConfirmCancel] = useState(false);
  const query = useQuery({
    queryKey: [...CAMPAIGNS_KEY, 'one', id],
    queryFn: ({ signal }) => api.request(CockpitCampaignQuery, { id }, { signal }).then((r) => r.cockpitCampaign),
  });
  const refresh = (saved: CockpitCampaign) => {
    queryClient.setQueryData([...CAMPAIGNS_KEY, 'one', id], saved);
    void queryClient.invalidateQueries({ queryKey: CAMPAIGNS_KEY, predicate: (q) => q.queryKey[1] === 'grid' });
  };
  const status = useMutation({
    mutationFn: (to: string) => api.request(CockpitSetCampaignStatusMutation, { id, status: to }),
    onSuccess: (r, to) => {
      setConfirmCancel(false);
      refresh(r.cockpitSetCampaignStatus);
      flash.success(t(to === 'PUBLISHED' ? 'cockpit.campaigns.published' : 'cockpit.campaigns.cancelled'));
    },
    onError: (error) => flash.error(errorMessage(error, t)),
  });
  const lock = useMutation({
    mutationFn: (locked: boolean) => api.request(CockpitSetCampaignLockedMutation, { id, locked }),
    onSuccess: (r) => refresh(r.cockpitSetCampaignLocked),
    onError: (error) => flash.error(errorMessage(error, t)),
  });

  if (query.error) return <ErrorAlert error={query.error} />;
  const c = query.data;
  if (!c) return null;
  return (
    <Card withBorder padding="lg" data-testid="cockpit-campaign-panel">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={4}>
            <Title order={2} fz="lg" style={{ overflowWrap: 'anywhere' }}>
              {c.name}
            </Title>
            <CampaignStateBadges status={c.status} phase={c.phase} locked={c.locked} />
            <Text size="sm" c="dimmed">
              {t('cockpit.campaigns.joinedSummary', {
                partners: format.number(c.partnersCount),
                products: format.number(c.productsCount),
              })}
            </Text>
          </Stack>
          <CloseButton aria-label={t('common.close')} onClick={onClose} />
        </Group>
        <Group gap="sm">
          {campaignStatusMoveAllowed(c.status as 'DRAFT', 'PUBLISHED') && (
            <Button onClick={() => status.mutate('PUBLISHED')} loading={status.isPending}>
              {t('cockpit.campaigns.publish')}
            </Button>
          )}
          <Button variant="default" onClick={() => lock.mutate(!c.locked)} loading={lock.isPending}>
            {t(c.locked ? 'cockpit.campaigns.unlock' : 'cockpit.campaigns.lock')}
          </Button>
          {campaignStatusMoveAllowed(c.status as 'DRAFT', 'CANCELLED') && !confirmCancel && (
            <Button color="red" variant="light" onClick={() => setConfirmCancel(true)}>
              {t('cockpit.campaigns.cancel')}
            </Button>
          )}
        </Group>
        {confirmCancel && (
          <Card withBorder padding="md" bg="var(--mantine-color-red-light)">
            <Stack gap="sm">
              <Text size="sm" role="alert">
                {t('cockpit.campaigns.cancelConfirm')}
              </Text>
              <Group gap="sm">
                <Button color="red" onClick={() => status.mutate('CANCELLED')} loading={status.isPending}>
                  {t('cockpit.campaigns.cancelYes')}
                </Button>
                <Button variant="default" onClick={() => setConfirmCancel(false)}>
                  {t('cockpit.campaigns.cancelNo')}
                </Button>
              </Group>
            </Stack>
          </Card>
        )}
        <Stack gap="sm">
          <Title order={3} fz="md">
            {t('cockpit.campaigns.edit')}
          </Title>
          <CampaignForm key={c.updated} campaign={c} shops={shops} onSaved={refresh} />
        </Stack>
        <Blacklist campaign={c} shops={shops} onChanged={refresh} />
      </Stack>
    </Card>
  );
}

/** The partners refused the campaign: removed one by one, added by name (a partner of one of its shops). */
function Blacklist({
  campaign,
  shops,
  onChanged,
}: {
  campaign: CockpitCampaign;
  /** The markets the partners grid filters by (a campaign may name one switched off since). */
  shops: readonly string[];
  onChanged: (c: CockpitCampaign) => void;
}) {
  const searchShops = campaign.shops.filter((s) => shops.includes(s));
  const { t } = useTranslation();
  const [partnerId, setPartnerId] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const set = useMutation({
    mutationFn: (v: { partnerId: string; blacklisted: boolean }) =>
      api.request(CockpitSetCampaignBlacklistMutation, { id: campaign.id, ...v }),
    onSuccess: (r, v) => {
      setPartnerId(null);
      setError(undefined);
      onChanged(r.cockpitSetCampaignBlacklist);
      flash.success(t(v.blacklisted ? 'cockpit.campaigns.blacklisted' : 'cockpit.campaigns.unblacklisted'));
    },
    onError: (e) => {
      const fields = fieldErrors(e, t);
      if (fields.partnerId) setError(fields.partnerId);
      else flash.error(errorMessage(e, t));
    },
  });
  const listed = new Set(campaign.blacklist.map((p) => p.id));
  return (
    <Stack gap="sm">
      <Title order={3} fz="md">
        {t('cockpit.campaigns.blacklist')}
      </Title>
      {campaign.blacklist.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('cockpit.campaigns.blacklistEmpty')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={320}>
          <Table verticalSpacing="xs">
            <Table.Tbody>
              {campaign.blacklist.map((p) => (
                <Table.Tr key={p.id} data-testid="campaign-blacklist-row">
                  <Table.Td>
                    {p.name} ({p.id}, {p.shopId})
                  </Table.Td>
                  <Table.Td ta="right">
                    <Button
                      size="compact-sm"
                      variant="default"
                      aria-label={t('cockpit.campaigns.unblacklistPartner', { name: p.name })}
                      onClick={() => set.mutate({ partnerId: p.id, blacklisted: false })}
                    >
                      {t('cockpit.campaigns.unblacklist')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!partnerId) return setError(t('validation.required'));
          set.mutate({ partnerId, blacklisted: true });
        }}
      >
        <Group align="flex-end" gap="sm">
          <PartnerPicker
            shops={searchShops}
            exclude={listed}
            label={t('cockpit.campaigns.blacklistPartner')}
            value={partnerId}
            onChange={(value) => {
              setPartnerId(value);
              setError(undefined);
            }}
            error={error}
          />
          <Button type="submit" variant="default" loading={set.isPending}>
            {t('cockpit.campaigns.addToBlacklist')}
          </Button>
        </Group>
      </form>
    </Stack>
  );
}
