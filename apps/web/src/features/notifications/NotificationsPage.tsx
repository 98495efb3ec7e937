import { NOTIFICATION_EVENT_TYPES, notificationLink, notificationTextKeys, notificationTextParams } from '@pp/domain';
import { ActionIcon, Anchor, Badge, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconChecks, IconMailOpened } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { errorMessage } from '../../app/api/apiError';
import { useFormat } from '../../app/i18n/format';
import { DataGrid, type DataGridColumn, type QuickFilter } from '../../ui/DataGrid/DataGrid';
import { flash } from '../../ui/flash';
import { useDocumentTitle } from '../../ui/PageFrame';
import {
  MarkNotificationsReadMutation,
  NOTIFICATION_KEYS,
  type PartnerNotificationRow,
  PartnerNotificationsQuery,
} from './operations';
import { useNotificationsLive } from './useNotificationsLive';

type Params = Record<string, string | number>;

/** A notification in words: the event's subject and body filled with its params, code values translated. */
export function notificationText(t: TFunction, eventType: string, params: Params): { subject: string; body: string } {
  const values = notificationTextParams(eventType, params, (key) => t(key));
  // The operator's reason, when there is one, is quoted in the body: the list says why, as the e-mail does.
  const keys = notificationTextKeys(eventType, params);
  return {
    subject: t(keys.subject, { ...values, interpolation: { escapeValue: false } }),
    body: t(keys.body, { ...values, interpolation: { escapeValue: false } }),
  };
}

const UNREAD: QuickFilter = {
  id: 'unread',
  label: 'notifications.list.quickUnread',
  filters: [{ field: 'read', operator: 'EQUAL', value: 'false' }],
};

function useMarkRead() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { ids?: string[]; all?: boolean }) => api.request(MarkNotificationsReadMutation, input),
    onSuccess: (_, input) => {
      if (input.all) flash.success(t('notifications.list.allMarked'));
      void queryClient.invalidateQueries({ queryKey: NOTIFICATION_KEYS.all });
    },
    onError: (error) => flash.error(errorMessage(error, t)),
  });
}

/** The user area's notification list: what happened to the selected partner, with this account's read marks. */
export function NotificationsPage() {
  const { t } = useTranslation();
  const format = useFormat();
  useDocumentTitle('userNotifications');
  useNotificationsLive();
  const mark = useMarkRead();
  const markRead = mark.mutate;

  const columns = useMemo(
    (): DataGridColumn<PartnerNotificationRow>[] => [
      {
        field: 'text',
        header: 'notifications.list.columns.text',
        render: (row) => {
          const params = (row.params ?? {}) as Params;
          const { subject, body } = notificationText(t, row.eventType, params);
          return (
            <Stack gap={0} miw={220} maw={520} style={{ overflowWrap: 'anywhere' }} data-testid="notification-text">
              <Anchor
                component={Link}
                to={notificationLink(row.eventType, params)}
                size="sm"
                fw={row.read ? 400 : 700}
                // Opening what a notification is about is reading it.
                onClick={() => !row.read && markRead({ ids: [row.id] })}
              >
                {subject}
              </Anchor>
              <Text size="xs" c="dimmed">
                {body}
              </Text>
            </Stack>
          );
        },
      },
      {
        field: 'created',
        header: 'notifications.list.columns.created',
        filterType: 'DATETIME',
        sortable: true,
        render: (row) => (
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            {format.dateTime(row.created)}
          </Text>
        ),
      },
      {
        field: 'eventType',
        header: 'notifications.list.columns.eventType',
        filterType: 'ENUMS',
        options: NOTIFICATION_EVENT_TYPES.map((type) => ({
          value: type,
          label: t(`notifications.events.${type}.name`),
        })),
        render: (row) => t(`notifications.events.${row.eventType}.name`, { defaultValue: row.eventType }),
      },
      {
        field: 'read',
        header: 'notifications.list.columns.read',
        filterType: 'BOOLEAN',
        render: (row) =>
          row.read ? (
            <Badge variant="light" color="gray" miw="max-content">
              {t('notifications.list.read')}
            </Badge>
          ) : (
            <Badge variant="filled" color="teal" miw="max-content" data-testid="notification-new">
              {t('notifications.list.new')}
            </Badge>
          ),
      },
    ],
    [t, format, markRead],
  );

  return (
    <Stack gap="sm" data-testid="notifications-page">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text size="sm" c="dimmed" maw={640}>
          {t('notifications.list.intro')}
        </Text>
        <Button
          variant="light"
          leftSection={<IconChecks size={16} aria-hidden />}
          loading={mark.isPending && mark.variables?.all === true}
          onClick={() => mark.mutate({ all: true })}
          data-testid="notifications-mark-all"
        >
          {t('notifications.list.markAll')}
        </Button>
      </Group>
      <DataGrid
        id="user-notifications"
        columns={columns}
        queryKey={NOTIFICATION_KEYS.list}
        rowKey={(row) => row.id}
        initialSort={{ field: 'id', direction: 'DESCENDING' }}
        quickFilters={[UNREAD]}
        fetch={(grid, signal) =>
          api.request(PartnerNotificationsQuery, { grid }, { signal }).then((r) => r.partnerNotifications)
        }
        rowActions={(row) =>
          row.read ? null : (
            <Tooltip label={t('notifications.list.markRead')}>
              <ActionIcon
                variant="subtle"
                aria-label={t('notifications.list.markRead')}
                onClick={() => mark.mutate({ ids: [row.id] })}
                data-testid="notification-mark-read"
              >
                <IconMailOpened size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          )
        }
      />
    </Stack>
  );
}
