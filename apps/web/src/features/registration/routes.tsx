import { createRoute } from '@tanstack/react-router';
import { publicRoute } from '../../app/routes/layouts';
import { ComingSoon } from '../../ui/ComingSoon';

/** Registration of a new e-shop: two steps, the submitted page, the e-mail confirmation and the first password. */
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
