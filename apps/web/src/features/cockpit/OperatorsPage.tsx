import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Modal,
  ScrollArea,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { LANGUAGES, OPERATOR_ROLES, type OperatorRole, operatorInviteSchema, operatorRolesSchema } from '@pp/domain';
import { IconMailForward, IconPlus, IconShieldLock } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { errorMessage } from '../../app/api/apiError';
import { useFormat } from '../../app/i18n/format';
import { useSession } from '../../app/session/session';
import { schemaErrors, showRefusal } from '../../ui/formErrors';
import { flash } from '../../ui/flash';
import { FormActions } from '../../ui/FormActions';
import { PageFrame } from '../../ui/PageFrame';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { useFormFields } from '../../ui/useFormFields';
import {
  CockpitInviteOperatorMutation,
  CockpitOperatorsQuery,
  CockpitResendOperatorInviteMutation,
  CockpitSetOperatorActiveMutation,
  CockpitSetOperatorRolesMutation,
  OPERATORS_KEY,
  type OperatorRow,
} from './operatorsOperations';

/** The roles as checkboxes: one component for the invitation and the change of roles. */
function RolesField({
  value,
  onChange,
  error,
}: {
  value: string[];
  onChange: (roles: string[]) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  return (
    <Checkbox.Group label={t('cockpitOperators.roles')} value={value} onChange={onChange} error={error} withAsterisk>
      <Stack gap={6} mt={6}>
        {OPERATOR_ROLES.map((role) => (
          <Checkbox
            key={role}
            value={role}
            label={t(`cockpitOperators.role.${role}`)}
            description={t(`cockpitOperators.roleHint.${role}`)}
          />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}

function InviteForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useFormFields({ email: '', firstName: '', lastName: '', lang: 'en' });
  const [roles, setRoles] = useState<string[]>([]);
  const [rolesError, setRolesError] = useState<string | undefined>();
  const invite = useMutation({
    mutationFn: (input: { email: string; firstName: string; lastName: string; lang: string; roles: string[] }) =>
      api.request(CockpitInviteOperatorMutation, { input }),
    onSuccess: (result) => {
      flash.success(t('cockpitOperators.invited', { email: result.cockpitInviteOperator.email }));
      void queryClient.invalidateQueries({ queryKey: OPERATORS_KEY });
      onDone();
    },
    onError: (error) => showRefusal(error, t, form.setErrors),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = operatorInviteSchema.safeParse({ ...form.values, roles });
    if (!parsed.success) {
      const messages = schemaErrors<'email' | 'firstName' | 'lastName' | 'lang' | 'roles'>(parsed.error.issues, t);
      form.setErrors(messages);
      setRolesError(messages.roles);
      return;
    }
    setRolesError(undefined);
    invite.mutate({ ...form.values, roles });
  };
  return (
    <form ref={form.formRef} onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label={t('cockpitOperators.email')}
          type="email"
          value={form.values.email}
          onChange={form.set('email')}
          error={form.errors.email}
          withAsterisk
        />
        <Group grow wrap="wrap" align="flex-start">
          <TextInput
            label={t('cockpitOperators.firstName')}
            value={form.values.firstName}
            onChange={form.set('firstName')}
            error={form.errors.firstName}
            withAsterisk
          />
          <TextInput
            label={t('cockpitOperators.lastName')}
            value={form.values.lastName}
            onChange={form.set('lastName')}
            error={form.errors.lastName}
            withAsterisk
          />
        </Group>
        <Select
          label={t('cockpitOperators.lang')}
          data={LANGUAGES.map((l) => ({ value: l, label: t(`languages.${l}`) }))}
          value={form.values.lang}
          onChange={(lang) => lang && form.setValues((v) => ({ ...v, lang }))}
          allowDeselect={false}
        />
        <RolesField
          value={roles}
          onChange={(next) => {
            setRoles(next);
            setRolesError(undefined);
          }}
          error={rolesError}
        />
        <FormActions
          cancelLabel={t('common.cancel')}
          submitLabel={t('cockpitOperators.send')}
          loading={invite.isPending}
          onCancel={onDone}
        />
      </Stack>
    </form>
  );
}

function RolesForm({ operator, onDone }: { operator: OperatorRow; onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [roles, setRoles] = useState<string[]>(operator.roles);
  const [error, setError] = useState<string | undefined>();
  const save = useMutation({
    mutationFn: () => api.request(CockpitSetOperatorRolesMutation, { id: operator.id, roles }),
    onSuccess: () => {
      flash.success(t('cockpitOperators.rolesSaved'));
      void queryClient.invalidateQueries({ queryKey: OPERATORS_KEY });
      onDone();
    },
    onError: (e) => setError(errorMessage(e, t)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = operatorRolesSchema.safeParse(roles);
    if (!parsed.success) {
      setError(t('cockpitOperators.rolesRequired'));
      return;
    }
    save.mutate();
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm">
          {operator.firstName} {operator.lastName} · {operator.email}
        </Text>
        <RolesField value={roles} onChange={setRoles} error={error} />
        <Text size="xs" c="dimmed">
          {t('cockpitOperators.rolesEffect')}
        </Text>
        <FormActions
          cancelLabel={t('common.cancel')}
          submitLabel={t('cockpitOperators.save')}
          loading={save.isPending}
          onCancel={onDone}
        />
      </Stack>
    </form>
  );
}

/** cockpit/operators: administrators invite operators, give them roles and deactivate them. */
export function OperatorsPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const session = useSession();
  const queryClient = useQueryClient();
  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState<OperatorRow | null>(null);
  const [confirming, setConfirming] = useState<OperatorRow | null>(null);
  const canChange = (session.operatorAcl ?? []).some((p) => p.subject === 'operators' && p.action === 'update');
  const query = useQuery({
    queryKey: OPERATORS_KEY,
    queryFn: ({ signal }) => api.request(CockpitOperatorsQuery, {}, { signal }).then((r) => r.cockpitOperators),
  });
  const setActive = useMutation({
    mutationFn: (input: { id: string; active: boolean }) => api.request(CockpitSetOperatorActiveMutation, input),
    onSuccess: (_, input) => {
      flash.success(t(input.active ? 'cockpitOperators.reactivated' : 'cockpitOperators.deactivated'));
      setConfirming(null);
      void queryClient.invalidateQueries({ queryKey: OPERATORS_KEY });
    },
    onError: (error) => flash.error(errorMessage(error, t)),
  });
  const resend = useMutation({
    mutationFn: (id: string) => api.request(CockpitResendOperatorInviteMutation, { id }),
    onSuccess: () => flash.success(t('cockpitOperators.resent')),
    onError: (error) => flash.error(errorMessage(error, t)),
  });

  const operators = query.data ?? [];
  return (
    <PageFrame
      route="cockpitOperators"
      description={t('cockpitOperators.subtitle')}
      actions={
        canChange && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setInviting(true)}>
            {t('cockpitOperators.invite')}
          </Button>
        )
      }
    >
      {query.isError && <ErrorAlert error={query.error} />}
      <Card withBorder radius="md" p={0}>
        <ScrollArea type="auto" scrollbars="x">
          <Table striped highlightOnHover miw={720} verticalSpacing="sm" horizontalSpacing="md">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('cockpitOperators.name')}</Table.Th>
                <Table.Th>{t('cockpitOperators.roles')}</Table.Th>
                <Table.Th>{t('cockpitOperators.state')}</Table.Th>
                <Table.Th>{t('cockpitOperators.lastSignIn')}</Table.Th>
                {canChange && (
                  <Table.Th>
                    <VisuallyHidden>{t('cockpitOperators.actions')}</VisuallyHidden>
                  </Table.Th>
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {operators.map((o) => {
                const self = o.id === session.account.id;
                return (
                  <Table.Tr key={o.id} data-testid={`operator-${o.email}`}>
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {o.firstName} {o.lastName}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {o.email}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4}>
                        {o.roles.map((role) => (
                          <Badge key={role} variant="light" color={role === 'administrator' ? 'dark' : 'teal'}>
                            {t(`cockpitOperators.role.${role as OperatorRole}`)}
                          </Badge>
                        ))}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" c={o.isActive ? undefined : 'red'}>
                        {!o.isActive
                          ? t('cockpitOperators.inactive')
                          : o.isConfirmed
                            ? t('cockpitOperators.active')
                            : t('cockpitOperators.invitedState')}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{o.lastSignIn ? format.dateTime(o.lastSignIn) : '—'}</Text>
                    </Table.Td>
                    {canChange && (
                      <Table.Td>
                        <Group gap="xs" justify="flex-end" wrap="nowrap">
                          {!o.isConfirmed && o.isActive && (
                            <Button
                              size="xs"
                              variant="subtle"
                              leftSection={<IconMailForward size={14} />}
                              loading={resend.isPending && resend.variables === o.id}
                              onClick={() => resend.mutate(o.id)}
                            >
                              {t('cockpitOperators.resend')}
                            </Button>
                          )}
                          <Button
                            size="xs"
                            variant="default"
                            leftSection={<IconShieldLock size={14} />}
                            onClick={() => setEditing(o)}
                            aria-label={t('cockpitOperators.editRolesOf', { name: `${o.firstName} ${o.lastName}` })}
                          >
                            {t('cockpitOperators.editRoles')}
                          </Button>
                          {!self && (
                            <Button
                              size="xs"
                              variant={o.isActive ? 'light' : 'default'}
                              color={o.isActive ? 'red' : undefined}
                              onClick={() =>
                                o.isActive ? setConfirming(o) : setActive.mutate({ id: o.id, active: true })
                              }
                            >
                              {o.isActive ? t('cockpitOperators.deactivate') : t('cockpitOperators.reactivate')}
                            </Button>
                          )}
                        </Group>
                      </Table.Td>
                    )}
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      </Card>
      <Modal opened={inviting} onClose={() => setInviting(false)} title={t('cockpitOperators.invite')} size="lg">
        <InviteForm onDone={() => setInviting(false)} />
      </Modal>
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={t('cockpitOperators.editRoles')}>
        {editing && <RolesForm operator={editing} onDone={() => setEditing(null)} />}
      </Modal>
      <Modal opened={confirming !== null} onClose={() => setConfirming(null)} title={t('cockpitOperators.deactivate')}>
        {confirming && (
          <Stack gap="sm">
            <Alert color="red" variant="light">
              {t('cockpitOperators.deactivateConfirm', { email: confirming.email })}
            </Alert>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setConfirming(null)}>
                {t('common.cancel')}
              </Button>
              <Button
                color="red"
                loading={setActive.isPending}
                onClick={() => setActive.mutate({ id: confirming.id, active: false })}
              >
                {t('cockpitOperators.deactivate')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </PageFrame>
  );
}
