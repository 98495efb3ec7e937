import { Button, Group, Paper, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Stays until the user reloads: an old build may talk to a newer server in ways it does not understand. */
export function NewVersionBanner() {
  const { t } = useTranslation();
  return (
    <Paper
      data-testid="new-version-banner"
      role="status"
      shadow="lg"
      radius="md"
      px="md"
      py={10}
      bg="teal.8"
      c="white"
      pos="fixed"
      bottom={16}
      left="50%"
      maw="calc(100vw - 32px)"
      // At the bottom: the fixed header keeps the top, and the banner must not hide the partner switcher.
      style={{ zIndex: 400, transform: 'translateX(-50%)' }}
    >
      <Group justify="center" gap="md">
        <Text size="sm" fw={500}>
          {t('stream.newVersion')}
        </Text>
        <Button
          size="compact-sm"
          variant="white"
          color="teal"
          leftSection={<IconRefresh size={14} />}
          onClick={() => window.location.reload()}
        >
          {t('stream.reload')}
        </Button>
      </Group>
    </Paper>
  );
}
