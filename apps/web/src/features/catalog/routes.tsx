import { createRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../ui/ComingSoon';
import { portalRoute } from '../../app/routes/layouts';

export const catalogRoutes = [
  createRoute({
    getParentRoute: () => portalRoute,
    path: '/categories',
    component: () => <ComingSoon route="categories" />,
  }),
  createRoute({ getParentRoute: () => portalRoute, path: '/brands', component: () => <ComingSoon route="brands" /> }),
];
