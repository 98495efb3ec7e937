import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconCircleDashed } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * One section of the settings step with its done / not-done mark from the workflow's checklist. `done`
 * null means the checklist does not judge this section (e.g. the other steps).
 */
export function SectionCard({
  id,
  title,
  intro,
  done,
  children,
}: {
  id: string;
  title: string;
  intro?: string;
  done: boolean | null;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="section"
      aria-labelledby={`${id}-title`}
      data-testid={`settings-${id}`}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <div>
            <Title order={3} size="h4" id={`${id}-title`}>
              {title}
            </Title>
            {intro && (
              <Text size="sm" c="dimmed">
                {intro}
              </Text>
            )}
          </div>
          {done !== null && (
            <Badge
              color={done ? 'teal' : 'gray'}
              variant={done ? 'filled' : 'light'}
              leftSection={
                done ? <IconCircleCheck size={14} aria-hidden /> : <IconCircleDashed size={14} aria-hidden />
              }
              data-testid={`settings-${id}-status`}
              data-status={done ? 'done' : 'todo'}
              style={{ flexShrink: 0 }}
            >
              {done ? t('onboarding.settings.done') : t('onboarding.settings.notDone')}
            </Badge>
          )}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}

/** The required items of a section and whether each is there, as a short line of marks. */
export function RequiredMarks({ items }: { items: { key: string; label: string; ok: boolean }[] }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs">
      {items.map((item) => (
        <Badge
          key={item.key}
          variant="outline"
          color={item.ok ? 'teal' : 'orange'}
          leftSection={item.ok ? <IconCircleCheck size={12} aria-hidden /> : <IconCircleDashed size={12} aria-hidden />}
          aria-label={`${item.label}: ${item.ok ? t('onboarding.settings.done') : t('onboarding.settings.notDone')}`}
        >
          {item.label}
        </Badge>
      ))}
    </Group>
  );
}
