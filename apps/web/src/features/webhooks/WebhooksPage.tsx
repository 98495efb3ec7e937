import { MAX_WEBHOOKS, WEBHOOK_EVENTS, WEBHOOK_HEADERS, webhookSchema } from '@pp/domain';
import {
  ActionIcon,
  Alert,
  Button,
  Code,
  CopyButton,
  Group,
  Menu,
  Modal,
  Select,
  Skeleton,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconCheck,
  IconCopy,
  IconDots,
  IconKey,
  IconList,
  IconPencil,
  IconPlus,
  IconSend,
  IconTrash,
} from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { errorMessage, fieldErrors, issueErrors } from '../../app/api/apiError';
import { useFormat } from '../../app/i18n/format';
import { useStreamEvent } from '../../app/stream/StreamProvider';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { flash } from '../../ui/flash';
import { useDocumentTitle } from '../../ui/PageFrame';
import {
  CreateWebhookMutation,
  DeleteWebhookMutation,
  RotateWebhookSecretMutation,
  TestWebhookMutation,
  UpdateWebhookMutation,
  WEBHOOK_KEYS,
  type WebhookRow,
  WebhooksQuery,
} from './operations';
import { ReenableButton, WebhookBrokenReason, WebhookStateBadge } from './WebhookState';

interface Draft {
  url: string;
  event: string;
  isEnabled: boolean;
}

/** The webhooks tab: the partner's hooks (at most five), their state, and what can be done with each. */
export function WebhooksPage() {
  const { t } = useTranslation();
  useDocumentTitle('partnerWebhook');
  const queryClient = useQueryClient();
  const hooks = useQuery({
    queryKey: WEBHOOK_KEYS.list,
    queryFn: ({ signal }) => api.request(WebhooksQuery, {}, { signal }).then((r) => r.webhooks),
  });
  // A hook that turns broken (or is revived elsewhere) shows it at once.
  useStreamEvent('webhook_status_changed', () => {
    void queryClient.invalidateQueries({ queryKey: WEBHOOK_KEYS.all });
  });
  const [editing, setEditing] = useState<{ id: string | null; draft: Draft } | null>(null);
  const [deleting, setDeleting] = useState<WebhookRow | null>(null);
  const [secret, setSecret] = useState<{ url: string; secret: string } | null>(null);

  const refresh = () => queryClient.invalidateQueries({ queryKey: WEBHOOK_KEYS.all });
  const remove = useMutation({
    mutationFn: (id: string) => api.request(DeleteWebhookMutation, { id }),
    onSuccess: () => {
      flash.success(t('webhooks.deleted'));
      setDeleting(null);
      void refresh();
    },
    onError: (error) => flash.error(errorMessage(error, t)),
  });
  const rotate = useMutation({
    mutationFn: (id: string) => api.request(RotateWebhookSecretMutation, { id }),
    onSuccess: (r) => setSecret({ url: r.webhookRotateSecret.webhook.url, secret: r.webhookRotateSecret.secret }),
    onError: (error) => flash.error(errorMessage(error, t)),
  });
  const test = useMutation({
    mutationFn: (id: string) => api.request(TestWebhookMutation, { id }),
    onSuccess: (r) => {
      const result = r.webhookTest;
      if (result.sent) flash.success(t('webhooks.testSent', { code: result.responseCode, ms: result.timing }));
      else
        flash.error(
          t('webhooks.testFailed', {
            reason: result.isTimeout ? t('webhooks.logs.timeout') : (result.err ?? String(result.responseCode ?? '')),
          }),
        );
      void refresh();
    },
    onError: (error) => flash.error(errorMessage(error, t)),
  });

  if (hooks.isPending) return <Skeleton h={200} />;
  if (hooks.isError) return <ErrorAlert error={hooks.error} />;
  const full = hooks.data.length >= MAX_WEBHOOKS;

  return (
    <Stack gap="md" data-testid="webhooks-page">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Text size="sm" c="dimmed" maw={680}>
          {t('webhooks.intro', { max: MAX_WEBHOOKS })}
        </Text>
        <Button
          leftSection={<IconPlus size={16} aria-hidden />}
          disabled={full}
          onClick={() =>
            setEditing({ id: null, draft: { url: 'https://', event: WEBHOOK_EVENTS[0], isEnabled: true } })
          }
          data-testid="webhook-add"
        >
          {t('webhooks.add')}
        </Button>
      </Group>
      {full && (
        <Alert color="yellow" variant="light" data-testid="webhook-limit">
          {t('errors.MAX_HOOKS_EXCEEDED')}
        </Alert>
      )}
      {hooks.data.length === 0 ? (
        <Alert variant="light" color="gray" data-testid="webhooks-empty">
          {t('webhooks.empty')}
        </Alert>
      ) : (
        <Table.ScrollContainer minWidth={520}>
          <Table verticalSpacing="sm" striped data-testid="webhooks-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('webhooks.columns.url')}</Table.Th>
                <Table.Th>{t('webhooks.columns.event')}</Table.Th>
                <Table.Th>{t('webhooks.columns.status')}</Table.Th>
                <Table.Th visibleFrom="md">{t('webhooks.columns.lastAttempt')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('webhooks.columns.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {hooks.data.map((hook) => (
                <HookRow
                  key={hook.id}
                  hook={hook}
                  onEdit={() =>
                    setEditing({ id: hook.id, draft: { url: hook.url, event: hook.event, isEnabled: hook.isEnabled } })
                  }
                  onDelete={() => setDeleting(hook)}
                  onRotate={() => rotate.mutate(hook.id)}
                  onTest={() => test.mutate(hook.id)}
                  testing={test.isPending && test.variables === hook.id}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {editing && (
        <HookModal
          editing={editing}
          onClose={() => setEditing(null)}
          onCreated={(created) => {
            setEditing(null);
            setSecret(created);
          }}
        />
      )}
      {secret && <SecretModal url={secret.url} secret={secret.secret} onClose={() => setSecret(null)} />}
      <Modal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('webhooks.deleteTitle')}
        closeButtonProps={{ 'aria-label': t('common.close') }}
        centered
      >
        <Text style={{ overflowWrap: 'anywhere' }}>{t('webhooks.confirmDelete', { url: deleting?.url ?? '' })}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setDeleting(null)}>
            {t('common.cancel')}
          </Button>
          <Button
            color="red"
            loading={remove.isPending}
            onClick={() => deleting && remove.mutate(deleting.id)}
            data-testid="webhook-delete-confirm"
          >
            {t('webhooks.delete')}
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}

function HookRow({
  hook,
  onEdit,
  onDelete,
  onRotate,
  onTest,
  testing,
}: {
  hook: WebhookRow;
  onEdit: () => void;
  onDelete: () => void;
  onRotate: () => void;
  onTest: () => void;
  testing: boolean;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Table.Tr data-testid="webhook-row">
      <Table.Td style={{ maxWidth: 320 }}>
        <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
          {hook.url}
        </Text>
      </Table.Td>
      <Table.Td>{t(`webhooks.events.${hook.event}`, { defaultValue: hook.event })}</Table.Td>
      <Table.Td>
        <Stack gap={4} align="flex-start">
          <WebhookStateBadge hook={hook} />
          <WebhookBrokenReason hook={hook} />
          {hook.state === 'BROKEN' && <ReenableButton hook={hook} />}
        </Stack>
      </Table.Td>
      <Table.Td visibleFrom="md">
        {hook.lastAttemptAt ? (
          <Text size="sm" c={hook.lastAttemptSent ? undefined : 'red.8'} style={{ whiteSpace: 'nowrap' }}>
            {format.dateTime(hook.lastAttemptAt)} ·{' '}
            {hook.lastAttemptSent ? t('webhooks.logs.sent') : t('webhooks.logs.notSent')}
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            {t('webhooks.never')}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap" justify="flex-end">
          <Tooltip label={t('webhooks.logs.open')}>
            <ActionIcon
              component={Link}
              to={`/partner/webhook/${encodeURIComponent(hook.id)}/logs`}
              variant="subtle"
              aria-label={t('webhooks.logs.openFor', { url: hook.url })}
              data-testid="webhook-logs"
            >
              <IconList size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('webhooks.edit')}>
            <ActionIcon variant="subtle" aria-label={t('webhooks.editFor', { url: hook.url })} onClick={onEdit}>
              <IconPencil size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon
                variant="subtle"
                aria-label={t('webhooks.moreFor', { url: hook.url })}
                loading={testing}
                data-testid="webhook-more"
              >
                <IconDots size={18} aria-hidden />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item leftSection={<IconSend size={16} aria-hidden />} onClick={onTest} data-testid="webhook-test">
                {hook.status === 'BROKEN' ? t('webhooks.testReactivate') : t('webhooks.test')}
              </Menu.Item>
              <Menu.Item
                leftSection={<IconKey size={16} aria-hidden />}
                onClick={onRotate}
                data-testid="webhook-rotate"
              >
                {t('webhooks.rotate')}
              </Menu.Item>
              <Menu.Item
                color="red"
                leftSection={<IconTrash size={16} aria-hidden />}
                onClick={onDelete}
                data-testid="webhook-delete"
              >
                {t('webhooks.delete')}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

function HookModal({
  editing,
  onClose,
  onCreated,
}: {
  editing: { id: string | null; draft: Draft };
  onClose: () => void;
  onCreated: (created: { url: string; secret: string }) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>(editing.draft);
  const [errors, setErrors] = useState<Partial<Record<keyof Draft, string>>>({});
  const [touched, setTouched] = useState(false);

  // The URL is judged as it is typed (after the first submit or blur), by the same schema the server uses.
  const judge = (next: Draft) => {
    const parsed = webhookSchema.safeParse(next);
    return parsed.success ? {} : issueErrors<keyof Draft>(parsed.error.issues, t, { 0: 2000 });
  };
  const change = (next: Draft) => {
    setDraft(next);
    if (touched) setErrors(judge(next));
  };

  const save = useMutation({
    mutationFn: async () => {
      if (editing.id) {
        await api.request(UpdateWebhookMutation, { id: editing.id, data: draft });
        return null;
      }
      const created = await api.request(CreateWebhookMutation, { data: draft });
      return { url: created.webhookCreate.webhook.url, secret: created.webhookCreate.secret };
    },
    onSuccess: (created) => {
      void queryClient.invalidateQueries({ queryKey: WEBHOOK_KEYS.all });
      flash.success(t('webhooks.saved'));
      if (created) onCreated(created);
      else onClose();
    },
    onError: (error) => setErrors(fieldErrors(error, t)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    const found = judge(draft);
    setErrors(found);
    if (Object.keys(found).length === 0) save.mutate();
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={editing.id ? t('webhooks.editTitle') : t('webhooks.addTitle')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      centered
      size="lg"
    >
      <form onSubmit={submit} noValidate data-testid="webhook-form">
        <Stack gap="sm">
          <TextInput
            label={t('webhooks.columns.url')}
            description={t('webhooks.urlHint')}
            required
            value={draft.url}
            error={errors.url}
            onChange={(e) => change({ ...draft, url: e.currentTarget.value })}
            onBlur={() => {
              setTouched(true);
              setErrors(judge(draft));
            }}
            data-testid="webhook-url"
            autoFocus
          />
          <Select
            label={t('webhooks.columns.event')}
            required
            allowDeselect={false}
            data={WEBHOOK_EVENTS.map((e) => ({ value: e, label: t(`webhooks.events.${e}`) }))}
            value={draft.event}
            description={draft.event === 'ORDERS_CHANGED' ? t('webhooks.ordersChangedHint') : undefined}
            error={errors.event}
            onChange={(value) => value && change({ ...draft, event: value })}
            data-testid="webhook-event"
          />
          <Switch
            label={t('webhooks.enabledLabel')}
            checked={draft.isEnabled}
            onChange={(e) => change({ ...draft, isEnabled: e.currentTarget.checked })}
          />
          {save.isError && Object.keys(fieldErrors(save.error, t)).length === 0 && (
            <Alert color="red" role="alert" data-testid="webhook-save-error">
              {errorMessage(save.error, t)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="webhook-save">
              {t('webhooks.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The signing secret, once: the server keeps nothing it could show again. */
function SecretModal({ url, secret, onClose }: { url: string; secret: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('webhooks.secret.title')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      centered
      size="lg"
    >
      <Stack gap="sm" data-testid="webhook-secret">
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {t('webhooks.secret.intro', { url })}
        </Text>
        <Group gap="xs" wrap="nowrap">
          <Code block style={{ flex: 1, overflowWrap: 'anywhere' }} data-testid="webhook-secret-value">
            {secret}
          </Code>
          <CopyButton value={secret}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? t('webhooks.secret.copied') : t('webhooks.secret.copy')}>
                <ActionIcon variant="light" onClick={copy} aria-label={t('webhooks.secret.copy')} size="lg">
                  {copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
        </Group>
        <Alert variant="light" color="blue" title={t('webhooks.secret.verifyTitle')}>
          <Text size="sm">
            {t('webhooks.secret.verify', {
              signature: WEBHOOK_HEADERS.signature,
              timestamp: WEBHOOK_HEADERS.timestamp,
            })}
          </Text>
          <Code block mt="xs">
            {`expected = "sha256=" + hex(HMAC_SHA256(secret, ${WEBHOOK_HEADERS.timestamp} + "." + body))`}
          </Code>
          <Text size="sm" mt="xs">
            {t('webhooks.secret.replay', { id: WEBHOOK_HEADERS.id })}
          </Text>
        </Alert>
        <Group justify="flex-end">
          <Button onClick={onClose} data-testid="webhook-secret-close">
            {t('webhooks.secret.done')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
