import type { GridPage } from '@pp/domain';
import { builder, GridInput } from '../../platform/graphql/builder';
import { markNotificationsRead, type NotificationRow, partnerNotificationList, unreadNotificationCount } from './list';
import {
  listNotificationSettings,
  type NotificationSettingView,
  notificationContactGroups,
  updateNotificationSetting,
} from './settings';

const NotificationSettingRef = builder.objectRef<NotificationSettingView>('NotificationSetting').implement({
  description: 'Who hears of one event type: contact groups and custom e-mails, active or disabled.',
  fields: (t) => ({
    eventType: t.exposeString('eventType'),
    groups: t.exposeStringList('groups', { description: 'CONTACT_GROUPS values.' }),
    emails: t.exposeStringList('emails'),
    active: t.exposeBoolean('active'),
    isDefault: t.exposeBoolean('isDefault', { description: 'Nothing saved yet: the default of the event type.' }),
    updated: t.expose('updated', { type: 'DateTime', nullable: true }),
  }),
});

const NotificationSettingInput = builder.inputType('NotificationSettingInput', {
  fields: (t) => ({
    eventType: t.string({ required: true }),
    groups: t.stringList({ required: true }),
    emails: t.string({ required: true, description: 'Addresses separated by comma or semicolon, at most 10.' }),
    active: t.boolean({ required: true }),
  }),
});

const PartnerNotificationRef = builder.objectRef<NotificationRow>('PartnerNotification').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    eventType: t.exposeString('eventType'),
    params: t.field({
      type: 'JSON',
      description: 'Values the translated text is filled with.',
      resolve: (n) => n.params,
    }),
    created: t.expose('created', { type: 'DateTime' }),
    read: t.exposeBoolean('read', { description: 'Whether the signed-in account has read it.' }),
  }),
});

const PartnerNotificationPageRef = builder.objectRef<GridPage<NotificationRow>>('PartnerNotificationPage').implement({
  fields: (t) => ({
    items: t.field({ type: [PartnerNotificationRef], resolve: (p) => p.items }),
    total: t.exposeInt('total'),
    totalExact: t.exposeBoolean('totalExact'),
    page: t.exposeInt('page'),
    perPage: t.exposeInt('perPage'),
    nextCursor: t.string({ nullable: true, resolve: (p) => p.nextCursor ?? null }),
  }),
});

builder.queryFields((t) => ({
  notificationSettings: t.field({
    type: [NotificationSettingRef],
    description: 'Every event type with its setting or its default.',
    resolve: (_, __, ctx) => listNotificationSettings(ctx),
  }),
  notificationContactGroups: t.stringList({
    description: 'Contact groups at least one contact of the partner holds (the only ones an active setting may name).',
    resolve: (_, __, ctx) => notificationContactGroups(ctx),
  }),
  partnerNotifications: t.field({
    type: PartnerNotificationPageRef,
    description: "The selected partner's notifications, newest first, with this account's read marks.",
    args: { grid: t.arg({ type: GridInput }) },
    resolve: (_, args, ctx) => partnerNotificationList(ctx, args.grid ?? {}),
  }),
  notificationUnreadCount: t.int({
    description: 'Unread notifications of the selected partner for this account, at most 99.',
    resolve: (_, __, ctx) => unreadNotificationCount(ctx),
  }),
}));

builder.mutationFields((t) => ({
  updateNotificationSetting: t.field({
    type: NotificationSettingRef,
    args: { input: t.arg({ type: NotificationSettingInput, required: true }) },
    resolve: (_, args, ctx) => updateNotificationSetting(ctx, args.input),
  }),
  markNotificationsRead: t.int({
    description:
      'Marks the given notifications, or all with `all`, read for this account; answers how many were newly marked.',
    args: { ids: t.arg.idList(), all: t.arg.boolean() },
    resolve: (_, args, ctx) => markNotificationsRead(ctx, { ids: args.ids ?? null, all: args.all ?? null }),
  }),
}));
