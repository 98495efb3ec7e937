import { Button, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageFrame } from './PageFrame';

export function NotAllowed() {
  const { t } = useTranslation();
  return (
    <PageFrame route="notAllowed">
      <Paper withBorder radius="md" p={{ base: 'lg', sm: 48 }}>
        <Stack align="center" gap="md" ta="center">
          <ThemeIcon size={64} radius="xl" variant="light" color="red">
            <IconLock size={34} stroke={1.5} />
          </ThemeIcon>
          <Text size="lg" fw={600} data-testid="not-allowed">
            {t('notAllowed.text')}
          </Text>
          <Text c="dimmed" size="sm" maw={480}>
            {t('notAllowed.hint')}
          </Text>
          <Button component={Link} to="/" variant="light">
            {t('common.backToHome')}
          </Button>
        </Stack>
      </Paper>
    </PageFrame>
  );
}
