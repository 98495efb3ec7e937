import { Anchor, Group, Loader, Stack, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { useStreamEvent } from '../../app/stream/StreamProvider';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { PageFrame } from '../../ui/PageFrame';
import {
  CockpitConversationAnswerMutation,
  CockpitConversationQuery,
  CockpitConversationSetStateMutation,
  type ConversationDetail,
} from './operations';
import { Thread } from './Thread';
import { cockpitUploadUrl } from './upload';

/** An operator reads a partner's conversation and answers it; the partner's new messages arrive live. */
export function CockpitConversationPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams({ strict: false }) as { id?: string };
  const queryClient = useQueryClient();
  const queryKey = ['cockpitConversation', id] as const;
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) =>
      api.request(CockpitConversationQuery, { id }, { signal }).then((r) => r.cockpitConversation),
  });
  useStreamEvent<{ conversationId?: number }>('message_sent', (event) => {
    if (String(event.data?.conversationId) === id) void queryClient.invalidateQueries({ queryKey });
  });
  const show = (conversation: ConversationDetail) => {
    queryClient.setQueryData(queryKey, conversation);
    void queryClient.invalidateQueries({ queryKey: ['cockpitConversations'] });
  };

  return (
    <PageFrame
      route="cockpitMessages"
      description={
        query.data && (
          <Text component="span" size="sm">
            {t('cockpit.messages.partner', { name: query.data.partnerName })}
          </Text>
        )
      }
      actions={
        <Anchor component={Link} to="/cockpit/messages" size="sm">
          <Group gap={4}>
            <IconArrowLeft size={14} aria-hidden />
            {t('cockpit.messages.backToList')}
          </Group>
        </Anchor>
      }
    >
      <Stack gap="md" maw={960}>
        {query.isPending && <Loader size="sm" aria-label={t('common.loading')} />}
        {query.error && <ErrorAlert error={query.error} />}
        {query.data && (
          <Thread
            conversation={query.data}
            viewer="operator"
            uploadUrl={cockpitUploadUrl(id)}
            canWrite
            onReply={(data) =>
              api
                .request(CockpitConversationAnswerMutation, { id, data })
                .then((r) => show(r.cockpitConversationAnswer))
            }
            onSetState={(state) =>
              api
                .request(CockpitConversationSetStateMutation, { id, state })
                .then((r) => show(r.cockpitConversationSetState))
            }
          />
        )}
      </Stack>
    </PageFrame>
  );
}
