import { type GridFilter, WEBHOOK_EVENTS, WEBHOOK_STATUSES } from '@pp/domain';
import { Alert, Badge, Button, Group, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
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
import { hostOf, PartnerCell, UrlHostCell } from './OperatorListCells';
import {
  BROKEN_WEBHOOKS_FILTERS,
  COCKPIT_WEBHOOKS_KEY,
  type CockpitWebhook,
  CockpitWebhookReenableMutation,
  CockpitWebhooksQuery,
} from './operatorListsOperations';

const isBrokenFilter = (filters: readonly GridFilter[] | null | undefined) =>
  (filters ?? []).some((f) => f.field === 'status' && f.operator === 'IN' && f.values?.join() === 'BROKEN');

function failureText(t: TFunction, failure: NonNullable<CockpitWebhook['lastFailure']>): string {
  if (failure.isTimeout) return t('webhooks.logs.timeout');
  if (failure.responseCode != null) return t('webhooks.failure.http', { code: failure.responseCode });
  return failure.err ?? '—';
}

/** Re-enables a broken hook as its owner would, and says whether the test event sent at once arrived. */
function ReenableAction({ row }: { row: CockpitWebhook }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const reenable = useMutation({
    mutationFn: () => api.request(CockpitWebhookReenableMutation, { id: row.id }),
    onSuccess: ({ cockpitWebhookReenable: { attempt } }) => {
      if (attempt.sent) {
        flash.success(t('cockpitLists.webhooks.reenabled', { name: row.partnerName, code: attempt.responseCode }));
      } else {
        const reason = attempt.isTimeout
          ? t('webhooks.logs.timeout')
          : (attempt.err ?? String(attempt.responseCode ?? ''));
        flash.error(t('cockpitLists.webhooks.reenabledNotSent', { name: row.partnerName, reason }));
      }
      void queryClient.invalidateQueries({ queryKey: COCKPIT_WEBHOOKS_KEY });
      void queryClient.invalidateQueries({ queryKey: ['cockpitQueues'] });
    },
    onError: (error) => flash.error(errorMessage(error, t)),
  });
  return (
    <Button
      size="compact-sm"
      variant="light"
      color="red"
      leftSection={<IconRefresh size={14} aria-hidden />}
      loading={reenable.isPending}
      onClick={() => reenable.mutate()}
      aria-label={t('cockpitLists.webhooks.reenableFor', { url: hostOf(row.url), name: row.partnerName })}
      data-testid={`cockpit-webhook-reenable-${row.id}`}
    >
      {t('cockpitLists.webhooks.reenable')}
    </Button>
  );
}

/** Operators: every partner's webhooks, the newest broken first; one with the api area's update re-enables. */
export function CockpitWebhooksPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const session = useSession();
  const mayAct = canOperate(session, 'api', 'update');
  const [noneBroken, setNoneBroken] = useState(false);

  const columns = useMemo(
    (): DataGridColumn<CockpitWebhook>[] => [
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
        field: 'url',
        header: 'cockpitLists.columns.url',
        filterType: 'TEXT',
        render: (row) => <UrlHostCell url={row.url} />,
      },
      {
        field: 'event',
        header: 'cockpitLists.webhooks.columns.event',
        filterType: 'ENUMS',
        sortable: true,
        options: WEBHOOK_EVENTS.map((e) => ({ value: e, label: t(`webhooks.events.${e}`) })),
        render: (row) => t(`webhooks.events.${row.event}`, { defaultValue: row.event }),
      },
      {
        field: 'status',
        header: 'cockpitLists.webhooks.columns.status',
        filterType: 'ENUMS',
        sortable: true,
        options: WEBHOOK_STATUSES.map((s) => ({ value: s, label: t(`webhooks.status.${s}`) })),
        render: (row) => (
          <Group gap={4} wrap="nowrap">
            <Badge
              color={row.status === 'BROKEN' ? 'red' : 'green'}
              variant={row.status === 'BROKEN' ? 'filled' : 'light'}
              miw="max-content"
              data-testid="cockpit-webhook-status"
            >
              {t(`webhooks.status.${row.status}`, { defaultValue: row.status })}
            </Badge>
            {!row.isEnabled && (
              <Badge color="gray" variant="light" miw="max-content">
                {t('webhooks.disabled')}
              </Badge>
            )}
          </Group>
        ),
      },
      {
        field: 'lastFailure',
        header: 'cockpitLists.webhooks.columns.lastFailure',
        render: (row) =>
          row.lastFailure ? (
            <Text size="sm" data-testid="cockpit-webhook-failure">
              {failureText(t, row.lastFailure)}
              <Text span size="xs" c="dimmed" display="block">
                {format.dateTime(row.lastFailure.at)}
              </Text>
            </Text>
          ) : (
            '—'
          ),
      },
      {
        field: 'brokenAt',
        header: 'cockpitLists.webhooks.columns.brokenAt',
        filterType: 'DATETIME',
        sortable: true,
        render: (row) => (row.brokenAt ? format.dateTime(row.brokenAt) : '—'),
      },
      {
        field: 'failedInRow',
        header: 'cockpitLists.webhooks.columns.failedInRow',
        filterType: 'NUMBER',
        sortable: true,
        align: 'right',
        defaultVisible: false,
        render: (row) => format.number(row.failedInRow),
      },
      {
        field: 'lastAttemptAt',
        header: 'cockpitLists.webhooks.columns.lastAttemptAt',
        defaultVisible: false,
        render: (row) => (row.lastAttemptAt ? format.dateTime(row.lastAttemptAt) : t('webhooks.never')),
      },
    ],
    [format, t],
  );

  return (
    <PageFrame route="cockpitWebhooks" description={t('cockpitLists.webhooks.subtitle')}>
      {noneBroken && (
        <Alert color="green" variant="light" data-testid="cockpit-webhooks-none-broken">
          {t('cockpitLists.webhooks.empty')}
        </Alert>
      )}
      <DataGrid
        id="cockpit-webhooks"
        columns={columns}
        queryKey={COCKPIT_WEBHOOKS_KEY}
        rowKey={(row) => row.id}
        fetch={(grid, signal) =>
          api.request(CockpitWebhooksQuery, { grid }, { signal }).then(({ cockpitWebhooks: page }) => {
            setNoneBroken(isBrokenFilter(grid.filters) && !grid.search && page.total === 0);
            return page;
          })
        }
        initialSort={{ field: 'brokenAt', direction: 'DESCENDING' }}
        quickFilters={[{ id: 'broken', label: 'cockpitLists.webhooks.quick.broken', filters: BROKEN_WEBHOOKS_FILTERS }]}
        searchable
        card={{ title: 'partnerName', subtitle: ['url'], fields: ['status', 'lastFailure', 'brokenAt', 'event'] }}
        rowActions={mayAct ? (row) => (row.status === 'BROKEN' ? <ReenableAction row={row} /> : null) : undefined}
      />
    </PageFrame>
  );
}
