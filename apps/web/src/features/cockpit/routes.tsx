import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { cockpitRoute } from '../../app/routes/layouts';

// Operators' pages load on demand: sellers never download them.
// Children are declared before addChildren: created inline, TanStack's types collapse the whole tree to any.
const cockpitChildren = [
  createRoute({
    getParentRoute: () => cockpitRoute,
    path: '/',
    component: lazyRouteComponent(() => import('./CockpitPartnersPage'), 'CockpitPartnersPage'),
  }),
  createRoute({
    getParentRoute: () => cockpitRoute,
    path: '/brand-requests',
    component: lazyRouteComponent(() => import('./BrandRequestsPage'), 'BrandRequestsPage'),
  }),
];

export const cockpitRoutes = cockpitRoute.addChildren(cockpitChildren);
