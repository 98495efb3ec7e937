import { AppShell, Badge, Box, Group } from '@mantine/core';
import { Outlet } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { LanguageSwitcher } from '../../ui/LanguageSwitcher';
import { useSession } from '../session/session';
import { useStreamStatus } from '../stream/StreamProvider';
import { AccountMenu } from './AccountMenu';
import { Brand } from './Brand';
import { MAIN_ID, SkipLink } from './SkipLink';
import { usePhone } from './usePhone';

/** The marketplace operator's area: no partner is selected here, so there is no partner navigation. */
export function CockpitLayout() {
  const { t } = useTranslation();
  const session = useSession();
  const streamStatus = useStreamStatus();
  const phone = usePhone();
  return (
    <AppShell header={{ height: 64 }} padding={0} data-testid="app-shell" {...streamStatus}>
      <SkipLink />
      <AppShell.Header>
        <Group h="100%" px={{ base: 'xs', xs: 'md' }} justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="sm" wrap="nowrap" miw={0}>
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
      <AppShell.Main id={MAIN_ID} tabIndex={-1} bg="var(--mantine-color-gray-0)" miw={0} className="pp-main">
        <Box p={{ base: 'md', sm: 'xl' }} maw={1600} mx="auto" miw={0}>
          <Outlet />
        </Box>
      </AppShell.Main>
    </AppShell>
  );
}
