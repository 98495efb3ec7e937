import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** A value to copy, with a button that says when it was copied. */
function CopyRow({ label, value, testId }: { label: string; value: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Code
          block
          style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}
          data-testid={testId}
        >
          {value}
        </Code>
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Button
              size="xs"
              variant={copied ? 'filled' : 'light'}
              color={copied ? 'teal' : undefined}
              leftSection={copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
              onClick={copy}
              aria-label={`${t('api.secret.copy')}: ${label}`}
            >
              {copied ? t('api.secret.copied') : t('api.secret.copy')}
            </Button>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}

/**
 * The one moment a secret is visible: the server keeps only its hash, so closing this dialog loses it for
 * good. The partner is told so before closing.
 */
export function SecretDialog({
  title,
  clientId,
  secret,
  onClose,
}: {
  title: string;
  clientId: string;
  secret: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened
      onClose={onClose}
      title={title}
      centered
      size="lg"
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="md" data-testid="secret-dialog">
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
          {t('api.secret.once')}
        </Alert>
        <CopyRow label={t('api.secret.clientId')} value={clientId} testId="secret-client-id" />
        <CopyRow label={t('api.secret.secret')} value={secret} testId="secret-value" />
        <Group justify="flex-end">
          <Button onClick={onClose} data-testid="secret-done">
            {t('api.secret.done')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
