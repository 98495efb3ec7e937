import { graphql, type ResultOf } from '../../graphql/graphql';

export const NotificationSettingsQuery = graphql(`
  query NotificationSettings {
    notificationSettings { eventType groups emails active isDefault updated }
    notificationContactGroups
  }
`);
export type NotificationSettingData = ResultOf<typeof NotificationSettingsQuery>['notificationSettings'][number];

export const UpdateNotificationSettingMutation = graphql(`
  mutation UpdateNotificationSetting($input: NotificationSettingInput!) {
    updateNotificationSetting(input: $input) { eventType groups emails active isDefault updated }
  }
`);

export const PartnerNotificationsQuery = graphql(`
  query PartnerNotifications($grid: GridInput) {
    partnerNotifications(grid: $grid) {
      items { id eventType params created read }
      total totalExact page perPage nextCursor
    }
  }
`);
export type PartnerNotificationRow = ResultOf<
  typeof PartnerNotificationsQuery
>['partnerNotifications']['items'][number];

export const NotificationUnreadCountQuery = graphql(`
  query NotificationUnreadCount { notificationUnreadCount }
`);

export const MarkNotificationsReadMutation = graphql(`
  mutation MarkNotificationsRead($ids: [ID!], $all: Boolean) { markNotificationsRead(ids: $ids, all: $all) }
`);

/** Query keys: every list, count and setting of the area starts with `notifications`. */
export const NOTIFICATION_KEYS = {
  all: ['notifications'],
  settings: ['notifications', 'settings'],
  list: ['notifications', 'list'],
  unread: ['notifications', 'unread'],
} as const;
