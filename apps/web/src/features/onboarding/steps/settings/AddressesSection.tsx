import { DeletePartnerAddressMutation, SavePartnerAddressMutation } from '../../../partner/addresses/operations';
import { ADDRESS_TYPES, addressSchema, ONBOARDING_REQUIRED_ADDRESS_TYPES } from '@pp/domain';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../../app/api/api';
import { errorMessage, fieldErrors, issueErrors } from '../../../../app/api/apiError';
import { ErrorAlert } from '../../../../ui/ErrorAlert';
import { flash } from '../../../../ui/flash';
import {
  type AddressDraft as Draft,
  AddressFields,
  emptyAddressDraft as emptyDraft,
} from '../../../partner/addresses/AddressFields';
import { ConfirmDelete } from './ConfirmDelete';
import { type AddressData, AddressesQuery, type ChecklistData, SETTINGS_KEYS } from './operations';
import { refreshOnboarding } from './refresh';
import { RowActions, useRemoveSetting, useSettingsDraft } from './editing';
import { RequiredMarks, SectionCard } from './SectionCard';
import { useUnsavedChanges } from '../../../../ui/UnsavedChanges';

/** MALL Delivery warehouses have their own rules and screen (issue 10): not offered here. */
const OFFERED_TYPES = ADDRESS_TYPES.filter((type) => type !== 'MDP_WAREHOUSE');

export function AddressesSection({ checklist, country }: { checklist: ChecklistData | undefined; country: string }) {
  const { t } = useTranslation();
  const addresses = useQuery({
    queryKey: SETTINGS_KEYS.addresses,
    queryFn: ({ signal }) => api.request(AddressesQuery, {}, { signal }).then((r) => r.partnerAddresses),
  });
  const [editing, setEditing] = useState<{ id: string | null; draft: Draft } | null>(null);
  const [deleting, setDeleting] = useState<AddressData | null>(null);

  const remove = useRemoveSetting(
    (id) => api.request(DeletePartnerAddressMutation, { id }),
    t('addresses.deleted'),
    () => setDeleting(null),
  );

  const required = ONBOARDING_REQUIRED_ADDRESS_TYPES.map((type) => ({
    key: type,
    label: t(`addresses.types.${type}`),
    ok: checklist?.addresses.find((a) => a.type === type)?.ok ?? false,
  }));

  return (
    <SectionCard
      id="addresses"
      title={t('addresses.title')}
      intro={t('addresses.intro')}
      done={checklist ? required.every((r) => r.ok) : null}
    >
      <RequiredMarks items={required} />
      {addresses.isError && <ErrorAlert error={addresses.error} />}
      {addresses.data?.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('addresses.empty')}
        </Text>
      )}
      <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {addresses.data?.map((address) => (
          <Group key={address.id} component="li" justify="space-between" wrap="nowrap" data-testid="address-row">
            <div>
              <Text size="sm" fw={500}>
                {address.street}, {address.zip} {address.city}, {address.state}
              </Text>
              <Text size="xs" c="dimmed">
                {address.types.map((type) => t(`addresses.types.${type}`)).join(' · ')}
              </Text>
            </div>
            <RowActions
              editLabel={t('addresses.edit', { address: address.street })}
              deleteLabel={t('addresses.delete', { address: address.street })}
              onEdit={() =>
                setEditing({
                  id: address.id,
                  draft: {
                    street: address.street,
                    city: address.city,
                    state: address.state,
                    zip: address.zip,
                    types: [...address.types],
                  },
                })
              }
              onDelete={() => setDeleting(address)}
            />
          </Group>
        ))}
      </Stack>
      <Group>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => setEditing({ id: null, draft: emptyDraft(country) })}
        >
          {t('addresses.add')}
        </Button>
      </Group>
      {editing && <AddressModal editing={editing} onClose={() => setEditing(null)} />}
      <ConfirmDelete
        opened={deleting !== null}
        text={t('addresses.confirmDelete', { address: deleting ? `${deleting.street}, ${deleting.city}` : '' })}
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onClose={() => setDeleting(null)}
      />
    </SectionCard>
  );
}

function AddressModal({ editing, onClose }: { editing: { id: string | null; draft: Draft }; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { draft, errors, setForm, showErrors, change, dirty } = useSettingsDraft<Draft>(editing.draft);

  const save = useMutation({
    mutationFn: () => api.request(SavePartnerAddressMutation, { id: editing.id, input: draft }),
    onSuccess: () => {
      flash.success(t('addresses.saved'));
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
    const parsed = addressSchema.safeParse(draft);
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
      title={editing.id ? t('addresses.editTitle') : t('addresses.addTitle')}
      centered
    >
      {unsaved.prompt}
      <form ref={setForm} onSubmit={submit} noValidate>
        <Stack gap="sm">
          <AddressFields draft={draft} errors={errors} change={change} offeredTypes={OFFERED_TYPES} />
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
              {t('addresses.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
