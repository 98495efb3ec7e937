import { createRoute, redirect } from '@tanstack/react-router';
import { flash } from '../../ui/flash';
import { NotAllowed } from '../../ui/NotAllowed';
import { getI18n } from '../i18n/i18n';
import { canSwitchTo, safeBackLink } from '../session/partnerSelection';
import { sessionStore } from '../session/sessionStore';
import { portalRoute } from './layouts';

export const systemRoutes = [
  createRoute({ getParentRoute: () => portalRoute, path: '/not-allowed', component: NotAllowed }),
  /**
   * Changing partner changes every answer: the choice is stored (and sent as x-partner-id from now on),
   * all cached data is refetched for the new partner, and the user starts at home (or at the page `to` names). A partner the account
   * does not have keeps the current one, and the user is told why.
   */
  createRoute({
    getParentRoute: () => portalRoute,
    path: '/switch-partner/$partnerId',
    // `to`: the page to open once switched (an e-mail's link to one partner's order, say); only a path of this app.
    validateSearch: (search: Record<string, unknown>): { to?: string } =>
      typeof search.to === 'string' ? { to: search.to } : {},
    beforeLoad: async ({ params, context, search }) => {
      if (!canSwitchTo(params.partnerId, context.session.partners)) {
        flash.error(getI18n().t('layout.partnerSwitcher.notYours'));
        throw redirect({ to: '/' });
      }
      sessionStore.selectPartner(params.partnerId);
      await context.queryClient.invalidateQueries();
      const target = safeBackLink(search.to ?? null);
      throw target ? redirect({ href: target }) : redirect({ to: '/' });
    },
  }),
];
