import { createRoute, redirect } from '@tanstack/react-router';
import { ComingSoon } from '../../ui/ComingSoon';
import { portalRoute, publicRoute } from '../../app/routes/layouts';

/**
 * Business terms per country. The language variants cs and en lead to the countries cz and si; sk already
 * is the country sk, so /business-terms/sk is served by the country route (a redirect would point at itself).
 */
export const businessTermsRoutes = [
  createRoute({
    getParentRoute: () => publicRoute,
    path: '/business-terms',
    component: () => <ComingSoon route="businessTerms" variant="public" />,
  }),
  createRoute({
    getParentRoute: () => publicRoute,
    path: '/business-terms/cs',
    beforeLoad: () => {
      throw redirect({ to: '/business-terms/$country/{-$lang}', params: { country: 'cz' } });
    },
  }),
  createRoute({
    getParentRoute: () => publicRoute,
    path: '/business-terms/en',
    beforeLoad: () => {
      throw redirect({ to: '/business-terms/$country/{-$lang}', params: { country: 'si' } });
    },
  }),
  createRoute({
    getParentRoute: () => publicRoute,
    path: '/business-terms/$country/history',
    component: () => <ComingSoon route="businessTermsHistory" variant="public" />,
  }),
  createRoute({
    getParentRoute: () => publicRoute,
    path: '/business-terms/$country/{-$lang}',
    component: () => <ComingSoon route="businessTerms" variant="public" />,
  }),
];

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
