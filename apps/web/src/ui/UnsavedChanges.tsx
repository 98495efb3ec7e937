import { Button, Group, Modal, Text } from '@mantine/core';
import { useBlocker } from '@tanstack/react-router';
import { type ReactNode, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Leaving a form with unsaved changes asks first (spec §5: "Leaving a form with unsaved changes asks for
 * confirmation"): a link inside the portal and the browser's back button get the portal's question, closing
 * or reloading the tab the browser's own (beforeunload). `confirmDiscard(close)` asks the same before a
 * dialog with changes closes. Without changes, or once saved, nothing asks: the form clears `dirty` when its
 * save succeeds, before it moves on.
 */
export function useUnsavedChanges(dirty: boolean): {
  confirmDiscard: (discard: () => void) => void;
  prompt: ReactNode;
} {
  const { t } = useTranslation();
  const blocker = useBlocker({
    shouldBlockFn: () => dirty,
    enableBeforeUnload: () => dirty,
    withResolver: true,
  });
  const [pendingDiscard, setPendingDiscard] = useState<(() => void) | null>(null);
  const confirmDiscard = useCallback(
    (discard: () => void) => {
      if (dirty) setPendingDiscard(() => discard);
      else discard();
    },
    [dirty],
  );
  const stay = () => {
    setPendingDiscard(null);
    blocker.reset?.();
  };
  const leave = () => {
    if (pendingDiscard) {
      setPendingDiscard(null);
      pendingDiscard();
    } else blocker.proceed?.();
  };
  const prompt = (
    <Modal
      opened={blocker.status === 'blocked' || pendingDiscard !== null}
      onClose={stay}
      title={t('common.unsaved.title')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      centered
      // Above a dialog whose closing it asks about.
      zIndex={400}
      // Mantine closes on an Escape anywhere in the window: the Escape that closed the dialog below would close
      // this question too. Only an Escape inside the question means "keep editing".
      closeOnEscape={false}
      onKeyDown={(event) => {
        if (event.key === 'Escape') stay();
      }}
    >
      <Text size="sm" mb="md">
        {t('common.unsaved.text')}
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={stay} data-testid="unsaved-stay">
          {t('common.unsaved.stay')}
        </Button>
        <Button color="red" onClick={leave} data-testid="unsaved-leave">
          {t('common.unsaved.leave')}
        </Button>
      </Group>
    </Modal>
  );
  return { confirmDiscard, prompt };
}

/** The guard of a page form: mount it beside the form with whether the form holds unsaved changes. */
export function UnsavedChangesGuard({ dirty }: { dirty: boolean }) {
  return useUnsavedChanges(dirty).prompt;
}
