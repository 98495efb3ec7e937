import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from './PageFrame';

export function NotFound() {
  const { t } = useTranslation();
  useDocumentTitle('notFound');
  return (
    <Stack align="center" gap="md" ta="center" py="xl" data-testid="not-found">
      <Text fz={96} fw={800} c="teal.2" lh={1}>
        404
      </Text>
      <Title order={1} fz={28}>
        {t('notFound.title')}
      </Title>
      <Text c="dimmed" maw={440}>
        {t('notFound.text')}
      </Text>
      <Button component={Link} to="/">
        {t('notFound.home')}
      </Button>
    </Stack>
  );
}
