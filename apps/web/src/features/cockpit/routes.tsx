import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { cockpitRoute, requireOperator } from '../../app/routes/layouts';
import { NotAllowed } from '../../ui/NotAllowed';

// Operators' pages load on demand: sellers never download them.
// Children are declared before addChildren: created inline, TanStack's types collapse the whole tree to any.
const cockpitChildren = [
  createRoute({
    getParentRoute: () => cockpitRoute,
    path: '/not-allowed',
    component: NotAllowed,
  }),
  createRoute({
    getParentRoute: () => cockpitRoute,
    path: '/',
    beforeLoad: requireOperator('partners'),
    component: lazyRouteComponent(() => import('./CockpitPartnersPage'), 'CockpitPartnersPage'),
  }),
  createRoute({
    getParentRoute: () => cockpitRoute,
    path: '/brand-requests',
    beforeLoad: requireOperator('catalog'),
    component: lazyRouteComponent(() => import('./BrandRequestsPage'), 'BrandRequestsPage'),
  }),
  createRoute({
    getParentRoute: () => cockpitRoute,
    path: '/terms',
    beforeLoad: requireOperator('terms'),
    component: lazyRouteComponent(() => import('./TermsPage'), 'TermsPage'),
  }),
  createRoute({
    getParentRoute: () => cockpitRoute,
    path: '/price-lists',
    beforeLoad: requireOperator('priceLists'),
    component: lazyRouteComponent(() => import('./PriceListsPage'), 'PriceListsPage'),
  }),
  createRoute({
    getParentRoute: () => cockpitRoute,
    path: '/campaigns',
    beforeLoad: requireOperator('campaigns'),
    component: lazyRouteComponent(() => import('./CampaignsPage'), 'CampaignsPage'),
  }),
  createRoute({
    getParentRoute: () => cockpitRoute,
    path: '/content',
    beforeLoad: requireOperator('content'),
    component: lazyRouteComponent(() => import('./ContentPage'), 'ContentPage'),
  }),
  createRoute({
    getParentRoute: () => cockpitRoute,
    path: '/billing',
    beforeLoad: requireOperator('billing'),
    component: lazyRouteComponent(() => import('./BillingPage'), 'BillingPage'),
  }),
  createRoute({
    getParentRoute: () => cockpitRoute,
    path: '/onboarding',
    beforeLoad: requireOperator('onboarding'),
    component: lazyRouteComponent(() => import('./OnboardingPage'), 'OnboardingPage'),
  }),
  createRoute({
    getParentRoute: () => cockpitRoute,
    path: '/partners/$partnerId',
    beforeLoad: requireOperator('partners', 'read'),
    component: lazyRouteComponent(() => import('./PartnerDetailPage'), 'PartnerDetailPage'),
  }),
  createRoute({
    getParentRoute: () => cockpitRoute,
    path: '/registrations',
    beforeLoad: requireOperator('onboarding', 'read'),
    component: lazyRouteComponent(() => import('./RegistrationsPage'), 'RegistrationsPage'),
  }),
  createRoute({
    getParentRoute: () => cockpitRoute,
    path: '/usage',
    beforeLoad: requireOperator('usage'),
    component: lazyRouteComponent(() => import('./UsagePage'), 'UsagePage'),
  }),
  createRoute({
    getParentRoute: () => cockpitRoute,
    path: '/messages',
    beforeLoad: requireOperator('messages'),
    component: lazyRouteComponent(() => import('../messages/CockpitMessagesPage'), 'CockpitMessagesPage'),
  }),
  createRoute({
    getParentRoute: () => cockpitRoute,
    path: '/messages/$id',
    beforeLoad: requireOperator('messages'),
    component: lazyRouteComponent(() => import('../messages/CockpitConversationPage'), 'CockpitConversationPage'),
  }),
  createRoute({
    getParentRoute: () => cockpitRoute,
    path: '/mall-delivery',
    beforeLoad: requireOperator('deliveries'),
    component: lazyRouteComponent(
      () => import('../deliveries/mall/CockpitMallDeliveryPage'),
      'CockpitMallDeliveryPage',
    ),
  }),
  createRoute({
    getParentRoute: () => cockpitRoute,
    path: '/branches',
    beforeLoad: requireOperator('deliveries'),
    component: lazyRouteComponent(() => import('./BranchesPage'), 'BranchesPage'),
  }),
  createRoute({
    getParentRoute: () => cockpitRoute,
    path: '/api-limits',
    beforeLoad: requireOperator('api'),
    component: lazyRouteComponent(() => import('../api/CockpitApiLimitsPage'), 'CockpitApiLimitsPage'),
  }),
  // The operators' lists behind the home's broken webhooks and failed feeds (issue 24 point 8).
  createRoute({
    getParentRoute: () => cockpitRoute,
    path: '/webhooks',
    beforeLoad: requireOperator('api'),
    component: lazyRouteComponent(() => import('./CockpitWebhooksPage'), 'CockpitWebhooksPage'),
  }),
  createRoute({
    getParentRoute: () => cockpitRoute,
    path: '/feeds',
    beforeLoad: requireOperator('api'),
    component: lazyRouteComponent(() => import('./CockpitFeedsPage'), 'CockpitFeedsPage'),
  }),
  createRoute({
    getParentRoute: () => cockpitRoute,
    path: '/portal-dialogs',
    beforeLoad: requireOperator('content'),
    component: lazyRouteComponent(() => import('./PortalDialogsPage'), 'PortalDialogsPage'),
  }),
  createRoute({
    getParentRoute: () => cockpitRoute,
    path: '/partners/$partnerId/stream',
    beforeLoad: requireOperator('impersonation'),
    component: lazyRouteComponent(() => import('./StreamWatchPage'), 'StreamWatchPage'),
  }),
  createRoute({
    getParentRoute: () => cockpitRoute,
    path: '/operators',
    beforeLoad: requireOperator('operators'),
    component: lazyRouteComponent(() => import('./OperatorsPage'), 'OperatorsPage'),
  }),
  // The audit view, feature flags and the operator home (issue 24 points 4, 5 and 8).
  createRoute({
    getParentRoute: () => cockpitRoute,
    path: '/audit',
    beforeLoad: requireOperator('audit'),
    component: lazyRouteComponent(() => import('./AuditPage'), 'AuditPage'),
  }),
  createRoute({
    getParentRoute: () => cockpitRoute,
    path: '/flags',
    beforeLoad: requireOperator('flags'),
    component: lazyRouteComponent(() => import('./FlagsPage'), 'FlagsPage'),
  }),
  createRoute({
    getParentRoute: () => cockpitRoute,
    path: '/home',
    beforeLoad: requireOperator('partners'),
    component: lazyRouteComponent(() => import('./OperatorHomePage'), 'OperatorHomePage'),
  }),
];

export const cockpitRoutes = cockpitRoute.addChildren(cockpitChildren);
