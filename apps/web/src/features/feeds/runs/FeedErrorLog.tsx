import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconDownload } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../app/api/apiError';
import { downloadStoredFile } from '../../../app/api/files';
import { useFormat } from '../../../app/i18n/format';
import { DataGrid, type DataGridColumn, type GridPageOf } from '../../../ui/DataGrid/DataGrid';
import type { GridRequestInput } from '../../../ui/DataGrid/gridState';
import { ErrorAlert } from '../../../ui/ErrorAlert';
import { flash } from '../../../ui/flash';
import { FeedRunStatusBadge } from '../mall/FeedRunStatus';
import type { FeedRunErrorRow, FeedRunRow } from '../mall/operations';

interface FeedErrorLogProps {
  format: 'MALL' | 'HEUREKA';
  feedId: string;
  runId: string;
  /** The run and its errors' query keys (the format's). */
  runKey: readonly unknown[];
  errorsKey: readonly unknown[];
  loadRun: (signal: AbortSignal) => Promise<FeedRunRow>;
  loadErrors: (grid: GridRequestInput, signal: AbortSignal) => Promise<GridPageOf<FeedRunErrorRow>>;
  /** The protocol's download path (REST, session headers). */
  protocolPath: string;
}

/** The items one run refused, with the protocol to download: the error-log page of either format. */
export function FeedErrorLog({
  format,
  feedId,
  runId,
  runKey,
  errorsKey,
  loadRun,
  loadErrors,
  protocolPath,
}: FeedErrorLogProps) {
  const { t } = useTranslation();
  const numbers = useFormat();
  const run = useQuery({ queryKey: runKey, queryFn: ({ signal }) => loadRun(signal) });
  const download = useMutation({
    mutationFn: () => downloadStoredFile(protocolPath, `feed-${feedId}-run-${runId}.csv`),
    onError: (error) => flash.error(errorMessage(error, t)),
  });

  const columns = useMemo(
    (): DataGridColumn<FeedRunErrorRow>[] => [
      {
        field: 'itemCode',
        header: 'feeds.protocol.columns.itemCode',
        filterType: 'TEXT',
        sortable: true,
        render: (row) => row.itemCode ?? '—',
      },
      {
        field: 'errorCode',
        header: 'feeds.protocol.columns.errorCode',
        filterType: 'TEXT',
        sortable: true,
        render: (row) => (
          <Text size="sm" ff="monospace">
            {row.errorCode}
          </Text>
        ),
      },
      {
        field: 'message',
        header: 'feeds.protocol.columns.message',
        wrap: true,
        render: (row) => (row.field ? `${row.message} (${row.field})` : row.message),
      },
      {
        field: 'url',
        header: 'feeds.protocol.columns.url',
        defaultVisible: false,
        wrap: true,
        render: (row) => (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {row.url ?? '—'}
          </Text>
        ),
      },
      {
        field: 'line',
        header: 'feeds.protocol.columns.line',
        filterType: 'NUMBER',
        sortable: true,
        align: 'right',
        render: (row) => (row.line === null ? '—' : numbers.number(row.line)),
      },
    ],
    [numbers],
  );

  const back = (
    <Group gap={4} component="span">
      <IconArrowLeft size={14} aria-hidden />
      {t(format === 'HEUREKA' ? 'feeds.heureka.status.back' : 'feeds.mall.backToStats')}
    </Group>
  );
  return (
    <Stack gap="sm" data-testid={format === 'HEUREKA' ? 'heureka-feed-error-log' : 'mall-feed-error-log'}>
      <Group gap="xs">
        {format === 'HEUREKA' ? (
          <Anchor component={Link} to="/heureka-feed/status" size="sm">
            {back}
          </Anchor>
        ) : (
          <Anchor component={Link} to="/mall-feed/stats" size="sm">
            {back}
          </Anchor>
        )}
      </Group>
      {run.isError ? (
        <ErrorAlert error={run.error} />
      ) : (
        <Group justify="space-between" wrap="wrap" gap="sm">
          {run.data && (
            <Group gap="xs" wrap="wrap">
              <Text size="sm">
                {t('feeds.mall.errorLogIntro', {
                  type: t(`feeds.mall.types.${run.data.type}`),
                  at: numbers.dateTime(run.data.startedAt ?? run.data.created),
                  errors: numbers.number(run.data.errors),
                })}
              </Text>
              <FeedRunStatusBadge run={run.data} />
            </Group>
          )}
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            loading={download.isPending}
            onClick={() => download.mutate()}
            data-testid="feed-protocol-download"
          >
            {t('feeds.mall.downloadProtocol')}
          </Button>
        </Group>
      )}
      {!run.isError && (
        <DataGrid
          id={format === 'HEUREKA' ? 'heureka-feed-run-errors' : 'mall-feed-run-errors'}
          initialSort={{ field: 'id', direction: 'ASCENDING' }}
          columns={columns}
          queryKey={errorsKey}
          rowKey={(row) => row.id}
          searchable
          fetch={loadErrors}
        />
      )}
    </Stack>
  );
}
