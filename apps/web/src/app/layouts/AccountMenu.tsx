import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconLogout, IconUserCircle } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { Session } from '../../features/auth/operations';
import { useLogout } from '../../features/auth/useLogout';

export function AccountMenu({ account, withProfile }: { account: Session['account']; withProfile: boolean }) {
  const { t } = useTranslation();
  const logout = useLogout();
  const name = `${account.firstName} ${account.lastName}`.trim() || account.email;
  const initials = `${account.firstName.charAt(0)}${account.lastName.charAt(0)}`.toUpperCase() || '?';
  return (
    <Menu position="bottom-end" width={260} shadow="md">
      <Menu.Target>
        <UnstyledButton data-testid="account-menu" aria-label={t('layout.accountMenu.label')}>
          <Group gap={8} wrap="nowrap">
            <Avatar color="teal" radius="xl" size={32}>
              {initials}
            </Avatar>
            <Text size="sm" fw={500} visibleFrom="md" maw={160} truncate>
              {name}
            </Text>
            <IconChevronDown size={14} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="var(--mantine-color-text)" data-testid="account-name">
            {name}
          </Text>
          <Text size="xs" c="dimmed" data-testid="account-email">
            {account.email}
          </Text>
        </Menu.Label>
        <Menu.Divider />
        {withProfile && (
          <Menu.Item component={Link} to="/user" leftSection={<IconUserCircle size={16} />}>
            {t('layout.accountMenu.profile')}
          </Menu.Item>
        )}
        <Menu.Item
          color="red"
          leftSection={<IconLogout size={16} />}
          onClick={() => void logout()}
          data-testid="logout"
        >
          {t('layout.accountMenu.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
