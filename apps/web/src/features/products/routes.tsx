import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { portalRoute, requireResource } from '../../app/routes/layouts';

// The products pages load on demand, like the orders area: the portal's first load stays small.
const grids = () => import('./ProductsGridPage');

const productsRoute = createRoute({
  getParentRoute: () => portalRoute,
  path: '/products',
  beforeLoad: requireResource('products'),
  component: lazyRouteComponent(() => import('./ProductsLayout'), 'ProductsLayout'),
});

// Children are declared before addChildren: created inline, TanStack's types collapse the whole tree to any.
const productsChildren = [
  createRoute({
    getParentRoute: () => productsRoute,
    path: '/',
    component: lazyRouteComponent(grids, 'ProductsOverviewPage'),
  }),
  createRoute({
    getParentRoute: () => productsRoute,
    path: 'sold-out',
    component: lazyRouteComponent(grids, 'ProductsSoldOutPage'),
  }),
  createRoute({
    getParentRoute: () => productsRoute,
    path: 'last-items',
    component: lazyRouteComponent(grids, 'ProductsLastItemsPage'),
  }),
  createRoute({
    getParentRoute: () => productsRoute,
    path: 'blocked',
    component: lazyRouteComponent(grids, 'ProductsBlockedPage'),
  }),
  createRoute({
    getParentRoute: () => productsRoute,
    path: 'errors',
    component: lazyRouteComponent(() => import('./ProductErrorsPage'), 'ProductErrorsPage'),
  }),
];

export const productsRoutes = [
  productsRoute.addChildren(productsChildren),
  // The detail (create and edit) is a page of its own, beside the tabs rather than under them.
  createRoute({
    getParentRoute: () => portalRoute,
    path: '/products/detail/{-$id}',
    beforeLoad: requireResource('products'),
    component: lazyRouteComponent(() => import('./ProductDetailPage'), 'ProductDetailPage'),
  }),
  createRoute({
    getParentRoute: () => portalRoute,
    path: '/products-beta',
    beforeLoad: () => {
      throw redirect({ to: '/products' });
    },
  }),
  createRoute({
    getParentRoute: () => portalRoute,
    path: '/products-beta/detail/{-$id}',
    beforeLoad: ({ params }) => {
      throw redirect({ to: '/products/detail/{-$id}', params: { id: params.id } });
    },
  }),
];
