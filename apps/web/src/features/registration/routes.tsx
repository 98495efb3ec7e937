import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { publicRoute } from '../../app/routes/layouts';

/**
 * Registration of a new e-shop: two steps, the submitted page, the e-mail confirmation and the first password.
 * Loaded only when opened: the form's selects and stepper must not weigh on the sign-in page.
 */
export const registrationRoutes = [
  createRoute({
    getParentRoute: () => publicRoute,
    path: '/registration',
    component: lazyRouteComponent(() => import('./RegistrationPage'), 'RegistrationPage'),
  }),
  createRoute({
    getParentRoute: () => publicRoute,
    path: '/registration-submit',
    component: lazyRouteComponent(() => import('./RegistrationSubmitPage'), 'RegistrationSubmitPage'),
  }),
  createRoute({
    getParentRoute: () => publicRoute,
    path: '/registration-confirm/$token',
    component: lazyRouteComponent(() => import('./RegistrationConfirmPage'), 'RegistrationConfirmPage'),
  }),
  createRoute({
    getParentRoute: () => publicRoute,
    path: '/registration-complete/$passwordToken/$loginToken',
    component: lazyRouteComponent(() => import('./RegistrationCompletePage'), 'RegistrationCompletePage'),
  }),
];
