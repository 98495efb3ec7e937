import { FEED_RUN_STATUSES, FEED_TYPE_VALUES } from '@pp/domain';
import { Anchor, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../app/i18n/format';
import { DataGrid, type DataGridColumn, type GridPageOf } from '../../../ui/DataGrid/DataGrid';
import type { GridRequestInput } from '../../../ui/DataGrid/gridState';
import { FeedRunStatusBadge } from '../mall/FeedRunStatus';
import type { FeedRunRow } from '../mall/operations';

/** The link from a run's error count to its error log, on the format's own route. */
function ErrorsLink({ format, row, children }: { format: 'MALL' | 'HEUREKA'; row: FeedRunRow; children: ReactNode }) {
  const params = { feedId: row.feedId, jobId: row.id };
  return (
    <Anchor
      renderRoot={(props) =>
        format === 'HEUREKA' ? (
          <Link {...props} to="/heureka-feed/status/feed/$feedId/job/$jobId/error-log" params={params} />
        ) : (
          <Link {...props} to="/mall-feed/stats/feed/$feedId/job/$jobId/error-log" params={params} />
        )
      }
      size="sm"
      data-testid="feed-run-errors-link"
    >
      {children}
    </Anchor>
  );
}

interface FeedRunsGridProps {
  id: string;
  format: 'MALL' | 'HEUREKA';
  queryKey: readonly unknown[];
  fetch: (grid: GridRequestInput, signal: AbortSignal) => Promise<GridPageOf<FeedRunRow>>;
}

/** The job grid of a format's feeds: every run, newest first, its error count linking to its error log. */
export function FeedRunsGrid({ id, format, queryKey, fetch }: FeedRunsGridProps) {
  const { t } = useTranslation();
  const numbers = useFormat();
  const columns = useMemo(
    (): DataGridColumn<FeedRunRow>[] => [
      {
        field: 'started',
        header: 'feeds.mall.columns.started',
        filterType: 'DATETIME_BETWEEN',
        sortable: true,
        render: (row) => (
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            {numbers.dateTime(row.startedAt ?? row.created)}
          </Text>
        ),
      },
      {
        field: 'ended',
        header: 'feeds.mall.columns.ended',
        filterType: 'DATETIME_BETWEEN',
        sortable: true,
        render: (row) => (row.endedAt ? numbers.dateTime(row.endedAt) : '—'),
      },
      {
        field: 'type',
        header: 'feeds.mall.columns.type',
        filterType: 'ENUMS',
        options: FEED_TYPE_VALUES.map((v) => ({ value: v, label: t(`feeds.mall.types.${v}`) })),
        render: (row) => t(`feeds.mall.types.${row.type}`),
      },
      {
        field: 'processed',
        header: 'feeds.mall.columns.processed',
        filterType: 'NUMBER',
        sortable: true,
        align: 'right',
        render: (row) => numbers.number(row.processed),
      },
      {
        field: 'updated',
        header: 'feeds.mall.columns.updated',
        filterType: 'NUMBER',
        sortable: true,
        align: 'right',
        render: (row) => numbers.number(row.updated),
      },
      {
        field: 'errors',
        header: 'feeds.mall.columns.errors',
        filterType: 'NUMBER',
        sortable: true,
        align: 'right',
        render: (row) =>
          row.errors > 0 ? (
            <ErrorsLink format={format} row={row}>
              {numbers.number(row.errors)}
            </ErrorsLink>
          ) : (
            '0'
          ),
      },
      {
        field: 'status',
        header: 'feeds.mall.columns.status',
        filterType: 'ENUMS',
        options: FEED_RUN_STATUSES.map((v) => ({ value: v, label: t(`feeds.mall.runStatus.${v}`) })),
        render: (row) => <FeedRunStatusBadge run={row} />,
      },
    ],
    [t, numbers, format],
  );
  return (
    <DataGrid
      id={id}
      columns={columns}
      queryKey={queryKey}
      rowKey={(row) => row.id}
      searchable={false}
      initialSort={{ field: 'started', direction: 'DESCENDING' }}
      fetch={fetch}
    />
  );
}
