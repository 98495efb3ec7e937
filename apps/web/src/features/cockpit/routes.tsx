import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { cockpitRoute } from '../../app/routes/layouts';

// Operators' pages load on demand: sellers never download them.
// Children are declared before addChildren: created inline, TanStack's types collapse the whole tree to any.
const cockpitChildren = [
  createRoute({
    getParentRoute: () => cockpitRoute,
    path: '/not-allowed',
    component: lazyRouteComponent(() => import('../../ui/NotAllowed'), 'NotAllowed'),
  }),
  createRoute({
    getParentRoute: () => cockpitRoute,
    path: '/',
    component: lazyRouteComponent(() => import('./CockpitPartnersPage'), 'CockpitPartnersPage'),
  }),
  createRoute({
    getParentRoute: () => cockpitRoute,
    path: '/brand-requests',
    component: lazyRouteComponent(() => import('./BrandRequestsPage'), 'BrandRequestsPage'),
  }),
  createRoute({
    getParentRoute: () => cockpitRoute,
    path: '/terms',
    component: lazyRouteComponent(() => import('./TermsPage'), 'TermsPage'),
  }),
  createRoute({
    getParentRoute: () => cockpitRoute,
    path: '/price-lists',
    component: lazyRouteComponent(() => import('./PriceListsPage'), 'PriceListsPage'),
  }),
  createRoute({
    getParentRoute: () => cockpitRoute,
    path: '/campaigns',
    component: lazyRouteComponent(() => import('./CampaignsPage'), 'CampaignsPage'),
  }),
  createRoute({
    getParentRoute: () => cockpitRoute,
    path: '/content',
    component: lazyRouteComponent(() => import('./ContentPage'), 'ContentPage'),
  }),
  createRoute({
    getParentRoute: () => cockpitRoute,
    path: '/billing',
    component: lazyRouteComponent(() => import('./BillingPage'), 'BillingPage'),
  }),
  createRoute({
    getParentRoute: () => cockpitRoute,
    path: '/onboarding',
    component: lazyRouteComponent(() => import('./OnboardingPage'), 'OnboardingPage'),
  }),
  createRoute({
    getParentRoute: () => cockpitRoute,
    path: '/usage',
    component: lazyRouteComponent(() => import('./UsagePage'), 'UsagePage'),
  }),
  createRoute({
    getParentRoute: () => cockpitRoute,
    path: '/messages',
    component: lazyRouteComponent(() => import('../messages/CockpitMessagesPage'), 'CockpitMessagesPage'),
  }),
  createRoute({
    getParentRoute: () => cockpitRoute,
    path: '/messages/$id',
    component: lazyRouteComponent(() => import('../messages/CockpitConversationPage'), 'CockpitConversationPage'),
  }),
  createRoute({
    getParentRoute: () => cockpitRoute,
    path: '/mall-delivery',
    component: lazyRouteComponent(
      () => import('../deliveries/mall/CockpitMallDeliveryPage'),
      'CockpitMallDeliveryPage',
    ),
  }),
  createRoute({
    getParentRoute: () => cockpitRoute,
    path: '/branches',
    component: lazyRouteComponent(() => import('./BranchesPage'), 'BranchesPage'),
  }),
  createRoute({
    getParentRoute: () => cockpitRoute,
    path: '/api-limits',
    component: lazyRouteComponent(() => import('../api/CockpitApiLimitsPage'), 'CockpitApiLimitsPage'),
  }),
];

export const cockpitRoutes = cockpitRoute.addChildren(cockpitChildren);
