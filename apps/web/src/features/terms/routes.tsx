import { createRoute, redirect } from '@tanstack/react-router';
import { publicRoute } from '../../app/routes/layouts';
import { ComingSoon } from '../../ui/ComingSoon';

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
