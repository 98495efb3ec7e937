import { ADDRESS_TYPES, addressSchema, addressStateAllowed, mdpWarehouseBlankFields } from '@pp/domain';
import { Alert, Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useMemo, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api/api';
import { errorMessage, fieldErrors, issueErrors } from '../../../app/api/apiError';
import { useFeatureFlags } from '../../../app/flags';
import { useFormat } from '../../../app/i18n/format';
import { canAccess } from '../../../app/session/access';
import { useSession } from '../../../app/session/session';
import { DataGrid, type DataGridColumn } from '../../../ui/DataGrid/DataGrid';
import { flash } from '../../../ui/flash';
import { countryOptions } from '../../catalog/countries';
import { ConfirmDelete } from '../../onboarding/steps/settings/ConfirmDelete';
import { RowActions, useRemoveSetting, useSettingsDraft } from '../../onboarding/steps/settings/editing';
import { refreshOnboarding } from '../../onboarding/steps/settings/refresh';
import { useSeatCountry } from '../seatCountry';
import { type AddressDraft, AddressFields, emptyAddressDraft } from './AddressFields';
import {
  ADDRESSES_KEY,
  AddressesGridQuery,
  type AddressGridRow,
  AddressStateAllowedQuery,
  DeletePartnerAddressMutation,
  SavePartnerAddressMutation,
} from './operations';
import { useUnsavedChanges } from '../../../ui/UnsavedChanges';

/** Spec §9: the addresses grid shows 10 a page. */
export const ADDRESSES_PAGE = 10;

/** After a change both the partner area's grid and onboarding step 3 (same rows, checklist) refresh. */
function refreshAddresses(queryClient: ReturnType<typeof useQueryClient>) {
  void queryClient.invalidateQueries({ queryKey: ADDRESSES_KEY });
  void refreshOnboarding(queryClient);
}

/** The partner's addresses (on the info tab): a grid with create, edit and delete dialogs. */
export function AddressesSection() {
  const { t } = useTranslation();
  const format = useFormat();
  const session = useSession();
  const seat = useSeatCountry();
  const [editing, setEditing] = useState<{ id: string | null; draft: AddressDraft } | null>(null);
  const [deleting, setDeleting] = useState<AddressGridRow | null>(null);
  const may = (action: 'create' | 'update' | 'delete') => canAccess(session, 'partner', action);
  const mdpActive = session.selectedPartner?.mdpStatus === 'active';

  const remove = useRemoveSetting(
    (id) => api.request(DeletePartnerAddressMutation, { id }),
    t('addresses.deleted'),
    () => setDeleting(null),
    refreshAddresses,
  );

  const countryName = useMemo(() => {
    const names = new Map(countryOptions(format.locale).map((o) => [o.value, o.label]));
    return (code: string) => names.get(code) ?? code;
  }, [format.locale]);

  const columns = useMemo(
    (): DataGridColumn<AddressGridRow>[] => [
      { field: 'street', header: 'addresses.fields.street', filterType: 'TEXT', sortable: true },
      { field: 'city', header: 'addresses.fields.city', filterType: 'TEXT', sortable: true },
      { field: 'zip', header: 'addresses.fields.zip', filterType: 'TEXT', sortable: true },
      {
        field: 'state',
        header: 'addresses.fields.state',
        filterType: 'TEXT',
        sortable: true,
        render: (row) => countryName(row.state),
      },
      {
        field: 'types',
        header: 'addresses.fields.types',
        filterType: 'MULTIPLE_ENUMS',
        options: ADDRESS_TYPES.map((type) => ({ value: type, label: t(`addresses.types.${type}`) })),
        render: (row) => row.types.map((type) => t(`addresses.types.${type}`)).join(', '),
      },
    ],
    [t, countryName],
  );

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="partner-addresses-title">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <div>
            <Title order={2} size="h4" id="partner-addresses-title">
              {t('partner.addresses.title')}
            </Title>
            <Text size="sm" c="dimmed" maw={720}>
              {t('partner.addresses.intro')}
            </Text>
          </div>
          {may('create') && (
            <Button
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => setEditing({ id: null, draft: emptyAddressDraft(seat) })}
            >
              {t('addresses.add')}
            </Button>
          )}
        </Group>
        {mdpActive && (
          <Alert variant="light" color="blue" data-testid="mdp-active-note">
            {t('partner.addresses.mdpActive')}
          </Alert>
        )}
        <DataGrid
          id="partner-addresses"
          urlPrefix="addr"
          columns={columns}
          queryKey={ADDRESSES_KEY}
          rowKey={(row) => row.id}
          fixedPerPage={ADDRESSES_PAGE}
          savedViews={false}
          fetch={(grid, signal) => api.request(AddressesGridQuery, { grid }, { signal }).then((r) => r.addressesGrid)}
          rowActions={
            may('update') || may('delete')
              ? (row) => (
                  <RowActions
                    editLabel={t('addresses.edit', { address: row.street })}
                    deleteLabel={t('addresses.delete', { address: row.street })}
                    onEdit={() =>
                      setEditing({
                        id: row.id,
                        draft: {
                          street: row.street,
                          city: row.city,
                          state: row.state,
                          zip: row.zip,
                          types: [...row.types],
                        },
                      })
                    }
                    onDelete={() => setDeleting(row)}
                  />
                )
              : undefined
          }
        />
      </Stack>
      {editing && <AddressDialog editing={editing} onClose={() => setEditing(null)} />}
      <ConfirmDelete
        opened={deleting !== null}
        text={t('addresses.confirmDelete', { address: deleting ? `${deleting.street}, ${deleting.city}` : '' })}
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onClose={() => setDeleting(null)}
      />
    </Paper>
  );
}

/**
 * The rules the browser can judge alone (the warehouse stands alone, has every field, is in a supported
 * country); the server judges them again with the rest (one warehouse, not removable while active).
 */
function localErrors(draft: AddressDraft, croatiaEnabled: boolean, t: TFunction) {
  const parsed = addressSchema.safeParse(draft);
  const errors: Record<string, string | undefined> = parsed.success ? {} : issueErrors(parsed.error.issues, t);
  // Every field of a warehouse is required; shown with the other fields' messages, not before them.
  for (const field of mdpWarehouseBlankFields(draft)) errors[field] = t('validation.required');
  if (draft.types.includes('MDP_WAREHOUSE') && draft.types.length > 1) {
    errors.types ??= t('partner.addresses.mdpStandalone');
  }
  if (draft.state && !addressStateAllowed(draft.state, draft.types, croatiaEnabled)) {
    errors.state ??= t('validation.stateAllowed');
  }
  return errors;
}

function AddressDialog({
  editing,
  onClose,
}: {
  editing: { id: string | null; draft: AddressDraft };
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const flags = useFeatureFlags();
  const { draft, errors, setForm, showErrors, change, dirty } = useSettingsDraft<AddressDraft>(editing.draft);
  // Whether the country is allowed depends on the types: a change of types takes back the country's message.
  const changeAddress = (patch: Partial<AddressDraft>) =>
    change(patch.types ? { state: draft.state, ...patch } : patch);
  const warehouse = draft.types.includes('MDP_WAREHOUSE');
  const locallyAllowed = !draft.state || addressStateAllowed(draft.state, draft.types, flags.croatiaEnabled);

  // The spec's state-allowed check: the server has the last word on the countries (the market flags).
  const serverAllowed = useQuery({
    queryKey: ['partner', 'addressStateAllowed', draft.state, warehouse],
    queryFn: ({ signal }) =>
      api
        .request(AddressStateAllowedQuery, { stateCode: draft.state, types: draft.types }, { signal })
        .then((r) => r.addressStateAllowed),
    enabled: warehouse && locallyAllowed && /^[A-Z]{2}$/.test(draft.state),
  });
  const stateError =
    errors.state ?? (!locallyAllowed || serverAllowed.data === false ? t('validation.stateAllowed') : undefined);

  const save = useMutation({
    mutationFn: () => api.request(SavePartnerAddressMutation, { id: editing.id, input: draft }),
    onSuccess: () => {
      flash.success(t('addresses.saved'));
      refreshAddresses(queryClient);
      onClose();
    },
    onError: (error) => showErrors(fieldErrors(error, t)),
  });
  // A dialog with changes asks before it closes (the close button, Escape, Cancel, a link or the back button).
  const unsaved = useUnsavedChanges(dirty && !save.isPending);
  const close = () => unsaved.confirmDiscard(onClose);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = localErrors(draft, flags.croatiaEnabled, t);
    if (serverAllowed.data === false) found.state ??= t('validation.stateAllowed');
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
      title={editing.id ? t('addresses.editTitle') : t('addresses.addTitle')}
      centered
    >
      {unsaved.prompt}
      <form ref={setForm} onSubmit={submit} noValidate>
        <Stack gap="sm">
          <AddressFields
            draft={draft}
            errors={{ ...errors, state: stateError }}
            change={changeAddress}
            offeredTypes={ADDRESS_TYPES}
          />
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
