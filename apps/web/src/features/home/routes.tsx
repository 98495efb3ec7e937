import { createRoute } from '@tanstack/react-router';
import { portalRoute } from '../../app/routes/layouts';
import { HomePage } from './HomePage';

export const homeRoutes = [createRoute({ getParentRoute: () => portalRoute, path: '/', component: HomePage })];
