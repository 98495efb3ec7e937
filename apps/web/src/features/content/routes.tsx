import { createRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../ui/ComingSoon';
import { portalRoute } from '../../app/routes/layouts';

export const helpRoutes = [
  createRoute({ getParentRoute: () => portalRoute, path: '/faq', component: () => <ComingSoon route="faq" /> }),
  createRoute({
    getParentRoute: () => portalRoute,
    path: '/services',
    component: () => <ComingSoon route="services" />,
  }),
  createRoute({
    getParentRoute: () => portalRoute,
    path: '/services/detail/$serviceName',
    component: () => <ComingSoon route="serviceDetail" />,
  }),
  createRoute({
    getParentRoute: () => portalRoute,
    path: '/services/mall-pay',
    component: () => <ComingSoon route="mallPay" />,
  }),
  createRoute({
    getParentRoute: () => portalRoute,
    path: '/financing',
    component: () => <ComingSoon route="financing" />,
  }),
];
