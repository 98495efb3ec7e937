import { createRoute, redirect } from '@tanstack/react-router';
import { NotAllowed } from '../../ui/NotAllowed';
import { sessionStore } from '../session/sessionStore';
import { portalRoute } from './layouts';

export const systemRoutes = [
  createRoute({ getParentRoute: () => portalRoute, path: '/not-allowed', component: NotAllowed }),
  /**
   * Changing partner changes every answer: the choice is stored (and sent as x-partner-id from now on),
   * all cached data is refetched for the new partner, and the user starts at home.
   */
  createRoute({
    getParentRoute: () => portalRoute,
    path: '/switch-partner/$partnerId',
    beforeLoad: async ({ params, context }) => {
      sessionStore.selectPartner(params.partnerId);
      await context.queryClient.invalidateQueries();
      throw redirect({ to: '/' });
    },
  }),
];
