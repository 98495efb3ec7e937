import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { portalRoute, publicRoute } from '../../app/routes/layouts';

// The pages load on demand: neither the sign-in page nor the portal's first page carries them.
const services = () => import('./ServicesPages');
const financing = () => import('./FinancingPage');

/** Services, financing and the help center in the portal (spec §2): any account of the partner reads them. */
export const helpRoutes = [
  createRoute({
    getParentRoute: () => portalRoute,
    path: '/faq',
    component: lazyRouteComponent(() => import('./FaqPage'), 'FaqPage'),
  }),
  createRoute({
    getParentRoute: () => portalRoute,
    path: '/services',
    component: lazyRouteComponent(services, 'ServicesPage'),
  }),
  createRoute({
    getParentRoute: () => portalRoute,
    path: '/services/detail/$serviceName',
    component: lazyRouteComponent(services, 'ServiceDetailPage'),
  }),
  createRoute({
    getParentRoute: () => portalRoute,
    path: '/services/mall-pay',
    component: lazyRouteComponent(services, 'MallPayPage'),
  }),
  createRoute({
    getParentRoute: () => portalRoute,
    path: '/financing',
    component: lazyRouteComponent(financing, 'FinancingPage'),
  }),
];

/**
 * The public offer (the login page's "services" link): /offer/services and /offer/services/{serviceName}, and
 * the page the demo's stand-in financing provider links to.
 */
export const publicContentRoutes = [
  createRoute({
    getParentRoute: () => publicRoute,
    path: '/offer/services',
    component: lazyRouteComponent(services, 'PublicServicesPage'),
  }),
  createRoute({
    getParentRoute: () => publicRoute,
    path: '/offer/services/$serviceName',
    component: lazyRouteComponent(services, 'PublicServiceDetailPage'),
  }),
  createRoute({
    getParentRoute: () => publicRoute,
    path: '/offer/financing-demo',
    validateSearch: (search: Record<string, unknown>): { offer?: string } =>
      typeof search.offer === 'string' ? { offer: search.offer } : {},
    component: lazyRouteComponent(financing, 'FinancingDemoOfferPage'),
  }),
];
