import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export function Brand({ subtitle }: { subtitle?: string }) {
  const { t } = useTranslation();
  return (
    <Group gap={10} wrap="nowrap">
      <ThemeIcon size={34} radius="md" variant="gradient" gradient={{ from: 'teal.7', to: 'teal.4', deg: 135 }}>
        <IconBuildingStore size={20} />
      </ThemeIcon>
      <div>
        <Text fw={700} size="md" lh={1.1}>
          {t('common.appTitle')}
        </Text>
        {subtitle && (
          <Text size="xs" c="dimmed" lh={1.2}>
            {subtitle}
          </Text>
        )}
      </div>
    </Group>
  );
}
