import {
  type GridFilter,
  type GridSort,
  gridFilterSchema,
  gridSortSchema,
  isSavedViewNameTaken,
  SAVED_VIEW_NAME_MAX,
  savedViewInputSchema,
} from '@pp/domain';
import { ActionIcon, Button, Menu, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBookmark, IconBookmarkPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { fieldErrors, issueErrors } from '../../app/api/apiError';
import { ErrorAlert } from '../ErrorAlert';
import { FormActions } from '../FormActions';
import { flash } from '../flash';
import { useFormFields } from '../useFormFields';
import { type SavedView, SavedViewCreateMutation, SavedViewDeleteMutation, SavedViewsQuery } from './operations';

export interface ViewState {
  filters: GridFilter[];
  sort: GridSort | null;
  search: string;
}

/** A stored view back as grid state; parts this build no longer understands are dropped. */
export function viewState(view: SavedView): ViewState {
  const filters = view.filters.flatMap((f) => {
    const parsed = gridFilterSchema.safeParse({ ...f, value: f.value ?? undefined, values: f.values ?? undefined });
    return parsed.success ? [parsed.data] : [];
  });
  const sort = gridSortSchema.safeParse(view.sort);
  return { filters, sort: sort.success ? sort.data : null, search: view.search ?? '' };
}

/** The "Views" menu of a grid: a person's saved filters, sort and search, by name (spec §5: names unique). */
export function SavedViews({
  gridId,
  current,
  onApply,
}: {
  gridId: string;
  current: ViewState;
  onApply: (state: ViewState) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const queryKey = ['savedViews', gridId];
  const views = useQuery({
    queryKey,
    queryFn: ({ signal }) => api.request(SavedViewsQuery, { gridId }, { signal }).then((r) => r.savedViews),
  });
  const [opened, { open, close }] = useDisclosure(false);
  const { values, setValues, errors, setErrors, set } = useFormFields({ name: '' });

  const create = useMutation({
    mutationFn: (input: { name: string }) =>
      api.request(SavedViewCreateMutation, {
        gridId,
        name: input.name,
        filters: current.filters.map((f) => ({
          field: f.field,
          operator: f.operator,
          value: f.value ?? null,
          values: f.values ?? null,
        })),
        sort: current.sort,
        search: current.search || null,
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey });
      flash.success(t('grid.views.saved'));
      setValues({ name: '' });
      close();
    },
    onError: (e) => setErrors(fieldErrors(e, t)),
  });
  const remove = useMutation({
    mutationFn: (id: string) => api.request(SavedViewDeleteMutation, { id }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey });
      flash.success(t('grid.views.deleted'));
    },
    onError: () => flash.error(t('errors.UNKNOWN')),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = savedViewInputSchema.safeParse({ gridId, name: values.name, state: current });
    if (!parsed.success) {
      setErrors({
        name: issueErrors<'name'>(parsed.error.issues, t, { 0: SAVED_VIEW_NAME_MAX }).name ?? t('validation.invalid'),
      });
      return;
    }
    // The same rule the server applies, checked against the views already loaded.
    if (isSavedViewNameTaken(parsed.data.name, views.data ?? [])) {
      setErrors({ name: t('validation.uniqueFilterName') });
      return;
    }
    setErrors({});
    create.mutate({ name: parsed.data.name });
  };

  return (
    <>
      <Menu position="bottom-end" shadow="md" width={280}>
        <Menu.Target>
          <Button variant="default" leftSection={<IconBookmark size={16} />} data-testid="grid-views">
            {t('grid.views.button')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {(views.data ?? []).length === 0 && (
            <Text size="sm" c="dimmed" px="sm" py={6}>
              {t('grid.views.empty')}
            </Text>
          )}
          {(views.data ?? []).map((view) => (
            <Menu.Item
              key={view.id}
              onClick={() => onApply(viewState(view))}
              data-testid="grid-view"
              rightSection={
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="sm"
                  aria-label={t('grid.views.delete', { name: view.name })}
                  onClick={(event) => {
                    event.stopPropagation();
                    remove.mutate(view.id);
                  }}
                >
                  <IconTrash size={14} />
                </ActionIcon>
              }
            >
              {view.name}
            </Menu.Item>
          ))}
          <Menu.Divider />
          <Menu.Item leftSection={<IconBookmarkPlus size={16} />} onClick={open} data-testid="grid-view-save">
            {t('grid.views.save')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <Modal opened={opened} onClose={close} title={t('grid.views.saveTitle')} centered>
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            {create.isError && !errors.name && <ErrorAlert error={create.error} />}
            <TextInput
              label={t('grid.views.name')}
              value={values.name}
              onChange={set('name')}
              error={errors.name}
              withAsterisk
              data-autofocus
            />
            <FormActions
              cancelLabel={t('grid.views.cancel')}
              submitLabel={t('grid.views.saveSubmit')}
              onCancel={close}
              loading={create.isPending}
              submitTestId="grid-view-save-submit"
            />
          </Stack>
        </form>
      </Modal>
    </>
  );
}
