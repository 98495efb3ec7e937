import { MESSAGE_ATTACHMENT_ACCEPT, MESSAGE_ATTACHMENT_MAX_BYTES, MESSAGE_ATTACHMENTS_MAX } from '@pp/domain';
import { ActionIcon, Button, FileButton, Group, Progress, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconPaperclip, IconX } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, isAbortError } from '../../app/api/apiError';
import { formatBytes } from './format';
import { uploadAttachment } from './upload';

interface PickedFile {
  key: number;
  name: string;
  size: number;
  progress: number;
  id: string | null;
  error: unknown;
  controller: AbortController;
}

export interface Attachments {
  items: PickedFile[];
  add(files: File[]): void;
  remove(key: number): void;
  reset(): void;
  /** Ids of the uploaded files, in the order they were picked. */
  ids: string[];
  /** Some file is still on its way: the form waits. */
  busy: boolean;
}

/** Files picked for one message: each uploads at once (with progress) and can be removed before sending. */
export function useAttachments(uploadUrl: string): Attachments {
  const [items, setItems] = useState<PickedFile[]>([]);
  const nextKey = useRef(1);
  const itemsRef = useRef(items);
  itemsRef.current = items;

  const update = useCallback((key: number, change: Partial<PickedFile>) => {
    setItems((list) => list.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }, []);

  const add = useCallback(
    (files: File[]) => {
      const room = MESSAGE_ATTACHMENTS_MAX - itemsRef.current.length;
      for (const file of files.slice(0, Math.max(0, room))) {
        const key = nextKey.current++;
        const controller = new AbortController();
        const tooLarge = file.size > MESSAGE_ATTACHMENT_MAX_BYTES;
        const item: PickedFile = {
          key,
          name: file.name,
          size: file.size,
          progress: 0,
          id: null,
          error: tooLarge ? 'MESSAGE_ATTACHMENT_TOO_LARGE' : null,
          controller,
        };
        setItems((list) => [...list, item]);
        if (tooLarge) continue;
        uploadAttachment(uploadUrl, file, (progress) => update(key, { progress }), controller.signal)
          .then((uploaded) => update(key, { id: uploaded.id, name: uploaded.name, progress: 1 }))
          .catch((error) => {
            if (!isAbortError(error)) update(key, { error });
          });
      }
    },
    [uploadUrl, update],
  );

  const remove = useCallback((key: number) => {
    setItems((list) => {
      list.find((item) => item.key === key)?.controller.abort();
      return list.filter((item) => item.key !== key);
    });
  }, []);

  const reset = useCallback(() => setItems([]), []);

  // Leaving the form stops uploads nobody will send.
  useEffect(
    () => () => {
      for (const item of itemsRef.current) item.controller.abort();
    },
    [],
  );

  return {
    items,
    add,
    remove,
    reset,
    ids: items.flatMap((item) => (item.id ? [item.id] : [])),
    busy: items.some((item) => !item.id && !item.error),
  };
}

/** The file button and the list of picked files with their progress, errors and remove buttons. */
export function AttachmentPicker({ attachments, disabled }: { attachments: Attachments; disabled?: boolean }) {
  const { t } = useTranslation();
  const full = attachments.items.length >= MESSAGE_ATTACHMENTS_MAX;
  return (
    <Stack gap="xs">
      <Group gap="sm">
        <FileButton onChange={attachments.add} accept={MESSAGE_ATTACHMENT_ACCEPT} multiple disabled={disabled || full}>
          {(props) => (
            <Button
              {...props}
              variant="default"
              leftSection={<IconPaperclip size={16} aria-hidden />}
              disabled={disabled || full}
              data-testid="attach-file"
            >
              {t('messages.attachments.add')}
            </Button>
          )}
        </FileButton>
        <Text size="xs" c="dimmed">
          {t('messages.attachments.hint', { count: MESSAGE_ATTACHMENTS_MAX, size: '10 MB' })}
        </Text>
      </Group>
      {attachments.items.length > 0 && (
        <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} data-testid="attachments">
          {attachments.items.map((item) => (
            <li key={item.key}>
              <Group gap="sm" wrap="nowrap" align="center">
                <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                  <Group gap={6} wrap="nowrap">
                    <Text size="sm" truncate>
                      {item.name}
                    </Text>
                    <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                      {formatBytes(item.size)}
                    </Text>
                  </Group>
                  {item.error ? (
                    <Group gap={4} wrap="nowrap" c="red.8">
                      <IconAlertCircle size={14} aria-hidden />
                      <Text size="xs" role="alert">
                        {typeof item.error === 'string' ? t(`errors.${item.error}`) : errorMessage(item.error, t)}
                      </Text>
                    </Group>
                  ) : (
                    <Progress
                      value={Math.round(item.progress * 100)}
                      size="sm"
                      color={item.id ? 'teal' : 'blue'}
                      aria-label={t('messages.attachments.progress', { name: item.name })}
                    />
                  )}
                </Stack>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  onClick={() => attachments.remove(item.key)}
                  aria-label={t('messages.attachments.remove', { name: item.name })}
                >
                  <IconX size={16} aria-hidden />
                </ActionIcon>
              </Group>
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
