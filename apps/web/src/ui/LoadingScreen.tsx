import { Center, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Shown while the session is being checked at start (spec §2). */
export function LoadingScreen() {
  const { t } = useTranslation();
  return (
    <Center h="100vh" data-testid="loading-screen">
      <Stack align="center" gap="sm">
        <Loader size="lg" />
        <Text c="dimmed" size="sm">
          {t('layout.loadingSession')}
        </Text>
      </Stack>
    </Center>
  );
}
