import { CONTACT_GROUPS, contactSchema } from '@pp/domain';
import { Alert, Badge, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api/api';
import { errorMessage, fieldErrors, issueErrors } from '../../../app/api/apiError';
import { canAccess } from '../../../app/session/access';
import { useSession } from '../../../app/session/session';
import { DataGrid, type DataGridColumn } from '../../../ui/DataGrid/DataGrid';
import { flash } from '../../../ui/flash';
import { useDocumentTitle } from '../../../ui/PageFrame';
import { ConfirmDelete } from '../../onboarding/steps/settings/ConfirmDelete';
import { RowActions, useRemoveSetting, useSettingsDraft } from '../../onboarding/steps/settings/editing';
import { refreshOnboarding } from '../../onboarding/steps/settings/refresh';
import { useSeatCountry } from '../seatCountry';
import { type ContactDraft, ContactFields, EMPTY_CONTACT } from './ContactFields';
import {
  CONTACTS_KEY,
  type ContactGridRow,
  ContactsGridQuery,
  DeletePartnerContactMutation,
  SavePartnerContactMutation,
} from './operations';
import { useUnsavedChanges } from '../../../ui/UnsavedChanges';

/** Spec §9: the contacts grid shows 10 a page. */
export const CONTACTS_PAGE = 10;

function refreshContacts(queryClient: ReturnType<typeof useQueryClient>) {
  void queryClient.invalidateQueries({ queryKey: CONTACTS_KEY });
  void refreshOnboarding(queryClient);
}

/** The contacts tab (`/partner/contacts`): contact people with their roles, filtered, sorted and searched. */
export function ContactsPage() {
  const { t } = useTranslation();
  useDocumentTitle('partnerContacts');
  const session = useSession();
  const country = useSeatCountry();
  const [editing, setEditing] = useState<{ id: string | null; draft: ContactDraft } | null>(null);
  const [deleting, setDeleting] = useState<ContactGridRow | null>(null);
  const may = (action: 'create' | 'update' | 'delete') => canAccess(session, 'partnerContacts', action);
  const mdpActive = session.selectedPartner?.mdpStatus === 'active';

  const remove = useRemoveSetting(
    (id) => api.request(DeletePartnerContactMutation, { id }),
    t('contacts.deleted'),
    () => setDeleting(null),
    refreshContacts,
  );

  const columns = useMemo(
    (): DataGridColumn<ContactGridRow>[] => [
      {
        field: 'name',
        header: 'partner.contacts.name',
        filterType: 'TEXT',
        sortable: true,
        render: (row) => (
          <Text size="sm" fw={500}>
            {row.firstName} {row.lastName}
          </Text>
        ),
      },
      {
        field: 'email',
        header: 'contacts.fields.email',
        filterType: 'TEXT',
        sortable: true,
        render: (row) => (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {row.email}
          </Text>
        ),
      },
      {
        field: 'phone',
        header: 'contacts.fields.phone',
        filterType: 'TEXT',
        sortable: true,
        render: (r) => r.phone || '—',
      },
      {
        field: 'roles',
        header: 'contacts.fields.roles',
        filterType: 'MULTIPLE_ENUMS',
        options: CONTACT_GROUPS.map((role) => ({ value: role, label: t(`contacts.roles.${role}`) })),
        render: (row) => (
          <Group gap={4}>
            {row.roles.map((role) => (
              <Badge key={role} variant="light" color={role === 'MALL_DELIVERY' ? 'orange' : 'gray'} tt="none">
                {t(`contacts.roles.${role}`)}
              </Badge>
            ))}
          </Group>
        ),
      },
    ],
    [t],
  );

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Text size="sm" c="dimmed" maw={720}>
          {t('partner.contacts.intro')}
        </Text>
        {may('create') && (
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setEditing({ id: null, draft: EMPTY_CONTACT })}
          >
            {t('contacts.add')}
          </Button>
        )}
      </Group>
      {mdpActive && (
        <Alert variant="light" color="blue" data-testid="mdp-active-note">
          {t('partner.contacts.mdpActive')}
        </Alert>
      )}
      <DataGrid
        id="partner-contacts"
        columns={columns}
        queryKey={CONTACTS_KEY}
        rowKey={(row) => row.id}
        fixedPerPage={CONTACTS_PAGE}
        savedViews={false}
        fetch={(grid, signal) => api.request(ContactsGridQuery, { grid }, { signal }).then((r) => r.contactsGrid)}
        rowActions={
          may('update') || may('delete')
            ? (row) => {
                const name = `${row.firstName} ${row.lastName}`;
                return (
                  <RowActions
                    editLabel={t('contacts.edit', { name })}
                    deleteLabel={t('contacts.delete', { name })}
                    onEdit={() =>
                      setEditing({
                        id: row.id,
                        draft: {
                          firstName: row.firstName,
                          lastName: row.lastName,
                          email: row.email,
                          phone: row.phone,
                          roles: [...row.roles],
                        },
                      })
                    }
                    onDelete={() => setDeleting(row)}
                  />
                );
              }
            : undefined
        }
      />
      {editing && <ContactDialog editing={editing} country={country} onClose={() => setEditing(null)} />}
      <ConfirmDelete
        opened={deleting !== null}
        text={t('contacts.confirmDelete', { name: deleting ? `${deleting.firstName} ${deleting.lastName}` : '' })}
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}

/** The rules the browser can judge alone; the server judges them again with the rest (one contact, mandatory). */
function localErrors(draft: ContactDraft, country: string, t: TFunction) {
  const parsed = contactSchema(country).safeParse(draft);
  const errors: Record<string, string | undefined> = parsed.success ? {} : issueErrors(parsed.error.issues, t);
  if (draft.roles.includes('MALL_DELIVERY')) {
    if (draft.roles.length > 1) errors.roles ??= t('partner.contacts.mdpStandalone');
    if (!draft.phone.trim()) errors.phone ??= t('validation.required');
  }
  return errors;
}

function ContactDialog({
  editing,
  country,
  onClose,
}: {
  editing: { id: string | null; draft: ContactDraft };
  country: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { draft, errors, setForm, showErrors, change, dirty } = useSettingsDraft<ContactDraft>(editing.draft);

  const save = useMutation({
    mutationFn: () => api.request(SavePartnerContactMutation, { id: editing.id, input: draft }),
    onSuccess: () => {
      flash.success(t('contacts.saved'));
      refreshContacts(queryClient);
      onClose();
    },
    onError: (error) => showErrors(fieldErrors(error, t)),
  });
  // A dialog with changes asks before it closes (the close button, Escape, Cancel, a link or the back button).
  const unsaved = useUnsavedChanges(dirty && !save.isPending);
  const close = () => unsaved.confirmDiscard(onClose);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = localErrors(draft, country, t);
    if (Object.values(found).some(Boolean)) {
      showErrors(found);
      return;
    }
    save.mutate();
  };

  return (
    <Modal
      closeButtonProps={{ 'aria-label': t('common.close') }}
      opened
      onClose={close}
      title={editing.id ? t('contacts.editTitle') : t('contacts.addTitle')}
      centered
      size="lg"
    >
      {unsaved.prompt}
      <form ref={setForm} onSubmit={submit} noValidate>
        <Stack gap="sm">
          <ContactFields draft={draft} errors={errors} change={change} offeredRoles={CONTACT_GROUPS} />
          {save.isError && (
            <Alert color="red" role="alert">
              {errorMessage(save.error, t)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('contacts.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
