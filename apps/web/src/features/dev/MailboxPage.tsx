import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Group,
  Loader,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../app/i18n/format';
import { fetchMailbox, linkPieces, MailboxUnavailable, type MailboxMessage } from './mailbox';

type View = 'text' | 'html';

/**
 * Demo mode's inbox: with no SMTP relay the portal delivers mail here, so a newcomer can read the
 * confirmation e-mail and follow its link on their own machine. The HTML part is shown in a sandboxed frame
 * (no scripts, no same-origin access); the text part with its addresses as ordinary links.
 */
export function MailboxPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const [draft, setDraft] = useState('');
  const [recipient, setRecipient] = useState('');
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [view, setView] = useState<View>('text');

  useEffect(() => {
    document.title = `${t('devMailbox.title')} | ${t('common.appTitle')}`;
  }, [t]);

  const messages = useQuery({
    queryKey: ['dev-mailbox', recipient],
    queryFn: () => fetchMailbox(recipient),
    // New mail arrives within seconds of the action that sent it.
    refetchInterval: (query) => (query.state.error instanceof MailboxUnavailable ? false : 5_000),
    retry: (count, error) => !(error instanceof MailboxUnavailable) && count < 2,
  });
  const list = messages.data ?? [];
  const selected = list.find((m) => m.id === selectedId) ?? null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setRecipient(draft.trim());
    setSelectedId(null);
  };
  const when = (iso: string) => format.dateTime(iso);

  return (
    <Stack gap="lg" data-testid="dev-mailbox">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {t('devMailbox.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('devMailbox.intro')}
        </Text>
      </Stack>

      {messages.error instanceof MailboxUnavailable ? (
        <Alert color="gray" data-testid="mailbox-unavailable">
          {t('devMailbox.unavailable')}
        </Alert>
      ) : (
        <>
          <search>
            <form onSubmit={submit}>
              <Group align="flex-end" gap="sm" wrap="wrap">
                <TextInput
                  label={t('devMailbox.recipient')}
                  placeholder={t('devMailbox.recipientPlaceholder')}
                  type="email"
                  value={draft}
                  onChange={(event) => setDraft(event.currentTarget.value)}
                  style={{ flex: '1 1 240px' }}
                  data-testid="mailbox-recipient"
                />
                <Button type="submit">{t('devMailbox.filter')}</Button>
                <Button variant="default" onClick={() => messages.refetch()} loading={messages.isFetching}>
                  {t('devMailbox.refresh')}
                </Button>
              </Group>
            </form>
          </search>

          {messages.isError && <Alert color="red">{t('devMailbox.loadError')}</Alert>}

          <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
            <Box
              component="section"
              aria-label={t('devMailbox.messages')}
              display={{ base: selected ? 'none' : 'block', md: 'block' }}
            >
              {messages.isPending ? (
                <Loader size="sm" />
              ) : list.length === 0 ? (
                <Text c="dimmed" size="sm">
                  {recipient ? t('devMailbox.emptyFor', { recipient }) : t('devMailbox.empty')}
                </Text>
              ) : (
                <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                  {list.map((message) => (
                    <li key={message.id}>
                      <UnstyledButton
                        onClick={() => setSelectedId(message.id)}
                        aria-current={message.id === selectedId ? 'true' : undefined}
                        data-testid="mailbox-message"
                        w="100%"
                        p="sm"
                        style={{
                          borderRadius: 'var(--mantine-radius-md)',
                          border: '1px solid var(--mantine-color-gray-3)',
                          background:
                            message.id === selectedId ? 'var(--mantine-color-blue-0)' : 'var(--mantine-color-white)',
                        }}
                      >
                        <Text fw={600} size="sm" lineClamp={2}>
                          {message.subject}
                        </Text>
                        <Text size="xs" c="dimmed" truncate>
                          {message.recipient}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {when(message.deliveredAt)}
                        </Text>
                      </UnstyledButton>
                    </li>
                  ))}
                </Stack>
              )}
            </Box>

            <Box style={{ gridColumn: 'span 2' }} miw={0} display={{ base: selected ? 'block' : 'none', md: 'block' }}>
              {selected ? (
                <MessageView
                  message={selected}
                  view={view}
                  onView={setView}
                  onBack={() => setSelectedId(null)}
                  when={when}
                />
              ) : (
                list.length > 0 && (
                  <Text c="dimmed" size="sm">
                    {t('devMailbox.selectHint')}
                  </Text>
                )
              )}
            </Box>
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}

function MessageView({
  message,
  view,
  onView,
  onBack,
  when,
}: {
  message: MailboxMessage;
  view: View;
  onView(view: View): void;
  onBack(): void;
  when(iso: string): string;
}) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} component="article" data-testid="mailbox-open-message">
      <Stack gap="sm">
        <Anchor component="button" type="button" size="sm" onClick={onBack} hiddenFrom="md" ta="left">
          ← {t('devMailbox.back')}
        </Anchor>
        <Title order={2} fz={{ base: 18, sm: 22 }} style={{ overflowWrap: 'anywhere' }}>
          {message.subject}
        </Title>
        <Group gap="xs" wrap="wrap">
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {t('devMailbox.to', { recipient: message.recipient })}
          </Text>
          <Text size="sm" c="dimmed">
            {t('devMailbox.delivered', { when: when(message.deliveredAt) })}
          </Text>
          {message.template && (
            <Badge variant="light" color="gray">
              {message.template}
            </Badge>
          )}
        </Group>
        <SegmentedControl
          value={view}
          onChange={(value) => onView(value as View)}
          data={[
            { value: 'text', label: t('devMailbox.viewText') },
            { value: 'html', label: t('devMailbox.viewHtml') },
          ]}
          w="fit-content"
        />
        {view === 'html' ? (
          <iframe
            title={t('devMailbox.htmlFrame', { subject: message.subject })}
            // No scripts and no same-origin access; links open in a new window outside the sandbox.
            sandbox="allow-popups allow-popups-to-escape-sandbox"
            srcDoc={message.html}
            style={{ width: '100%', height: 560, border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}
            data-testid="mailbox-html"
          />
        ) : (
          <Text
            component="pre"
            size="sm"
            data-testid="mailbox-text"
            style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontFamily: 'inherit', margin: 0 }}
          >
            {linkPieces(message.text).map((piece, index) =>
              piece.kind === 'link' ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one text never reorder
                <Anchor key={index} href={piece.url}>
                  {piece.url}
                </Anchor>
              ) : (
                piece.text
              ),
            )}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
