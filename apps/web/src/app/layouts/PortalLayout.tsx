import { AppShell, Box, Burger, Group, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, Outlet, useRouterState } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { LanguageSwitcher } from '../../ui/LanguageSwitcher';
import { isNavItemActive, NAV_SECTIONS, visibleNavItems } from '../navigation';
import { useSession } from '../session/session';
import { useStreamStatus } from '../stream/StreamProvider';
import { AccountMenu } from './AccountMenu';
import { Brand } from './Brand';
import { ImpersonationBanner } from './ImpersonationBanner';
import { PartnerSwitcher } from './PartnerSwitcher';

export function PortalLayout() {
  const { t } = useTranslation();
  const session = useSession();
  const streamStatus = useStreamStatus();
  const [opened, { toggle, close }] = useDisclosure(false);
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const items = visibleNavItems(session, session.selectedPartner);

  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{ width: 256, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding={0}
      data-testid="app-shell"
      {...streamStatus}
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="md" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={t('layout.toggleNavigation')}
            />
            <Box visibleFrom="xs">
              <Brand />
            </Box>
            <PartnerSwitcher partners={session.partners} selected={session.selectedPartner} />
          </Group>
          <Group gap="sm" wrap="nowrap">
            <LanguageSwitcher area="portal" />
            <AccountMenu account={session.account} withProfile />
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar aria-label={t('layout.navigation')}>
        <AppShell.Section grow component={ScrollArea} px="sm" py="md">
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
                  {sectionItems.map(({ item, to }) => (
                    <NavLink
                      key={item.key}
                      component={Link}
                      to={to}
                      label={t(`nav.${item.key}`)}
                      leftSection={<item.icon size={18} stroke={1.6} />}
                      active={isNavItemActive(item, pathname)}
                      onClick={close}
                      variant="light"
                      style={{ borderRadius: 'var(--mantine-radius-md)' }}
                      data-testid={`nav-${item.key}`}
                    />
                  ))}
                </Stack>
              );
            })}
          </Stack>
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main bg="var(--mantine-color-gray-0)">
        {session.adminEmail && (
          <ImpersonationBanner
            partnerName={session.selectedPartner?.partnerName ?? session.account.email}
            adminEmail={session.adminEmail}
          />
        )}
        <Box p={{ base: 'md', sm: 'xl' }} maw={1400} mx="auto">
          <Outlet />
        </Box>
      </AppShell.Main>
    </AppShell>
  );
}
