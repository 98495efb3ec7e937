import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Asks before a change to someone's access: what happens is said in the text, the button repeats the verb. */
export function ConfirmDialog(props: {
  opened: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  danger?: boolean;
  loading: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      closeButtonProps={{ 'aria-label': t('common.close') }}
      opened={props.opened}
      onClose={props.onClose}
      title={props.title}
      centered
    >
      <Text size="sm">{props.text}</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={props.onClose}>
          {t('common.cancel')}
        </Button>
        <Button
          color={props.danger ? 'red' : undefined}
          onClick={props.onConfirm}
          loading={props.loading}
          data-testid="confirm-action"
        >
          {props.confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
