import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { authRoute } from '../../app/routes/layouts';
import { LoginPage } from './LoginPage';

// The sign-in page is in the first download; the other cards load when opened. The cards that take the
// link's parameters are rendered by a small wrapper, so their loader fetches them before the route shows
// (a component that suspends while rendering would blank the whole public layout).
const ForgotPasswordPage = lazyRouteComponent(() => import('./ForgotPasswordPage'), 'ForgotPasswordPage');
const RemoteLoginPage = lazyRouteComponent(() => import('./RemoteLoginPage'), 'RemoteLoginPage');
const ResetPasswordPage = lazyRouteComponent(() => import('./ResetPasswordPage'), 'ResetPasswordPage');
const TokenLoginPage = lazyRouteComponent(() => import('./TokenLoginPage'), 'TokenLoginPage');
const TwoFactorSetupPage = lazyRouteComponent(() => import('./TwoFactorSetupPage'), 'TwoFactorSetupPage');

const loginRoute = createRoute({ getParentRoute: () => authRoute, path: '/login', component: LoginPage });

const tokenLoginRoute = createRoute({
  getParentRoute: () => authRoute,
  path: '/login/token/$token',
  loader: () => TokenLoginPage.preload?.(),
  component: function TokenLogin() {
    const { token } = tokenLoginRoute.useParams();
    return <TokenLoginPage token={token} />;
  },
});

const remoteLoginRoute = createRoute({
  getParentRoute: () => authRoute,
  path: '/remote-login/$hash/token/$token/partner/$partnerId',
  // The partner's page the operator asked for (the cockpit's partner detail); RemoteLoginPage allows a few.
  validateSearch: (search: Record<string, unknown>): { to?: string } =>
    typeof search.to === 'string' ? { to: search.to } : {},
  loader: () => RemoteLoginPage.preload?.(),
  component: function RemoteLogin() {
    const params = remoteLoginRoute.useParams();
    const { to } = remoteLoginRoute.useSearch();
    return <RemoteLoginPage hash={params.hash} token={params.token} partnerId={params.partnerId} to={to} />;
  },
});

const forgotPasswordRoute = createRoute({
  getParentRoute: () => authRoute,
  path: '/login/forgot-password',
  component: ForgotPasswordPage,
});

const resetPasswordRoute = createRoute({
  getParentRoute: () => authRoute,
  path: '/login/reset-password/$token',
  loader: () => ResetPasswordPage.preload?.(),
  component: function ResetPassword() {
    const { token } = resetPasswordRoute.useParams();
    return <ResetPasswordPage token={token} />;
  },
});

/** Where an account that must use two-factor sign-in and has none is led (the portal's and cockpit's guards). */
const twoFactorSetupRoute = createRoute({
  getParentRoute: () => authRoute,
  path: '/two-factor-setup',
  component: TwoFactorSetupPage,
});

export const authCardRoutes = [
  loginRoute,
  tokenLoginRoute,
  remoteLoginRoute,
  forgotPasswordRoute,
  resetPasswordRoute,
  twoFactorSetupRoute,
];
