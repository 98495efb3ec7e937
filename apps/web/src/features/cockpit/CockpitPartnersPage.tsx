import { availableShopIds, PROVIDER_TYPES, WORKFLOW_STATUSES } from '@pp/domain';
import { ActionIcon, Anchor, Badge, Text, Tooltip } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { errorMessage } from '../../app/api/apiError';
import { useFeatureFlags } from '../../app/flags';
import { useFormat } from '../../app/i18n/format';
import { canOperate } from '../../app/session/access';
import { useSession } from '../../app/session/session';
import { integrationColumns } from '../api/ApiApplication';
import { type DataGridColumn, DataGrid } from '../../ui/DataGrid/DataGrid';
import { flash } from '../../ui/flash';
import { PageFrame } from '../../ui/PageFrame';
import { workflowColor } from '../../ui/workflowStatus';
import { MarketplaceFlagsButton } from '../deliveries/warehouse/MarketplaceFlagsButton';
import { BroadcastButton } from './BroadcastButton';
import { type CockpitPartner, CockpitPartnersQuery, CockpitRemoteLoginLinkMutation } from './operations';

/**
 * Signing in as a partner opens a new tab: that tab keeps the partner's session to itself, so this one stays
 * the operator's cockpit. The tab is opened at the click (a popup blocker allows that) and sent to the
 * one-time link once the server has made it.
 */
function RemoteLoginButton({ partner }: { partner: CockpitPartner }) {
  const { t } = useTranslation();
  const link = useMutation({
    mutationFn: (_tab: Window | null) => api.request(CockpitRemoteLoginLinkMutation, { partnerId: partner.id }),
    onSuccess: ({ cockpitRemoteLoginLink }, tab) => openRemoteLogin(cockpitRemoteLoginLink, tab),
    onError: (error, tab) => {
      tab?.close();
      flash.error(errorMessage(error, t));
    },
  });
  return (
    // An icon beside the cockpit's menu: the grid's columns keep the width (the name and a tooltip say what it does).
    <Tooltip label={`${t('cockpit.signInAs')} (${t('cockpit.opensNewTab')})`} withArrow>
      <ActionIcon
        size="md"
        variant="light"
        loading={link.isPending}
        onClick={() => link.mutate(window.open('', '_blank'))}
        data-testid={`remote-login-${partner.id}`}
        aria-label={`${t('cockpit.signInAs')}: ${partner.partnerName} (${t('cockpit.opensNewTab')})`}
      >
        <IconExternalLink size={16} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}

/** Sends the new tab to the remote-login link; without a tab (blocked), opens one with the link itself. */
export function openRemoteLogin(path: string, tab: Window | null, win: Window = window): void {
  const url = new URL(path, win.location.origin).href;
  if (tab && !tab.closed) {
    // The partner's tab must not reach back into the operator's cockpit.
    tab.opener = null;
    tab.location.href = url;
  } else {
    win.open(url, '_blank', 'noopener');
  }
}

export function CockpitPartnersPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const flags = useFeatureFlags();
  const session = useSession();

  const columns = useMemo((): DataGridColumn<CockpitPartner>[] => {
    const text = (field: keyof CockpitPartner, header: string): DataGridColumn<CockpitPartner> => ({
      field,
      header: `cockpit.columns.${header}`,
      filterType: 'TEXT',
      sortable: true,
      render: (row) => (row[field] as string | null) ?? '—',
    });
    return [
      { ...text('sapId', 'sapId') },
      {
        field: 'shopId',
        header: 'cockpit.columns.shopId',
        filterType: 'ENUMS',
        sortable: true,
        // Croatia is offered only while its flag is on (spec §1).
        options: availableShopIds(flags).map((id) => ({ value: id, label: `${id} · ${t(`markets.${id}`)}` })),
        render: (row) => (
          <Text span size="sm" title={row.shopId}>
            {t(`markets.${row.shopId}`, { defaultValue: row.shopId })}
          </Text>
        ),
      },
      {
        ...text('partnerName', 'partnerName'),
        // Each partner opens its detail (everything about it on one screen).
        render: (row) => (
          <Anchor
            renderRoot={(props) => <Link {...props} to="/cockpit/partners/$partnerId" params={{ partnerId: row.id }} />}
            size="sm"
            fw={600}
            data-testid={`partner-detail-${row.id}`}
          >
            {row.partnerName}
          </Anchor>
        ),
      },
      // The less used columns wait in the column picker, so the list fits 1440 px without a pinned column.
      { ...text('mallName', 'mallName'), defaultVisible: false },
      {
        field: 'workflowStatus',
        header: 'cockpit.columns.workflowStatus',
        filterType: 'ENUMS',
        sortable: true,
        options: WORKFLOW_STATUSES.map((s) => ({ value: s, label: t(`partner.workflowStatus.${s}`) })),
        render: (row) => (
          // A status is read whole: the badge keeps its width instead of shrinking to an ellipsis.
          <Badge variant="light" color={workflowColor(row.workflowStatus)} miw="max-content">
            {t(`partner.workflowStatus.${row.workflowStatus}`, { defaultValue: row.workflowStatus })}
          </Badge>
        ),
      },
      {
        field: 'provider',
        header: 'cockpit.columns.provider',
        filterType: 'ENUMS',
        sortable: true,
        options: PROVIDER_TYPES.map((p) => ({ value: p, label: t(`cockpit.provider.${p}`) })),
        render: (row) =>
          row.provider ? (
            <Text span size="sm" title={row.provider}>
              {t(`cockpit.provider.${row.provider}`, { defaultValue: row.provider })}
            </Text>
          ) : (
            '—'
          ),
      },
      ...integrationColumns<CockpitPartner>(t),
      text('kam', 'kam'),
      { ...text('farmer', 'farmer'), defaultVisible: false },
      {
        field: 'onboarding',
        header: 'cockpit.columns.onboarding',
        defaultVisible: false,
        filterType: 'BOOLEAN',
        sortable: true,
        render: (row) => t(row.onboarding ? 'grid.boolean.true' : 'grid.boolean.false'),
      },
      {
        field: 'rating',
        header: 'cockpit.columns.rating',
        filterType: 'NUMBER',
        number: 'real',
        sortable: true,
        align: 'right',
        render: (row) => (row.rating == null ? '—' : format.number(row.rating)),
      },
      {
        field: 'created',
        header: 'cockpit.columns.created',
        filterType: 'DATE',
        sortable: true,
        render: (row) => format.date(row.created),
      },
    ];
  }, [flags, t, format]);

  return (
    <PageFrame
      route="cockpit"
      description={t('cockpit.subtitle')}
      // The cockpit's menu leads to the other pages; a broadcast is the content role's.
      actions={canOperate(session, 'content', 'update') ? <BroadcastButton /> : undefined}
    >
      <DataGrid
        id="cockpit-partners"
        columns={columns}
        queryKey={['cockpitPartners']}
        rowKey={(row) => row.id}
        fetch={(grid, signal) => api.request(CockpitPartnersQuery, { grid }, { signal }).then((r) => r.cockpitPartners)}
        rowActions={(row) => (
          <>
            <RemoteLoginButton partner={row} />
            <MarketplaceFlagsButton partnerId={row.id} name={row.partnerName} />
          </>
        )}
        card={{
          title: 'partnerName',
          subtitle: ['sapId', 'shopId'],
          fields: ['workflowStatus', 'onboarding', 'kam', 'created'],
        }}
        quickFilters={[
          {
            id: 'onboarding',
            label: 'cockpit.quick.onboarding',
            filters: [{ field: 'onboarding', operator: 'EQUAL', value: 'true' }],
          },
          {
            id: 'production',
            label: 'cockpit.quick.production',
            filters: [{ field: 'workflowStatus', operator: 'EQUAL', value: 'PRODUCTION' }],
          },
        ]}
      />
    </PageFrame>
  );
}
