import { Avatar, Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconChevronDown, IconLanguage, IconLogout, IconUserCircle } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { Session } from '../../features/auth/operations';
import { useLogout } from '../../features/auth/useLogout';
import {
  NotificationsMenuItem,
  UnreadNotificationsIndicator,
} from '../../features/notifications/NotificationsMenuItem';
import { useLanguageChoice } from '../../ui/LanguageSwitcher';
import type { LanguageArea } from '../i18n/languageChoice';

/**
 * The account's menu: profile and logout, and on a phone (`languageArea` given) also the language choice,
 * which the header has no room for there.
 */
export function AccountMenu({
  account,
  withProfile,
  languageArea,
}: {
  account: Session['account'];
  withProfile: boolean;
  languageArea?: LanguageArea;
}) {
  const { t } = useTranslation();
  const logout = useLogout();
  const name = `${account.firstName} ${account.lastName}`.trim() || account.email;
  const initials = `${account.firstName.charAt(0)}${account.lastName.charAt(0)}`.toUpperCase() || '?';
  return (
    <Menu position="bottom-end" width={260} shadow="md">
      <Menu.Target>
        <UnstyledButton data-testid="account-menu" style={{ flexShrink: 0, borderRadius: 'var(--mantine-radius-xl)' }}>
          <Group gap={8} wrap="nowrap">
            <UnreadNotificationsIndicator enabled={withProfile}>
              <Avatar color="teal" radius="xl" size={32} aria-hidden>
                {initials}
              </Avatar>
            </UnreadNotificationsIndicator>
            <Text size="sm" fw={500} visibleFrom="md" maw={160} truncate>
              {name}
            </Text>
            {/* Named by what it shows and then what it is (WCAG 2.5.3): no aria-label that would hide the name. */}
            <VisuallyHidden>{t('layout.accountMenu.label')}</VisuallyHidden>
            <IconChevronDown size={14} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="var(--mantine-color-text)" data-testid="account-name">
            {name}
          </Text>
          <Text size="xs" c="dimmed" data-testid="account-email" truncate>
            {account.email}
          </Text>
        </Menu.Label>
        <Menu.Divider />
        {withProfile && (
          <Menu.Item component={Link} to="/user" leftSection={<IconUserCircle size={16} />}>
            {t('layout.accountMenu.profile')}
          </Menu.Item>
        )}
        {withProfile && <NotificationsMenuItem />}
        {languageArea && <LanguageItems area={languageArea} />}
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

function LanguageItems({ area }: { area: LanguageArea }) {
  const { t } = useTranslation();
  const { current, choose, languages } = useLanguageChoice(area);
  return (
    <>
      <Menu.Divider />
      <Menu.Label>
        <Group gap={6} wrap="nowrap">
          <IconLanguage size={14} aria-hidden />
          {t('layout.language')}
        </Group>
      </Menu.Label>
      {languages.map((code) => (
        <Menu.Item
          key={code}
          lang={code}
          data-testid={`language-option-${code}`}
          aria-current={code === current ? 'true' : undefined}
          rightSection={code === current ? <IconCheck size={16} aria-hidden /> : null}
          fw={code === current ? 600 : undefined}
          onClick={() => choose(code)}
        >
          {t(`languages.${code}`)}
        </Menu.Item>
      ))}
      <Menu.Divider />
    </>
  );
}
