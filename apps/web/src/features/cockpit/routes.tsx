import { createRoute } from '@tanstack/react-router';
import { cockpitRoute } from '../../app/routes/layouts';
import { CockpitPartnersPage } from './CockpitPartnersPage';

// Children are declared before addChildren: created inline, TanStack's types collapse the whole tree to any.
const cockpitChildren = [
  createRoute({ getParentRoute: () => cockpitRoute, path: '/', component: CockpitPartnersPage }),
];

export const cockpitRoutes = cockpitRoute.addChildren(cockpitChildren);
