import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { portalRoute, requireResource } from '../../app/routes/layouts';

// The catalogue's pages load on demand, like every area behind the portal's first page.
const brandPages = () => import('./BrandsPages');

const brandsRoute = createRoute({
  getParentRoute: () => portalRoute,
  path: '/brands',
  beforeLoad: requireResource('brands'),
  component: lazyRouteComponent(brandPages, 'BrandsLayout'),
});

// Children are declared before addChildren: created inline, TanStack's types collapse the whole tree to any.
const brandsChildren = [
  createRoute({
    getParentRoute: () => brandsRoute,
    path: '/',
    component: lazyRouteComponent(brandPages, 'BrandsOverviewPage'),
  }),
  createRoute({
    getParentRoute: () => brandsRoute,
    path: 'history',
    component: lazyRouteComponent(brandPages, 'BrandRequestsHistoryPage'),
  }),
  createRoute({
    getParentRoute: () => brandsRoute,
    path: 'request',
    beforeLoad: requireResource('brands', 'create'),
    component: lazyRouteComponent(() => import('./BrandRequestForm'), 'BrandRequestPage'),
  }),
  // Brands and prices (spec commerce §7): the partner's standard price list.
  createRoute({
    getParentRoute: () => brandsRoute,
    path: 'price-list',
    component: lazyRouteComponent(() => import('../price-lists/PriceListPage'), 'PriceListPage'),
  }),
];

export const catalogRoutes = [
  createRoute({
    getParentRoute: () => portalRoute,
    path: '/categories',
    beforeLoad: requireResource('catalog'),
    component: lazyRouteComponent(() => import('./CategoriesPage'), 'CategoriesPage'),
  }),
  brandsRoute.addChildren(brandsChildren),
];
