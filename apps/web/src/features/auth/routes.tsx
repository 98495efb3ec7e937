import { createRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../ui/ComingSoon';
import { authRoute, publicRoute } from '../../app/routes/layouts';
import { LoginPage } from './LoginPage';
import { RemoteLoginPage } from './RemoteLoginPage';
import { TokenLoginPage } from './TokenLoginPage';

const loginRoute = createRoute({ getParentRoute: () => authRoute, path: '/login', component: LoginPage });

const tokenLoginRoute = createRoute({
  getParentRoute: () => authRoute,
  path: '/login/token/$token',
  component: function TokenLogin() {
    const { token } = tokenLoginRoute.useParams();
    return <TokenLoginPage token={token} />;
  },
});

const remoteLoginRoute = createRoute({
  getParentRoute: () => authRoute,
  path: '/remote-login/$hash/token/$token/partner/$partnerId',
  component: function RemoteLogin() {
    const params = remoteLoginRoute.useParams();
    return <RemoteLoginPage hash={params.hash} token={params.token} partnerId={params.partnerId} />;
  },
});

export const authCardRoutes = [loginRoute, tokenLoginRoute, remoteLoginRoute];

export const authPublicRoutes = [
  createRoute({
    getParentRoute: () => publicRoute,
    path: '/login/forgot-password',
    component: () => <ComingSoon route="forgotPassword" variant="public" />,
  }),
  createRoute({
    getParentRoute: () => publicRoute,
    path: '/login/reset-password/$token',
    component: () => <ComingSoon route="resetPassword" variant="public" />,
  }),
];
