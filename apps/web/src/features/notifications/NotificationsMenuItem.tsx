import { Badge, Indicator, Menu } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { NOTIFICATION_KEYS, NotificationUnreadCountQuery } from './operations';
import { useNotificationsLive } from './useNotificationsLive';

/** The account's unread notifications of the selected partner; kept current by the live stream. */
export function useUnreadNotifications(): number {
  useNotificationsLive();
  const unread = useQuery({
    queryKey: NOTIFICATION_KEYS.unread,
    queryFn: ({ signal }) =>
      api.request(NotificationUnreadCountQuery, {}, { signal }).then((r) => r.notificationUnreadCount),
    // The badge is a hint: a failure (no partner selected yet) shows none rather than an error.
    retry: false,
  });
  return unread.data ?? 0;
}

/** The account menu's way to the notification list, with the unread count. */
export function NotificationsMenuItem() {
  const { t } = useTranslation();
  const count = useUnreadNotifications();
  const label = count >= 99 ? '99+' : String(count);
  return (
    <Menu.Item
      component={Link}
      to="/user/notifications"
      leftSection={<IconBell size={16} />}
      rightSection={
        count > 0 ? (
          <Badge size="sm" circle={count < 10} color="red" data-testid="notifications-unread">
            {label}
          </Badge>
        ) : null
      }
      data-testid="account-menu-notifications"
    >
      {t('notifications.menu.item')}
    </Menu.Item>
  );
}

/** A dot with the unread count on the account menu's avatar, in the portal (the cockpit has no partner). */
export function UnreadNotificationsIndicator({ enabled, children }: { enabled: boolean; children: ReactNode }) {
  return enabled ? <CountedIndicator>{children}</CountedIndicator> : children;
}

function CountedIndicator({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const count = useUnreadNotifications();
  return (
    <Indicator
      color="red"
      size={16}
      offset={4}
      label={count >= 99 ? '99+' : count}
      disabled={count === 0}
      title={count > 0 ? t('notifications.menu.unread', { count }) : undefined}
      data-testid="account-menu-unread"
    >
      {children}
    </Indicator>
  );
}
