import { Anchor, Group, Loader, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { canAccess } from '../../app/session/access';
import { useSession } from '../../app/session/session';
import { useStreamEvent } from '../../app/stream/StreamProvider';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { useDocumentTitle } from '../../ui/PageFrame';
import {
  type ConversationDetail,
  ConversationQuery,
  ConversationReplyMutation,
  ConversationSetStateMutation,
} from './operations';
import { Thread } from './Thread';
import { PARTNER_UPLOAD_URL } from './upload';

/** One conversation of the partner with the marketplace: the thread, live answers, the reply form. */
export function ConversationPage() {
  const { t } = useTranslation();
  useDocumentTitle('userConversation');
  const { id = '' } = useParams({ strict: false }) as { id?: string };
  const session = useSession();
  const queryClient = useQueryClient();
  const queryKey = ['conversation', id] as const;
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) => api.request(ConversationQuery, { id }, { signal }).then((r) => r.conversation),
  });
  // An operator's answer arrives while the page is open: read the thread again (which also marks it read).
  useStreamEvent<{ conversationId?: number }>('message_received', (event) => {
    if (String(event.data?.conversationId) === id) void queryClient.invalidateQueries({ queryKey });
    void queryClient.invalidateQueries({ queryKey: ['conversations'] });
  });
  const show = (conversation: ConversationDetail) => {
    queryClient.setQueryData(queryKey, conversation);
    void queryClient.invalidateQueries({ queryKey: ['conversations'] });
  };

  return (
    <Stack gap="md">
      <Anchor component={Link} to="/user/messages" size="sm" w="fit-content">
        <Group gap={4}>
          <IconArrowLeft size={14} aria-hidden />
          {t('messages.backToList')}
        </Group>
      </Anchor>
      {query.isPending && <Loader size="sm" aria-label={t('common.loading')} />}
      {query.error && <ErrorAlert error={query.error} />}
      {query.data && (
        <Thread
          conversation={query.data}
          viewer="partner"
          uploadUrl={PARTNER_UPLOAD_URL}
          canWrite={canAccess(session, 'messages', 'create')}
          onReply={(data) =>
            api.request(ConversationReplyMutation, { id, data }).then((r) => show(r.conversationReply))
          }
          onSetState={(state) =>
            api.request(ConversationSetStateMutation, { id, state }).then((r) => show(r.conversationSetState))
          }
        />
      )}
    </Stack>
  );
}
