import { Box, Group, Text, ThemeIcon } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The portal's mark and name; `compact` keeps only the mark on the narrowest screens (below `xs`). */
export function Brand({ subtitle, compact = false }: { subtitle?: string; compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <Group gap={10} wrap="nowrap" miw={0}>
      <ThemeIcon
        size={34}
        radius="md"
        variant="gradient"
        gradient={{ from: 'teal.7', to: 'teal.4', deg: 135 }}
        style={{ flexShrink: 0 }}
        aria-hidden
      >
        <IconBuildingStore size={20} />
      </ThemeIcon>
      <Box miw={0} visibleFrom={compact ? 'xs' : undefined}>
        <Text fw={700} size="md" lh={1.1}>
          {t('common.appTitle')}
        </Text>
        {subtitle && (
          <Text size="xs" c="dimmed" lh={1.2}>
            {subtitle}
          </Text>
        )}
      </Box>
    </Group>
  );
}
