import { MESSAGE_BODY_MAX, replySchema } from '@pp/domain';
import { Badge, Button, Group, Paper, Stack, Text, Textarea, Title, UnstyledButton } from '@mantine/core';
import { IconCheck, IconDownload, IconLock, IconLockOpen, IconSend } from '@tabler/icons-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, fieldErrors } from '../../app/api/apiError';
import { downloadStoredFile } from '../../app/api/files';
import { useFormat } from '../../app/i18n/format';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { flash } from '../../ui/flash';
import { AttachmentPicker, useAttachments } from './AttachmentPicker';
import { formatBytes } from './format';
import type { ConversationDetail } from './operations';

type Message = ConversationDetail['messages'][number];

export function StateBadge({ state }: { state: string }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={state === 'closed' ? 'gray' : 'teal'} miw="max-content">
      {t(`messages.state.${state}`, { defaultValue: state })}
    </Badge>
  );
}

function AttachmentLink({ attachment }: { attachment: Message['attachments'][number] }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const download = () => {
    setBusy(true);
    downloadStoredFile(attachment.url, attachment.name)
      .catch((error) => flash.error(errorMessage(error, t)))
      .finally(() => setBusy(false));
  };
  return (
    <UnstyledButton
      onClick={download}
      disabled={busy}
      aria-label={t('messages.attachments.download', { name: attachment.name })}
      data-testid="attachment-download"
    >
      <Group gap={6} wrap="nowrap">
        <IconDownload size={14} aria-hidden />
        <Text size="sm" td="underline" truncate>
          {attachment.name}
        </Text>
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {formatBytes(attachment.size)}
        </Text>
      </Group>
    </UnstyledButton>
  );
}

/** One message; the viewer's own side sits on the right, the other side on the left. */
function MessageBubble({ message, viewer }: { message: Message; viewer: 'partner' | 'operator' }) {
  const { t } = useTranslation();
  const format = useFormat();
  const own = message.fromOperator === (viewer === 'operator');
  const who = message.fromOperator
    ? t('messages.thread.marketplace', { name: message.authorName ?? '' })
    : (message.authorName ?? t('messages.thread.partner'));
  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p="sm"
      maw={{ base: '100%', sm: '80%' }}
      ml={own ? 'auto' : 0}
      bg={own ? 'var(--mantine-color-teal-0)' : undefined}
      data-testid={message.fromOperator ? 'message-operator' : 'message-partner'}
    >
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text size="sm" fw={600}>
            {who}
          </Text>
          <Text size="xs" c="gray.7">
            <time dateTime={message.created}>{format.dateTime(message.created)}</time>
          </Text>
        </Group>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {message.body}
        </Text>
        {message.attachments.length > 0 && (
          <Stack gap={4}>
            {message.attachments.map((a) => (
              <AttachmentLink key={a.id} attachment={a} />
            ))}
          </Stack>
        )}
        {own && (
          <Text size="xs" c="gray.7">
            {message.openedAt ? (
              <Group gap={4} component="span">
                <IconCheck size={12} aria-hidden />
                {t('messages.thread.opened', {
                  time: format.dateTime(message.openedAt),
                  name: message.openedByName ?? '',
                })}
              </Group>
            ) : (
              t('messages.thread.notOpened')
            )}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

export interface ThreadProps {
  conversation: ConversationDetail;
  viewer: 'partner' | 'operator';
  uploadUrl: string;
  canWrite: boolean;
  onReply(input: { message: string; attachments: string[] }): Promise<unknown>;
  onSetState(state: 'opened' | 'closed'): Promise<unknown>;
}

/** The thread of a conversation with the reply form and close / re-open, for a partner or an operator. */
export function Thread({ conversation, viewer, uploadUrl, canWrite, onReply, onSetState }: ThreadProps) {
  const { t } = useTranslation();
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [sending, setSending] = useState(false);
  const [switching, setSwitching] = useState(false);
  const attachments = useAttachments(uploadUrl);
  const endRef = useRef<HTMLDivElement>(null);
  const count = conversation.messages.length;

  // A new message (one's own or a live answer) is brought into view.
  useEffect(() => {
    if (count) endRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [count]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const parsed = replySchema.safeParse({ message, attachments: attachments.ids });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      setError(t(`validation.${issue.message}`, { 0: MESSAGE_BODY_MAX }));
      return;
    }
    setSending(true);
    try {
      await onReply({ message, attachments: attachments.ids });
      setMessage('');
      attachments.reset();
      setError(null);
    } catch (caught) {
      const fields = fieldErrors(caught, t);
      if (fields.message) setError(fields.message);
      else setFailure(caught);
    } finally {
      setSending(false);
    }
  };

  const toggle = async () => {
    setSwitching(true);
    try {
      await onSetState(conversation.state === 'closed' ? 'opened' : 'closed');
    } catch (caught) {
      flash.error(errorMessage(caught, t));
    } finally {
      setSwitching(false);
    }
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Title order={2} fz="lg" style={{ overflowWrap: 'anywhere' }} data-testid="conversation-subject">
            {conversation.subject}
          </Title>
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              {t(`contacts.roles.${conversation.department}`, { defaultValue: conversation.department })}
            </Text>
            <StateBadge state={conversation.state} />
          </Group>
        </Stack>
        {canWrite && (
          <Button
            variant="default"
            onClick={toggle}
            loading={switching}
            leftSection={
              conversation.state === 'closed' ? (
                <IconLockOpen size={16} aria-hidden />
              ) : (
                <IconLock size={16} aria-hidden />
              )
            }
            data-testid="conversation-toggle"
          >
            {conversation.state === 'closed' ? t('messages.thread.reopen') : t('messages.thread.close')}
          </Button>
        )}
      </Group>
      <Stack gap="sm" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }} data-testid="thread">
        {conversation.messages.map((m) => (
          <MessageBubble key={m.id} message={m} viewer={viewer} />
        ))}
      </Stack>
      <div ref={endRef} />
      {canWrite && (
        <Paper withBorder radius="md" p="md" component="form" onSubmit={submit} noValidate>
          <Stack gap="sm">
            {conversation.state === 'closed' && (
              <Text size="sm" c="dimmed">
                {t('messages.thread.closedHint')}
              </Text>
            )}
            <Textarea
              label={viewer === 'operator' ? t('cockpit.messages.answer') : t('messages.thread.reply')}
              value={message}
              onChange={(e) => {
                setMessage(e.currentTarget.value);
                setError(null);
              }}
              error={error}
              autosize
              minRows={3}
              maxRows={12}
              maxLength={MESSAGE_BODY_MAX}
              required
              data-testid="reply-message"
            />
            <AttachmentPicker attachments={attachments} disabled={sending} />
            {failure != null && <ErrorAlert error={failure} />}
            <Group justify="flex-end">
              <Button
                type="submit"
                loading={sending}
                disabled={attachments.busy}
                leftSection={<IconSend size={16} aria-hidden />}
                data-testid="reply-send"
              >
                {viewer === 'operator' ? t('cockpit.messages.sendAnswer') : t('messages.thread.send')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
