import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { portalRoute } from '../../app/routes/layouts';

export const homeRoutes = [
  createRoute({
    getParentRoute: () => portalRoute,
    path: '/',
    component: lazyRouteComponent(() => import('./HomePage'), 'HomePage'),
  }),
];
