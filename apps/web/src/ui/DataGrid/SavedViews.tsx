import {
  type GridFilter,
  type GridSort,
  gridFilterSchema,
  gridSortSchema,
  isSavedViewNameTaken,
  SAVED_VIEW_NAME_MAX,
  savedViewInputSchema,
} from '@pp/domain';
import { ActionIcon, Button, Group, Menu, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBookmark, IconBookmarkPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
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
  /** The columns shown, in their order; null when the view keeps whatever columns the user has. */
  columns: string[] | null;
}

/**
 * A stored view back as grid state; parts this build no longer understands are dropped (filters that do not
 * parse, columns the grid no longer has). A view whose columns are all gone keeps the user's columns.
 */
export function viewState(view: SavedView, knownColumns?: readonly string[]): ViewState {
  const filters = view.filters.flatMap((f) => {
    const parsed = gridFilterSchema.safeParse({ ...f, value: f.value ?? undefined, values: f.values ?? undefined });
    return parsed.success ? [parsed.data] : [];
  });
  const sort = gridSortSchema.safeParse(view.sort);
  const columns = (view.columns ?? []).filter((c) => !knownColumns || knownColumns.includes(c));
  return {
    filters,
    sort: sort.success ? sort.data : null,
    search: view.search ?? '',
    columns: columns.length > 0 ? [...new Set(columns)] : null,
  };
}

/** Whether the grid still shows what the view saved (its name is then shown as the applied view). */
export function viewMatches(view: ViewState, current: ViewState): boolean {
  const filterKey = (list: readonly GridFilter[]) =>
    JSON.stringify(list.map((f) => [f.field, f.operator, f.value ?? null, f.values ?? null]).sort());
  const sortKey = (sort: GridSort | null) => (sort ? `${sort.field}:${sort.direction}` : '');
  return (
    filterKey(view.filters) === filterKey(current.filters) &&
    sortKey(view.sort) === sortKey(current.sort) &&
    view.search.trim() === current.search.trim() &&
    (view.columns === null || JSON.stringify(view.columns) === JSON.stringify(current.columns))
  );
}

/**
 * The "Views" menu of a grid: a person's saved filters, sort, search and columns, by name (spec §5: names
 * unique). The applied view's name is shown while the grid still shows it; deleting asks first.
 */
export function SavedViews({
  gridId,
  current,
  onApply,
  knownColumns,
}: {
  gridId: string;
  current: ViewState;
  onApply: (state: ViewState) => void;
  /** The grid's column names: a view's columns the grid no longer has are left out. */
  knownColumns?: readonly string[];
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const queryKey = ['savedViews', gridId];
  const views = useQuery({
    queryKey,
    queryFn: ({ signal }) => api.request(SavedViewsQuery, { gridId }, { signal }).then((r) => r.savedViews),
  });
  const [opened, { open, close }] = useDisclosure(false);
  const [appliedId, setAppliedId] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<SavedView | null>(null);
  const applied = (views.data ?? []).find(
    (v) => v.id === appliedId && viewMatches(viewState(v, knownColumns), current),
  );
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
        columns: current.columns,
      }),
    onSuccess: ({ savedViewCreate }) => {
      // What was just saved is what the grid shows: it is the applied view now.
      setAppliedId(savedViewCreate.id);
      void queryClient.invalidateQueries({ queryKey });
      flash.success(t('grid.views.saved'));
      setValues({ name: '' });
      close();
    },
    onError: (e) => setErrors(fieldErrors(e, t)),
  });
  const remove = useMutation({
    mutationFn: (id: string) => api.request(SavedViewDeleteMutation, { id }),
    onSuccess: (_, id) => {
      void queryClient.invalidateQueries({ queryKey });
      if (id === appliedId) setAppliedId(null);
      setToDelete(null);
      flash.success(t('grid.views.deleted'));
    },
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
          <Button
            variant={applied ? 'light' : 'default'}
            leftSection={<IconBookmark size={16} />}
            data-testid="grid-views"
            maw={260}
          >
            {applied ? (
              <Text span size="sm" fw={600} truncate="end" data-testid="grid-view-applied" title={applied.name}>
                {t('grid.views.applied', { name: applied.name })}
              </Text>
            ) : (
              t('grid.views.button')
            )}
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
              onClick={() => {
                setAppliedId(view.id);
                onApply(viewState(view, knownColumns));
              }}
              data-testid="grid-view"
              fw={view.id === applied?.id ? 700 : undefined}
              rightSection={
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="sm"
                  aria-label={t('grid.views.delete', { name: view.name })}
                  data-testid="grid-view-delete"
                  onClick={(event) => {
                    event.stopPropagation();
                    remove.reset();
                    setToDelete(view);
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
      <Modal
        opened={toDelete !== null}
        onClose={() => setToDelete(null)}
        title={t('grid.views.deleteTitle')}
        centered
        data-testid="grid-view-delete-confirm"
      >
        <Stack gap="md">
          <Text size="sm">{t('grid.views.deleteConfirm', { name: toDelete?.name ?? '' })}</Text>
          {remove.isError && <ErrorAlert error={remove.error} />}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setToDelete(null)} data-autofocus>
              {t('grid.views.cancel')}
            </Button>
            <Button
              color="red"
              leftSection={<IconTrash size={16} />}
              loading={remove.isPending}
              onClick={() => toDelete && remove.mutate(toDelete.id)}
              data-testid="grid-view-delete-submit"
            >
              {t('grid.views.deleteSubmit')}
            </Button>
          </Group>
        </Stack>
      </Modal>
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
