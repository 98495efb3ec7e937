import { Stack, Text, Title } from '@mantine/core';
import { Outlet } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { type SectionTab, SectionTabs } from './SectionTabs';

/**
 * An area whose tabs are routes. The heading names the area; each tab's page sets the document title, so
 * this frame does not (a parent's effect would overwrite the child's title).
 */
export function TabbedArea({
  heading,
  description,
  tabs,
}: {
  heading: string;
  description?: string;
  tabs: readonly SectionTab[];
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {t(heading)}
        </Title>
        {description && (
          <Text c="dimmed" size="sm">
            {t(description)}
          </Text>
        )}
      </Stack>
      {tabs.length > 1 && <SectionTabs tabs={tabs} />}
      <Outlet />
    </Stack>
  );
}
