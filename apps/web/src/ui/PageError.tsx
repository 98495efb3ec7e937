import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconMoodSad } from '@tabler/icons-react';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../app/api/apiError';

/**
 * What a page shows when it fails to render or load: the catalogue's message for a known code, UNKNOWN
 * otherwise, and a way out. Never a stack trace.
 */
export function PageError({ error, reset }: ErrorComponentProps) {
  const { t } = useTranslation();
  const message = error instanceof ApiError && error.message ? error.message : t('errors.UNKNOWN');
  return (
    <Stack align="center" gap="md" ta="center" py="xl" data-testid="page-error" role="alert">
      <IconMoodSad size={56} color="var(--mantine-color-teal-4)" />
      <Title order={1} fz={24}>
        {message}
      </Title>
      <Text c="dimmed" maw={460}>
        {t('pageError.text')}
      </Text>
      <Group>
        <Button variant="light" onClick={reset}>
          {t('pageError.retry')}
        </Button>
        <Button variant="default" onClick={() => window.location.reload()}>
          {t('pageError.reload')}
        </Button>
      </Group>
    </Stack>
  );
}
