import { ACTIONS, type Action, RESOURCES, type Resource } from '@pp/domain';
import { Alert, Button, Checkbox, Group, NativeSelect, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { errorMessage } from '../../app/api/apiError';
import { canAccess } from '../../app/session/access';
import { useSession } from '../../app/session/session';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { flash } from '../../ui/flash';
import { useDocumentTitle } from '../../ui/PageFrame';
import { graphql } from '../../graphql/graphql';
import {
  ACCOUNT_KEYS,
  AccessControlAccountsQuery,
  AccessControlQuery,
  type PartnerAccountData,
  UpdateAccessControlMutation,
} from './operations';

const key = (subject: string, action: string) => `${subject}:${action}`;

/** The partner's service modules: a resource of a switched-off module is shown greyed, with the reason. */
const ServiceModulesQuery = graphql(`
  query PermissionsServiceModules {
    serviceModules {
      module
      enabled
      resources
    }
  }
`);

/** Per resource, the switched-off module that covers it. */
function useDisabledResources(): Map<string, string> {
  const modules = useQuery({
    queryKey: ['serviceModules'],
    queryFn: ({ signal }) => api.request(ServiceModulesQuery, {}, { signal }).then((r) => r.serviceModules),
  });
  return useMemo(
    () => new Map((modules.data ?? []).filter((m) => !m.enabled).flatMap((m) => m.resources.map((r) => [r, m.module]))),
    [modules.data],
  );
}
const nameOf = (a: PartnerAccountData) => `${a.firstName} ${a.lastName}`.trim() || a.email;

/**
 * The permissions tab: one account of the partner at a time, a matrix of resources × actions. Saving replaces
 * the account's pairs; the server applies them from the account's next request.
 */
export function PermissionsPage() {
  const { t } = useTranslation();
  useDocumentTitle('partnerPermissions');
  const session = useSession();
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const [accountId, setAccountId] = useState<string | null>(
    typeof search.account === 'string' || typeof search.account === 'number' ? String(search.account) : null,
  );

  const accounts = useQuery({
    queryKey: [...ACCOUNT_KEYS.accounts, 'permissions'],
    queryFn: ({ signal }) =>
      api.request(AccessControlAccountsQuery, {}, { signal }).then((r) => r.accessControlAccounts),
  });
  // Without a choice (or with a stale one) the first account that is not the master is shown.
  useEffect(() => {
    if (!accounts.data?.length) return;
    if (accountId && accounts.data.some((a) => a.id === accountId)) return;
    setAccountId((accounts.data.find((a) => !a.isMaster) ?? accounts.data[0]!).id);
  }, [accounts.data, accountId]);

  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} fz="lg">
            {t('account.permissions.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('account.permissions.intro')}
          </Text>
        </Stack>
        {accounts.isError && <ErrorAlert error={accounts.error} />}
        {accounts.data && (
          <NativeSelect
            label={t('account.permissions.account')}
            maw={420}
            value={accountId ?? ''}
            onChange={(event) => setAccountId(event.currentTarget.value)}
            data={accounts.data.map((a) => ({
              value: a.id,
              label: `${nameOf(a)} (${a.email})${a.isMaster ? ` · ${t('account.accounts.badges.master')}` : ''}`,
            }))}
            data-testid="permissions-account"
          />
        )}
        {accountId && (
          <PermissionMatrix
            key={accountId}
            accountId={accountId}
            account={accounts.data?.find((a) => a.id === accountId)}
            canEdit={canAccess(session, 'permissions', 'update')}
            // Not while an operator works as the partner: the server lets it act for the partner's people.
            isSelf={session.account.id === accountId && !session.impersonating}
            // What the editor holds, whether or not a switched-off module disables it now (the server checks the same).
            holds={(resource, action) =>
              canAccess(session, resource, action) ||
              session.acl.some((p) => p.subject === resource && p.action === action && p.isActive)
            }
          />
        )}
      </Stack>
    </Paper>
  );
}

function PermissionMatrix(props: {
  accountId: string;
  account: PartnerAccountData | undefined;
  canEdit: boolean;
  isSelf: boolean;
  /** Whether the signed-in account holds the pair itself: only those it may give (the server checks the same). */
  holds: (resource: Resource, action: Action) => boolean;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const disabledBy = useDisabledResources();
  const control = useQuery({
    queryKey: ACCOUNT_KEYS.accessControl(props.accountId),
    queryFn: ({ signal }) =>
      api.request(AccessControlQuery, { accountId: props.accountId }, { signal }).then((r) => r.accessControl),
  });
  const stored = useMemo(
    () => new Set(control.data?.policies.map((p) => key(p.subject, p.action)) ?? []),
    [control.data],
  );
  const [checked, setChecked] = useState<Set<string> | null>(null);
  const current = checked ?? stored;
  // Nobody edits their own pairs, and the master's are fixed: the server refuses both.
  const readOnly = !props.canEdit || props.isSelf || control.data?.isMaster === true;
  // A pair the editor does not hold may be taken away, never given.
  const locked = (resource: Resource, action: Action) =>
    !props.holds(resource, action) && !stored.has(key(resource, action));
  const somethingLocked = RESOURCES.some((r) => ACTIONS.some((a) => locked(r, a)));
  const dirty = checked !== null && (checked.size !== stored.size || [...checked].some((k) => !stored.has(k)));

  const save = useMutation({
    mutationFn: (pairs: Set<string>) =>
      api.request(UpdateAccessControlMutation, {
        accountId: props.accountId,
        policies: [...pairs].map((k) => {
          const [subject, action] = k.split(':') as [Resource, Action];
          return { subject, action };
        }),
      }),
    onSuccess: (result) => {
      queryClient.setQueryData(ACCOUNT_KEYS.accessControl(props.accountId), result.updateAccessControl);
      setChecked(null);
      flash.success(t('account.permissions.saved'));
      void queryClient.invalidateQueries({ queryKey: ACCOUNT_KEYS.accounts });
    },
    onError: (error) => flash.error(errorMessage(error, t)),
  });

  const toggle = (pair: string, on: boolean) => {
    const next = new Set(current);
    if (on) next.add(pair);
    else next.delete(pair);
    setChecked(next);
  };
  const toggleRow = (resource: Resource, on: boolean) => {
    const next = new Set(current);
    for (const action of ACTIONS) {
      if (on && !locked(resource, action)) next.add(key(resource, action));
      else if (!on) next.delete(key(resource, action));
    }
    setChecked(next);
  };

  if (control.isError) return <ErrorAlert error={control.error} />;
  if (!control.data) return null;
  const who = props.account ? nameOf(props.account) : '';

  return (
    <Stack gap="sm">
      {control.data.isMaster && (
        <Alert variant="light" color="teal" icon={<IconLock size={18} aria-hidden />}>
          {t('account.permissions.masterNote', { name: who })}
        </Alert>
      )}
      {props.isSelf && !control.data.isMaster && (
        <Alert variant="light" color="gray" icon={<IconLock size={18} aria-hidden />} data-testid="permissions-self">
          {t('account.permissions.selfNote')}
        </Alert>
      )}
      {!props.canEdit && !props.isSelf && !control.data.isMaster && (
        <Alert variant="light" color="gray">
          {t('account.permissions.readOnlyNote')}
        </Alert>
      )}
      {!readOnly && somethingLocked && (
        <Alert variant="light" color="gray" data-testid="permissions-not-held">
          {t('account.permissions.notHeldNote')}
        </Alert>
      )}
      <Table.ScrollContainer minWidth={560}>
        <Table striped highlightOnHover verticalSpacing={6} data-testid="permissions-matrix">
          <Table.Caption>{t('account.permissions.caption', { name: who })}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('account.permissions.resource')}</Table.Th>
              {ACTIONS.map((action) => (
                <Table.Th key={action} scope="col" ta="center">
                  {t(`permissions.actions.${action}`)}
                </Table.Th>
              ))}
              {!readOnly && (
                <Table.Th scope="col" ta="center">
                  {t('account.permissions.all')}
                </Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {RESOURCES.map((resource) => {
              const label = t(`permissions.resources.${resource}`);
              const all = ACTIONS.every((a) => current.has(key(resource, a)));
              const module = disabledBy.get(resource);
              return (
                <Table.Tr
                  key={resource}
                  data-disabled={module ? 'true' : undefined}
                  style={module ? { opacity: 0.55 } : undefined}
                >
                  <Table.Th scope="row" fw={500}>
                    {label}
                    {module && (
                      <Text size="xs" c="dimmed" fw={400} data-testid={`perm-${resource}-disabled`}>
                        {t('serviceModules.disabledReason', { module: t(`serviceModules.modules.${module}`) })}
                      </Text>
                    )}
                  </Table.Th>
                  {ACTIONS.map((action) => {
                    const notHeld = !readOnly && locked(resource, action);
                    return (
                      <Table.Td key={action} ta="center" title={notHeld ? t('account.permissions.notHeld') : undefined}>
                        <Checkbox
                          styles={{ body: { justifyContent: 'center' } }}
                          aria-label={`${label}: ${t(`permissions.actions.${action}`)}`}
                          aria-description={notHeld ? t('account.permissions.notHeld') : undefined}
                          checked={current.has(key(resource, action))}
                          disabled={readOnly || notHeld}
                          onChange={(e) => toggle(key(resource, action), e.currentTarget.checked)}
                          data-testid={`perm-${resource}-${action}`}
                        />
                      </Table.Td>
                    );
                  })}
                  {!readOnly && (
                    <Table.Td ta="center">
                      <Checkbox
                        styles={{ body: { justifyContent: 'center' } }}
                        aria-label={t('account.permissions.allOf', { resource: label })}
                        checked={all}
                        indeterminate={!all && ACTIONS.some((a) => current.has(key(resource, a)))}
                        onChange={(e) => toggleRow(resource, e.currentTarget.checked)}
                      />
                    </Table.Td>
                  )}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {!readOnly && (
        <Group justify="flex-end" gap="sm">
          <Button variant="default" disabled={!dirty || save.isPending} onClick={() => setChecked(null)}>
            {t('account.permissions.reset')}
          </Button>
          <Button
            disabled={!dirty}
            loading={save.isPending}
            onClick={() => save.mutate(current)}
            data-testid="permissions-save"
          >
            {t('account.permissions.save')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
