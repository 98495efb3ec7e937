import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { portalRoute, requireResource, RouteTabs } from '../../app/routes/layouts';
import { PARTNER_TABS } from './tabs';

const partnerRoute = createRoute({
  getParentRoute: () => portalRoute,
  path: '/partner',
  component: () => <RouteTabs heading="nav.partner" tabs={PARTNER_TABS} />,
});

// Each tab is its own route behind its own resource (spec §2) and loads on demand.
const partnerRoutesChildren = [
  createRoute({
    getParentRoute: () => partnerRoute,
    path: '/',
    beforeLoad: requireResource('partner'),
    component: lazyRouteComponent(() => import('./info/InfoPage'), 'InfoPage'),
  }),
  createRoute({
    getParentRoute: () => partnerRoute,
    path: 'contacts',
    beforeLoad: requireResource('partnerContacts'),
    component: lazyRouteComponent(() => import('./contacts/ContactsPage'), 'ContactsPage'),
  }),
  createRoute({
    getParentRoute: () => partnerRoute,
    path: 'accounts',
    beforeLoad: requireResource('accounts'),
    component: lazyRouteComponent(() => import('../account/AccountsPage'), 'AccountsPage'),
  }),
  createRoute({
    getParentRoute: () => partnerRoute,
    path: 'notifications',
    beforeLoad: requireResource('notifications'),
    component: lazyRouteComponent(
      () => import('../notifications/NotificationSettingsPage'),
      'NotificationSettingsPage',
    ),
  }),
  createRoute({
    getParentRoute: () => partnerRoute,
    path: 'webhook',
    beforeLoad: requireResource('webhook'),
    component: lazyRouteComponent(() => import('../webhooks/WebhooksPage'), 'WebhooksPage'),
  }),
  createRoute({
    getParentRoute: () => partnerRoute,
    path: 'webhook/$webhookId/logs',
    beforeLoad: requireResource('webhook'),
    component: lazyRouteComponent(() => import('../webhooks/WebhookLogsPage'), 'WebhookLogsPage'),
  }),
  createRoute({
    getParentRoute: () => partnerRoute,
    path: 'sandbox-accounts',
    beforeLoad: requireResource('sandboxAccounts'),
    component: lazyRouteComponent(() => import('../api/SandboxAccountsPage'), 'SandboxAccountsPage'),
  }),
  createRoute({
    getParentRoute: () => partnerRoute,
    path: 'permissions',
    beforeLoad: requireResource('permissions'),
    component: lazyRouteComponent(() => import('../account/PermissionsPage'), 'PermissionsPage'),
  }),
  createRoute({
    getParentRoute: () => partnerRoute,
    path: 'api-limit',
    beforeLoad: requireResource('apiLimit'),
    component: lazyRouteComponent(() => import('../api/ApiLimitPage'), 'ApiLimitPage'),
  }),
  createRoute({
    getParentRoute: () => partnerRoute,
    path: 'api-docs',
    beforeLoad: requireResource('apiLimit'),
    component: lazyRouteComponent(() => import('../api/ApiDocsPage'), 'ApiDocsPage'),
  }),
];

export const partnerRoutes = partnerRoute.addChildren(partnerRoutesChildren);
