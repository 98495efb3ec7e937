import { Notification, Stack } from '@mantine/core';
import { IconAlertCircle, IconCheck, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { dismissFlash, type FlashKind, useFlashes } from './flash';

const LOOK: Record<FlashKind, { color: string; icon: React.ReactNode }> = {
  success: { color: 'green', icon: <IconCheck size={18} /> },
  error: { color: 'red', icon: <IconAlertCircle size={18} /> },
  info: { color: 'teal', icon: <IconInfoCircle size={18} /> },
};

export function FlashQueue() {
  const flashes = useFlashes();
  const { t } = useTranslation();
  if (!flashes.length) return null;
  return (
    <Stack
      gap="xs"
      pos="fixed"
      bottom={16}
      right={16}
      w={380}
      maw="calc(100vw - 32px)"
      style={{ zIndex: 500 }}
      aria-live="polite"
    >
      {flashes.map((f) => (
        <Notification
          key={f.id}
          color={LOOK[f.kind].color}
          icon={LOOK[f.kind].icon}
          withBorder
          closeButtonProps={{ 'aria-label': t('common.close') }}
          onClose={() => dismissFlash(f.id)}
          data-testid={`flash-${f.kind}`}
          role={f.kind === 'error' ? 'alert' : 'status'}
        >
          {f.message}
        </Notification>
      ))}
    </Stack>
  );
}
