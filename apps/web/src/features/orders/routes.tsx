import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { portalRoute, requireResource } from '../../app/routes/layouts';

// Every orders page loads on demand: the portal's first load stays small (the grid, the detail and the
// dialogs come with the first visit to orders).
const grids = () => import('./OrdersGridPage');

const ordersRoute = createRoute({
  getParentRoute: () => portalRoute,
  path: '/orders',
  beforeLoad: requireResource('orders'),
  component: lazyRouteComponent(() => import('./OrdersLayout'), 'OrdersLayout'),
});

// Children are declared before addChildren: created inline, TanStack's types collapse the whole tree to any.
const ordersChildren = [
  createRoute({
    getParentRoute: () => ordersRoute,
    path: '/',
    component: lazyRouteComponent(grids, 'OrdersOverviewPage'),
  }),
  createRoute({
    getParentRoute: () => ordersRoute,
    path: 'open-status',
    component: lazyRouteComponent(grids, 'OrdersOpenPage'),
  }),
  createRoute({
    getParentRoute: () => ordersRoute,
    path: 'shipping-status',
    component: lazyRouteComponent(grids, 'OrdersShippingPage'),
  }),
  createRoute({
    getParentRoute: () => ordersRoute,
    path: 'shipped-status',
    component: lazyRouteComponent(grids, 'OrdersShippedPage'),
  }),
  createRoute({
    getParentRoute: () => ordersRoute,
    path: 'delivered-status',
    component: lazyRouteComponent(grids, 'OrdersDeliveredPage'),
  }),
  createRoute({
    getParentRoute: () => ordersRoute,
    path: 'missing-statuses',
    component: lazyRouteComponent(grids, 'OrdersMissingPage'),
  }),
];

export const ordersRoutes = [
  ordersRoute.addChildren(ordersChildren),
  // The detail is a page of its own, beside the tabs rather than under them.
  createRoute({
    getParentRoute: () => portalRoute,
    path: '/orders/$orderId',
    beforeLoad: requireResource('orders'),
    component: lazyRouteComponent(() => import('./OrderDetailPage'), 'OrderDetailPage'),
  }),
  createRoute({
    getParentRoute: () => portalRoute,
    path: '/orders-beta',
    beforeLoad: () => {
      throw redirect({ to: '/orders' });
    },
  }),
  createRoute({
    getParentRoute: () => portalRoute,
    path: '/orders-stock-export/$ids',
    beforeLoad: requireResource('orders'),
    component: lazyRouteComponent(() => import('./PickingListPage'), 'PickingListPage'),
  }),
];
