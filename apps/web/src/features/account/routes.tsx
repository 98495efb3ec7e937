import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { portalRoute, requireResource, RouteTabs } from '../../app/routes/layouts';
import type { SectionTab } from '../../ui/SectionTabs';

const USER_TABS: readonly SectionTab[] = [
  { to: '/user', label: 'account.tabs.profile' },
  { to: '/user/notifications', label: 'account.tabs.notifications' },
  {
    to: '/user/messages',
    label: 'account.tabs.messages',
    resource: 'messages',
    also: ['/user/send-message', '/user/conversation'],
  },
  { to: '/user/contacts', label: 'account.tabs.contacts' },
];

const userRoute = createRoute({
  getParentRoute: () => portalRoute,
  path: '/user',
  component: () => <RouteTabs heading="nav.user" tabs={USER_TABS} />,
});

// The user area: the signed-in account's own profile and password, what it was told, and its messages.
const accountRoutesChildren = [
  createRoute({
    getParentRoute: () => userRoute,
    path: '/',
    component: lazyRouteComponent(() => import('./ProfilePage'), 'ProfilePage'),
  }),
  createRoute({
    getParentRoute: () => userRoute,
    path: 'notifications',
    component: lazyRouteComponent(() => import('../notifications/NotificationsPage'), 'NotificationsPage'),
  }),
  createRoute({
    getParentRoute: () => userRoute,
    path: 'messages',
    beforeLoad: requireResource('messages'),
    component: lazyRouteComponent(() => import('../messages/MessagesPage'), 'MessagesPage'),
  }),
  createRoute({
    getParentRoute: () => userRoute,
    path: 'send-message',
    beforeLoad: requireResource('messages', 'create'),
    component: lazyRouteComponent(() => import('../messages/SendMessagePage'), 'SendMessagePage'),
  }),
  createRoute({
    getParentRoute: () => userRoute,
    path: 'conversation/$id',
    beforeLoad: requireResource('messages'),
    component: lazyRouteComponent(() => import('../messages/ConversationPage'), 'ConversationPage'),
  }),
  createRoute({
    getParentRoute: () => userRoute,
    path: 'contacts',
    component: lazyRouteComponent(() => import('../messages/MarketplaceContactsPage'), 'MarketplaceContactsPage'),
  }),
];

export const accountRoutes = userRoute.addChildren(accountRoutesChildren);

/** Where a mailed invitation to join a shop lands: signed in, whatever the selected shop (no resource needed). */
export const invitationRoute = createRoute({
  getParentRoute: () => portalRoute,
  path: '/invitation/$token',
  component: lazyRouteComponent(() => import('./InvitationPage'), 'InvitationPage'),
});
