import { Button, Group, Modal, Text } from '@mantine/core';
import { useBlocker } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

/**
 * Leaving a form with unsaved changes asks first (spec §5): a link inside the portal gets a dialog, closing
 * or reloading the tab gets the browser's own question. Saving clears `dirty` before it navigates on.
 */
export function UnsavedChangesGuard({ dirty }: { dirty: boolean }) {
  const { t } = useTranslation();
  const blocker = useBlocker({
    shouldBlockFn: () => dirty,
    enableBeforeUnload: () => dirty,
    withResolver: true,
  });
  return (
    <Modal
      opened={blocker.status === 'blocked'}
      onClose={() => blocker.reset?.()}
      title={t('products.detail.unsaved.title')}
      centered
    >
      <Text size="sm" mb="md">
        {t('products.detail.unsaved.text')}
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={() => blocker.reset?.()} data-testid="unsaved-stay">
          {t('products.detail.unsaved.stay')}
        </Button>
        <Button color="red" onClick={() => blocker.proceed?.()} data-testid="unsaved-leave">
          {t('products.detail.unsaved.leave')}
        </Button>
      </Group>
    </Modal>
  );
}
