import { CONVERSATION_STATES, MESSAGE_DEPARTMENTS } from '@pp/domain';
import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { useFormat } from '../../app/i18n/format';
import { useStreamEvent } from '../../app/stream/StreamProvider';
import { DataGrid, type DataGridColumn } from '../../ui/DataGrid/DataGrid';
import { flash } from '../../ui/flash';
import { PageFrame } from '../../ui/PageFrame';
import { type CockpitConversationRow, CockpitConversationsQuery } from './operations';
import { StateBadge } from './Thread';

/** Keeps the operators' list current: a partner who writes moves a conversation up or adds one. */
function useConversationsLive() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  useStreamEvent<{ conversationId?: number }>('message_sent', (event) => {
    void queryClient.invalidateQueries({ queryKey: ['cockpitConversations'] });
    void queryClient.invalidateQueries({ queryKey: ['cockpitConversation', String(event.data?.conversationId)] });
    flash.info(t('cockpit.messages.live'));
  });
}

/** The operators' inbox: every partner's conversations; "waiting for us" lists the unanswered ones. */
export function CockpitMessagesPage() {
  const { t } = useTranslation();
  const format = useFormat();
  useConversationsLive();

  const columns = useMemo(
    (): DataGridColumn<CockpitConversationRow>[] => [
      {
        field: 'subject',
        header: 'messages.columns.subject',
        filterType: 'TEXT',
        sortable: true,
        render: (row) => (
          <Group gap="xs" wrap="nowrap">
            <Anchor
              renderRoot={(props) => <Link {...props} to="/cockpit/messages/$id" params={{ id: row.id }} />}
              fw={row.unread ? 700 : 500}
              size="sm"
              data-testid={`cockpit-conversation-${row.id}`}
            >
              {row.subject}
            </Anchor>
            {row.unread > 0 && (
              <Badge size="sm" color="red" circle aria-label={t('messages.unread', { count: row.unread })}>
                {row.unread}
              </Badge>
            )}
          </Group>
        ),
      },
      {
        field: 'partnerName',
        header: 'cockpit.messages.columns.partner',
        filterType: 'TEXT',
        sortable: true,
        render: (row) => (
          <Stack gap={0}>
            <Text size="sm">{row.partnerName}</Text>
            <Text size="xs" c="dimmed">
              {row.shopId}
            </Text>
          </Stack>
        ),
      },
      {
        field: 'department',
        header: 'messages.columns.department',
        filterType: 'ENUMS',
        options: MESSAGE_DEPARTMENTS.map((d) => ({ value: d, label: t(`contacts.roles.${d}`) })),
        render: (row) => t(`contacts.roles.${row.department}`, { defaultValue: row.department }),
      },
      {
        field: 'state',
        header: 'messages.columns.state',
        filterType: 'ENUMS',
        options: CONVERSATION_STATES.map((s) => ({ value: s, label: t(`messages.state.${s}`) })),
        render: (row) => (
          <Group gap={4} wrap="nowrap">
            <StateBadge state={row.state} />
            {row.waiting && (
              <Badge variant="light" color="orange" miw="max-content">
                {t('cockpit.messages.waiting')}
              </Badge>
            )}
          </Group>
        ),
      },
      {
        field: 'lastMessageAt',
        header: 'messages.columns.lastMessageAt',
        filterType: 'DATETIME',
        sortable: true,
        render: (row) => format.dateTime(row.lastMessageAt),
      },
    ],
    [format, t],
  );

  return (
    <PageFrame route="cockpitMessages" description={t('cockpit.messages.subtitle')}>
      <DataGrid
        id="cockpit-conversations"
        columns={columns}
        queryKey={['cockpitConversations']}
        rowKey={(row) => row.id}
        initialSort={{ field: 'lastMessageAt', direction: 'DESCENDING' }}
        quickFilters={[
          {
            id: 'waiting',
            label: 'cockpit.messages.waitingForUs',
            filters: [
              { field: 'waiting', operator: 'EQUAL', value: 'true' },
              { field: 'state', operator: 'IN', values: ['opened'] },
            ],
          },
          {
            id: 'opened',
            label: 'messages.state.opened',
            filters: [{ field: 'state', operator: 'IN', values: ['opened'] }],
          },
          {
            id: 'closed',
            label: 'messages.state.closed',
            filters: [{ field: 'state', operator: 'IN', values: ['closed'] }],
          },
        ]}
        searchable
        fetch={(grid, signal) =>
          api.request(CockpitConversationsQuery, { grid }, { signal }).then((r) => r.cockpitConversations)
        }
      />
    </PageFrame>
  );
}
