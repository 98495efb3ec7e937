import { createRoute, redirect } from '@tanstack/react-router';
import { ComingSoon } from '../../ui/ComingSoon';
import { portalRoute, requireResource } from '../../app/routes/layouts';

export const ordersRoutes = [
  createRoute({
    getParentRoute: () => portalRoute,
    path: '/orders',
    beforeLoad: requireResource('orders'),
    component: () => <ComingSoon route="orders" />,
  }),
  createRoute({
    getParentRoute: () => portalRoute,
    path: '/orders/$orderId',
    beforeLoad: requireResource('orders'),
    component: () => <ComingSoon route="orderDetail" />,
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
    component: () => <ComingSoon route="ordersStockExport" />,
  }),
];
