import { CONVERSATION_STATES, MESSAGE_DEPARTMENTS } from '@pp/domain';
import { Anchor, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPencilPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { useFormat } from '../../app/i18n/format';
import { canAccess } from '../../app/session/access';
import { useSession } from '../../app/session/session';
import { useStreamEvent } from '../../app/stream/StreamProvider';
import { DataGrid, type DataGridColumn } from '../../ui/DataGrid/DataGrid';
import { useDocumentTitle } from '../../ui/PageFrame';
import { type ConversationRow, ConversationsQuery } from './operations';
import { StateBadge } from './Thread';

/** The partner's conversations with the marketplace, latest activity first, refreshed when an answer arrives. */
export function MessagesPage() {
  const { t } = useTranslation();
  useDocumentTitle('userMessages');
  const format = useFormat();
  const session = useSession();
  const queryClient = useQueryClient();
  useStreamEvent('message_received', () => void queryClient.invalidateQueries({ queryKey: ['conversations'] }));

  const columns = useMemo(
    (): DataGridColumn<ConversationRow>[] => [
      {
        field: 'subject',
        header: 'messages.columns.subject',
        filterType: 'TEXT',
        sortable: true,
        render: (row) => (
          <Group gap="xs" wrap="nowrap">
            <Anchor
              renderRoot={(props) => <Link {...props} to="/user/conversation/$id" params={{ id: row.id }} />}
              fw={row.unread ? 700 : 500}
              size="sm"
              data-testid={`conversation-link-${row.id}`}
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
        render: (row) => <StateBadge state={row.state} />,
      },
      {
        field: 'lastMessageAt',
        header: 'messages.columns.lastMessageAt',
        filterType: 'DATETIME',
        sortable: true,
        render: (row) => (
          <Stack gap={0}>
            <Text size="sm">{format.dateTime(row.lastMessageAt)}</Text>
            {row.waiting && row.state === 'opened' && (
              <Text size="xs" c="dimmed">
                {t('messages.awaitingAnswer')}
              </Text>
            )}
          </Stack>
        ),
      },
    ],
    [format, t],
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Stack gap={2}>
          <Title order={2} fz="lg">
            {t('routes.userMessages')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('messages.intro')}
          </Text>
        </Stack>
        {canAccess(session, 'messages', 'create') && (
          <Button
            component={Link}
            to="/user/send-message"
            leftSection={<IconPencilPlus size={16} aria-hidden />}
            data-testid="write-message"
          >
            {t('messages.write')}
          </Button>
        )}
      </Group>
      <DataGrid
        id="user-conversations"
        columns={columns}
        queryKey={['conversations']}
        rowKey={(row) => row.id}
        initialSort={{ field: 'lastMessageAt', direction: 'DESCENDING' }}
        quickFilters={[
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
        fetch={(grid, signal) => api.request(ConversationsQuery, { grid }, { signal }).then((r) => r.conversations)}
      />
    </Stack>
  );
}
