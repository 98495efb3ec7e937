import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { portalRoute, requireResource } from '../../app/routes/layouts';

export const statisticsRoutes = [
  createRoute({
    getParentRoute: () => portalRoute,
    path: '/statistics',
    beforeLoad: requireResource('statistics'),
    component: lazyRouteComponent(() => import('./StatisticsPage'), 'StatisticsPage'),
  }),
];
