import { AppShell, Badge, Box, Burger, Group, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, Outlet, useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitcher } from '../../ui/LanguageSwitcher';
import { activeCockpitItem, COCKPIT_NAV_SECTIONS, visibleCockpitItems } from '../cockpitNavigation';
import { useSession } from '../session/session';
import { useStreamStatus } from '../stream/StreamProvider';
import { AccountMenu } from './AccountMenu';
import { Brand } from './Brand';
import { ShellMain } from './MainLandmark';
import { SkipLink } from './SkipLink';
import { usePhone } from './usePhone';

const NAVBAR_ID = 'cockpit-navigation';

/**
 * The marketplace operator's area: no partner is selected here; the menu lists the pages the operator's roles
 * open (the server checks the same areas on every call).
 */
export function CockpitLayout() {
  const { t } = useTranslation();
  const session = useSession();
  const streamStatus = useStreamStatus();
  const phone = usePhone();
  const [opened, { toggle, close }] = useDisclosure(false);
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const items = visibleCockpitItems(session);
  const active = activeCockpitItem(items, pathname);

  useEffect(() => {
    if (!opened) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [opened, close]);

  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding={0}
      data-testid="app-shell"
      {...streamStatus}
    >
      <SkipLink />
      <AppShell.Header>
        <Group h="100%" px={{ base: 'xs', xs: 'md' }} justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={t('layout.toggleNavigation')}
              aria-expanded={opened}
              aria-controls={NAVBAR_ID}
              data-testid="nav-burger"
              style={{ flexShrink: 0 }}
            />
            <Brand compact />
            <Badge color="dark" variant="filled" radius="sm" style={{ flexShrink: 0 }} data-testid="cockpit-badge">
              {t('layout.cockpit')}
            </Badge>
          </Group>
          <Group gap="sm" wrap="nowrap" style={{ flexShrink: 0 }}>
            {!phone && <LanguageSwitcher area="portal" />}
            <AccountMenu account={session.account} withProfile={false} languageArea={phone ? 'portal' : undefined} />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar id={NAVBAR_ID} component="nav" aria-label={t('cockpitNav.label')} data-testid="navbar">
        <AppShell.Section grow component={ScrollArea} type="auto" scrollbars="y" px="sm" py="md">
          <Stack gap="md">
            {COCKPIT_NAV_SECTIONS.map((section) => {
              const sectionItems = items.filter((i) => i.section === section);
              if (!sectionItems.length) return null;
              return (
                <Stack key={section} gap={2}>
                  <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" mb={4}>
                    {t(`cockpitNav.sections.${section}`)}
                  </Text>
                  {sectionItems.map((item) => {
                    const current = item.key === active?.key;
                    return (
                      <NavLink
                        key={item.key}
                        component={Link}
                        to={item.to}
                        label={t(`cockpitNav.${item.key}`)}
                        leftSection={<item.icon size={18} stroke={1.6} aria-hidden />}
                        active={current}
                        aria-current={current ? 'page' : undefined}
                        // The router's own active mark would call /cockpit (the partner grid) current on every cockpit
                        // page, as a prefix of them all; `current` above decides.
                        activeOptions={{ exact: true }}
                        onClick={close}
                        variant="light"
                        style={{ borderRadius: 'var(--mantine-radius-md)' }}
                        data-testid={`cockpit-nav-${item.key}`}
                      />
                    );
                  })}
                </Stack>
              );
            })}
          </Stack>
        </AppShell.Section>
      </AppShell.Navbar>
      <ShellMain>
        <Box p={{ base: 'md', sm: 'xl' }} maw={1600} mx="auto" miw={0}>
          <Outlet />
        </Box>
      </ShellMain>
    </AppShell>
  );
}
