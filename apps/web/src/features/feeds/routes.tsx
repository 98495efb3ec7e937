import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { portalRoute, requireResource, RouteTabs } from '../../app/routes/layouts';
import type { SectionTab } from '../../ui/SectionTabs';

const HEUREKA_FEED_TABS: readonly SectionTab[] = [
  { to: '/heureka-feed', label: 'feeds.tabs.settings' },
  { to: '/heureka-feed/status', label: 'feeds.tabs.status' },
  { to: '/heureka-feed/categories-pairing', label: 'feeds.tabs.categoriesPairing' },
  { to: '/heureka-feed/params-values-pairing', label: 'feeds.tabs.paramsValuesPairing' },
  { to: '/heureka-feed/box-management', label: 'feeds.tabs.boxManagement' },
  { to: '/heureka-feed/media-management', label: 'feeds.tabs.mediaManagement' },
  { to: '/heureka-feed/products-management', label: 'feeds.tabs.productsManagement' },
];

const MALL_FEED_TABS: readonly SectionTab[] = [
  { to: '/mall-feed', label: 'feeds.tabs.settings' },
  { to: '/mall-feed/stats', label: 'feeds.tabs.stats' },
];

const heurekaFeedRoute = createRoute({
  getParentRoute: () => portalRoute,
  path: '/heureka-feed',
  beforeLoad: requireResource('heurekaFeed'),
  component: () => <RouteTabs heading="nav.heurekaFeed" tabs={HEUREKA_FEED_TABS} />,
});

const heurekaFeedTreeChildren = [
  createRoute({
    getParentRoute: () => heurekaFeedRoute,
    path: '/',
    component: lazyRouteComponent(() => import('./heureka/HeurekaFeedSettingsPage'), 'HeurekaFeedSettingsPage'),
  }),
  createRoute({
    getParentRoute: () => heurekaFeedRoute,
    path: 'status',
    component: lazyRouteComponent(() => import('./heureka/HeurekaFeedStatusPage'), 'HeurekaFeedStatusPage'),
  }),
  createRoute({
    getParentRoute: () => heurekaFeedRoute,
    path: 'status/feed/$feedId/job/$jobId/error-log',
    component: lazyRouteComponent(() => import('./heureka/HeurekaFeedErrorLogPage'), 'HeurekaFeedErrorLogPage'),
  }),
  createRoute({
    getParentRoute: () => heurekaFeedRoute,
    path: 'categories-pairing',
    component: lazyRouteComponent(
      () => import('./heureka/HeurekaCategoriesPairingPage'),
      'HeurekaCategoriesPairingPage',
    ),
  }),
  createRoute({
    getParentRoute: () => heurekaFeedRoute,
    path: 'params-values-pairing',
    component: lazyRouteComponent(() => import('./heureka/HeurekaParamsPairingPage'), 'HeurekaParamsPairingPage'),
  }),
  createRoute({
    getParentRoute: () => heurekaFeedRoute,
    path: 'params-values-pairing/$partnerCategoryId',
    component: lazyRouteComponent(() => import('./heureka/HeurekaParamsDetailPage'), 'HeurekaParamsDetailPage'),
  }),
  createRoute({
    getParentRoute: () => heurekaFeedRoute,
    path: 'box-management',
    component: lazyRouteComponent(() => import('./heureka/OverridePages'), 'HeurekaBoxManagementPage'),
  }),
  createRoute({
    getParentRoute: () => heurekaFeedRoute,
    path: 'media-management',
    component: lazyRouteComponent(() => import('./heureka/OverridePages'), 'HeurekaMediaManagementPage'),
  }),
  createRoute({
    getParentRoute: () => heurekaFeedRoute,
    path: 'products-management',
    component: lazyRouteComponent(() => import('./heureka/OverridePages'), 'HeurekaProductsManagementPage'),
  }),
];

const heurekaFeedTree = heurekaFeedRoute.addChildren(heurekaFeedTreeChildren);

const mallFeedRoute = createRoute({
  getParentRoute: () => portalRoute,
  path: '/mall-feed',
  beforeLoad: requireResource('mallFeed'),
  component: () => <RouteTabs heading="nav.mallFeed" tabs={MALL_FEED_TABS} />,
});

const mallFeedTreeChildren = [
  createRoute({
    getParentRoute: () => mallFeedRoute,
    path: '/',
    component: lazyRouteComponent(() => import('./mall/MallFeedSettingsPage'), 'MallFeedSettingsPage'),
  }),
  createRoute({
    getParentRoute: () => mallFeedRoute,
    path: 'stats',
    component: lazyRouteComponent(() => import('./mall/MallFeedStatsPage'), 'MallFeedStatsPage'),
  }),
  createRoute({
    getParentRoute: () => mallFeedRoute,
    path: 'stats/feed/$feedId/job/$jobId/error-log',
    // Named by the spec on its own: it needs the Mall feed resource even if the area's rule ever changes.
    beforeLoad: requireResource('mallFeed'),
    component: lazyRouteComponent(() => import('./mall/MallFeedErrorLogPage'), 'MallFeedErrorLogPage'),
  }),
];

const mallFeedTree = mallFeedRoute.addChildren(mallFeedTreeChildren);

export const feedsRoutes = [heurekaFeedTree, mallFeedTree];
