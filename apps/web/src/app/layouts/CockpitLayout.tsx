import { AppShell, Badge, Box, Group } from '@mantine/core';
import { Outlet } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { LanguageSwitcher } from '../../ui/LanguageSwitcher';
import { useSession } from '../session/session';
import { useStreamStatus } from '../stream/StreamProvider';
import { AccountMenu } from './AccountMenu';
import { Brand } from './Brand';

/** The marketplace operator's area: no partner is selected here, so there is no partner navigation. */
export function CockpitLayout() {
  const { t } = useTranslation();
  const session = useSession();
  const streamStatus = useStreamStatus();
  return (
    <AppShell header={{ height: 64 }} padding={0} data-testid="app-shell" {...streamStatus}>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Brand />
            <Badge color="dark" variant="filled" radius="sm">
              {t('layout.cockpit')}
            </Badge>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <LanguageSwitcher area="portal" />
            <AccountMenu account={session.account} withProfile={false} />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Main bg="var(--mantine-color-gray-0)">
        <Box p={{ base: 'md', sm: 'xl' }} maw={1600} mx="auto">
          <Outlet />
        </Box>
      </AppShell.Main>
    </AppShell>
  );
}
