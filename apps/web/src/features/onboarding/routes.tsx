import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { portalRoute } from '../../app/routes/layouts';

/** Onboarding (sales account activation), five steps; the step is optional. */
export const workflowRoutes = [
  createRoute({
    getParentRoute: () => portalRoute,
    path: '/workflow/{-$step}',
    component: lazyRouteComponent(() => import('./WorkflowPage'), 'WorkflowPage'),
  }),
];
