import { createRoute, redirect } from '@tanstack/react-router';
import { flash } from '../../ui/flash';
import { NotAllowed } from '../../ui/NotAllowed';
import { getI18n } from '../i18n/i18n';
import { canSwitchTo } from '../session/partnerSelection';
import { sessionStore } from '../session/sessionStore';
import { portalRoute } from './layouts';

export const systemRoutes = [
  createRoute({ getParentRoute: () => portalRoute, path: '/not-allowed', component: NotAllowed }),
  /**
   * Changing partner changes every answer: the choice is stored (and sent as x-partner-id from now on),
   * all cached data is refetched for the new partner, and the user starts at home. A partner the account
   * does not have keeps the current one, and the user is told why.
   */
  createRoute({
    getParentRoute: () => portalRoute,
    path: '/switch-partner/$partnerId',
    beforeLoad: async ({ params, context }) => {
      if (!canSwitchTo(params.partnerId, context.session.partners)) {
        flash.error(getI18n().t('layout.partnerSwitcher.notYours'));
        throw redirect({ to: '/' });
      }
      sessionStore.selectPartner(params.partnerId);
      await context.queryClient.invalidateQueries();
      throw redirect({ to: '/' });
    },
  }),
];
