import { availableShopIds, COCKPIT_ONBOARDING_STATUSES } from '@pp/domain';
import { Anchor, Badge, Button, SegmentedControl, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconArrowRight, IconUserPlus, IconUsers } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { useFeatureFlags } from '../../app/flags';
import { useFormat } from '../../app/i18n/format';
import { type DataGridColumn, DataGrid } from '../../ui/DataGrid/DataGrid';
import { PageFrame } from '../../ui/PageFrame';
import { workflowColor } from '../../ui/workflowStatus';
import { canOperate } from '../../app/session/access';
import { useSession } from '../../app/session/session';
import { graphql, type ResultOf } from '../../graphql/graphql';
import { MoveDialog } from './MoveDialog';

export const CockpitOnboardingQueueQuery = graphql(`
  query CockpitOnboardingQueue($grid: GridInput) {
    cockpitOnboardingQueue(grid: $grid) {
      items {
        id
        partnerName
        shopId
        workflowStatus
        created
        lastMove {
          at
          fromStatus
          toStatus
          byOperator
          by
        }
        checklistDone
        checklistTotal
      }
      total
      totalExact
      page
      perPage
      nextCursor
    }
  }
`);

type QueueRow = ResultOf<typeof CockpitOnboardingQueueQuery>['cockpitOnboardingQueue']['items'][number];

const TABS = ['ongoing', 'cancelled'] as const;
type Tab = (typeof TABS)[number];

/**
 * The operators' onboarding queue: partners still being onboarded (or, on the second tab, cancelled), newest
 * registration first, each with its last move and how much of its checklist is done.
 */
export function OnboardingPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const flags = useFeatureFlags();
  const session = useSession();
  const [moving, setMoving] = useState<QueueRow | null>(null);
  const [tab, setTab] = useState<Tab>('ongoing');
  const canMove = canOperate(session, 'onboarding', 'update');

  const columns = useMemo((): DataGridColumn<QueueRow>[] => {
    const status = (s: string) => t(`partner.workflowStatus.${s}`, { defaultValue: s });
    return [
      {
        field: 'partnerName',
        header: 'cockpit.onboarding.columns.partnerName',
        filterType: 'TEXT',
        sortable: true,
        render: (row) => (
          <Anchor
            renderRoot={(props) => <Link {...props} to="/cockpit/partners/$partnerId" params={{ partnerId: row.id }} />}
            size="sm"
            fw={600}
          >
            {row.partnerName}
          </Anchor>
        ),
      },
      {
        field: 'shopId',
        header: 'cockpit.onboarding.columns.shopId',
        filterType: 'ENUMS',
        sortable: true,
        options: availableShopIds(flags).map((id) => ({ value: id, label: `${id} · ${t(`markets.${id}`)}` })),
        render: (row) => t(`markets.${row.shopId}`, { defaultValue: row.shopId }),
      },
      {
        field: 'workflowStatus',
        header: 'cockpit.onboarding.columns.workflowStatus',
        filterType: 'ENUMS',
        sortable: true,
        options: COCKPIT_ONBOARDING_STATUSES.map((s) => ({ value: s, label: t(`partner.workflowStatus.${s}`) })),
        render: (row) => (
          <Badge variant="light" color={workflowColor(row.workflowStatus)} miw="max-content">
            {status(row.workflowStatus)}
          </Badge>
        ),
      },
      {
        field: 'lastMoveAt',
        header: 'cockpit.onboarding.columns.lastMove',
        filterType: 'DATE',
        sortable: true,
        render: (row) =>
          row.lastMove ? (
            <Stack gap={0}>
              <Text size="sm">{format.dateTime(row.lastMove.at)}</Text>
              <Text size="xs" c="dimmed">
                {status(row.lastMove.fromStatus)} → {status(row.lastMove.toStatus)}
                {' · '}
                {row.lastMove.by ??
                  t(row.lastMove.byOperator ? 'cockpit.onboarding.byOperator' : 'cockpit.onboarding.byPartner')}
              </Text>
            </Stack>
          ) : (
            <Text size="sm" c="dimmed">
              {t('cockpit.onboarding.noMoveYet')}
            </Text>
          ),
      },
      {
        field: 'checklist',
        header: 'cockpit.onboarding.columns.checklist',
        render: (row) => (
          <Text size="sm">
            <span aria-hidden>
              {row.checklistDone}/{row.checklistTotal}
            </span>
            <VisuallyHidden>
              {t('cockpit.onboarding.checklistOf', { done: row.checklistDone, total: row.checklistTotal })}
            </VisuallyHidden>
          </Text>
        ),
      },
      {
        field: 'created',
        header: 'cockpit.onboarding.columns.created',
        filterType: 'DATE',
        sortable: true,
        render: (row) => format.date(row.created),
      },
    ];
  }, [flags, t, format]);

  return (
    <PageFrame
      route="cockpitOnboarding"
      description={t('cockpit.onboarding.subtitle')}
      actions={
        <>
          <Button
            component={Link}
            to="/cockpit/registrations"
            variant="default"
            leftSection={<IconUserPlus size={16} />}
          >
            {t('routes.cockpitRegistrations')}
          </Button>
          <Button component={Link} to="/cockpit" variant="default" leftSection={<IconUsers size={16} />}>
            {t('routes.cockpit')}
          </Button>
        </>
      }
    >
      <SegmentedControl
        value={tab}
        onChange={(value) => setTab(value as Tab)}
        data={TABS.map((value) => ({ value, label: t(`cockpit.onboarding.tabs.${value}`) }))}
        aria-label={t('cockpit.onboarding.tabs.label')}
        style={{ alignSelf: 'flex-start' }}
        data-testid="onboarding-tabs"
      />
      <DataGrid
        key={tab}
        id="cockpit-onboarding"
        columns={columns}
        queryKey={['cockpitOnboardingQueue', tab]}
        rowKey={(row) => row.id}
        fetch={(grid, signal) =>
          api.request(CockpitOnboardingQueueQuery, { grid }, { signal }).then((r) => r.cockpitOnboardingQueue)
        }
        permanentFilters={[{ field: 'cancelled', operator: 'EQUAL', value: tab === 'cancelled' ? 'true' : 'false' }]}
        initialSort={{ field: 'created', direction: 'DESCENDING' }}
        card={{ title: 'partnerName', subtitle: ['shopId'], fields: ['workflowStatus', 'lastMoveAt', 'checklist'] }}
        rowActions={
          canMove
            ? (row) => (
                <Button
                  size="compact-sm"
                  variant="light"
                  rightSection={<IconArrowRight size={14} />}
                  onClick={() => setMoving(row)}
                  data-testid={`move-${row.id}`}
                  aria-label={`${t('cockpit.onboarding.move')}: ${row.partnerName}`}
                >
                  {t('cockpit.onboarding.move')}
                </Button>
              )
            : undefined
        }
      />
      {moving && <MoveDialog partner={moving} onClose={() => setMoving(null)} />}
    </PageFrame>
  );
}
