import { createRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../ui/ComingSoon';
import { portalRoute, requireResource, RouteTabs } from '../../app/routes/layouts';
import { PARTNER_TABS } from './tabs';

const partnerRoute = createRoute({
  getParentRoute: () => portalRoute,
  path: '/partner',
  component: () => <RouteTabs heading="nav.partner" tabs={PARTNER_TABS} />,
});

const partnerRoutesChildren = [
  createRoute({
    getParentRoute: () => partnerRoute,
    path: '/',
    beforeLoad: requireResource('partner'),
    component: () => <ComingSoon route="partner" variant="panel" />,
  }),
  createRoute({
    getParentRoute: () => partnerRoute,
    path: 'contacts',
    beforeLoad: requireResource('partnerContacts'),
    component: () => <ComingSoon route="partnerContacts" variant="panel" />,
  }),
  createRoute({
    getParentRoute: () => partnerRoute,
    path: 'accounts',
    beforeLoad: requireResource('accounts'),
    component: () => <ComingSoon route="partnerAccounts" variant="panel" />,
  }),
  createRoute({
    getParentRoute: () => partnerRoute,
    path: 'notifications',
    beforeLoad: requireResource('notifications'),
    component: () => <ComingSoon route="partnerNotifications" variant="panel" />,
  }),
  createRoute({
    getParentRoute: () => partnerRoute,
    path: 'webhook',
    beforeLoad: requireResource('webhook'),
    component: () => <ComingSoon route="partnerWebhook" variant="panel" />,
  }),
  createRoute({
    getParentRoute: () => partnerRoute,
    path: 'webhook/$webhookId/logs',
    beforeLoad: requireResource('webhook'),
    component: () => <ComingSoon route="partnerWebhookLogs" variant="panel" />,
  }),
  createRoute({
    getParentRoute: () => partnerRoute,
    path: 'sandbox-accounts',
    beforeLoad: requireResource('sandboxAccounts'),
    component: () => <ComingSoon route="partnerSandboxAccounts" variant="panel" />,
  }),
  createRoute({
    getParentRoute: () => partnerRoute,
    path: 'permissions',
    beforeLoad: requireResource('permissions'),
    component: () => <ComingSoon route="partnerPermissions" variant="panel" />,
  }),
  createRoute({
    getParentRoute: () => partnerRoute,
    path: 'api-limit',
    beforeLoad: requireResource('apiLimit'),
    component: () => <ComingSoon route="partnerApiLimit" variant="panel" />,
  }),
];

export const partnerRoutes = partnerRoute.addChildren(partnerRoutesChildren);
