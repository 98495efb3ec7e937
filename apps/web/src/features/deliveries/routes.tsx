import { createRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../ui/ComingSoon';
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
    component: () => <ComingSoon route="deliveries" variant="panel" />,
  }),
  createRoute({
    getParentRoute: () => deliveriesRoute,
    path: 'warehouse',
    component: () => <ComingSoon route="deliveriesWarehouse" variant="panel" />,
  }),
  createRoute({
    getParentRoute: () => deliveriesRoute,
    path: 'detail/{-$id}',
    component: () => <ComingSoon route="deliveryDetail" variant="panel" />,
  }),
  createRoute({
    getParentRoute: () => deliveriesRoute,
    path: 'mall',
    component: () => <ComingSoon route="deliveriesMall" variant="panel" />,
  }),
  createRoute({
    getParentRoute: () => deliveriesRoute,
    path: 'mall/classic',
    component: () => <ComingSoon route="deliveriesMallClassic" variant="panel" />,
  }),
  createRoute({
    getParentRoute: () => deliveriesRoute,
    path: 'mall/spectrum',
    component: () => <ComingSoon route="deliveriesMallSpectrum" variant="panel" />,
  }),
];

export const deliveriesRoutes = deliveriesRoute.addChildren(deliveriesRoutesChildren);
