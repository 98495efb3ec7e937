import { createRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../ui/ComingSoon';
import { portalRoute, publicRoute } from '../../app/routes/layouts';

export const registrationRoutes = [
  createRoute({
    getParentRoute: () => publicRoute,
    path: '/registration',
    component: () => <ComingSoon route="registration" variant="public" />,
  }),
  createRoute({
    getParentRoute: () => publicRoute,
    path: '/registration-submit',
    component: () => <ComingSoon route="registrationSubmit" variant="public" />,
  }),
  createRoute({
    getParentRoute: () => publicRoute,
    path: '/registration-confirm/$token',
    component: () => <ComingSoon route="registrationConfirm" variant="public" />,
  }),
  createRoute({
    getParentRoute: () => publicRoute,
    path: '/registration-complete/$passwordToken/$loginToken',
    component: () => <ComingSoon route="registrationComplete" variant="public" />,
  }),
];

/** Onboarding (sales account activation), five steps; the step is optional. */
export const workflowRoutes = [
  createRoute({
    getParentRoute: () => portalRoute,
    path: '/workflow/{-$step}',
    component: () => <ComingSoon route="workflow" />,
  }),
];
