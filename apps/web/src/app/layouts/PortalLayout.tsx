import { AppShell, Box, Burger, Group, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, Outlet, useRouterState } from '@tanstack/react-router';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitcher } from '../../ui/LanguageSwitcher';
import { isNavItemActive, NAV_SECTIONS, visibleNavItems } from '../navigation';
import { useSession } from '../session/session';
import { useStreamStatus } from '../stream/StreamProvider';
import { AccountMenu } from './AccountMenu';
import { Brand } from './Brand';
import { ImpersonationBanner } from './ImpersonationBanner';
import { PartnerSwitcher } from './PartnerSwitcher';
import { ShellMain } from './MainLandmark';
import { SkipLink } from './SkipLink';
import { usePhone } from './usePhone';

const NAVBAR_ID = 'portal-navigation';
// Asked once after sign-in; loaded apart so the sign-in page does not carry it.
const AgreePrompt = lazy(() => import('../../features/terms/AgreePrompt').then((m) => ({ default: m.AgreePrompt })));
const PortalDialog = lazy(() =>
  import('../../features/content/PortalDialog').then((m) => ({ default: m.PortalDialog })),
);

export function PortalLayout() {
  const { t } = useTranslation();
  const session = useSession();
  const streamStatus = useStreamStatus();
  const phone = usePhone();
  const [opened, { toggle, close }] = useDisclosure(false);
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const items = visibleNavItems(session, session.selectedPartner);
  const navViewport = useRef<HTMLDivElement>(null);
  const activeKey = items.find(({ item }) => isNavItemActive(item, pathname))?.item.key;

  // The sidebar scrolls on its own: keep the active item in view (at 900 px the last items are below the fold).
  useEffect(() => {
    const viewport = navViewport.current;
    const active = activeKey && viewport?.querySelector<HTMLElement>(`[data-testid="nav-${activeKey}"]`);
    if (!viewport || !active) return;
    const top = active.getBoundingClientRect().top - viewport.getBoundingClientRect().top + viewport.scrollTop;
    const bottom = top + active.offsetHeight;
    if (top < viewport.scrollTop) viewport.scrollTop = top - 8;
    else if (bottom > viewport.scrollTop + viewport.clientHeight)
      viewport.scrollTop = bottom - viewport.clientHeight + 8;
  }, [activeKey]);

  // A fade at the bottom of the sidebar says there are more items below the fold.
  const [moreBelow, setMoreBelow] = useState(false);
  const measureNav = useCallback(() => {
    const viewport = navViewport.current;
    if (viewport) setMoreBelow(viewport.scrollTop + viewport.clientHeight < viewport.scrollHeight - 4);
  }, []);
  useEffect(() => {
    measureNav();
    window.addEventListener('resize', measureNav);
    return () => window.removeEventListener('resize', measureNav);
  }, [measureNav]);

  // The drawer closes with Escape, like any overlay.
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
      navbar={{ width: 256, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding={0}
      data-testid="app-shell"
      {...streamStatus}
    >
      <SkipLink />
      <AppShell.Header>
        <Group h="100%" px={{ base: 'xs', xs: 'md' }} justify="space-between" wrap="nowrap" gap="xs">
          <Group gap={phone ? 'xs' : 'md'} wrap="nowrap" miw={0} style={{ flex: '1 1 auto' }}>
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
            <Box visibleFrom="xs" style={{ flexShrink: 0 }}>
              <Brand />
            </Box>
            <PartnerSwitcher partners={session.partners} selected={session.selectedPartner} />
          </Group>
          <Group gap="sm" wrap="nowrap" style={{ flexShrink: 0 }}>
            {!phone && <LanguageSwitcher area="portal" />}
            <AccountMenu account={session.account} withProfile languageArea={phone ? 'portal' : undefined} />
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar id={NAVBAR_ID} component="nav" aria-label={t('layout.navigation')} data-testid="navbar">
        <AppShell.Section
          grow
          component={ScrollArea}
          type="auto"
          scrollbars="y"
          viewportRef={navViewport}
          onScrollPositionChange={measureNav}
          px="sm"
          py="md"
        >
          <Stack gap="md">
            {NAV_SECTIONS.map((section) => {
              const sectionItems = items.filter((i) => i.item.section === section);
              if (!sectionItems.length) return null;
              return (
                <Stack key={section} gap={2}>
                  {section !== 'main' && (
                    <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" mb={4}>
                      {t(`nav.sections.${section}`)}
                    </Text>
                  )}
                  {sectionItems.map(({ item, to }) => {
                    const active = isNavItemActive(item, pathname);
                    return (
                      <NavLink
                        key={item.key}
                        component={Link}
                        to={to}
                        label={t(`nav.${item.key}`)}
                        leftSection={<item.icon size={18} stroke={1.6} aria-hidden />}
                        active={active}
                        aria-current={active ? 'page' : undefined}
                        onClick={close}
                        variant="light"
                        style={{ borderRadius: 'var(--mantine-radius-md)' }}
                        data-testid={`nav-${item.key}`}
                      />
                    );
                  })}
                </Stack>
              );
            })}
          </Stack>
        </AppShell.Section>
        {moreBelow && <div className="pp-nav-more" aria-hidden data-testid="nav-more-below" />}
      </AppShell.Navbar>

      <ShellMain>
        {session.adminEmail && (
          <ImpersonationBanner
            partnerName={session.selectedPartner?.partnerName ?? session.account.email}
            adminEmail={session.adminEmail}
            readOnly={session.readOnly}
          />
        )}
        <Suspense fallback={null}>
          <AgreePrompt />
          <PortalDialog />
        </Suspense>
        <Box p={{ base: 'md', sm: 'xl' }} maw={1400} mx="auto" miw={0}>
          <Outlet />
        </Box>
      </ShellMain>
    </AppShell>
  );
}
