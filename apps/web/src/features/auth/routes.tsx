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
  loader: () => RemoteLoginPage.preload?.(),
  component: function RemoteLogin() {
    const params = remoteLoginRoute.useParams();
    return <RemoteLoginPage hash={params.hash} token={params.token} partnerId={params.partnerId} />;
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

export const authCardRoutes = [loginRoute, tokenLoginRoute, remoteLoginRoute, forgotPasswordRoute, resetPasswordRoute];
