import { DeletePartnerContactMutation, SavePartnerContactMutation } from '../../../partner/contacts/operations';
import { CONTACT_GROUPS, contactSchema, ONBOARDING_REQUIRED_CONTACT_GROUPS } from '@pp/domain';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../../app/api/api';
import { errorMessage, fieldErrors, issueErrors } from '../../../../app/api/apiError';
import { ErrorAlert } from '../../../../ui/ErrorAlert';
import {
  type ContactDraft as Draft,
  ContactFields,
  EMPTY_CONTACT as EMPTY,
} from '../../../partner/contacts/ContactFields';
import { flash } from '../../../../ui/flash';
import { ConfirmDelete } from './ConfirmDelete';
import { type ChecklistData, type ContactData, ContactsQuery, SETTINGS_KEYS } from './operations';
import { refreshOnboarding } from './refresh';
import { RowActions, useRemoveSetting, useSettingsDraft } from './editing';
import { RequiredMarks, SectionCard } from './SectionCard';
import { useUnsavedChanges } from '../../../../ui/UnsavedChanges';

/** The MALL Delivery contact has its own rules (issue 10): not offered here. */
const OFFERED_ROLES = CONTACT_GROUPS.filter((role) => role !== 'MALL_DELIVERY');

export function ContactsSection({ checklist, country }: { checklist: ChecklistData | undefined; country: string }) {
  const { t } = useTranslation();
  const contacts = useQuery({
    queryKey: SETTINGS_KEYS.contacts,
    queryFn: ({ signal }) => api.request(ContactsQuery, {}, { signal }).then((r) => r.partnerContacts),
  });
  const [editing, setEditing] = useState<{ id: string | null; draft: Draft } | null>(null);
  const [deleting, setDeleting] = useState<ContactData | null>(null);

  const remove = useRemoveSetting(
    (id) => api.request(DeletePartnerContactMutation, { id }),
    t('contacts.deleted'),
    () => setDeleting(null),
  );

  const required = ONBOARDING_REQUIRED_CONTACT_GROUPS.map((role) => ({
    key: role,
    label: t(`contacts.roles.${role}`),
    ok: checklist?.contacts.find((c) => c.type === role)?.ok ?? false,
  }));

  return (
    <SectionCard
      id="contacts"
      title={t('contacts.title')}
      intro={t('contacts.intro')}
      done={checklist ? required.every((r) => r.ok) : null}
    >
      <RequiredMarks items={required} />
      {contacts.isError && <ErrorAlert error={contacts.error} />}
      {contacts.data?.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('contacts.empty')}
        </Text>
      )}
      <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {contacts.data?.map((contact) => {
          const name = `${contact.firstName} ${contact.lastName}`;
          return (
            <Group key={contact.id} component="li" justify="space-between" wrap="nowrap" data-testid="contact-row">
              <div style={{ minWidth: 0 }}>
                <Text size="sm" fw={500}>
                  {name}
                </Text>
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {[contact.email, contact.phone].filter(Boolean).join(' · ')}
                </Text>
                <Text size="xs" c="dimmed">
                  {contact.roles.map((role) => t(`contacts.roles.${role}`)).join(' · ')}
                </Text>
              </div>
              <RowActions
                editLabel={t('contacts.edit', { name })}
                deleteLabel={t('contacts.delete', { name })}
                onEdit={() =>
                  setEditing({
                    id: contact.id,
                    draft: {
                      firstName: contact.firstName,
                      lastName: contact.lastName,
                      email: contact.email,
                      phone: contact.phone,
                      roles: [...contact.roles],
                    },
                  })
                }
                onDelete={() => setDeleting(contact)}
              />
            </Group>
          );
        })}
      </Stack>
      <Group>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => setEditing({ id: null, draft: EMPTY })}
        >
          {t('contacts.add')}
        </Button>
      </Group>
      {editing && <ContactModal editing={editing} country={country} onClose={() => setEditing(null)} />}
      <ConfirmDelete
        opened={deleting !== null}
        text={t('contacts.confirmDelete', { name: deleting ? `${deleting.firstName} ${deleting.lastName}` : '' })}
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onClose={() => setDeleting(null)}
      />
    </SectionCard>
  );
}

function ContactModal({
  editing,
  country,
  onClose,
}: {
  editing: { id: string | null; draft: Draft };
  country: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { draft, errors, setForm, showErrors, change, dirty } = useSettingsDraft<Draft>(editing.draft);

  const save = useMutation({
    mutationFn: () => api.request(SavePartnerContactMutation, { id: editing.id, input: draft }),
    onSuccess: () => {
      flash.success(t('contacts.saved'));
      void refreshOnboarding(queryClient);
      onClose();
    },
    onError: (error) => showErrors(fieldErrors(error, t)),
  });
  // A dialog with changes asks before it closes (the close button, Escape, Cancel, a link or the back button).
  const unsaved = useUnsavedChanges(dirty && !save.isPending);
  const close = () => unsaved.confirmDiscard(onClose);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = contactSchema(country).safeParse(draft);
    if (!parsed.success) {
      showErrors(issueErrors(parsed.error.issues, t));
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
          <ContactFields draft={draft} errors={errors} change={change} offeredRoles={OFFERED_ROLES} />
          {save.isError && Object.keys(fieldErrors(save.error, t)).length === 0 && (
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
