import { createRoute } from '@tanstack/react-router';
import { authRoute } from '../../app/routes/layouts';
import { ForgotPasswordPage } from './ForgotPasswordPage';
import { LoginPage } from './LoginPage';
import { RemoteLoginPage } from './RemoteLoginPage';
import { ResetPasswordPage } from './ResetPasswordPage';
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

const forgotPasswordRoute = createRoute({
  getParentRoute: () => authRoute,
  path: '/login/forgot-password',
  component: ForgotPasswordPage,
});

const resetPasswordRoute = createRoute({
  getParentRoute: () => authRoute,
  path: '/login/reset-password/$token',
  component: function ResetPassword() {
    const { token } = resetPasswordRoute.useParams();
    return <ResetPasswordPage token={token} />;
  },
});

export const authCardRoutes = [loginRoute, tokenLoginRoute, remoteLoginRoute, forgotPasswordRoute, resetPasswordRoute];
