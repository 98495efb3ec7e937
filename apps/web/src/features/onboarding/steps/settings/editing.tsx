import { ActionIcon, Group } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../../app/api/apiError';
import type { Permission } from '../../../../app/session/permission';
import { flash } from '../../../../ui/flash';
import { PermissionGate } from '../../../../ui/PermissionGate';
import { focusFirstInvalid } from '../../../../ui/useFormFields';
import { refreshOnboarding } from './refresh';

/**
 * The draft of a settings dialog (an address, a contact, a delivery method): the values, their messages, and
 * the form whose first invalid field gets the focus when messages are shown. A change clears its fields'
 * messages. `dirty` tells the unsaved-changes guard whether the user changed anything.
 */
export function useSettingsDraft<D extends object>(initial: D) {
  const [draft, setDraft] = useState<D>(initial);
  // The draft as the dialog opened: a dialog differs from it once the user changed something.
  const [opened] = useState(() => JSON.stringify(initial));
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [form, setForm] = useState<HTMLFormElement | null>(null);
  const showErrors = (next: Record<string, string | undefined>) => {
    setErrors(next);
    requestAnimationFrame(() => focusFirstInvalid(form));
  };
  const change = (patch: Partial<D>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setErrors((e) => ({ ...e, ...Object.fromEntries(Object.keys(patch).map((k) => [k, undefined])) }));
  };
  return { draft, errors, setForm, showErrors, change, dirty: JSON.stringify(draft) !== opened };
}

/**
 * Deleting a row of a settings list: says so, refreshes what shows the list (by default the onboarding and its
 * checklist marks; the partner area's grids pass their own) and closes the question.
 */
export function useRemoveSetting(
  remove: (id: string) => Promise<unknown>,
  deletedText: string,
  onDone: () => void,
  refresh: (queryClient: QueryClient) => unknown = refreshOnboarding,
) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: remove,
    onSuccess: () => {
      onDone();
      flash.success(deletedText);
      void refresh(queryClient);
    },
    onError: (error) => {
      onDone();
      flash.error(errorMessage(error, t));
    },
  });
}

/**
 * The edit and delete buttons of a settings row, named after the row for screen readers. `deletePermission`
 * (optional) keeps the delete button in place but disabled with its reason, when a rule or a permission
 * refuses it before any click.
 */
export function RowActions(props: {
  editLabel: string;
  deleteLabel: string;
  onEdit: () => void;
  onDelete: () => void;
  deletePermission?: Permission;
}) {
  const remove = (
    <ActionIcon variant="subtle" color="red" aria-label={props.deleteLabel} onClick={props.onDelete}>
      <IconTrash size={18} aria-hidden />
    </ActionIcon>
  );
  return (
    <Group gap={4} wrap="nowrap">
      <ActionIcon variant="subtle" aria-label={props.editLabel} onClick={props.onEdit}>
        <IconPencil size={18} aria-hidden />
      </ActionIcon>
      {props.deletePermission ? <PermissionGate permission={props.deletePermission}>{remove}</PermissionGate> : remove}
    </Group>
  );
}
