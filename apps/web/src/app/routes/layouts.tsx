import type { Action, CockpitAction, CockpitArea, Resource } from '@pp/domain';
import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import type { Session } from '../../features/auth/operations';
import { LoadingScreen } from '../../ui/LoadingScreen';
import { isAbortError } from '../api/apiError';
import { AuthLayout } from '../layouts/AuthLayout';
import { PublicLayout } from '../layouts/PublicLayout';
import { PublicNotFound, RootView } from '../layouts/RootView';
import { canOperate, decideAccess } from '../session/access';
import { sessionQuery } from '../session/session';
import { sessionStore, storeBackLink } from '../session/sessionStore';

// The layouts behind login load on demand: the public pages (sign-in first) do not download the portal's
// navigation, menus and live stream, and sellers never download the cockpit's.
const PrivateLayout = lazyRouteComponent(() => import('../layouts/PrivateLayout'), 'PrivateLayout');
const PortalLayout = lazyRouteComponent(() => import('../layouts/PortalLayout'), 'PortalLayout');
const CockpitLayout = lazyRouteComponent(() => import('../layouts/CockpitLayout'), 'CockpitLayout');
/** The tab bar of the tabbed areas (partner, user, feeds …): loaded with the portal layout, see portalRoute. */
export const RouteTabs = lazyRouteComponent(() => import('./RouteTabs'), 'RouteTabs');

export interface RouterContext {
  queryClient: QueryClient;
}

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootView,
  notFoundComponent: PublicNotFound,
});

/** Pages without login (spec §2 "Public routes"); they never check the session. */
export const publicRoute = createRoute({ getParentRoute: () => rootRoute, id: 'public', component: PublicLayout });

/** Sign-in and registration cards, inside the public layout. */
export const authRoute = createRoute({ getParentRoute: () => publicRoute, id: 'auth', component: AuthLayout });

/**
 * The navigation guard (spec §2): the session is checked at the first navigation and then served from the
 * cache, which the layouts refresh on the server's schedule. A failed check clears the selected partner
 * and sends the user to login, remembering where they were going.
 */
export const privateRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'private',
  beforeLoad: async ({ context, location }): Promise<{ session: Session }> => {
    if (!sessionStore.get().token) {
      storeBackLink(location.href);
      throw redirect({ to: '/login' });
    }
    try {
      return { session: await context.queryClient.ensureQueryData(sessionQuery) };
    } catch (error) {
      if (isAbortError(error)) throw error;
      sessionStore.selectPartner(null);
      storeBackLink(location.href);
      throw redirect({ to: '/login' });
    }
  },
  component: PrivateLayout,
  pendingComponent: LoadingScreen,
  pendingMs: 50,
});

export const portalRoute = createRoute({
  getParentRoute: () => privateRoute,
  id: 'portal',
  beforeLoad: ({ context }) => {
    // An account that must use two-factor sign-in and has none may only set it up (issue 24).
    if (context.session.twoFactorRequired) throw redirect({ to: '/two-factor-setup' });
    if (decideAccess({ session: context.session, area: 'portal' }) === 'to-cockpit')
      throw redirect({ to: '/cockpit/home' });
  },
  // Areas render the tab bar inside their own component, where the router cannot preload it: loading it here,
  // beside the layout, means an area never suspends (and blanks the portal) while its tab bar arrives.
  loader: () => RouteTabs.preload?.(),
  component: PortalLayout,
});

export const cockpitRoute = createRoute({
  getParentRoute: () => privateRoute,
  path: '/cockpit',
  beforeLoad: ({ context }) => {
    if (context.session.twoFactorRequired) throw redirect({ to: '/two-factor-setup' });
    if (decideAccess({ session: context.session, area: 'cockpit' }) === 'to-portal') throw redirect({ to: '/' });
  },
  component: CockpitLayout,
});

/** A cockpit page of an area is open only to operators whose roles let them read it (or do `action`). */
export function requireOperator(area: CockpitArea, action: CockpitAction = 'read') {
  return ({ context }: { context: { session: Session } }) => {
    if (!canOperate(context.session, area, action)) throw redirect({ to: '/cockpit/not-allowed' });
  };
}

/** A route that names a resource is open only with that permission; otherwise the user lands on not-allowed. */
export function requireResource(resource: Resource, action: Action = 'read') {
  return ({ context }: { context: { session: Session } }) => {
    if (decideAccess({ session: context.session, area: 'portal', resource, action }) === 'not-allowed') {
      throw redirect({ to: '/not-allowed' });
    }
  };
}
