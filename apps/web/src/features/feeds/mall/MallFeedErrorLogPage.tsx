import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconDownload } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api/api';
import { errorMessage } from '../../../app/api/apiError';
import { downloadStoredFile } from '../../../app/api/files';
import { useFormat } from '../../../app/i18n/format';
import { DataGrid, type DataGridColumn } from '../../../ui/DataGrid/DataGrid';
import { ErrorAlert } from '../../../ui/ErrorAlert';
import { flash } from '../../../ui/flash';
import { useDocumentTitle } from '../../../ui/PageFrame';
import { FeedRunStatusBadge } from './FeedRunStatus';
import {
  type FeedRunErrorRow,
  feedProtocolPath,
  MALL_FEED_KEYS,
  MallFeedRunErrorsQuery,
  MallFeedRunQuery,
} from './operations';

/** `mall-feed/stats/feed/{feedId}/job/{jobId}/error-log`: the items one run refused, with the protocol to download. */
export function MallFeedErrorLogPage() {
  const { t } = useTranslation();
  const format = useFormat();
  useDocumentTitle('mallFeedErrorLog');
  const { feedId, jobId } = useParams({ strict: false }) as { feedId: string; jobId: string };
  const run = useQuery({
    queryKey: MALL_FEED_KEYS.run(feedId, jobId),
    queryFn: ({ signal }) =>
      api.request(MallFeedRunQuery, { feedId, runId: jobId }, { signal }).then((r) => r.mallFeedRun),
  });
  const download = useMutation({
    mutationFn: () => downloadStoredFile(feedProtocolPath(feedId, jobId), `feed-${feedId}-run-${jobId}.csv`),
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
        render: (row) => (row.line === null ? '—' : format.number(row.line)),
      },
    ],
    [format],
  );

  return (
    <Stack gap="sm" data-testid="mall-feed-error-log">
      <Group gap="xs">
        <Anchor component={Link} to="/mall-feed/stats" size="sm">
          <Group gap={4} component="span">
            <IconArrowLeft size={14} aria-hidden />
            {t('feeds.mall.backToStats')}
          </Group>
        </Anchor>
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
                  at: format.dateTime(run.data.startedAt ?? run.data.created),
                  errors: format.number(run.data.errors),
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
          id="mallFeedRunErrors"
          columns={columns}
          queryKey={MALL_FEED_KEYS.errors(feedId, jobId)}
          rowKey={(row) => row.id}
          searchable
          fetch={(grid, signal) =>
            api
              .request(MallFeedRunErrorsQuery, { feedId, runId: jobId, grid }, { signal })
              .then((r) => r.mallFeedRunErrors)
          }
        />
      )}
    </Stack>
  );
}
