import { WEBHOOK_EVENTS, WEBHOOK_PING_EVENT } from '@pp/domain';
import { Alert, Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { useFormat } from '../../app/i18n/format';
import { DataGrid, type DataGridColumn, type QuickFilter } from '../../ui/DataGrid/DataGrid';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { useDocumentTitle } from '../../ui/PageFrame';
import { WEBHOOK_KEYS, type WebhookLogRow, WebhookLogsQuery, WebhookQuery } from './operations';
import { ReenableButton, WebhookBrokenReason, WebhookStateBadge } from './WebhookState';

const NOT_SENT: QuickFilter = {
  id: 'notSent',
  label: 'webhooks.logs.quickNotSent',
  filters: [{ field: 'sent', operator: 'EQUAL', value: 'false' }],
};

/** Every delivery attempt of one hook, newest first; a query past 10 seconds says so in the grid's place. */
export function WebhookLogsPage() {
  const { t } = useTranslation();
  const format = useFormat();
  useDocumentTitle('partnerWebhookLogs');
  const { webhookId } = useParams({ strict: false }) as { webhookId: string };
  const hook = useQuery({
    queryKey: [...WEBHOOK_KEYS.all, 'one', webhookId],
    queryFn: ({ signal }) => api.request(WebhookQuery, { id: webhookId }, { signal }).then((r) => r.webhook),
  });

  const columns = useMemo(
    (): DataGridColumn<WebhookLogRow>[] => [
      {
        field: 'timestamp',
        header: 'webhooks.logs.columns.timestamp',
        filterType: 'DATETIME_BETWEEN',
        sortable: true,
        render: (row) => (
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            {format.dateTime(row.timestamp)}
          </Text>
        ),
      },
      {
        field: 'event',
        header: 'webhooks.logs.columns.event',
        filterType: 'ENUMS',
        options: [...WEBHOOK_EVENTS, WEBHOOK_PING_EVENT].map((e) => ({
          value: e,
          label: t(`webhooks.events.${e}`),
        })),
        render: (row) => t(`webhooks.events.${row.event}`, { defaultValue: row.event }),
      },
      {
        field: 'sent',
        header: 'webhooks.logs.columns.sent',
        filterType: 'BOOLEAN',
        render: (row) =>
          row.sent ? (
            <Badge color="green" variant="light">
              {t('webhooks.logs.sent')}
            </Badge>
          ) : (
            <Badge color="red" variant="light" data-testid="log-not-sent">
              {t('webhooks.logs.notSent')}
            </Badge>
          ),
      },
      {
        field: 'responseCode',
        header: 'webhooks.logs.columns.responseCode',
        filterType: 'NUMBER',
        sortable: true,
        align: 'right',
        render: (row) => row.responseCode ?? '—',
      },
      {
        field: 'isTimeout',
        header: 'webhooks.logs.columns.isTimeout',
        filterType: 'BOOLEAN',
        render: (row) => (row.isTimeout ? t('webhooks.logs.timeout') : '—'),
      },
      {
        field: 'timing',
        header: 'webhooks.logs.columns.timing',
        filterType: 'NUMBER',
        sortable: true,
        align: 'right',
        render: (row) => format.number(row.timing),
      },
      {
        field: 'attempt',
        header: 'webhooks.logs.columns.attempt',
        align: 'right',
        render: (row) => row.attempt,
      },
      {
        field: 'err',
        header: 'webhooks.logs.columns.err',
        render: (row) => (
          <Text size="sm" c={row.err ? 'red.8' : 'dimmed'} style={{ overflowWrap: 'anywhere' }}>
            {row.err ?? '—'}
          </Text>
        ),
      },
    ],
    [t, format],
  );

  return (
    <Stack gap="sm" data-testid="webhook-logs-page">
      <Group gap="xs">
        <Anchor component={Link} to="/partner/webhook" size="sm">
          <Group gap={4} component="span">
            <IconArrowLeft size={14} aria-hidden />
            {t('webhooks.logs.back')}
          </Group>
        </Anchor>
      </Group>
      {hook.isError ? (
        <ErrorAlert error={hook.error} />
      ) : (
        <Group gap="sm" wrap="wrap">
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {t('webhooks.logs.intro', { url: hook.data?.url ?? '…' })}
          </Text>
          {hook.data && <WebhookStateBadge hook={hook.data} />}
        </Group>
      )}
      {hook.data?.state === 'BROKEN' && (
        <Alert color="red" variant="light" title={t('webhooks.brokenTitle')} data-testid="webhook-broken">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('webhooks.brokenHelp')}</Text>
            <WebhookBrokenReason hook={hook.data} />
            <ReenableButton hook={hook.data} size="sm" />
          </Stack>
        </Alert>
      )}
      {!hook.isError && (
        <DataGrid
          id="webhook-logs"
          columns={columns}
          queryKey={WEBHOOK_KEYS.logs(webhookId)}
          rowKey={(row) => row.id}
          quickFilters={[NOT_SENT]}
          searchable={false}
          fetch={(grid, signal) =>
            api.request(WebhookLogsQuery, { webhookId, grid }, { signal }).then((r) => r.webhookLogs)
          }
        />
      )}
    </Stack>
  );
}
