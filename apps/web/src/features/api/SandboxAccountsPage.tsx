import { MAX_SANDBOX_ACCOUNTS, sandboxAccountSchema } from '@pp/domain';
import {
  Alert,
  Anchor,
  Button,
  Code,
  Group,
  Modal,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconPlus, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { errorMessage, fieldErrors, issueErrors } from '../../app/api/apiError';
import { useFormat } from '../../app/i18n/format';
import { canAccess } from '../../app/session/access';
import { useSession } from '../../app/session/session';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { flash } from '../../ui/flash';
import { useDocumentTitle } from '../../ui/PageFrame';
import {
  CreateSandboxAccountMutation,
  DeleteSandboxAccountMutation,
  ResetSandboxSecretMutation,
  type SandboxAccountRow,
  SandboxAccountsQuery,
} from './operations';
import { SandboxResetButton } from './SandboxReset';
import { SecretDialog } from './SecretDialog';

const KEY = ['sandboxAccounts'] as const;

type Pending = { kind: 'reset' | 'delete'; account: SandboxAccountRow };

/** Sandbox accounts: credentials for the marketplace's test environment, each secret shown once. */
export function SandboxAccountsPage() {
  const { t } = useTranslation();
  useDocumentTitle('partnerSandboxAccounts');
  const format = useFormat();
  const session = useSession();
  const canCreate = canAccess(session, 'sandboxAccounts', 'create');
  const canReset = canAccess(session, 'sandboxAccounts', 'update');
  const canDelete = canAccess(session, 'sandboxAccounts', 'delete');
  const accounts = useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => api.request(SandboxAccountsQuery, {}, { signal }).then((r) => r.sandboxAccounts),
  });
  const [creating, setCreating] = useState(false);
  const [revealed, setRevealed] = useState<{ title: string; clientId: string; secret: string } | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const full = (accounts.data?.length ?? 0) >= MAX_SANDBOX_ACCOUNTS;

  return (
    <Stack gap="md" data-testid="sandbox-accounts-page">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={2}>
          <Title order={2} size="h3">
            {t('api.sandbox.title')}
          </Title>
          <Text size="sm" c="dimmed" maw={720}>
            {t('api.sandbox.intro', { max: MAX_SANDBOX_ACCOUNTS })}
          </Text>
          {canAccess(session, 'apiLimit') && (
            <Anchor component={Link} to="/partner/api-docs" size="sm">
              {t('api.sandbox.docsLink')}
            </Anchor>
          )}
        </Stack>
        <Group gap="xs">
          {canReset && (accounts.data?.length ?? 0) > 0 && <SandboxResetButton />}
          {canCreate && (
            <Button
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => setCreating(true)}
              disabled={full}
              title={full ? t('api.sandbox.full', { max: MAX_SANDBOX_ACCOUNTS }) : undefined}
              data-testid="sandbox-new"
            >
              {t('api.sandbox.new')}
            </Button>
          )}
        </Group>
      </Group>
      {accounts.isError && <ErrorAlert error={accounts.error} />}
      {accounts.isPending && <Skeleton h={100} />}
      {accounts.data?.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('api.sandbox.empty')}
        </Text>
      )}
      {accounts.data && accounts.data.length > 0 && (
        <Table.ScrollContainer minWidth={640}>
          <Table striped verticalSpacing="xs" data-testid="sandbox-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('api.sandbox.columns.email')}</Table.Th>
                <Table.Th>{t('api.sandbox.columns.clientId')}</Table.Th>
                <Table.Th>{t('api.sandbox.columns.created')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('api.keys.columns.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {accounts.data.map((account) => (
                <Table.Tr key={account.id} data-testid="sandbox-row">
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{account.email}</Table.Td>
                  <Table.Td>
                    <Code>{account.clientId}</Code>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{format.dateTime(account.created)}</Text>
                    {account.createdByName && (
                      <Text size="xs" c="dimmed">
                        {account.createdByName}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      {canReset && (
                        <Button
                          size="compact-sm"
                          variant="light"
                          leftSection={<IconRefresh size={14} aria-hidden />}
                          onClick={() => setPending({ kind: 'reset', account })}
                          aria-label={t('api.sandbox.resetLabel', { email: account.email })}
                        >
                          {t('api.sandbox.reset')}
                        </Button>
                      )}
                      {canDelete && (
                        <Button
                          size="compact-sm"
                          variant="light"
                          color="red"
                          leftSection={<IconTrash size={14} aria-hidden />}
                          onClick={() => setPending({ kind: 'delete', account })}
                          aria-label={t('api.sandbox.deleteLabel', { email: account.email })}
                        >
                          {t('api.sandbox.delete')}
                        </Button>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {creating && (
        <CreateDialog
          onClose={() => setCreating(false)}
          onCreated={(clientId, secret) => {
            setCreating(false);
            setRevealed({ title: t('api.sandbox.createdTitle'), clientId, secret });
          }}
        />
      )}
      {pending && (
        <ConfirmDialog
          pending={pending}
          onClose={() => setPending(null)}
          onReset={(clientId, secret) => {
            setPending(null);
            setRevealed({ title: t('api.sandbox.resetTitle'), clientId, secret });
          }}
        />
      )}
      {revealed && (
        <SecretDialog {...revealed} sandboxOf={session.selectedPartner?.id} onClose={() => setRevealed(null)} />
      )}
    </Stack>
  );
}

function CreateDialog({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (clientId: string, secret: string) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const create = useMutation({
    mutationFn: () => api.request(CreateSandboxAccountMutation, { email }),
    onSuccess: ({ createSandboxAccount }) => {
      void queryClient.invalidateQueries({ queryKey: KEY });
      flash.success(t('api.sandbox.created'));
      onCreated(createSandboxAccount.account.clientId, createSandboxAccount.secret);
    },
    onError: (e) => setError(fieldErrors(e, t).email),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = sandboxAccountSchema.safeParse({ email });
    if (!parsed.success) {
      setError(issueErrors<'email'>(parsed.error.issues, t).email);
      return;
    }
    create.mutate();
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('api.sandbox.newTitle')}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            type="email"
            label={t('api.sandbox.columns.email')}
            description={t('api.sandbox.emailHelp')}
            value={email}
            onChange={(e) => {
              setEmail(e.currentTarget.value);
              setError(undefined);
            }}
            error={error}
            autoComplete="email"
            required
            data-autofocus
            data-testid="sandbox-email"
          />
          {create.isError && !error && (
            <Alert color="red" role="alert">
              {errorMessage(create.error, t)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending} data-testid="sandbox-create">
              {t('api.sandbox.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function ConfirmDialog({
  pending,
  onClose,
  onReset,
}: {
  pending: Pending;
  onClose: () => void;
  onReset: (clientId: string, secret: string) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { kind, account } = pending;
  const run = useMutation({
    mutationFn: async () => {
      if (kind === 'delete') {
        await api.request(DeleteSandboxAccountMutation, { id: account.id });
        return null;
      }
      return (await api.request(ResetSandboxSecretMutation, { id: account.id })).resetSandboxSecret;
    },
    onSuccess: (result) => {
      void queryClient.invalidateQueries({ queryKey: KEY });
      if (result) onReset(result.account.clientId, result.secret);
      else {
        flash.success(t('api.sandbox.deleted'));
        onClose();
      }
    },
  });
  return (
    <Modal
      opened
      onClose={onClose}
      title={t(kind === 'delete' ? 'api.sandbox.deleteTitle' : 'api.sandbox.resetConfirmTitle')}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="md">
        <Text>
          {t(kind === 'delete' ? 'api.sandbox.deleteText' : 'api.sandbox.resetText', { email: account.email })}
        </Text>
        {run.isError && <ErrorAlert error={run.error} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            color={kind === 'delete' ? 'red' : undefined}
            loading={run.isPending}
            onClick={() => run.mutate()}
            data-testid="sandbox-confirm"
          >
            {t(kind === 'delete' ? 'api.sandbox.delete' : 'api.sandbox.reset')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
