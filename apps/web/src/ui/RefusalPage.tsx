import { Button, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from './PageFrame';

/** A page that says why the person cannot go on, with the way back home (not allowed, a foreign partner …). */
export function RefusalPage({
  route,
  icon: PageIcon,
  message,
  hint,
  testId,
  alert = false,
}: {
  route: ComponentProps<typeof PageFrame>['route'];
  icon: Icon;
  message: string;
  hint?: string;
  testId: string;
  /** Announced at once: the person arrived expecting something else. */
  alert?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <PageFrame route={route}>
      <Paper withBorder radius="md" p={{ base: 'lg', sm: 48 }}>
        <Stack align="center" gap="md" ta="center">
          <ThemeIcon size={64} radius="xl" variant="light" color="red">
            <PageIcon size={34} stroke={1.5} />
          </ThemeIcon>
          <Text size="lg" fw={600} role={alert ? 'alert' : undefined} data-testid={testId}>
            {message}
          </Text>
          {hint && (
            <Text c="dimmed" size="sm" maw={480}>
              {hint}
            </Text>
          )}
          <Button component={Link} to="/" variant="light">
            {t('common.backToHome')}
          </Button>
        </Stack>
      </Paper>
    </PageFrame>
  );
}
