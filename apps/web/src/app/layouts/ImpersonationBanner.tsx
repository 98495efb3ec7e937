import { Group, Paper, Text } from '@mantine/core';
import { IconSpy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** An administrator acting as a partner must never forget it: everything they do is done for that partner. */
export function ImpersonationBanner({ partnerName, adminEmail }: { partnerName: string; adminEmail: string }) {
  const { t } = useTranslation();
  return (
    <Paper data-testid="impersonation-banner" role="status" radius={0} px="md" py={6} bg="orange.6" c="white">
      <Group gap="xs" justify="center" wrap="nowrap">
        <IconSpy size={18} />
        <Text size="sm" fw={600}>
          {t('layout.impersonation', { partner: partnerName, adminEmail })}
        </Text>
      </Group>
    </Paper>
  );
}
