import { createRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../ui/ComingSoon';
import { portalRoute } from '../../app/routes/layouts';

/** Onboarding (sales account activation), five steps; the step is optional. */
export const workflowRoutes = [
  createRoute({
    getParentRoute: () => portalRoute,
    path: '/workflow/{-$step}',
    component: () => <ComingSoon route="workflow" />,
  }),
];
