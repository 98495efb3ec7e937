import { createRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../ui/ComingSoon';
import { portalRoute } from '../../app/routes/layouts';

export const statisticsRoutes = [
  createRoute({
    getParentRoute: () => portalRoute,
    path: '/statistics',
    component: () => <ComingSoon route="statistics" />,
  }),
];
