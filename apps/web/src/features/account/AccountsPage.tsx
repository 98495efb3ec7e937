import type { Language } from '@pp/domain';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Menu,
  Paper,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconCrown, IconDots, IconKey, IconLinkOff, IconUserPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { errorMessage } from '../../app/api/apiError';
import { canAccess } from '../../app/session/access';
import { SESSION_QUERY_KEY, useSession } from '../../app/session/session';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { flash } from '../../ui/flash';
import { useDocumentTitle } from '../../ui/PageFrame';
import { AddAccountDialog } from './AddAccountDialog';
import { ConfirmDialog } from './ConfirmDialog';
import { InvitationsList } from './InvitationsList';
import { SecurityRequirementSwitch } from './SecurityRequirementSwitch';
import {
  ACCOUNT_KEYS,
  ChangeMasterMutation,
  type PartnerAccountData,
  PartnerAccountsQuery,
  UnlinkAccountMutation,
} from './operations';

type Pending = { kind: 'unlink' | 'master'; account: PartnerAccountData } | null;

const nameOf = (a: PartnerAccountData) => `${a.firstName} ${a.lastName}`.trim() || a.email;

/** The accounts tab: who works for the partner, who is the master, and the invitations not answered yet. */
export function AccountsPage() {
  const { t, i18n } = useTranslation();
  useDocumentTitle('partnerAccounts');
  const session = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [adding, setAdding] = useState(false);
  const [pending, setPending] = useState<Pending>(null);

  const accounts = useQuery({
    queryKey: ACCOUNT_KEYS.accounts,
    queryFn: ({ signal }) => api.request(PartnerAccountsQuery, {}, { signal }).then((r) => r.partnerAccounts),
  });

  const may = {
    add: canAccess(session, 'accounts', 'create'),
    update: canAccess(session, 'accounts', 'update'),
    unlink: canAccess(session, 'accounts', 'delete'),
    permissions: canAccess(session, 'permissions'),
    // Only the master (or an operator signed in as the partner) hands the master role over.
    master: canAccess(session, 'accounts', 'update') && (session.account.isMaster || session.impersonating),
  };

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ACCOUNT_KEYS.accounts });
    void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
  };
  const failed = (error: unknown) => {
    setPending(null);
    flash.error(errorMessage(error, t));
  };

  const unlink = useMutation({
    mutationFn: (account: PartnerAccountData) => api.request(UnlinkAccountMutation, { accountId: account.id }),
    onSuccess: (_, account) => {
      setPending(null);
      flash.success(t('account.accounts.unlinkedDone', { name: nameOf(account) }));
      refresh();
    },
    onError: failed,
  });
  const master = useMutation({
    mutationFn: (account: PartnerAccountData) => api.request(ChangeMasterMutation, { accountId: account.id }),
    onSuccess: (_, account) => {
      setPending(null);
      flash.success(t('account.accounts.masterDone', { name: nameOf(account) }));
      refresh();
    },
    onError: failed,
  });

  const badges = (a: PartnerAccountData) => (
    <Group gap={4} wrap="wrap">
      {a.isMaster && (
        <Badge color="teal" variant="filled" size="sm" leftSection={<IconCrown size={12} aria-hidden />}>
          {t('account.accounts.badges.master')}
        </Badge>
      )}
      {!a.isMaster && a.isAdministrator && (
        <Badge color="teal" variant="light" size="sm">
          {t('account.accounts.badges.administrator')}
        </Badge>
      )}
      {!a.isConfirmed && (
        <Badge color="orange" variant="light" size="sm" data-testid="badge-invited">
          {a.passwordValid ? t('account.accounts.badges.unconfirmed') : t('account.accounts.badges.invited')}
        </Badge>
      )}
      {!a.isActive && (
        <Badge color="gray" variant="light" size="sm">
          {t('account.accounts.badges.deactivated')}
        </Badge>
      )}
      {a.isSelf && (
        <Badge color="blue" variant="outline" size="sm">
          {t('account.accounts.badges.you')}
        </Badge>
      )}
    </Group>
  );

  const actions = (a: PartnerAccountData) => {
    const items = [
      may.permissions && (
        <Menu.Item
          key="permissions"
          leftSection={<IconKey size={16} aria-hidden />}
          onClick={() => void navigate({ to: '/partner/permissions', search: { account: a.id } as never })}
        >
          {t('account.accounts.actions.permissions')}
        </Menu.Item>
      ),
      may.master && !a.isMaster && a.isConfirmed && a.isActive && (
        <Menu.Item
          key="master"
          leftSection={<IconCrown size={16} aria-hidden />}
          onClick={() => setPending({ kind: 'master', account: a })}
        >
          {t('account.accounts.actions.makeMaster')}
        </Menu.Item>
      ),
      may.unlink && !a.isMaster && (
        <Menu.Item
          key="unlink"
          color="red"
          leftSection={<IconLinkOff size={16} aria-hidden />}
          onClick={() => setPending({ kind: 'unlink', account: a })}
        >
          {t('account.accounts.actions.unlink')}
        </Menu.Item>
      ),
    ].filter(Boolean);
    if (!items.length) return null;
    return (
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" aria-label={t('account.accounts.actions.menu', { name: nameOf(a) })}>
            <IconDots size={18} aria-hidden />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>{items}</Menu.Dropdown>
      </Menu>
    );
  };

  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <Stack gap={4} style={{ flex: '1 1 320px' }}>
            <Title order={2} fz="lg">
              {t('account.accounts.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('account.accounts.intro')}
            </Text>
          </Stack>
          {may.add && (
            <Button leftSection={<IconUserPlus size={16} aria-hidden />} onClick={() => setAdding(true)}>
              {t('account.accounts.add')}
            </Button>
          )}
        </Group>
        {accounts.isError && <ErrorAlert error={accounts.error} />}
        {accounts.data && (
          <Table.ScrollContainer minWidth={320}>
            <Table verticalSpacing="sm" striped highlightOnHover data-testid="accounts-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('account.accounts.columns.name')}</Table.Th>
                  <Table.Th visibleFrom="sm">{t('account.accounts.columns.email')}</Table.Th>
                  <Table.Th visibleFrom="sm">{t('account.accounts.columns.language')}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t('account.accounts.columns.actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {accounts.data.map((a) => (
                  <Table.Tr key={a.id} data-testid="account-row">
                    <Table.Td>
                      <Stack gap={4}>
                        <Text size="sm" fw={500}>
                          {nameOf(a)}
                        </Text>
                        {/* On a phone the e-mail goes under the name instead of its own column. */}
                        <Text size="xs" c="dimmed" hiddenFrom="sm" style={{ overflowWrap: 'anywhere' }}>
                          {a.email}
                        </Text>
                        {badges(a)}
                      </Stack>
                    </Table.Td>
                    <Table.Td visibleFrom="sm" style={{ overflowWrap: 'anywhere' }}>
                      <Text size="sm">{a.email}</Text>
                    </Table.Td>
                    <Table.Td visibleFrom="sm">
                      <Text size="sm">{t(`languages.${a.lang}`, { defaultValue: a.lang })}</Text>
                    </Table.Td>
                    <Table.Td ta="right">{actions(a)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <InvitationsList may={{ resend: may.update, cancel: may.unlink }} />
        <SecurityRequirementSwitch canChange={may.master && !session.impersonating} />
        {accounts.data && !accounts.data.some((a) => !a.isMaster) && (
          <Alert variant="light" color="gray">
            {t('account.accounts.onlyMaster')}
          </Alert>
        )}
      </Stack>
      {adding && (
        <AddAccountDialog onClose={() => setAdding(false)} language={(i18n.resolvedLanguage ?? 'en') as Language} />
      )}
      <ConfirmDialog
        opened={pending?.kind === 'unlink'}
        title={t('account.accounts.confirmUnlinkTitle')}
        text={t('account.accounts.confirmUnlink', { name: pending ? nameOf(pending.account) : '' })}
        confirmLabel={t('account.accounts.actions.unlink')}
        danger
        loading={unlink.isPending}
        onConfirm={() => pending && unlink.mutate(pending.account)}
        onClose={() => setPending(null)}
      />
      <ConfirmDialog
        opened={pending?.kind === 'master'}
        title={t('account.accounts.confirmMasterTitle')}
        text={t('account.accounts.confirmMaster', { name: pending ? nameOf(pending.account) : '' })}
        confirmLabel={t('account.accounts.actions.makeMaster')}
        loading={master.isPending}
        onConfirm={() => pending && master.mutate(pending.account)}
        onClose={() => setPending(null)}
      />
    </Paper>
  );
}
