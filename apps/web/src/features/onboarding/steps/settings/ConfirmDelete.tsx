import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Asks before a row is deleted; deleting cannot be undone. */
export function ConfirmDelete({
  opened,
  text,
  loading,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  text: string;
  loading: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      closeButtonProps={{ 'aria-label': t('common.close') }}
      opened={opened}
      onClose={onClose}
      title={t('onboarding.settings.deleteTitle')}
      centered
    >
      <Text>{text}</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button color="red" onClick={onConfirm} loading={loading}>
          {t('onboarding.settings.delete')}
        </Button>
      </Group>
    </Modal>
  );
}
