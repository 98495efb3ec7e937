import { Group, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Page titles are the route name plus the common title (spec §2). */
export function useDocumentTitle(routeName: string): void {
  const { t } = useTranslation();
  const title = `${t(`routes.${routeName}`)} | ${t('common.appTitle')}`;
  useEffect(() => {
    document.title = title;
  }, [title]);
}

interface PageFrameProps {
  /** Key under `routes.`: gives both the heading and the document title. */
  route: string;
  /** A heading other than the route name, e.g. with the record's number. */
  heading?: string;
  description?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
}

export function PageFrame({ route, heading, description, actions, children }: PageFrameProps) {
  const { t } = useTranslation();
  useDocumentTitle(route);
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Stack gap={4}>
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            {heading ?? t(`routes.${route}`)}
          </Title>
          {description && (
            <Text c="dimmed" size="sm">
              {description}
            </Text>
          )}
        </Stack>
        {actions && <Group gap="xs">{actions}</Group>}
      </Group>
      {children}
    </Stack>
  );
}
