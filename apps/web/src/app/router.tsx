import { createRouter } from '@tanstack/react-router';
import { PageError } from '../ui/PageError';
import { accountRoutes, invitationRoute } from '../features/account/routes';
import { authCardRoutes } from '../features/auth/routes';
import { billingRoutes } from '../features/billing/routes';
import { campaignsRoutes } from '../features/campaigns/routes';
import { catalogRoutes } from '../features/catalog/routes';
import { cockpitRoutes } from '../features/cockpit/routes';
import { helpRoutes, publicContentRoutes } from '../features/content/routes';
import { deliveriesRoutes } from '../features/deliveries/routes';
import { devRoutes } from '../features/dev/routes';
import { feedsRoutes } from '../features/feeds/routes';
import { homeRoutes } from '../features/home/routes';
import { workflowRoutes } from '../features/onboarding/routes';
import { ordersRoutes } from '../features/orders/routes';
import { partnerRoutes } from '../features/partner/routes';
import { productsRoutes } from '../features/products/routes';
import { registrationRoutes } from '../features/registration/routes';
import { slaRoutes } from '../features/sla/routes';
import { statisticsRoutes } from '../features/statistics/routes';
import { businessTermsRoutes } from '../features/terms/routes';
import { queryClient } from './queryClient';
import { authRoute, portalRoute, privateRoute, publicRoute, rootRoute } from './routes/layouts';
import { systemRoutes } from './routes/systemRoutes';
import { parsePlainSearch, stringifyPlainSearch } from './searchParams';

export const routeTree = rootRoute.addChildren([
  publicRoute.addChildren([
    authRoute.addChildren(authCardRoutes),
    ...registrationRoutes,
    ...businessTermsRoutes,
    ...publicContentRoutes,
    ...devRoutes,
  ]),
  privateRoute.addChildren([
    portalRoute.addChildren([
      ...homeRoutes,
      ...systemRoutes,
      ...workflowRoutes,
      ...ordersRoutes,
      ...productsRoutes,
      ...catalogRoutes,
      accountRoutes,
      invitationRoute,
      partnerRoutes,
      ...feedsRoutes,
      campaignsRoutes,
      deliveriesRoutes,
      ...billingRoutes,
      slaRoutes,
      ...statisticsRoutes,
      ...helpRoutes,
    ]),
    cockpitRoutes,
  ]),
]);

export const router = createRouter({
  routeTree,
  context: { queryClient },
  notFoundMode: 'root',
  parseSearch: parsePlainSearch,
  stringifySearch: stringifyPlainSearch,
  defaultPreload: false,
  defaultErrorComponent: PageError,
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

/** Whether the page shown now is behind login (used when the server ends the session mid-use). */
export function isOnPrivatePage(): boolean {
  return router.state.matches.some((match) => match.routeId === privateRoute.id);
}
