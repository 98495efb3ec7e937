import { FEED_FORMAT_VALUES, FEED_RUN_STATUSES, FEED_TYPE_VALUES, type GridFilter } from '@pp/domain';
import { Alert, Badge, Box, Button, Text } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { errorMessage } from '../../app/api/apiError';
import { useFormat } from '../../app/i18n/format';
import { canOperate } from '../../app/session/access';
import { useSession } from '../../app/session/session';
import { DataGrid, type DataGridColumn } from '../../ui/DataGrid/DataGrid';
import { flash } from '../../ui/flash';
import { PageFrame } from '../../ui/PageFrame';
import { FeedRunStatusBadge } from '../feeds/mall/FeedRunStatus';
import { PartnerCell, UrlHostCell } from './OperatorListCells';
import {
  COCKPIT_FEEDS_KEY,
  FAILED_FEEDS_FILTERS,
  type CockpitFeed,
  CockpitFeedRunMutation,
  CockpitFeedsQuery,
} from './operatorListsOperations';

const isFailedFilter = (filters: readonly GridFilter[] | null | undefined) =>
  (filters ?? []).some((f) => f.field === 'lastRunStatus' && f.operator === 'IN' && f.values?.join() === 'FAILED');

/** A run of the feed now, with the owner's limits (switched on, a URL, one open run): a refusal says which. */
function RunNowAction({ row }: { row: CockpitFeed }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const feed = t(`feeds.names.${row.format}_${row.type}`);
  const run = useMutation({
    mutationFn: () => api.request(CockpitFeedRunMutation, { id: row.id }),
    onSuccess: () => {
      flash.success(t('cockpitLists.feeds.queued', { feed, name: row.partnerName }));
      void queryClient.invalidateQueries({ queryKey: COCKPIT_FEEDS_KEY });
      void queryClient.invalidateQueries({ queryKey: ['cockpitQueues'] });
    },
    onError: (error) => flash.error(errorMessage(error, t)),
  });
  const open = row.lastRun?.status === 'QUEUED' || row.lastRun?.status === 'RUNNING';
  return (
    <Button
      size="compact-sm"
      variant="light"
      leftSection={<IconPlayerPlay size={14} aria-hidden />}
      loading={run.isPending}
      disabled={!row.enabled || !row.url || open}
      onClick={() => run.mutate()}
      aria-label={t('cockpitLists.feeds.runNowFor', { feed, name: row.partnerName })}
      data-testid={`cockpit-feed-run-${row.id}`}
    >
      {t('cockpitLists.feeds.runNow')}
    </Button>
  );
}

/** Operators: every partner's feeds with their last run; one with the api area's update runs a feed again. */
export function CockpitFeedsPage() {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const session = useSession();
  const mayAct = canOperate(session, 'api', 'update');
  const [noneFailed, setNoneFailed] = useState(false);

  const columns = useMemo(
    (): DataGridColumn<CockpitFeed>[] => [
      {
        field: 'partnerName',
        header: 'cockpitLists.columns.partner',
        filterType: 'TEXT',
        sortable: true,
        render: (row) => <PartnerCell row={row} />,
      },
      {
        field: 'partnerId',
        header: 'cockpitLists.columns.partnerId',
        filterType: 'NUMBER',
        number: 'int4',
        defaultVisible: false,
        render: (row) => row.partnerId,
      },
      {
        field: 'format',
        header: 'cockpitLists.feeds.columns.feed',
        filterType: 'ENUMS',
        sortable: true,
        options: FEED_FORMAT_VALUES.map((f) => ({ value: f, label: t(`cockpitLists.feeds.formats.${f}`) })),
        render: (row) => (
          <Text size="sm" data-testid="cockpit-feed-name">
            {t(`feeds.names.${row.format}_${row.type}`, { defaultValue: `${row.format} ${row.type}` })}
          </Text>
        ),
      },
      {
        field: 'type',
        header: 'cockpitLists.feeds.columns.type',
        filterType: 'ENUMS',
        defaultVisible: false,
        options: FEED_TYPE_VALUES.map((v) => ({ value: v, label: t(`feeds.mall.types.${v}`) })),
        render: (row) => t(`feeds.mall.types.${row.type}`, { defaultValue: row.type }),
      },
      {
        field: 'url',
        header: 'cockpitLists.columns.url',
        filterType: 'TEXT',
        render: (row) => <UrlHostCell url={row.url} />,
      },
      {
        field: 'enabled',
        header: 'cockpitLists.feeds.columns.enabled',
        filterType: 'BOOLEAN',
        render: (row) => (
          <Badge color={row.enabled ? 'green' : 'gray'} variant="light" miw="max-content">
            {t(row.enabled ? 'cockpitLists.feeds.on' : 'cockpitLists.feeds.off')}
          </Badge>
        ),
      },
      {
        field: 'lastRunStatus',
        header: 'cockpitLists.feeds.columns.lastRunStatus',
        filterType: 'ENUMS',
        sortable: true,
        options: FEED_RUN_STATUSES.map((s) => ({ value: s, label: t(`feeds.mall.runStatus.${s}`) })),
        render: (row) =>
          row.lastRun ? (
            <Box miw="max-content">
              <FeedRunStatusBadge run={row.lastRun} />
            </Box>
          ) : (
            t('cockpitLists.feeds.never')
          ),
      },
      {
        field: 'lastRunAt',
        header: 'cockpitLists.feeds.columns.lastRunAt',
        filterType: 'DATETIME',
        sortable: true,
        render: (row) =>
          row.lastRun ? format.dateTime(row.lastRun.endedAt ?? row.lastRun.startedAt ?? row.lastRun.created) : '—',
      },
      {
        field: 'lastRunErrorCode',
        header: 'cockpitLists.feeds.columns.error',
        filterType: 'TEXT',
        // The message, and the code an operator searches the logs and the filter by.
        render: (row) =>
          row.lastRun?.errorCode ? (
            <Text size="sm" c="red.8" data-testid="cockpit-feed-error" style={{ overflowWrap: 'anywhere' }}>
              {row.lastRun.errorMessage}
              <Text span size="xs" c="dimmed" display="block" ff="monospace">
                {row.lastRun.errorCode}
              </Text>
            </Text>
          ) : (
            '—'
          ),
      },
    ],
    [format, t],
  );

  return (
    <PageFrame route="cockpitFeeds" description={t('cockpitLists.feeds.subtitle')}>
      {noneFailed && (
        <Alert color="green" variant="light" data-testid="cockpit-feeds-none-failed">
          {t('cockpitLists.feeds.empty')}
        </Alert>
      )}
      <DataGrid
        id="cockpit-feeds"
        columns={columns}
        // The run's error message comes translated: a change of language reads the list again.
        queryKey={[...COCKPIT_FEEDS_KEY, i18n.language]}
        rowKey={(row) => row.id}
        fetch={(grid, signal) =>
          api.request(CockpitFeedsQuery, { grid }, { signal }).then(({ cockpitFeeds: page }) => {
            setNoneFailed(isFailedFilter(grid.filters) && !grid.search && page.total === 0);
            return page;
          })
        }
        initialSort={{ field: 'lastRunAt', direction: 'DESCENDING' }}
        quickFilters={[{ id: 'failed', label: 'cockpitLists.feeds.quick.failed', filters: FAILED_FEEDS_FILTERS }]}
        searchable
        card={{
          title: 'partnerName',
          subtitle: ['format'],
          fields: ['url', 'lastRunStatus', 'lastRunAt', 'lastRunErrorCode'],
        }}
        rowActions={mayAct ? (row) => <RunNowAction row={row} /> : undefined}
      />
    </PageFrame>
  );
}
