import { Anchor, Box, Container, Group, Text } from '@mantine/core';
import { Link, Outlet } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitcher } from '../../ui/LanguageSwitcher';
import { Brand } from './Brand';
import { MAIN_ID, SkipLink } from './SkipLink';
import { useNavigationBusy } from './useNavigationBusy';
import { useAreaLanguage } from './useAreaLanguage';

/** Pages anyone can open: sign-in, registration, business terms, not found. */
export function PublicFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const busy = useNavigationBusy();
  useAreaLanguage('public');
  return (
    <Box
      mih="100vh"
      style={{
        display: 'flex',
        flexDirection: 'column',
        background: 'linear-gradient(180deg, var(--mantine-color-teal-0) 0%, var(--mantine-color-gray-0) 60%)',
      }}
    >
      <SkipLink />
      <Container component="header" size="lg" w="100%" py="md">
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Anchor component={Link} to="/login" underline="never" c="inherit" miw={0}>
            <Brand subtitle={t('layout.publicSubtitle')} />
          </Anchor>
          <LanguageSwitcher area="public" />
        </Group>
      </Container>
      <Container
        component="main"
        id={MAIN_ID}
        aria-busy={busy}
        tabIndex={-1}
        className="pp-main"
        size="lg"
        w="100%"
        miw={0}
        py={{ base: 'md', sm: 'xl' }}
        style={{ flex: 1 }}
      >
        {children}
      </Container>
      <Container component="footer" size="lg" w="100%" py="md">
        <Group justify="space-between" gap="xs">
          <Text size="xs" c="dimmed">
            {t('layout.footer', { year: new Date().getFullYear() })}
          </Text>
          <Anchor component={Link} to="/business-terms" size="xs" c="dimmed">
            {t('routes.businessTerms')}
          </Anchor>
        </Group>
      </Container>
    </Box>
  );
}

export function PublicLayout() {
  return (
    <PublicFrame>
      <Outlet />
    </PublicFrame>
  );
}
