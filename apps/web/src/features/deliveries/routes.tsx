import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { portalRoute, requireResource, RouteTabs } from '../../app/routes/layouts';
import type { SectionTab } from '../../ui/SectionTabs';

const DELIVERIES_TABS: readonly SectionTab[] = [
  { to: '/deliveries', label: 'deliveries.tabs.overview' },
  { to: '/deliveries/warehouse', label: 'deliveries.tabs.warehouse' },
  { to: '/deliveries/mall', label: 'deliveries.tabs.mall' },
];

const deliveriesRoute = createRoute({
  getParentRoute: () => portalRoute,
  path: '/deliveries',
  beforeLoad: requireResource('deliveries'),
  component: () => <RouteTabs heading="nav.deliveries" tabs={DELIVERIES_TABS} />,
});

const deliveriesRoutesChildren = [
  createRoute({
    getParentRoute: () => deliveriesRoute,
    path: '/',
    component: lazyRouteComponent(() => import('./methods/MethodsPage'), 'MethodsPage'),
  }),
  createRoute({
    getParentRoute: () => deliveriesRoute,
    path: 'warehouse',
    component: lazyRouteComponent(() => import('./warehouse/WarehousePage'), 'WarehousePage'),
  }),
  createRoute({
    getParentRoute: () => deliveriesRoute,
    path: 'detail/{-$id}',
    component: lazyRouteComponent(() => import('./methods/MethodDetailPage'), 'MethodDetailPage'),
  }),
  createRoute({
    getParentRoute: () => deliveriesRoute,
    path: 'mall',
    component: lazyRouteComponent(() => import('./mall/MallDeliveryPage'), 'MallDeliveryPage'),
  }),
  createRoute({
    getParentRoute: () => deliveriesRoute,
    path: 'mall/classic',
    component: lazyRouteComponent(() => import('./mall/MallClassicPage'), 'MallClassicPage'),
  }),
  createRoute({
    getParentRoute: () => deliveriesRoute,
    path: 'mall/spectrum',
    component: lazyRouteComponent(() => import('./mall/MallSpectrumPage'), 'MallSpectrumPage'),
  }),
];

export const deliveriesRoutes = deliveriesRoute.addChildren(deliveriesRoutesChildren);
