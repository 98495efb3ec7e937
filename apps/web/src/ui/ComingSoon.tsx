import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageFrame, useDocumentTitle } from './PageFrame';

interface ComingSoonProps {
  /** Key under `routes.` naming the screen. */
  route: string;
  /**
   * portal: a whole page in the portal; panel: only the notice, under the tabs of an area;
   * public: a page in the public layout, which has no portal home to go back to.
   */
  variant?: 'portal' | 'panel' | 'public';
}

/** An honest placeholder for a screen that is not built yet: the route exists, the page says so. */
export function ComingSoon({ route, variant = 'portal' }: ComingSoonProps) {
  if (variant === 'portal') {
    return (
      <PageFrame route={route}>
        <ComingSoonNotice route={route} home="/" />
      </PageFrame>
    );
  }
  return <TitledNotice route={route} variant={variant} />;
}

function TitledNotice({ route, variant }: { route: string; variant: 'panel' | 'public' }) {
  const { t } = useTranslation();
  useDocumentTitle(route);
  if (variant === 'panel') return <ComingSoonNotice route={route} home="/" />;
  return (
    <Stack gap="lg">
      <Title order={1} fz={26} ta="center">
        {t(`routes.${route}`)}
      </Title>
      <ComingSoonNotice route={route} home="/login" />
    </Stack>
  );
}

function ComingSoonNotice({ route, home }: { route: string; home: '/' | '/login' }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p={{ base: 'lg', sm: 48 }} data-testid="coming-soon">
      <Stack align="center" gap="md" ta="center" maw={520} mx="auto">
        <ThemeIcon size={64} radius="xl" variant="light">
          <IconTools size={34} stroke={1.5} />
        </ThemeIcon>
        <Title order={2} fz="xl">
          {t('comingSoon.title')}
        </Title>
        <Text c="dimmed">{t('comingSoon.text', { area: t(`routes.${route}`) })}</Text>
        <Button component={Link} to={home} variant="light">
          {t(home === '/' ? 'common.backToHome' : 'common.goToLogin')}
        </Button>
      </Stack>
    </Paper>
  );
}
