import { createRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../ui/ComingSoon';
import { portalRoute, RouteTabs } from '../../app/routes/layouts';
import type { SectionTab } from '../../ui/SectionTabs';

const USER_TABS: readonly SectionTab[] = [
  { to: '/user', label: 'account.tabs.profile' },
  { to: '/user/notifications', label: 'account.tabs.notifications' },
  { to: '/user/messages', label: 'account.tabs.messages' },
  { to: '/user/contacts', label: 'account.tabs.contacts' },
];

const userRoute = createRoute({
  getParentRoute: () => portalRoute,
  path: '/user',
  component: () => <RouteTabs heading="nav.user" tabs={USER_TABS} />,
});

const accountRoutesChildren = [
  createRoute({
    getParentRoute: () => userRoute,
    path: '/',
    component: () => <ComingSoon route="user" variant="panel" />,
  }),
  createRoute({
    getParentRoute: () => userRoute,
    path: 'notifications',
    component: () => <ComingSoon route="userNotifications" variant="panel" />,
  }),
  createRoute({
    getParentRoute: () => userRoute,
    path: 'messages',
    component: () => <ComingSoon route="userMessages" variant="panel" />,
  }),
  createRoute({
    getParentRoute: () => userRoute,
    path: 'send-message',
    component: () => <ComingSoon route="userSendMessage" variant="panel" />,
  }),
  createRoute({
    getParentRoute: () => userRoute,
    path: 'conversation/$id',
    component: () => <ComingSoon route="userConversation" variant="panel" />,
  }),
  createRoute({
    getParentRoute: () => userRoute,
    path: 'contacts',
    component: () => <ComingSoon route="userContacts" variant="panel" />,
  }),
];

export const accountRoutes = userRoute.addChildren(accountRoutesChildren);
