import { createRoute, redirect } from '@tanstack/react-router';
import { NotAllowed } from '../../ui/NotAllowed';
import { SwitchPartnerRefused } from '../layouts/SwitchPartnerRefused';
import { sessionQuery } from '../session/session';
import { canSwitchTo, safeBackLink } from '../session/partnerSelection';
import { sessionStore } from '../session/sessionStore';
import { portalRoute } from './layouts';

export const systemRoutes = [
  createRoute({ getParentRoute: () => portalRoute, path: '/not-allowed', component: NotAllowed }),
  /**
   * Changing partner changes every answer: the choice is stored (and sent as x-partner-id from now on),
   * all cached data is refetched for the new partner, and the user starts at home (or at the page `to`
   * names). A partner the account does not have keeps the current one, and the page itself says so: the
   * route renders only when it refused. The account's partners are read afresh first, so a membership that
   * ended since the session was cached is refused here rather than silently replaced by the server's
   * default partner.
   */
  createRoute({
    getParentRoute: () => portalRoute,
    path: '/switch-partner/$partnerId',
    // `to`: the page to open once switched (an e-mail's link to one partner's order, say); only a path of this app.
    validateSearch: (search: Record<string, unknown>): { to?: string } =>
      typeof search.to === 'string' ? { to: search.to } : {},
    beforeLoad: async ({ params, context, search }) => {
      const fresh = await context.queryClient
        .fetchQuery({ ...sessionQuery, staleTime: 0 })
        .catch(() => context.session);
      if (!canSwitchTo(params.partnerId, fresh.partners)) return;
      sessionStore.selectPartner(params.partnerId);
      await context.queryClient.invalidateQueries();
      const target = safeBackLink(search.to ?? null);
      throw target ? redirect({ href: target }) : redirect({ to: '/' });
    },
    component: SwitchPartnerRefused,
  }),
];
