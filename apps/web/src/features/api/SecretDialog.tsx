import { Alert, Anchor, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy, IconDeviceFloppy } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useKeptSandboxClientId } from './sandboxClientId';

/** A value to copy, with a button that says when it was copied. */
function CopyRow({ label, help, value, testId }: { label: string; help: string; value: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      <Stack gap={0}>
        <Text size="sm" fw={600}>
          {label}
        </Text>
        <Text size="xs" c="dimmed">
          {help}
        </Text>
      </Stack>
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
 * A sandbox secret can be kept in this browser for the docs page's "try it", only when the partner asks.
 * It is the sandbox's client_id: it opens the partner's sandbox, never live data.
 */
function KeepForDocs({ partnerId, secret }: { partnerId: string; secret: string }) {
  const { t } = useTranslation();
  const [kept, keep] = useKeptSandboxClientId(partnerId);
  if (kept === secret) {
    return (
      <Alert color="teal" variant="light" data-testid="secret-kept">
        {t('api.secret.kept')}
      </Alert>
    );
  }
  return (
    <Stack gap={4} align="flex-start">
      <Button
        variant="light"
        leftSection={<IconDeviceFloppy size={16} aria-hidden />}
        onClick={() => keep(secret)}
        data-testid="secret-keep"
      >
        {t('api.secret.keep')}
      </Button>
      <Text size="xs" c="dimmed">
        {t('api.secret.keepHelp')}
      </Text>
    </Stack>
  );
}

/**
 * The one moment a secret is visible: the server keeps only its hash, so closing this dialog loses it for
 * good. The partner is told so before closing, and that the secret is what an integration sends as
 * `client_id` (decisions, "Partner REST API v1"); the key id only names the key.
 */
export function SecretDialog({
  title,
  clientId,
  secret,
  onClose,
  sandboxOf,
}: {
  title: string;
  clientId: string;
  secret: string;
  onClose: () => void;
  /** The partner whose sandbox this secret opens: offers to keep it in this browser for trying the API. */
  sandboxOf?: string;
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
        <CopyRow
          label={t('api.secret.secret')}
          help={t(sandboxOf ? 'api.secret.secretHelpSandbox' : 'api.secret.secretHelp')}
          value={secret}
          testId="secret-value"
        />
        <CopyRow
          label={t('api.secret.clientId')}
          help={t('api.secret.clientIdHelp')}
          value={clientId}
          testId="secret-client-id"
        />
        {sandboxOf && <KeepForDocs partnerId={sandboxOf} secret={secret} />}
        <Text size="sm">
          <Anchor component={Link} to="/partner/api-docs" target="_blank" rel="noopener" data-testid="secret-docs-link">
            {t('api.secret.docsLink')}
          </Anchor>
        </Text>
        <Group justify="flex-end">
          <Button onClick={onClose} data-testid="secret-done">
            {t('api.secret.done')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
