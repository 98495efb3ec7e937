import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { publicRoute } from '../../app/routes/layouts';

/** `?version=` opens one version of the history; without it the page shows the terms in force. */
function versionSearch(search: Record<string, unknown>): { version?: string } {
  const version = search.version;
  return typeof version === 'string' || typeof version === 'number' ? { version: String(version) } : {};
}

// The pages load on demand: the sign-in page must not carry them (docs/decisions.md, "Loading pages").
const pages = () => import('./BusinessTermsPages');

/**
 * Business terms per country. The language variants cs and en lead to the countries cz and si; sk already
 * is the country sk, so /business-terms/sk is served by the country route (a redirect would point at itself).
 */
export const businessTermsRoutes = [
  createRoute({
    getParentRoute: () => publicRoute,
    path: '/business-terms',
    component: lazyRouteComponent(pages, 'BusinessTermsChooserPage'),
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
    component: lazyRouteComponent(pages, 'BusinessTermsHistoryPage'),
  }),
  createRoute({
    getParentRoute: () => publicRoute,
    path: '/business-terms/$country/{-$lang}',
    validateSearch: versionSearch,
    component: lazyRouteComponent(pages, 'BusinessTermsPage'),
  }),
];
